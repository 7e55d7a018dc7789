#!/usr/bin/env bash
# The project's test command: services, formatting, lints, then every test.
set -euo pipefail
cd "$(dirname "$0")/.."
url=$(bash scripts/services.sh | tail -1)
export BINOKEL_TEST_POSTGRES="${BINOKEL_TEST_POSTGRES:-$url}"
export BINOKEL_CHROMIUM="${BINOKEL_CHROMIUM:-/usr/bin/chromium}"
export BINOKEL_CHROMEDRIVER="${BINOKEL_CHROMEDRIVER:-/usr/bin/chromedriver}"
cargo fmt --all -- --check
cargo clippy --workspace --all-targets --release -- -D warnings
cargo test --workspace --release
