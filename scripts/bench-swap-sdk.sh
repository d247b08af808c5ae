#!/usr/bin/env bash
# The swap router against @uniswap/v2-sdk and v3-sdk (issue 10 §4; docs/benchmarks.md, "Against
# @uniswap/v2-sdk and v3-sdk"), side by side on the same pools in one run: builds
# perch_swap_compare, exports (a) the synthetic 1,000-pool set and (b) each swap chain's devnet
# pools (read by the server's indexer) with the router's answers, and runs the same trades
# through the SDKs' bestTradeExactIn (tools/bench/swap-sdk-compare.mjs). Prints the tables.
# Usage: scripts/bench-swap-sdk.sh [DEVNET_STATE_JSON]
#   With a state.json (scripts/bench.sh passes its devnet's) that devnet's pools are read and no
#   devnet is started; without one a devnet is started here (port offset BENCH_DEVNET_OFFSET,
#   default 400) and stopped at the end.
# SWAP_SDK_TRADES (default 200) trades per pool set; SWAP_SDK_BUDGET_S (default 900) stops the
# synthetic set's SDK runs after that many seconds (the SDKs take ~1-2 s per trade there).
# Exits 1 when our router's output was below the SDKs' best for some trade (the cases are printed).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
STATE=${1:-}
TRADES=${SWAP_SDK_TRADES:-200}
BUDGET=${SWAP_SDK_BUDGET_S:-900}
BUILD_DIR=${SERVER_BUILD:-$ROOT/build/server}
TMP=$(mktemp -d /tmp/perch-bench-swap-sdk.XXXXXX)
trap 'stop_all; rm -rf "$TMP"' EXIT

[[ -f $BUILD_DIR/build.ninja ]] || cmake -S "$ROOT/server" -B "$BUILD_DIR" -G Ninja \
  -DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_BUILD_TYPE=RelWithDebInfo > /dev/null
cmake --build "$BUILD_DIR" --target perch_swap_compare -j "${JOBS:-$(nproc)}" > "$TMP/build.log" 2>&1 \
  || { tail -n 40 "$TMP/build.log" >&2; exit 1; }
[[ -d $ROOT/tools/bench/node_modules/@uniswap/v3-sdk ]] || (cd "$ROOT/tools/bench" && npm ci --no-audit --no-fund --loglevel=error)
if [[ -z $STATE ]]; then
  start_devnet "$TMP/devnet" "${BENCH_DEVNET_OFFSET:-400}" "$TMP/devnet.log" "$DEVNET_CORE_CHAINS"  # the swap chains are among them
  STATE=$TMP/devnet/state.json
fi

COMPARE=$BUILD_DIR/perch_swap_compare
SDK=$ROOT/tools/bench/swap-sdk-compare.mjs
status=0
echo "== (a) synthetic: 1,000 pools over 100 tokens"
"$COMPARE" synthetic --trades "$TRADES" --out "$TMP/synthetic.json"
node "$SDK" "$TMP/synthetic.json" --budget-s "$BUDGET" || status=1
for chain in $(python3 -c "import json,sys; print(' '.join(map(str, json.load(open(sys.argv[1]))['swap']['chain_ids'])))" "$STATE"); do
  echo
  echo "== (b) devnet chain $chain"
  "$COMPARE" devnet --state "$STATE" --chain "$chain" --trades "$TRADES" --out "$TMP/devnet-$chain.json"
  node "$SDK" "$TMP/devnet-$chain.json" || status=1
done
exit $status
