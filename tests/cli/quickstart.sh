# scripts/quickstart.sh's arguments, through its dry run (QUICKSTART_DRY_RUN=1: installs,
# builds and runs nothing): `run`, `test` and `test --sanitizers` each get their packages and
# their last command (clang and the sanitizer steps only for --sanitizers); anything else is
# the usage line and exit code 2, before anything is installed.
source "$(dirname "$0")/lib.sh"
QS="$CLBENCH_SOURCE_DIR/scripts/quickstart.sh"

# quickstart ARGS...: the dry run; RC, $TMP/stdout and $TMP/stderr as for `run`.
quickstart() {
    LAST_CMD="QUICKSTART_DRY_RUN=1 scripts/quickstart.sh $*"
    QUICKSTART_DRY_RUN=1 bash "$QS" "$@" >"$TMP/stdout" 2>"$TMP/stderr"
    RC=$?
}
has_word() { # has_word LINE-PREFIX WORD: the stdout line starting with the prefix has WORD
    grep "^$1" "$TMP/stdout" | tr ' ' '\n' | grep -qx -- "$2"
}

quickstart test --sanitizers
expect_rc 0
expect_stdout_has "then: scripts/run-tests.sh --sanitizers"
has_word packages: clang || fail "test --sanitizers does not install clang"
has_word packages: oclgrind || fail "test --sanitizers lacks the test packages"

quickstart test
expect_rc 0
grep -qx "then: scripts/run-tests.sh" "$TMP/stdout" || fail "test: not the plain test run"
has_word packages: clang && fail "test installs clang without --sanitizers"
has_word packages: python3-jsonschema || fail "test lacks the test packages"

quickstart run
expect_rc 0
expect_stdout_has "then: ./build/clbench"
has_word packages: oclgrind && fail "run installs the test packages"

for args in "" "--sanitizers" "run --sanitizers" "test --sanitiser" "test --sanitizers more"; do
    # shellcheck disable=SC2086 # each case is a list of words
    quickstart $args
    expect_rc 2
    expect_stderr_has "usage: scripts/quickstart.sh run|test [--sanitizers]"
    [ ! -s "$TMP/stdout" ] || fail "'$args' went on past the usage line"
done
echo "quickstart: ok"
