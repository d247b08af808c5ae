#!/usr/bin/env bash
# make fuzz: libFuzzer (clang 14, ASan + UBSan) on RLP/transaction and ABI decoding.
# FUZZ_SECONDS per target (default 60). Corpora stay in build/fuzz/corpus between runs.
set -euo pipefail
cd "$(dirname "$0")/.."
for p in clang-14 libclang-rt-14-dev; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [[ -n ${missing[*]:-} ]]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" > /dev/null; fi
CXX=clang++-14 cmake -S server -B build/fuzz -G Ninja -DPERCH_FUZZ=ON -DPERCH_BENCH=OFF \
  -DCMAKE_CXX_COMPILER_LAUNCHER=ccache > /dev/null
cmake --build build/fuzz --target rlp_fuzz abi_fuzz
for target in rlp abi; do
  mkdir -p "build/fuzz/corpus/$target"
  "build/fuzz/${target}_fuzz" "build/fuzz/corpus/$target" -max_total_time="${FUZZ_SECONDS:-60}" \
    -rss_limit_mb=2048 -print_final_stats=1 2>&1 | grep -E "stat::number_of_executed_units|ERROR|SUMMARY|Done"
done
