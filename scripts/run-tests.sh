#!/usr/bin/env bash
# Every test, as CI runs it (scripts/quickstart.sh test calls this after building build/):
#   1. the whole suite on the normal build, two tests at a time per core (many wait on
#      deadlines, schedulers and drivers' threads);
#   2. the unit tests and the host-code tests (label "sanitize", tests/CMakeLists.txt says which
#      and why) on a second build with AddressSanitizer + UndefinedBehaviorSanitizer;
#   3. each libFuzzer harness for a short fixed time (a crash leaves its input in
#      build-fuzz/fuzz-artifacts/).
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)

echo "== tests (build/)"
ctest --test-dir build --output-on-failure -j "$((jobs * 2))"

echo "== tests under ASan + UBSan (build-asan/)"
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DCLBENCH_WERROR=ON -DCLBENCH_SANITIZE=ON \
    -DCMAKE_C_COMPILER=clang >/dev/null
cmake --build build-asan -j "$jobs"
ctest --test-dir build-asan --output-on-failure -j "$jobs" -L 'unit|sanitize'

echo "== fuzzing (build-fuzz/), 5 s per harness"
tests/fuzz/run.sh 5
