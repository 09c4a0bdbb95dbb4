#!/usr/bin/env bash
# Every test, as CI runs it (scripts/quickstart.sh test calls this after building build/):
# the whole suite on the normal build, two tests at a time per core (many wait on deadlines,
# schedulers and drivers' threads).  That includes the unit tests and the fuzzers' corpora
# under valgrind memcheck.
#
# scripts/run-tests.sh --sanitizers adds, after it:
#   1. the unit tests and the host-code tests (label "sanitize", tests/CMakeLists.txt says which
#      and why) on a second build with AddressSanitizer + UndefinedBehaviorSanitizer;
#   2. each libFuzzer harness for a short fixed time (a crash leaves its input in
#      build-fuzz/fuzz-artifacts/).
# Their builds run beside the suite at the lowest priority (nice 19).  They are not in CI's
# run: with them it took more than CI's 15 minutes on 2 cores (docs/tests.md, "Tests").
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)
sanitizers=0
case "${1:-}" in
--sanitizers) sanitizers=1 ;;
"") ;;
*) echo "usage: scripts/run-tests.sh [--sanitizers]" >&2; exit 2 ;;
esac

if [ $sanitizers = 1 ]; then
    mkdir -p build-asan build-fuzz
    setsid nice -n 19 sh -c 'cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DCLBENCH_WERROR=ON \
        -DCLBENCH_SANITIZE=ON -DCMAKE_C_COMPILER=clang >/dev/null && cmake --build build-asan -j "$1"' \
        sh "$jobs" >build-asan/build.log 2>&1 &
    asan_build=$!
    JOBS=$jobs setsid nice -n 19 tests/fuzz/run.sh --build-only >build-fuzz/build.log 2>&1 &
    fuzz_build=$!
    # A build still running when this script stops (a test failed) stops with it, compilers
    # and all (setsid: each build is a process group of its own).
    trap 'kill -- -"$asan_build" -"$fuzz_build" 2>/dev/null || true' EXIT
fi

echo "== tests (build/)"
ctest --test-dir build --output-on-failure -j "$((jobs * 2))"
[ $sanitizers = 1 ] || exit 0

echo "== tests under ASan + UBSan (build-asan/)"
wait "$asan_build" || { cat build-asan/build.log >&2; exit 1; }
ctest --test-dir build-asan --output-on-failure -j "$jobs" -L 'unit|sanitize'

echo "== fuzzing (build-fuzz/), 5 s per harness"
wait "$fuzz_build" || { cat build-fuzz/build.log >&2; exit 1; }
tests/fuzz/run.sh 5
