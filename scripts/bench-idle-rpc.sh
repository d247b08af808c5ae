#!/usr/bin/env bash
# What an idle Perch costs in RPC calls: a devnet of its own (1 s blocks), a counting provider
# proxy (devnet/scripts/provider-proxy.mjs --ws 1) in front of every node (the EVM chains of
# IDLE_CHAINS and the Solana node), and perch as `make run` runs it (config/perch.json: maker on,
# indexer on, prices from pools) with SQLite in a temp dir. No user activity. After a settle time
# the proxies' counts are zeroed, then read after the window; printed per chain: JSON-RPC calls/s
# (a batch's each call, what providers bill), HTTP requests/s, WebSocket messages, and calls/s per
# method; and perch's CPU (% of one core over the window) and RSS.
# Runs (IDLE_RUNS, in order; one perch at a time against the same devnet and proxies):
#   ws                as make run: the maker's head feed over WebSocket on (the default)
#   polling           maker.head_feed false: every component polls
#   no-maker          PERCH_MAKER=off (ws minus this: the maker's watcher and payer)
#   no-maker-indexer  PERCH_MAKER=off PERCH_INDEXER=off (what is left: the swap pool indexer and
#                     the bridge-pool indexer, which always run)
#
# Usage: scripts/bench-idle-rpc.sh [settle-seconds (30)] [window-seconds (120)]
# Env: IDLE_PERCH_BIN (default build/server/perch), IDLE_DEVNET_OFFSET (2500: nodes on
#      11045-11048, Solana 11399/11400), IDLE_PROXY_SHIFT (100: proxies on node port + 100),
#      IDLE_PERCH_PORT (11510), IDLE_RUNS ("ws polling"), IDLE_OUT (build/bench/idle-rpc),
#      IDLE_CHAINS (EVM chain ids, commas: default every chain of config/devnet.json, as make run;
#      "$DEVNET_CORE_CHAINS" for the core four the test suites run).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
SETTLE=${1:-30}
WINDOW=${2:-120}
PERCH_BIN=${IDLE_PERCH_BIN:-$PERCH_BIN}
OFFSET=${IDLE_DEVNET_OFFSET:-2500}
SHIFT=${IDLE_PROXY_SHIFT:-100}
PORT=${IDLE_PERCH_PORT:-11510}
RUNS=${IDLE_RUNS:-ws polling}
OUT=${IDLE_OUT:-$ROOT/build/bench/idle-rpc}
TMP=$(mktemp -d /tmp/perch-idle-rpc.XXXXXX)
mkdir -p "$OUT"
trap 'stop_all; rm -rf "$TMP"' EXIT
chmod 600 "$ROOT"/devnet/*.key  # perch refuses key files others can read (a fresh checkout's)
[[ -x $PERCH_BIN ]] || { echo "no perch binary at $PERCH_BIN (build it or set IDLE_PERCH_BIN)" >&2; exit 1; }

echo "devnet (offset $OFFSET; log $OUT/devnet.log)"
start_devnet "$TMP/devnet" "$OFFSET" "$OUT/devnet.log" "${IDLE_CHAINS:-}"

# The profile perch reads: the devnet's state.json with every RPC URL moved to its proxy.
node - "$TMP/devnet/state.json" "$TMP/profile.json" "$SHIFT" > "$TMP/proxy-args" <<'JS'
const fs = require("fs");
const [src, dst, shift] = process.argv.slice(2);
const st = JSON.parse(fs.readFileSync(src, "utf8"));
const args = [];
const move = (entry) => {
  const port = Number(new URL(entry.rpc_url).port) + Number(shift);
  args.push(`--chain ${port}=${entry.rpc_url}`);
  entry.rpc_url = `http://127.0.0.1:${port}`;
  entry.port = port;
};
for (const c of st.chains) move(c);
if (st.solana) move(st.solana); // perch uses only its HTTP RPC (no ws_url reader in server/src)
fs.writeFileSync(dst, JSON.stringify(st, null, 2));
console.log(args.join(" "));
JS
# shellcheck disable=SC2046
setsid node "$ROOT/devnet/scripts/provider-proxy.mjs" --ws 1 $(cat "$TMP/proxy-args") > "$OUT/proxy.log" 2>&1 &
PIDS+=($!)
wait_for_line "$OUT/proxy.log" "provider proxy ready" 15 "$!"
PROXY_PORTS=$(grep -o -- '--chain [0-9]*' "$TMP/proxy-args" | awk '{print $2}' | tr '\n' ' ')
NAMES=$(node -e 'const s=require(process.argv[1]); const n=s.chains.map(c=>`${c.port}=${c.chain_id}`); if(s.solana) n.push(`${s.solana.port}=solana`); console.log(n.join(" "))' "$TMP/profile.json")

# config/perch.json as make run uses it; the polling run only turns the head feed off.
node -e 'const c=require(process.argv[1]); c.maker.head_feed=false; console.log(JSON.stringify(c,null,2))' \
  "$ROOT/config/perch.json" > "$TMP/perch-polling.json"

for run in $RUNS; do
  config=config/perch.json
  extra=()
  case $run in
    ws) ;;
    polling) config=$TMP/perch-polling.json ;;
    no-maker) extra=(PERCH_MAKER=off) ;;
    no-maker-indexer) extra=(PERCH_MAKER=off PERCH_INDEXER=off) ;;
    *) echo "unknown run '$run' (ws, polling, no-maker, no-maker-indexer)" >&2; exit 1 ;;
  esac
  echo "perch ($run; $config; log $OUT/perch-$run.log)"
  start_perch "$config" "$OUT/perch-$run.log" PERCH_PORT="$PORT" \
    PERCH_DATABASE_URL="sqlite:$TMP/idle-$run.db" PERCH_CHAIN_PROFILE="$TMP/profile.json" "${extra[@]}"
  perch_pid=${PIDS[-1]}
  sleep "$SETTLE"
  for p in $PROXY_PORTS; do curl -sf -X POST "http://127.0.0.1:$p/__proxy/reset" > /dev/null; done
  heads0=$(for c in $NAMES; do curl -sf -H 'content-type: application/json' \
    -d '{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber","params":[]}' "http://127.0.0.1:$((${c%%=*} - SHIFT))" \
    | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{try{console.log(Number(JSON.parse(s).result))}catch{console.log(0)}})' || echo 0; done | tr '\n' ' ')
  echo "  settled ${SETTLE}s; counting for ${WINDOW}s (no user activity)"
  ticks() { awk '{print $14 + $15}' "/proc/$1/stat" 2>/dev/null || echo 0; }  # utime + stime, 1/100 s
  cpu0=$(ticks "$perch_pid")
  sleep "$WINDOW"
  cpu1=$(ticks "$perch_pid")
  stats="{"
  for c in $NAMES; do stats+="\"${c#*=}\": $(curl -sf "http://127.0.0.1:${c%%=*}/__proxy/stats"),"; done
  stats="${stats%,}}"
  heads1=$(for c in $NAMES; do curl -sf -H 'content-type: application/json' \
    -d '{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber","params":[]}' "http://127.0.0.1:$((${c%%=*} - SHIFT))" \
    | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{try{console.log(Number(JSON.parse(s).result))}catch{console.log(0)}})' || echo 0; done | tr '\n' ' ')
  echo "$stats" > "$OUT/stats-$run.json"
  echo "  perch CPU over the window: $(awk -v t=$((cpu1 - cpu0)) -v w="$WINDOW" 'BEGIN {printf "%.1f", t / w}') % of one core; RSS $(($(awk '/VmRSS/ {print $2}' "/proc/$perch_pid/status") / 1024)) MiB" | tee "$OUT/cpu-$run.txt"
  feed=$(grep -c "subscribed to new heads" "$OUT/perch-$run.log" || true)
  node - "$run" "$OUT/stats-$run.json" "$heads0" "$heads1" "$feed" <<'JS' | tee "$OUT/table-$run.txt"
const fs = require("fs");
const [run, file, h0, h1, feed] = process.argv.slice(2);
const stats = JSON.parse(fs.readFileSync(file, "utf8"));
const b0 = h0.trim().split(/\s+/).map(Number), b1 = h1.trim().split(/\s+/).map(Number);
const f = (x) => x.toFixed(2);
console.log(`\n== ${run}: ${{ws: "as make run", polling: "maker.head_feed false", "no-maker": "PERCH_MAKER=off", "no-maker-indexer": "PERCH_MAKER=off PERCH_INDEXER=off"}[run]}; ${feed} head feed subscription(s) logged`);
console.log("chain      window  blocks  calls/s  HTTP req/s  batches/s  WS msgs in/out  over 3 calls/s");
Object.entries(stats).forEach(([name, s], i) => {
  const t = s.seconds;
  const blocks = name === "solana" ? "-" : String(b1[i] - b0[i]);
  const calls = (s.calls ?? 0) / t;
  console.log(
    `${name.padEnd(10)} ${t.toFixed(0).padStart(5)}s ${blocks.padStart(7)} ${f(calls).padStart(8)} ${f((s.requests ?? 0) / t).padStart(11)}` +
      ` ${f((s.batches ?? 0) / t).padStart(10)} ${`${s.ws_calls ?? 0}/${s.ws_messages ?? 0}`.padStart(15)}` +
      `  ${name === "solana" ? "(n/a)" : calls > 3 ? `yes, x${f(calls / 3)}` : "no"}`,
  );
});
console.log("\ncalls/s per method (HTTP; ws = calls sent over the WebSocket in the whole window)");
const methods = [...new Set(Object.values(stats).flatMap((s) => Object.keys(s.methods ?? {})))];
const names = Object.keys(stats);
console.log(`${"method".padEnd(28)}${names.map((n) => n.padStart(9)).join("")}`);
methods
  .sort((a, b) => names.reduce((x, n) => x + (stats[n].methods?.[b] ?? 0), 0) - names.reduce((x, n) => x + (stats[n].methods?.[a] ?? 0), 0))
  .forEach((m) => console.log(`${m.padEnd(28)}${names.map((n) => f((stats[n].methods?.[m] ?? 0) / stats[n].seconds).padStart(9)).join("")}`));
for (const n of names)
  for (const [m, c] of Object.entries(stats[n].ws_methods ?? {})) console.log(`ws ${m} on ${n}: ${c}`);
JS
  # Stop this perch only (the devnet and the proxies stay for the next run).
  kill -TERM -- "-$perch_pid" 2>/dev/null || true
  for _ in $(seq 1 100); do kill -0 "$perch_pid" 2>/dev/null || break; sleep 0.1; done
  kill -KILL -- "-$perch_pid" 2>/dev/null || true
  unset 'PIDS[-1]'
  PIDS=("${PIDS[@]}")
done
