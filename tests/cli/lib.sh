# Helpers for the end-to-end tests: source it, then call `run` and the `expect_` functions.
# Every expectation that fails prints what it saw and exits 1.
set -u
: "${CLBENCH:?set by CTest}"
mkdir -p "${CLBENCH_TEST_TMP:-/tmp}"
TMP=$(mktemp -d "${CLBENCH_TEST_TMP:-/tmp}/clbench-test.XXXXXX")
# At exit, every JSON file clbench wrote through `run` is checked against the JSON Schemas in
# results/schema (validate_json.py): a test that passes with a file that does not match fails.
check_schemas_and_clean() {
    local rc=$?
    if [ -s "$TMP/not-found" ]; then
        echo "FAIL: the test called commands that do not exist:" >&2
        cat "$TMP/not-found" >&2
        rc=1
    fi
    if [ "$rc" -eq 0 ] && [ -d "$TMP/schema-check" ]; then
        if ! python3 "$(dirname "${BASH_SOURCE[0]}")/validate_json.py" \
            "$CLBENCH_SOURCE_DIR/results/schema" "$TMP/schema-check"/*.json >"$TMP/schema.out"; then
            echo "FAIL: a JSON file clbench wrote does not match results/schema:" >&2
            cat "$TMP/schema.out" >&2
            rc=1
        fi
    fi
    rm -rf "$TMP"
    exit "$rc"
}
trap check_schemas_and_clean EXIT
# A misspelt or not yet defined helper would otherwise print one line and let the test pass.
command_not_found_handle() {
    echo "$1 (bash: command not found)" >>"$TMP/not-found"
    return 127
}
# Every script's PoCL kernel cache (POCL_CACHE_DIR: one a test, since two PoCL processes
# building one kernel into one cache can fail inside PoCL) starts as a copy of the one
# tests/pocl_seed.sh filled before the scripts ran, with the kernels most of them build.
if [ -d "${CLBENCH_POCL_SEED:-}" ] && [ -n "${POCL_CACHE_DIR:-}" ] &&
    [ -z "$(ls -A "$POCL_CACHE_DIR" 2>/dev/null)" ]; then
    mkdir -p "$POCL_CACHE_DIR" && cp -a "$CLBENCH_POCL_SEED/." "$POCL_CACHE_DIR/"
fi
# Every script starts with an empty clbench cache of its own (peaks, programs).
export XDG_CACHE_HOME="$TMP/xdg-cache"
# The suite runs beside other tests (ctest -j): the busy-machine rule would make every peak
# a warning and a new measurement.  cache.sh tests the rule itself.
export CLBENCH_PEAK_BUSY=never
# Two tests run at once: PoCL's workers pinned one to a core (clbench's default,
# POCL_AFFINITY=1) could not move off the other test's pinned workers, and the suite ran
# much longer.  timing_conditions.sh tests clbench's choice.
export POCL_AFFINITY=0
# Quick settings for rows whose speed does not matter.
QUICK=(--no-peak --reps 2 --warmup 1 --min-time 0)

# journal_rows FILE [PATTERN]: lines of a journal matching PATTERN (default: complete rows,
# those ending in '}'); 0 where the file is missing or matches none.
journal_rows() {
    local n
    n=$(grep -c -- "${2:-\}\$}" "$1" 2>/dev/null)
    echo "${n:-0}"
}

fail() {
    echo "FAIL: $*" >&2
    echo "--- command: ${LAST_CMD:-}" >&2
    echo "--- exit code: ${RC:-}" >&2
    echo "--- stdout:" >&2
    head -c 4000 "$TMP/stdout" >&2 2>/dev/null
    echo "--- stderr:" >&2
    head -c 4000 "$TMP/stderr" >&2 2>/dev/null
    exit 1
}

# run ARGS...: runs clbench; RC, $TMP/stdout and $TMP/stderr hold the outcome.
run() {
    local attempt
    LAST_CMD="clbench $*"
    save_state "$@"
    for attempt in 1 2 3; do
        "$CLBENCH" "$@" >"$TMP/stdout" 2>"$TMP/stderr"
        RC=$?
        # In the sanitizer build, LeakSanitizer's own stop-the-world tracer now and then crashes
        # at exit while PoCL's worker threads wind down (google/sanitizers#1353): no leak report
        # and nothing of ours, so only that signature earns the command another run (two at most), from the
        # state the first one started in (its cache, its output and resume files).
        grep -q "^Tracer caught signal" "$TMP/stderr" || break
        [ "$attempt" -lt 3 ] || break # the last run's files stay for the test to judge
        echo "note: LeakSanitizer's tracer crashed (attempt $attempt): running again" >&2
        restore_state
    done
    keep_for_schema_check "$@"
}

# save_state ARGS...: copies what a run may change and read back — clbench's cache and the
# files its FILE options name — so that restore_state can undo a run that has to be repeated.
save_state() {
    local prev="" arg path i=0
    rm -rf "$TMP/state" && mkdir -p "$TMP/state/files"
    STATE_FILES=()
    for arg in "$@"; do
        path=""
        case $prev in -o | --output | --resume | --export | --tuned) path=$arg ;; esac
        case $arg in --output=* | --resume=* | --export=* | --tuned=*) path=${arg#*=} ;; esac
        prev=$arg
        [ -n "$path" ] && [ "$path" != - ] || continue
        STATE_FILES+=("$path")
        [ -f "$path" ] && cp -p "$path" "$TMP/state/files/$i"
        i=$((i + 1))
    done
    if [ -d "${XDG_CACHE_HOME:-}/clbench" ]; then cp -rp "$XDG_CACHE_HOME/clbench" "$TMP/state/cache"; fi
}
restore_state() {
    local i=0 path
    for path in "${STATE_FILES[@]}"; do
        rm -f "$path"
        [ -f "$TMP/state/files/$i" ] && cp -p "$TMP/state/files/$i" "$path"
        i=$((i + 1))
    done
    if [ -n "${XDG_CACHE_HOME:-}" ]; then
        rm -rf "$XDG_CACHE_HOME/clbench"
        [ -d "$TMP/state/cache" ] && cp -rp "$TMP/state/cache" "$XDG_CACHE_HOME/clbench"
    fi
    return 0
}

# Copies what the last run wrote as JSON (its --output file, or its stdout) for the check at
# exit; later commands of the test may overwrite or remove the originals.
keep_for_schema_check() {
    local prev="" arg out=""
    for arg in "$@"; do
        case $prev in -o | --output) out=$arg ;; esac
        case $arg in --output=*) out=${arg#--output=} ;; esac
        prev=$arg
    done
    mkdir -p "$TMP/schema-check"
    SCHEMA_CHECKS=$((${SCHEMA_CHECKS:-0} + 1))
    if [ -n "$out" ] && [ -f "$out" ]; then
        cp "$out" "$TMP/schema-check/$SCHEMA_CHECKS-output.json"
    fi
    if [ "$(head -c 1 "$TMP/stdout")" = "{" ]; then
        cp "$TMP/stdout" "$TMP/schema-check/$SCHEMA_CHECKS-stdout.json"
    fi
}

expect_rc() { [ "$RC" -eq "$1" ] || fail "expected exit code $1"; }
expect_stdout_has() { grep -qF -- "$1" "$TMP/stdout" || fail "stdout lacks '$1'"; }
expect_stderr_has() { grep -qF -- "$1" "$TMP/stderr" || fail "stderr lacks '$1'"; }
expect_stderr_lacks() { ! grep -qiF -- "$1" "$TMP/stderr" || fail "stderr has '$1'"; }
expect_stdout_lacks() { ! grep -qF -- "$1" "$TMP/stdout" || fail "stdout has '$1'"; }
expect_stdout_empty() { [ ! -s "$TMP/stdout" ] || fail "stdout is not empty"; }
# One line on stderr: bad input gets one clear line, not a cascade.
expect_one_error_line() {
    [ "$(grep -c '^clbench: error:' "$TMP/stderr")" -eq 1 ] || fail "expected one error line"
}
# expect_one_kernel_per_program DIR NAME...: of the kernels NAME..., each program in PoCL's
# kernel cache DIR (program.bc: one program's LLVM bitcode, whose string table names its
# functions) defines at most one, and each of them is defined by some program: clbench built
# a program for each (host/run/source.c).  No NAME may be part of another.
expect_one_kernel_per_program() {
    python3 - "$@" <<'PY' || fail "a program holds more than its one kernel"
import pathlib, sys
cache, names = pathlib.Path(sys.argv[1]), sys.argv[2:]
programs = sorted(cache.glob("**/program.bc"))
assert programs, f"no program.bc under {cache}: has PoCL's cache changed its layout?"
held = {str(p.parent.relative_to(cache)): [n for n in names if n.encode() in p.read_bytes()]
        for p in programs}
assert all(len(h) <= 1 for h in held.values()), held
assert {n for h in held.values() for n in h} == set(names), held
PY
}
