# Shared by the run and test scripts: start the devnet and perch in the background, wait until
# they are ready, and stop them (and only them) on exit.
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PERCH_BIN="$ROOT/build/server/perch"
PIDS=()

stop_all() {
  local pid
  for pid in "${PIDS[@]}"; do kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL -- "-$pid" 2>/dev/null || true
  done
  PIDS=()
}

# wait_for_line FILE TEXT SECONDS PID: wait until FILE contains TEXT, failing early if PID died.
wait_for_line() {
  local file=$1 text=$2 seconds=$3 pid=$4
  for _ in $(seq 1 $((seconds * 10))); do
    grep -q "$text" "$file" 2>/dev/null && return 0
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "process $pid exited before '$text'; its log ($file):" >&2
      tail -n 40 "$file" >&2
      return 1
    fi
    sleep 0.1
  done
  echo "timed out after ${seconds}s waiting for '$text' in $file" >&2
  tail -n 40 "$file" >&2
  return 1
}

# start_devnet STATE_DIR PORT_OFFSET LOG
start_devnet() {
  local state_dir=$1 offset=$2 log=$3
  mkdir -p "$state_dir"
  setsid node "$ROOT/devnet/scripts/devnet.mjs" up --profile "$ROOT/config/devnet.json" \
    --port-offset "$offset" --state-dir "$state_dir" > "$log" 2>&1 &
  PIDS+=($!)
  wait_for_line "$log" "devnet ready" 120 "$!"
}

# start_perch CONFIG LOG [ENV=VALUE ...]: runs perch serve from the repo root.
start_perch() {
  local config=$1 log=$2
  shift 2
  (cd "$ROOT" && exec setsid env "$@" "$PERCH_BIN" serve --config "$config") > "$log" 2>&1 &
  PIDS+=($!)
  wait_for_line "$log" "perch listening on" 30 "$!"
}

# start_verifier PORT LOG: the local social-task verifier (tools/social-verifier.mjs) that perch's
# social_verifier_url points at; mark a task done with
#   curl -X POST http://127.0.0.1:PORT/accept -d '{"platform": "twitter", "subject": "handle"}'
start_verifier() {
  local port=$1 log=$2
  setsid node "$ROOT/tools/social-verifier.mjs" --port "$port" > "$log" 2>&1 &
  PIDS+=($!)
  wait_for_line "$log" "social verifier listening on" 15 "$!"
}
