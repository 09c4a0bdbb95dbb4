#!/usr/bin/env bash
# Builds the libFuzzer harnesses (clang, -DCLBENCH_FUZZ=ON, in build-fuzz/) and runs each for a
# fixed time on its seed corpus.  A crash leaves its input in build-fuzz/fuzz-artifacts/ and
# fails the script; copy that input into tests/fuzz/corpus/<harness>/ once fixed, and every
# ctest run replays it from then on (fuzz.replay.*).
#
#   tests/fuzz/run.sh [SECONDS_EACH]     (default 25; environment: BUILD_DIR, JOBS)
#   tests/fuzz/run.sh --build-only       builds the harnesses, runs none
set -euo pipefail
src=$(cd "$(dirname "$0")/../.." && pwd)
seconds=${1:-25}
build=${BUILD_DIR:-$src/build-fuzz}
harnesses=(args parse runfile manifest)

cmake -S "$src" -B "$build" -DCMAKE_C_COMPILER=clang -DCLBENCH_FUZZ=ON \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j"${JOBS:-2}" --target "${harnesses[@]/#/fuzz_}" >/dev/null
[ "$seconds" != --build-only ] || exit 0
mkdir -p "$build/fuzz-artifacts"
status=0
for h in "${harnesses[@]}"; do
    # New inputs go to a scratch corpus: the checked-in seeds stay small and reviewed.
    work="$build/fuzz-corpus/$h"
    mkdir -p "$work"
    echo "fuzz_$h: ${seconds}s"
    # close_fd_mask=2: the parsers' own error lines would drown libFuzzer's report.
    if ! ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        "$build/tests/fuzz/fuzz_$h" -max_total_time="$seconds" -close_fd_mask=2 -max_len=8192 \
        -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$build/fuzz-artifacts/${h}-" \
        "$work" "$src/tests/fuzz/corpus/fuzz_$h" >"$build/fuzz-$h.log" 2>&1; then
        echo "fuzz_$h FAILED: see $build/fuzz-$h.log and $build/fuzz-artifacts/" >&2
        tail -40 "$build/fuzz-$h.log" >&2
        status=1
    else
        grep -E '^stat::number_of_executed_units|^stat::new_units_added' "$build/fuzz-$h.log" |
            sed "s/^/  /"
    fi
done
exit $status
