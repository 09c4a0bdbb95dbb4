#!/usr/bin/env bash
# Every test, as CI runs it (scripts/quickstart.sh test calls this after building build/):
#   1. the whole suite on the normal build, two tests at a time per core (many wait on
#      deadlines, schedulers and drivers' threads);
#   2. the unit tests and the host-code tests (label "sanitize", tests/CMakeLists.txt says which
#      and why) on a second build with AddressSanitizer + UndefinedBehaviorSanitizer;
#   3. each libFuzzer harness for a short fixed time (a crash leaves its input in
#      build-fuzz/fuzz-artifacts/).
# The builds of 2 and 3 run beside 1, at the lowest priority (nice 19): they take the time
# the suite leaves a core idle (tests waiting on deadlines, daemons and each other, the
# suite's last tests) and yield it to the tests whenever both want it.  Their output is in
# build-asan/build.log and build-fuzz/build.log, printed when a build fails.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)

mkdir -p build-asan build-fuzz
setsid nice -n 19 sh -c 'cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DCLBENCH_WERROR=ON \
    -DCLBENCH_SANITIZE=ON -DCMAKE_C_COMPILER=clang >/dev/null && cmake --build build-asan -j "$1"' \
    sh "$jobs" >build-asan/build.log 2>&1 &
asan_build=$!
JOBS=$jobs setsid nice -n 19 tests/fuzz/run.sh --build-only >build-fuzz/build.log 2>&1 &
fuzz_build=$!
# A build still running when this script stops (a test failed) stops with it, compilers and
# all (setsid: each build is a process group of its own).
trap 'kill -- -"$asan_build" -"$fuzz_build" 2>/dev/null || true' EXIT

echo "== tests (build/)"
ctest --test-dir build --output-on-failure -j "$((jobs * 2))"

echo "== tests under ASan + UBSan (build-asan/)"
wait "$asan_build" || { cat build-asan/build.log >&2; exit 1; }
ctest --test-dir build-asan --output-on-failure -j "$jobs" -L 'unit|sanitize'

echo "== fuzzing (build-fuzz/), 5 s per harness"
wait "$fuzz_build" || { cat build-fuzz/build.log >&2; exit 1; }
tests/fuzz/run.sh 5
