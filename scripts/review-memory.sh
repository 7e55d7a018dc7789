#!/usr/bin/env bash
# The server's memory with its review queue full of the largest reviews it takes
# (docs/review.md, "Memory"; issue #30). Run by hand, once; not part of CI (a review of a
# 500-deal match takes minutes of CPU).
#
# It builds `binokel` and the record generator, writes QUEUE+1 different records of
# binokel::MAX_MATCH_DEALS (500) deals of random legal play (the longest match a record or
# a table may hold), starts `binokel serve` with its defaults (one review at a time, four
# waiting), posts them all, and samples the server's VmRSS and peak (VmHWM) every 5 s until
# the first review is stored (STOP_AFTER=all: until every one is), then stops the server.
#
#   bash scripts/review-memory.sh            # prints the samples and the peak
#   BUDGET=0.25 bash scripts/review-memory.sh
set -euo pipefail
cd "$(dirname "$0")/.."
BUDGET=${BUDGET:-1}
QUEUE=${QUEUE:-4}
STOP_AFTER=${STOP_AFTER:-first}
PORT=${PORT:-18931}
TARGET=${CARGO_TARGET_DIR:-target}
work=$(mktemp -d)
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT

cargo build --release -q -p binokel-cli
cargo build --release -q -p binokel --example long_record
n=$((QUEUE + 1))
for i in $(seq 1 "$n"); do
  "$TARGET/release/examples/long_record" 500 "$i" > "$work/record$i.json"
  printf '{"record":%s}' "$(cat "$work/record$i.json")" > "$work/body$i.json"
done
echo "records: $n of 500 deals, $(wc -c < "$work/record1.json") bytes each (about)"

"$TARGET/release/binokel" serve --listen "127.0.0.1:$PORT" --database "sqlite://$work/db.sqlite3" \
  --review-budget "$BUDGET" --review-queue "$QUEUE" --reviews-per-minute 0 > "$work/log" 2>&1 &
server=$!
for _ in $(seq 1 100); do
  curl -sf "http://127.0.0.1:$PORT/health" > /dev/null && break
  sleep 0.1
done
rss() { awk '/VmRSS|VmHWM/ {printf "%s %d MiB  ", $1, $2 / 1024}' "/proc/$server/status"; }
echo "idle: $(rss)"
ids=()
for i in $(seq 1 "$n"); do
  answer=$(curl -s -X POST -H 'content-type: application/json' \
    --data-binary "@$work/body$i.json" "http://127.0.0.1:$PORT/api/reviews")
  echo "POST $i: ${answer:0:160}"
  ids+=("$(echo "$answer" | sed -n 's/.*"id":"\([0-9a-f]*\)".*/\1/p')")
done
echo "queued: $(rss)"
start=$(date +%s)
while true; do
  sleep 5
  done_count=0
  progress=""
  for id in "${ids[@]}"; do
    curl -s -o "$work/answer" "http://127.0.0.1:$PORT/api/reviews/$id" || true
    a=$(head -c 300 "$work/answer")
    case "$a" in
      *'"status":"done"'*) done_count=$((done_count + 1)) ;;
      *'"status":"running"'*) progress=$(echo "$a" | sed -n 's/.*"done":\([0-9]*\).*"total":\([0-9]*\).*/\1 of \2/p') ;;
    esac
  done
  echo "$(( $(date +%s) - start )) s: $(rss) running: ${progress:-none}, stored: $done_count"
  if [ "$STOP_AFTER" = first ] && [ "$done_count" -ge 1 ]; then break; fi
  if [ "$done_count" -ge "$n" ]; then break; fi
done
echo "peak: $(grep VmHWM "/proc/$server/status")"
curl -s -o "$work/answer" "http://127.0.0.1:$PORT/api/reviews/${ids[0]}" || true
size=$(wc -c < "$work/answer")
echo "GET of a stored review: $size bytes; after it: $(rss)"
kill -TERM "$server"
wait "$server" 2>/dev/null || true
