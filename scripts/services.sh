#!/usr/bin/env bash
# Installs the system packages the tests need and starts the services they use.
# Safe to run again: it skips what is already there.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v chromedriver >/dev/null 2>&1 || need+=(chromium-driver)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
command -v tmux >/dev/null 2>&1 || need+=(tmux)
if [ ${#need[@]} -gt 0 ]; then
  echo "installing: ${need[*]}"
  apt-get update -qq
  apt-get install -y -qq "${need[@]}" >/dev/null
fi

# PostgreSQL on loopback, in a cluster of our own so nothing else is touched.
PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
PGDATA=${BINOKEL_PGDATA:-/tmp/binokel-pg}
PGPORT=${BINOKEL_PGPORT:-55432}
if ! su postgres -s /bin/sh -c "$PGBIN/pg_ctl -D $PGDATA status" >/dev/null 2>&1; then
  rm -rf "$PGDATA"
  mkdir -p "$PGDATA"
  chown postgres "$PGDATA"
  su postgres -s /bin/sh -c "$PGBIN/initdb -D $PGDATA -A trust -U postgres" >/dev/null
  su postgres -s /bin/sh -c "$PGBIN/pg_ctl -D $PGDATA -o '-p $PGPORT -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=300' -l $PGDATA/log -w start" >/dev/null
fi
echo "postgres://postgres@127.0.0.1:$PGPORT/postgres"
