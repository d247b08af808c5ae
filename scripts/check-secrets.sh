#!/usr/bin/env bash
# After the end-to-end run: the maker's private key must appear in no log and in no API answer.
# Usage: scripts/check-secrets.sh KEY_FILE PERCH_URL LOG_DIR
# Prints "secrets: N passed, N failed" and exits non-zero on a leak.
set -uo pipefail
key_file=$1 url=$2 logs=$3
key=$(tr -d ' \n\r' < "$key_file" | sed 's/^0x//' | tr 'A-F' 'a-f')
# Also the key's first half alone: a truncated or wrapped print is still a leak.
half=${key:0:32}
passed=0 failed=0
check() {  # check WHAT FILE
  if grep -qiE "$key|$half" "$2"; then
    echo "LEAK: the maker key appears in $1"
    failed=$((failed + 1))
  else
    passed=$((passed + 1))
  fi
}
for log in "$logs"/*.log; do check "log $(basename "$log")" "$log"; done
answers=$(mktemp)
trap 'rm -f "$answers"' EXIT
# Every GET route without path parameters, and answers to bad input on the write routes.
routes=$(curl -sf "$url/api/openapi.json" | node -e '
  const doc = JSON.parse(require("fs").readFileSync(0, "utf8"));
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (!path.includes("{") && ops.get && !path.endsWith("/stream")) console.log(path);
  }')
for path in $routes; do
  curl -s --max-time 5 "$url$path" > "$answers"
  check "GET $path" "$answers"
done
for path in /api/bridge_api/v1/build_tx /api/auth/verify /api/config/user-action; do
  curl -s --max-time 5 -X POST -H 'Content-Type: application/json' -d '{"bad":' "$url$path" > "$answers"
  check "POST $path (bad body)" "$answers"
done
echo "secrets: $passed passed, $failed failed"
((failed == 0 && passed > 0))
