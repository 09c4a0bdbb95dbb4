# Progress on stderr: on a terminal one line rewritten per row ("[1/2] vadd on PoCL ...
# elapsed 0:00"), cleared at the end; not on a terminal nothing at all for rows that pass.
source "$(dirname "$0")/lib.sh"

command -v script >/dev/null || { echo "progress: no script(1) (util-linux) here: skipped"; exit 0; }
args="-d cpu -k vadd,vadd_local -n 64 --no-peak --reps 2 --min-time 0 -o '$TMP/tty.json'"
# script(1) gives clbench a pseudo-terminal; stdout goes to a file, stderr to the terminal.
LAST_CMD="script -qec \"clbench $args >/dev/null\""
script -qec "'$CLBENCH' $args >/dev/null" /dev/null >"$TMP/stderr" </dev/null
RC=$?
: >"$TMP/stdout"
expect_rc 0
expect_stderr_has "[1/2] vadd on PoCL"
expect_stderr_has "[2/2] vadd_local on PoCL"
expect_stderr_has "elapsed 0:0"
expect_stderr_has "left"
# Each update starts with a carriage return and an erase, and the last one clears the line.
grep -q $'\r\033\\[K\\[2/2\\]' "$TMP/stderr" || fail "the line is not rewritten in place"
[ "$(tail -c 4 "$TMP/stderr" | od -An -c | tr -d ' ')" = '\r033[K' ] ||
    fail "the progress line is not cleared at the end"

# A warning while the line is shown (here a worker's, about a damaged program cache entry)
# replaces the line instead of running on from it.
# (PoCL's own kernel cache off, so that clbench keeps the programs.)
export POCL_KERNEL_CACHE=0
script -qec "'$CLBENCH' $args >/dev/null" /dev/null >/dev/null </dev/null
for f in $(find "$XDG_CACHE_HOME/clbench" -name '*.bin'); do echo garbage >"$f"; done
script -qec "'$CLBENCH' $args >/dev/null" /dev/null >"$TMP/stderr" </dev/null
RC=$?
expect_rc 0
expect_stderr_has "program cache entry"
grep -q $'\r\033\\[Kclbench: warning: program cache entry' "$TMP/stderr" ||
    fail "a warning runs on from the progress line"

run -d cpu -k vadd,vadd_local -n 64 "${QUICK[@]}" -o "$TMP/pipe.json"
expect_rc 0
[ ! -s "$TMP/stderr" ] || fail "stderr is not a terminal, yet something was printed"
echo "progress: ok"
