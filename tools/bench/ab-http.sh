#!/bin/bash
# A/B of two perch binaries on the HTTP hot path: the same config (access log on, no maker, no
# chain profile), wrk -t1 -c64 -d5s alternated 3 times on get-all-chains (gzip and plain) and
# /api/health.
#   bash tools/bench/ab-http.sh OLD_PERCH NEW_PERCH
set -euo pipefail
OLD=$1 NEW=$2
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
TMP=$(mktemp -d)
trap 'kill $A $B 2>/dev/null || true; rm -rf "$TMP"' EXIT
cd "$ROOT"
for p in 8891 8892; do
  echo "{\"host\": \"127.0.0.1\", \"port\": $p, \"database_url\": \"sqlite:$TMP/$p.db\", \"access_log\": true}" > "$TMP/$p.json"
done
"$OLD" serve --config "$TMP/8891.json" > "$TMP/old.log" 2>&1 & A=$!
"$NEW" serve --config "$TMP/8892.json" > "$TMP/new.log" 2>&1 & B=$!
sleep 3
rps() { wrk -t1 -c64 -d5s "$@" | awk '/Requests\/sec/ {print $2}'; }
for round in 1 2 3; do
  for port in 8891 8892; do
    name=$([ $port = 8891 ] && echo old || echo new)
    chains=http://127.0.0.1:$port/api/bridge_api/v1/get-all-chains
    echo "round $round $name: get-all-chains gzip $(rps -H 'Accept-Encoding: gzip' "$chains") req/s, plain $(rps "$chains") req/s, /api/health $(rps "http://127.0.0.1:$port/api/health") req/s"
  done
done
