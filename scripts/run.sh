#!/usr/bin/env bash
# make run: the devnet (4 Hardhat chains) and perch with SQLite under ./data, on http://127.0.0.1:8080.
# Ctrl-C stops both.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
mkdir -p "$ROOT/data"
trap 'echo; echo "stopping..."; stop_all; exit 0' INT TERM
trap stop_all EXIT

echo "starting the devnet (chains 1, 8453, 42161, 1868; log: data/devnet.log)"
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
