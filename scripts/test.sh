#!/usr/bin/env bash
# The project's test command: services, formatting, lints, the declared rust-version, then
# every test. About 27 minutes on 2 cores from a cold build, about 4.5 minutes warm (README).
set -euo pipefail
cd "$(dirname "$0")/.."
for c in fmt clippy; do
  if ! cargo "$c" --version >/dev/null 2>&1; then
    echo "test.sh: \`cargo $c\` is missing: rustup component add rustfmt clippy" >&2
    exit 1
  fi
done
url=$(bash scripts/services.sh | tail -1)
export BINOKEL_TEST_POSTGRES="${BINOKEL_TEST_POSTGRES:-$url}"
export BINOKEL_CHROMIUM="${BINOKEL_CHROMIUM:-/usr/bin/chromium}"
export BINOKEL_CHROMEDRIVER="${BINOKEL_CHROMEDRIVER:-/usr/bin/chromedriver}"
bash scripts/check-rust-version.sh
cargo fmt --all -- --check
cargo clippy --workspace --all-targets --release -- -D warnings
cargo test --workspace --release
