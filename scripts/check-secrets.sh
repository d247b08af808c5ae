#!/usr/bin/env bash
# After the end-to-end run: the server's private keys (the maker's, the badge claim signer's) must
# appear in no log and in no API answer.
# Usage: scripts/check-secrets.sh KEY_FILE[:KEY_FILE...] PERCH_URL LOG_DIR [SECRET[:SECRET...]]
# SECRETs are strings to find nowhere either (a provider key planted in an RPC URL).
# Prints "secrets: N passed, N failed" and exits non-zero on a leak.
set -uo pipefail
key_files=$1 url=$2 logs=$3 extra=${4:-}
pattern=""
IFS=: read -ra secrets <<< "$extra"
for s in "${secrets[@]}"; do pattern+="${pattern:+|}$s"; done
IFS=: read -ra files <<< "$key_files"
for f in "${files[@]}"; do
  key=$(tr -d ' \n\r' < "$f" | sed 's/^0x//' | tr 'A-F' 'a-f')
  # Also the key's first half alone: a truncated or wrapped print is still a leak.
  pattern+="${pattern:+|}$key|${key:0:32}"
done
passed=0 failed=0
check() {  # check WHAT FILE
  if grep -qiE "$pattern" "$2"; then
    echo "LEAK: a private key appears in $1"
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
curl -s --max-time 5 "$url/api/badge_api/v1/badges/soneium-badge?address=0x90F79bf6EB2c4f870365E785982E1f101E93b906" > "$answers"
check "GET a badge's progress" "$answers"
for path in /api/bridge_api/v1/build_tx /api/auth/verify /api/config/user-action \
  /api/badge_api/v1/badges/soneium-badge/grant /api/deploy_api/v1/deployments; do
  curl -s --max-time 5 -X POST -H 'Content-Type: application/json' -d '{"bad":' "$url$path" > "$answers"
  check "POST $path (bad body)" "$answers"
done
# Response headers too: the app's Content-Security-Policy lists the RPC URLs browsers may call.
curl -s --max-time 5 -D - -o /dev/null "$url/" > "$answers"
check "the headers of GET /" "$answers"
echo "secrets: $passed passed, $failed failed"
((failed == 0 && passed > 0))
