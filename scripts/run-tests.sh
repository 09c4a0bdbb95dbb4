#!/usr/bin/env bash
# Every test, as CI runs it (scripts/quickstart.sh test calls this after building build/):
#   1. the whole suite on the normal build;
#   2. the same suite on a second build with AddressSanitizer + UndefinedBehaviorSanitizer, but
#      for the two long kernel sweeps (label "long");
#   3. each libFuzzer harness for a short fixed time (a crash leaves its input in
#      build-fuzz/fuzz-artifacts/).
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)

echo "== tests (build/)"
ctest --test-dir build --output-on-failure -j "$jobs"

echo "== tests under ASan + UBSan (build-asan/)"
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DCLBENCH_WERROR=ON -DCLBENCH_SANITIZE=ON \
    -DCMAKE_C_COMPILER=clang >/dev/null
cmake --build build-asan -j "$jobs"
ctest --test-dir build-asan --output-on-failure -j "$jobs" -LE long # tests/CMakeLists.txt says why

echo "== fuzzing (build-fuzz/), 20 s per harness"
tests/fuzz/run.sh 20
