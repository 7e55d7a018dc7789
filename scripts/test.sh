#!/usr/bin/env bash
# The project's test command: services, formatting, lints, the declared rust-version, then
# every test. About 35 minutes on 2 cores from a cold build, about 4.5 minutes warm (README).
set -euo pipefail
cd "$(dirname "$0")/.."
for c in fmt clippy; do
  if ! cargo "$c" --version >/dev/null 2>&1; then
    echo "test.sh: \`cargo $c\` is missing: rustup component add rustfmt clippy" >&2
    exit 1
  fi
done
# Clean up after the run, whatever its result: the tests' temporary files live in a folder
# of this run (TMPDIR), and the PostgreSQL this script started is stopped with its test
# databases (one already running, or BINOKEL_TEST_POSTGRES given, is left as it was, but the
# test databases the run created on our own cluster are dropped).
run_tmp=$(mktemp -d "${TMPDIR:-/tmp}/binokel-test-run.XXXXXX")
own_pg=no
if [ -z "${BINOKEL_TEST_POSTGRES:-}" ] && ! bash scripts/services.sh status >/dev/null 2>&1; then
  own_pg=yes
fi
cleanup() {
  rm -rf "$run_tmp"
  if [ "$own_pg" = yes ]; then
    bash scripts/services.sh stop || true
  elif [ -z "${user_pg:-}" ]; then
    bash scripts/services.sh drop-test-databases || true
  fi
}
user_pg=${BINOKEL_TEST_POSTGRES:-}
trap cleanup EXIT
url=$(bash scripts/services.sh | tail -1)
export BINOKEL_TEST_POSTGRES="${BINOKEL_TEST_POSTGRES:-$url}"
export TMPDIR="$run_tmp"
export BINOKEL_CHROMIUM="${BINOKEL_CHROMIUM:-/usr/bin/chromium}"
export BINOKEL_CHROMEDRIVER="${BINOKEL_CHROMEDRIVER:-/usr/bin/chromedriver}"
bash scripts/check-rust-version.sh
bash scripts/check-structure.sh
# The browser's copy of the rules against the rules crate's fixtures (docs/web.md).
node --test web/test/*.test.mjs
cargo fmt --all -- --check
cargo clippy --workspace --all-targets --release -- -D warnings
cargo test --workspace --release
