#!/usr/bin/env bash
# make test-sanitize: the C++ suite (unit + integration, against the real perch binary, a devnet
# of its own and a throwaway PostgreSQL cluster for the postgresql/ copies) built with ASan+UBSan
# in build/sanitize-asan, then with TSan in build/sanitize-tsan, each run clean (any report fails
# the test). SANITIZERS=asan or tsan runs one of them.
# Prints each build's and run's seconds, and "sanitize-<name>: N passed, M failed".
set -uo pipefail
source "$(dirname "$0")/lib.sh"
S=${TEST_PORT_SHIFT:-0}
TMP=$(mktemp -d /tmp/perch-sanitize.XXXXXX)
trap 'stop_all; rm -rf "$TMP"' EXIT
chmod 600 "$ROOT/devnet/maker.key" "$ROOT/devnet/badge-signer.key" "$ROOT/devnet/faucet.key" "$ROOT/devnet/quote-signer.key"
start_devnet "$TMP/devnet" $((200 + S)) "$TMP/devnet.log" "$DEVNET_CORE_CHAINS" || exit 1  # as make test's C++ suites
export PERCH_TEST_DEVNET_STATE="$TMP/devnet/state.json"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:detect_stack_use_after_return=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 suppressions=$ROOT/server/tests/tsan.supp"
declare -A FLAGS=([asan]=address,undefined [tsan]=thread)
rc=0
for name in ${SANITIZERS:-asan tsan}; do
  dir="$ROOT/build/sanitize-$name"
  t0=$SECONDS
  cmake -S "$ROOT/server" -B "$dir" -G Ninja -DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DPERCH_BENCH=OFF \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPERCH_SANITIZE="${FLAGS[$name]}" > /dev/null || exit 1
  cmake --build "$dir" -j "${JOBS:-$(nproc)}" || exit 1
  t1=$SECONDS
  (cd "$dir" && bash "$ROOT/scripts/with-postgres.sh" \
    ctest --output-on-failure -j "${JOBS:-$(nproc)}" --timeout 600) > "$dir/ctest.log" 2>&1
  run_rc=$?
  total=$(grep -oP 'tests failed out of \K[0-9]+' "$dir/ctest.log" | tail -1)
  bad=$(grep -oP '[0-9]+(?= tests failed out of)' "$dir/ctest.log" | tail -1)
  echo "sanitize-$name: build $((t1 - t0)) s, run $((SECONDS - t1)) s"
  echo "sanitize-$name: $(( ${total:-0} - ${bad:-0} )) passed, ${bad:-1} failed"
  if ((run_rc != 0)); then rc=1; grep -E "ERROR: |runtime error|WARNING: ThreadSanitizer|\\*\\*\\*Failed" "$dir/ctest.log" | head -20; fi
done
exit $rc
