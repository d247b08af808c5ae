#!/usr/bin/env bash
# Several instances (issue 14): get-all-chains and quote throughput from one perch directly, one
# behind nginx and two behind nginx (deploy/nginx.conf with only its ports changed), all on one
# throwaway PostgreSQL cluster, alternated three times in one run. Called by scripts/bench.sh
# with the devnet's chain profile; prints a table to stdout.
# Usage: scripts/bench-instances.sh CHAIN_PROFILE SECONDS BASE_PORT
set -euo pipefail
source "$(dirname "$0")/lib.sh"
PROFILE=$1 SECONDS_EACH=${2:-5} P=${3:-8290}
TMP=$(mktemp -d /tmp/perch-bench-instances.XXXXXX)
NGINX_PIDS=()
cleanup() {
  for f in "${NGINX_PIDS[@]}"; do kill "$(cat "$f")" 2>/dev/null || true; done
  stop_all; stop_postgres; rm -rf "$TMP"
}
trap cleanup EXIT
start_postgres "$(mktemp -d /tmp/perch-pg.XXXXXX)" $((P + 9)) "$TMP/pg.log"  # its own dir: the postgres user cannot enter $TMP
psql "${PG_URL}postgres" -qc "CREATE DATABASE perch_bench"
for i in 0 1; do
  start_perch config/perch.json "$TMP/perch-$i.log" PERCH_PORT=$((P + i)) PERCH_MAKER=off \
    PERCH_DATABASE_URL="${PG_URL}perch_bench" PERCH_CHAIN_PROFILE="$PROFILE" PERCH_TRUSTED_PROXIES=127.0.0.1
done
# nginx_on PORT UPSTREAM...: deploy/nginx.conf, one worker, in front of the given ports.
nginx_on() {
  "$ROOT/scripts/start-nginx.sh" "$TMP/nginx-$1" "$@"
  NGINX_PIDS+=("$TMP/nginx-$1/nginx.pid")
}
nginx_on $((P + 2)) $P
nginx_on $((P + 3)) $P $((P + 1))
sleep 0.5

rps() { wrk -t2 -c64 -d"${SECONDS_EACH}s" -H "Accept-Encoding: gzip" "$1" | awk '/Requests\/sec/ {print $2}'; }
declare -A PATHS=([chains]=/api/bridge_api/v1/get-all-chains
                  [quote]="/api/bridge_api/v1/quote?from_chain_id=8453&to_chain_id=42161&token=ETH&amount=0.1")
echo "wrk -t2 -c64 -d${SECONDS_EACH}s (gzip), alternated 3 times; perch on PostgreSQL (config/perch.json, maker off), nginx 1 worker; $(nproc) cores shared by all"
for what in chains quote; do
  curl -sf "http://127.0.0.1:$((P + 3))${PATHS[$what]}" > /dev/null
  declare -A SUM=([direct]=0 [one]=0 [two]=0)
  for round in 1 2 3; do
    for s in direct one two; do
      case $s in direct) port=$P ;; one) port=$((P + 2)) ;; two) port=$((P + 3)) ;; esac
      r=$(rps "http://127.0.0.1:$port${PATHS[$what]}")
      SUM[$s]=$(python3 -c "print(${SUM[$s]} + $r)")
    done
  done
  python3 -c "print(f'$what: mean req/s one perch direct {${SUM[direct]}/3:.0f}, one behind nginx {${SUM[one]}/3:.0f}, two behind nginx {${SUM[two]}/3:.0f}')"
done
