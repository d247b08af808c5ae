#!/usr/bin/env bash
# The first load of / in bytes of gzip (level 9): the scripts and styles web/dist/index.html
# loads or preloads before any route's own chunk. Budget: 200 KB of JavaScript. A lower bound: the
# chunks the page imports later are not in index.html; what a visitor without a wallet downloads by
# network idle is checked in Chromium against perch by web/e2e/weight.spec.ts (same budget) and
# measured by tools/bench/web-routes.mjs.
set -euo pipefail
dist="$(cd "$(dirname "$0")/.." && pwd)/web/dist"
js=0 css=0
for f in $(grep -oP '(src|href)="/assets/\K[^"]+\.(js|css)' "$dist/index.html"); do
  n=$(gzip -9 -c "$dist/assets/$f" | wc -c)
  if [[ $f == *.js ]]; then js=$((js + n)); else css=$((css + n)); fi
done
echo "first load of /: ${js} B gzip JavaScript, ${css} B gzip CSS (budget 204800 B JavaScript)"
((js <= 204800))
