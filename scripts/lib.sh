# Shared by the run and test scripts: start the devnet and perch in the background, wait until
# they are ready, and stop them (and only them) on exit.
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PERCH_BIN="${PERCH_BIN_OVERRIDE:-$ROOT/build/server/perch}"  # PERCH_BIN_OVERRIDE: a binary built elsewhere
PIDS=()
PG_DIRS=()

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

# The four chains the C++ suites and the fault tests use (config/devnet.json runs 13; every chain
# perch is given costs it a follower, a maker watcher and indexers: docs/benchmarks.md).
DEVNET_CORE_CHAINS=1,8453,42161,1868

# start_devnet STATE_DIR PORT_OFFSET LOG [CHAINS]: CHAINS (ids, commas) runs only those of the
# profile's EVM chains, e.g. "$DEVNET_CORE_CHAINS"; default every chain of config/devnet.json.
start_devnet() {
  local state_dir=$1 offset=$2 log=$3 only=${4:-}
  mkdir -p "$state_dir"
  setsid node "$ROOT/devnet/scripts/devnet.mjs" up --profile "$ROOT/config/devnet.json" \
    --port-offset "$offset" --state-dir "$state_dir" ${only:+--chains "$only"} > "$log" 2>&1 &
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

# start_postgres DIR PORT LOG: a throwaway PostgreSQL cluster (initdb into DIR, trust auth, on
# 127.0.0.1:PORT, durability off) for the tests; sets PG_URL. As root it runs as the postgres
# user, since initdb refuses root. stop_postgres stops every cluster started this way.
pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }
pg_as() { if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi; }
start_postgres() {
  local dir=$1 port=$2 log=$3 bin
  bin=$(pg_bin)
  [[ -x $bin/initdb ]] || { echo "PostgreSQL is not installed (scripts/install-deps.sh)" >&2; return 1; }
  mkdir -p "$dir"
  [[ $(id -u) -eq 0 ]] && chown postgres: "$dir"
  pg_as "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --no-locale -E UTF8 --no-sync \
    > "$log" 2>&1 || { tail -n 20 "$log" >&2; return 1; }
  PG_DIRS+=("$dir")
  pg_as "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 start -o "-p $port -k $dir \
    -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off \
    -c max_connections=300" >> "$log" 2>&1 || { cat "$dir/server.log" >&2; return 1; }
  PG_URL="postgresql://postgres@127.0.0.1:$port/"
}
stop_postgres() {
  local dir
  for dir in "${PG_DIRS[@]}"; do
    pg_as "$(pg_bin)/pg_ctl" -D "$dir/data" -m immediate -w stop > /dev/null 2>&1 || true
    rm -rf "$dir"
  done
  PG_DIRS=()
}
