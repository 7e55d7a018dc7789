#!/usr/bin/env bash
# Installs the system packages the tests need and starts the services they use.
# Safe to run again: it skips what is already there.
#
# Progress and errors go to stderr; the last line on stdout is the PostgreSQL URL (what
# scripts/test.sh reads). Packages are installed with Debian's apt-get (as root, or with
# sudo when it needs no password); where that is impossible it stops and names what to
# install by hand. PostgreSQL runs as the `postgres` user when this runs as root (PostgreSQL
# refuses to run as root), else as the current user. With BINOKEL_TEST_POSTGRES already set,
# that database is used and no PostgreSQL is installed or started.
#
# `services.sh status` exits 0 when our PostgreSQL cluster is running; `services.sh stop`
# stops it and removes its data; `services.sh drop-test-databases` drops the databases the
# tests created on it (named binokel_*). scripts/test.sh uses them to clean up.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
say() { echo "services.sh: $*" >&2; }

PGDATA=${BINOKEL_PGDATA:-/tmp/binokel-pg}
PGPORT=${BINOKEL_PGPORT:-55432}
if [ "$EUID" -eq 0 ]; then
  pg() { su postgres -s /bin/sh -c "$*"; }
else
  pg() { sh -c "$*"; }
fi
pgbin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }
case "${1:-}" in
  status)
    [ -n "$(pgbin)" ] && pg "$(pgbin)/pg_ctl -D $PGDATA status" >/dev/null 2>&1
    exit $?
    ;;
  stop)
    if [ -n "$(pgbin)" ] && pg "$(pgbin)/pg_ctl -D $PGDATA status" >/dev/null 2>&1; then
      say "stopping the PostgreSQL this run started ($PGDATA)"
      pg "$(pgbin)/pg_ctl -D $PGDATA -m fast -w stop" >/dev/null
    fi
    rm -rf "$PGDATA"
    exit 0
    ;;
  drop-test-databases)
    url="postgres://postgres@127.0.0.1:$PGPORT/postgres"
    dbs=$(psql "$url" -Atc "select datname from pg_database where datname like 'binokel\_%'" 2>/dev/null || true)
    for db in $dbs; do
      psql "$url" -qc "drop database if exists \"$db\" with (force)" >/dev/null 2>&1 || true
    done
    [ -n "$dbs" ] && say "dropped the test databases: $(echo $dbs | wc -w)"
    exit 0
    ;;
esac

# What is missing, as Debian package names.
need=()
command -v cc >/dev/null 2>&1 || need+=(build-essential)   # a C compiler: SQLite is compiled
command -v python3 >/dev/null 2>&1 || need+=(python3)      # the outside-engine test bot
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v chromedriver >/dev/null 2>&1 || need+=(chromium-driver)
command -v node >/dev/null 2>&1 || need+=(nodejs)            # web/test: the browser's rules copy
command -v tmux >/dev/null 2>&1 || need+=(tmux)              # the README's screen captures
[ -x "${BINOKEL_NGINX:-/usr/sbin/nginx}" ] || need+=(nginx)  # tests/nginx.rs: TLS in front of the server
command -v openssl >/dev/null 2>&1 || need+=(openssl)        # its self-signed certificate
command -v npm >/dev/null 2>&1 || need+=(npm)                # axe-core for the accessibility scan (browser_axe.rs)
if [ -z "${BINOKEL_TEST_POSTGRES:-}" ]; then
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
fi

if [ ${#need[@]} -gt 0 ]; then
  as_root=()
  if [ "$EUID" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
      as_root=(sudo -n)
    else
      say "missing: ${need[*]}"
      say "not root and no password-free sudo, so they cannot be installed from here."
      say "install them by hand (Debian/Ubuntu: sudo apt-get install ${need[*]}), then run this again."
      exit 1
    fi
  fi
  if ! command -v apt-get >/dev/null 2>&1; then
    say "missing: ${need[*]} (Debian package names)"
    say "there is no apt-get here: install by hand a C compiler (cc), python3, Node.js, Chromium with"
    say "its chromedriver, tmux, npm and the PostgreSQL server (initdb, pg_ctl under"
    say "/usr/lib/postgresql/VERSION/bin), then run this again. Chromium elsewhere than"
    say "/usr/bin: set BINOKEL_CHROMIUM and BINOKEL_CHROMEDRIVER; a PostgreSQL of your own:"
    say "set BINOKEL_TEST_POSTGRES=postgres://user@host:port/db."
    exit 1
  fi
  # Waits up to 5 minutes for another apt-get or dpkg to finish instead of failing at once.
  apt=("${as_root[@]}" apt-get -q -o DPkg::Lock::Timeout=300)
  say "installing: ${need[*]} (apt-get update and install; this can take some minutes)"
  "${apt[@]}" update >&2
  "${apt[@]}" install -y "${need[@]}" >&2
  say "installed: ${need[*]}"
fi

if [ -n "${BINOKEL_TEST_POSTGRES:-}" ]; then
  say "using BINOKEL_TEST_POSTGRES; no PostgreSQL started"
  echo "$BINOKEL_TEST_POSTGRES"
  exit 0
fi

# PostgreSQL on loopback, in a cluster of our own so nothing else is touched.
PGBIN=$(pgbin)
if ! pg "$PGBIN/pg_ctl -D $PGDATA status" >/dev/null 2>&1; then
  say "starting PostgreSQL on 127.0.0.1:$PGPORT (data in $PGDATA)"
  rm -rf "$PGDATA"
  mkdir -p "$PGDATA"
  [ "$EUID" -eq 0 ] && chown postgres "$PGDATA"
  pg "$PGBIN/initdb -D $PGDATA -A trust -U postgres" >/dev/null
  pg "$PGBIN/pg_ctl -D $PGDATA -o '-p $PGPORT -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=300' -l $PGDATA/log -w start" >/dev/null
fi
echo "postgres://postgres@127.0.0.1:$PGPORT/postgres"
