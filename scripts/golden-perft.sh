#!/usr/bin/env bash
# Regenerates crates/binokel/tests/data/golden/perft.jsonl with `binokel perft --json`.
# The test `golden_perft` recomputes every line; run this only when the move generator's
# meaning changes on purpose, and review the diff.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q -p binokel-cli
bin=target/release/binokel
rec=crates/binokel/tests/data/conformance/records
out=crates/binokel/tests/data/golden/perft.jsonl
mkdir -p "$(dirname "$out")"
: > "$out"
while read -r file prefix depth; do
  "$bin" perft "$rec/$file" --prefix "$prefix" --depth "$depth" --json >> "$out"
done <<'LIST'
trump-deal.json 0 6
trump-deal.json 8 3
trump-deal.json 9 2
trump-deal.json 10 7
trump-deal.json 25 7
trump-deal.json 40 9
surrender.json 0 5
surrender.json 5 2
durch-lost.json 7 5
exactly-the-bid.json 10 6
soloist-no-trick.json 30 8
LIST
echo "wrote $(wc -l < "$out") positions to $out"
