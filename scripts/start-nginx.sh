#!/usr/bin/env bash
# start-nginx.sh DIR PORT UPSTREAM_PORT...: nginx from deploy/nginx.conf as documented, with only
# what a test or benchmark must move: one worker, listening on 127.0.0.1:PORT, in front of the
# given perch ports. DIR is nginx's prefix; returns once the pid file exists. Stop it with
#   kill "$(cat DIR/nginx.pid)"
# Used by the Instances integration test, the faults' instances scenario and bench-instances.sh.
set -euo pipefail
dir=$1 port=$2
shift 2
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$dir/tmp"
awk -v port="$port" -v upstreams="$*" '
  /^ *server 127\.0\.0\.1:808[12] / {
    if (!servers++) {
      n = split(upstreams, ports, " ")
      for (i = 1; i <= n; i++) { line = $0; sub(/127\.0\.0\.1:808[12]/, "127.0.0.1:" ports[i], line); print line }
    }
    next
  }
  sub(/listen 8080;/, "listen 127.0.0.1:" port ";") { listens++ }
  { sub(/worker_processes auto;/, "worker_processes 1;"); print }
  END { if (!servers || listens != 1) { print "deploy/nginx.conf no longer has the lines start-nginx.sh moves" > "/dev/stderr"; exit 1 } }
' "$root/deploy/nginx.conf" > "$dir/nginx.conf"
nginx -p "$dir" -c "$dir/nginx.conf"
for _ in $(seq 100); do
  [[ -s $dir/nginx.pid ]] && exit 0
  sleep 0.05
done
echo "nginx did not write $dir/nginx.pid" >&2
exit 1
