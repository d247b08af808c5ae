#!/usr/bin/env bash
# make fuzz: libFuzzer (clang 19, ASan + UBSan) on RLP/transaction, ABI and Solana wire decoding,
# the HTTP request path (raw bytes -> Dispatcher, every route) and the JSON body of every POST
# route.
# (Debian's clang 14 could not build the app targets: "Cannot represent a difference across
# sections" on the coroutine code under coverage instrumentation; clang 19 builds them.)
# FUZZ_SECONDS per target (default 60), or FUZZ_RUNS executions per target (e.g. 10000000);
# FUZZ_TARGETS to pick some (default: all five). The committed corpus in server/fuzz/corpus/<target>
# (seeds plus the inputs that added coverage, merged with -merge=1) is read; what a run finds stays
# in build/fuzz/corpus, and libFuzzer's whole output (progress every few seconds) in
# build/fuzz/<target>.log.
set -euo pipefail
cd "$(dirname "$0")/.."
for p in clang-19 libclang-rt-19-dev; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [[ -n ${missing[*]:-} ]]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" > /dev/null; fi
TARGETS=${FUZZ_TARGETS:-rlp abi solana http json}
CXX=clang++-19 cmake -S server -B build/fuzz -G Ninja -DPERCH_FUZZ=ON -DPERCH_BENCH=OFF \
  -DPERCH_SANITIZE=fuzzer-no-link,address,undefined -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_COMPILER_LAUNCHER=ccache > /dev/null
cmake --build build/fuzz --target $(for t in $TARGETS; do printf '%s_fuzz ' "$t"; done)
if [[ -n ${FUZZ_RUNS:-} ]]; then budget=(-runs="$FUZZ_RUNS"); else budget=(-max_total_time="${FUZZ_SECONDS:-60}"); fi
for target in $TARGETS; do
  mkdir -p "build/fuzz/corpus/$target" "server/fuzz/corpus/$target"
  echo "== $target"
  # -timeout: one input answered in over 10 s is a hang. Leaks: LeakSanitizer checks at exit. The
  # json target's inputs create sessions, nonces and rate-limit buckets that stay in memory, so
  # libFuzzer's extra leak check per input whose mallocs outnumber its frees (a fork and a scan
  # of the whole heap) ran after nearly every input there (150 exec/s): it checks at exit only.
  # Its admin routes also create campaigns with fresh ids, and each admin write copies the catalog,
  # so one long process slows down as it runs: -fork=1 runs it as a series of short child
  # processes (each with a fresh app, each checked for leaks at its exit); the parent counts the
  # executions of all of them ("fuzzed for N iterations").
  extra=(); [[ $target == json ]] && extra=(-detect_leaks=0 -fork=1)
  "build/fuzz/${target}_fuzz" "build/fuzz/corpus/$target" "server/fuzz/corpus/$target" "${budget[@]}" "${extra[@]}" \
    -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 2>&1 | tee "build/fuzz/$target.log" \
    | grep -E "stat::number_of_executed_units|stat::peak_rss_mb|fuzzed for|ERROR|SUMMARY|Done|timeout"
done
