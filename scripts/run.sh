#!/usr/bin/env bash
# make run: the devnet (4 Hardhat chains) and perch with SQLite under ./data, on http://127.0.0.1:8080.
# Ctrl-C stops both.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
mkdir -p "$ROOT/data"
trap 'echo; echo "stopping..."; stop_all; exit 0' INT TERM
trap stop_all EXIT

# The devnet starts from block 0 every time, so the last run's database describes chains that no
# longer exist: its orders name deposits whose hashes the new chains repeat (same accounts, same
# nonces), its maker nonces are ahead of the new chains'. It is kept aside, never deleted.
if [[ -f $ROOT/data/perch.db ]]; then
  kept="$ROOT/data/old/perch-$(date -u +%Y%m%d-%H%M%S).db"
  mkdir -p "$ROOT/data/old"
  for f in "$ROOT"/data/perch.db "$ROOT"/data/perch.db-wal "$ROOT"/data/perch.db-shm; do
    [[ -f $f ]] && mv "$f" "$kept${f#"$ROOT"/data/perch.db}"
  done
  echo "the devnet starts anew: the last run's database is kept as ${kept#"$ROOT"/}"
fi
echo "starting the devnet (13 EVM chains of config/devnet.json and Solana; log: data/devnet.log)"
start_devnet "$ROOT/data/devnet" 0 "$ROOT/data/devnet.log"
echo "starting perch (log: data/perch.log)"
start_perch config/perch.json "$ROOT/data/perch.log"
echo "starting the local social-task verifier on :8090 (log: data/social-verifier.log)"
start_verifier 8090 "$ROOT/data/social-verifier.log"
echo
echo "  Perch is running on http://127.0.0.1:8080   (Ctrl-C to stop)"
echo
tail -n +1 -f "$ROOT/data/perch.log" &
PIDS+=($!)
wait "${PIDS[1]}"
