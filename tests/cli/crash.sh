# Kernels that take the driver down (tests/fault/crash/faults.cl) beside good ones, in one run
# and one tune: each costs its row only (crashed, timed_out), the run goes on in a fresh worker,
# the run file and the tuning database are complete and valid, and --resume does not meet the
# crash again.  Then Ctrl-C and SIGTERM mid-run and mid-tune with the printed --resume command
# finishing them, a worker that talks garbage, and a worker that cannot be started.
source "$(dirname "$0")/lib.sh"
export XDG_DATA_HOME="$TMP/data" # never the user's database
FILE="$CLBENCH_SOURCE_DIR/tests/fault/crash/faults.cl"
VALIDATE=(python3 "$CLBENCH_SOURCE_DIR/tests/cli/validate_json.py" "$CLBENCH_SOURCE_DIR/results/schema")
# The endless loop costs its deadline; the builds of a loaded 2-core machine stay well inside it.
DEADLINE=15
# How a worker dies of a segmentation fault: by the signal, or under AddressSanitizer, which
# catches it to print its report, by exit status 1.
SEGV=SIGSEGV
[ -z "${ASAN_OPTIONS:-}" ] || SEGV="exit status 1"

# statuses FILE "KERNEL[:PARAMS]=STATUS|STATUS ...": every row's status, in order, one of those
# allowed, and a crashed row's reason names its signal or exit, its parameters and size.
statuses() {
    python3 - "$@" <<'PY'
import json, sys
rows = json.load(open(sys.argv[1]))["rows"]
want = sys.argv[2].split()
got = [r["kernel"][:14] + "".join(f":{k}={v}" for k, v in r["params"].items()) for r in rows]
assert len(rows) == len(want), (got, want)
for r, g, w in zip(rows, got, want):
    name, allowed = w.rsplit("=", 1)
    assert g.startswith(name), (got, want)
    assert r["status"] in allowed.split("|"), (name, r["status"], r["reason"])
    if r["status"] == "crashed":
        assert "the worker process died of " in r["reason"], r["reason"]
        assert "at 1000; its last lines: " in r["reason"], r["reason"]
    if r["status"] == "timed_out":
        assert f"deadline of" in r["reason"] and "(--row-timeout)" in r["reason"], r["reason"]
PY
}

# ONE run: a good kernel first and last, every fault between.  PoCL: a write 1 GiB out of
# bounds and a 64 MiB private array are SIGSEGV, the read out of bounds a wrong result.
run -d cpu --kernel-file "$FILE" -k fault_good,fault_segv,fault_stack,fault_loop,fault_read_oob \
    -k fault_modes -D MODE=0 \
    "${QUICK[@]}" --row-timeout $DEADLINE -o "$TMP/run.json"
expect_rc 1
[ ! -e "$TMP/run.json.journal" ] || fail "the journal outlived a complete run"
statuses "$TMP/run.json" "fault_good=ok fault_segv=crashed fault_stack=crashed \
    fault_loop=timed_out fault_read_oob=verify_failed|ok fault_modes=ok" || fail "statuses of the faulty run"
grep -q "^clbench: error: \[2/6\] .*fault_segv.*: crashed: the worker process died of $SEGV" \
    "$TMP/stderr" || fail "no crashed line naming $SEGV"
expect_stderr_has ": timed_out: killed after the row's deadline of $DEADLINE s (--row-timeout)"

# --resume of that run: the failed rows are carried over, not met again (no time spent on the
# loop); --retry-failed runs them again.
start=$(date +%s)
run -d cpu --kernel-file "$FILE" -k fault_good,fault_segv,fault_loop "${QUICK[@]}" \
    --row-timeout $DEADLINE --resume "$TMP/run.json" -o "$TMP/resumed.json"
expect_rc 1
expect_stderr_has "resuming: 3 of 3 rows already done"
[ $(($(date +%s) - start)) -lt $DEADLINE ] || fail "--resume ran the failed rows again"
statuses "$TMP/resumed.json" "fault_good=ok fault_segv=crashed fault_loop=timed_out" ||
    fail "statuses of the resumed run"
run -d cpu --kernel-file "$FILE" -k fault_good,fault_segv "${QUICK[@]}" \
    --resume "$TMP/run.json" --retry-failed -o "$TMP/retried.json"
expect_rc 1
expect_stderr_has "resuming: 1 of 2 rows already done"
grep -q "fault_segv.*: crashed: the worker process died of $SEGV" "$TMP/stderr" ||
    fail "--retry-failed did not run the crashed row again"
run -d cpu --kernel-file "$FILE" -k fault_good --retry-failed
expect_rc 2
expect_stderr_has "--retry-failed goes with --resume FILE"

# A crashed sweep that was killed (SIGKILL of clbench itself) before it ended: its journal has
# the crashed row, and --resume of the journal finishes without meeting it.
"$CLBENCH" -d cpu -k fault_modes@"$FILE" -D MODE=1,0,2 "${QUICK[@]}" --row-timeout 60 \
    -o "$TMP/killed.json" >/dev/null 2>"$TMP/killed.err" &
pid=$!
for _ in $(seq 300); do
    [ "$({ wc -l <"$TMP/killed.json.journal"; } 2>/dev/null || echo 0)" -ge 2 ] && break
    sleep 0.2
done
kill -KILL $pid
wait $pid 2>/dev/null
[ ! -e "$TMP/killed.json" ] || fail "a killed run left an output"
grep -q '"status":"crashed"' "$TMP/killed.json.journal" || fail "the crashed row is not journaled"
run -d cpu -k fault_modes@"$FILE" -D MODE=1,0,2 "${QUICK[@]}" --row-timeout 3 \
    --resume "$TMP/killed.json.journal" -o "$TMP/killed.json"
expect_rc 1
expect_stderr_has "resuming: 2 of 3 rows already done"
statuses "$TMP/killed.json" "fault_modes:MODE=1=crashed fault_modes:MODE=0=ok \
    fault_modes:MODE=2=timed_out" || fail "statuses of the killed and resumed sweep"

# interrupt SIGNAL CODE FILE ARGS...: starts clbench, waits for its first journaled row, sends
# SIGNAL while the endless loop runs, and checks the exit code, the output (the rows done, not
# the one that ran) and the --resume command, which it leaves in $TMP/again.
interrupt() {
    local sig=$1 code=$2 out=$3
    shift 3
    "$CLBENCH" "$@" -o "$out" >"$TMP/stdout" 2>"$TMP/stderr" &
    local pid=$!
    for _ in $(seq 300); do
        [ -s "$out.journal" ] && break
        sleep 0.2
    done
    sleep 1
    kill -"$sig" $pid
    wait $pid
    RC=$?
    LAST_CMD="clbench $* -o $out (SIG$sig)"
    expect_rc "$code"
    expect_stderr_has "clbench: interrupted: "
    grep -A1 "^clbench: interrupted" "$TMP/stderr" | tail -1 | sed "s|^  clbench |\"\$CLBENCH\" |" \
        >"$TMP/again"
    grep -q -- "--resume $out.journal\$" "$TMP/again" || fail "no --resume command"
    [ -s "$out.journal" ] || fail "the journal went before the run finished"
    python3 - "$out" <<'PY' || fail "interrupted output"
import json, sys
rows = json.load(open(sys.argv[1]))["rows"]
assert [r["params"]["MODE"] for r in rows] == [0], rows  # not the loop that was running
PY
    "${VALIDATE[@]}" "$out" >/dev/null || fail "interrupted output against the schema"
}

# Ctrl-C mid-run, then the printed command finishes it (the loop now times out).
interrupt INT 130 "$TMP/sweep.json" -d cpu -k fault_modes@"$FILE" -D MODE=0,2,3 "${QUICK[@]}" \
    --row-timeout 10
expect_stderr_has "1 of 3 rows done (1 this time), written to '$TMP/sweep.json'"
LAST_CMD=$(cat "$TMP/again")
eval "$(cat "$TMP/again")" >"$TMP/stdout" 2>"$TMP/stderr"
RC=$?
expect_rc 1
expect_stderr_has "resuming: 1 of 3 rows already done"
statuses "$TMP/sweep.json" "fault_modes:MODE=0=ok fault_modes:MODE=2=timed_out \
    fault_modes:MODE=3=ok" || fail "statuses of the finished sweep"
[ ! -e "$TMP/sweep.json.journal" ] || fail "the journal outlived the finished sweep"

# ONE tune through every mode (right, SIGSEGV, endless, right): the database holds a right
# point, the run file every point; then SIGTERM mid-tune and the printed command finishing it.
DB="$TMP/data/clbench/tuned.json"
run tune -d cpu -k fault_modes@"$FILE" --budget 4 --strategy exhaustive --reps 2 \
    --row-timeout $DEADLINE -o "$TMP/tune.json"
expect_rc 0
expect_stderr_has "(exhaustive, 4 measured, 0 refused of 4 points)"
statuses "$TMP/tune.json" "fault_modes:MODE=0=ok fault_modes:MODE=1=crashed \
    fault_modes:MODE=2=timed_out fault_modes:MODE=3=ok" || fail "statuses of the tune"
"${VALIDATE[@]}" "$DB" >/dev/null || fail "the tuning database against the schema"
python3 -c 'import json,sys; (e,) = json.load(open(sys.argv[1]))["entries"]; assert e["params"]["MODE"] in (0, 3), e' \
    "$DB" || fail "the tuned point is not a right one"
rm -f "$DB"
interrupt TERM 143 "$TMP/tune2.json" tune -d cpu -k fault_modes@"$FILE" -D MODE=0,2,3 \
    --budget 3 --strategy exhaustive --reps 2 --row-timeout 10
expect_stderr_has "the tuning database is unchanged"
[ ! -e "$DB" ] || fail "an interrupted tune wrote the database"
LAST_CMD=$(cat "$TMP/again")
eval "$(cat "$TMP/again")" >"$TMP/stdout" 2>"$TMP/stderr"
RC=$?
expect_rc 0
expect_stderr_has "resuming: 1 points already measured"
"${VALIDATE[@]}" "$DB" "$TMP/tune2.json" >/dev/null || fail "the finished tune's files"

# A time budget bounds a tune whose point never ends: within the budget plus one point's
# deadline (the budget, when --row-timeout is not given), builds and start-up included.  (The
# default point, MODE=0, goes first.)
start=$(date +%s)
run tune -d cpu -k fault_modes@"$FILE" -D MODE=2,0 --budget 10s --strategy exhaustive --reps 2 \
    --tuned "$TMP/budget-db.json"
expect_rc 0
[ $(($(date +%s) - start)) -le $((10 + 10 + 5)) ] || fail "tune --budget 10s ran past 25 s"
expect_stdout_has "timed_out: killed after the row's deadline of 10 s"

# A worker that talks garbage on its channel: its row fails with what it said, never half a
# row; the next row runs in a fresh worker.
CLBENCH_TEST_WORKER_GARBAGE=1 run -d cpu --kernel-file "$FILE" -k fault_good "${QUICK[@]}" \
    -D WGS=32,64 -o "$TMP/garbage.json"
expect_rc 1
statuses "$TMP/garbage.json" "fault_good:WGS=32=launch_failed fault_good:WGS=64=launch_failed" ||
    fail "statuses with a garbage worker"
expect_stderr_has "launch_failed: the worker's answer was not this row (not a row): '{\"row\": garbage'"

# A worker that cannot be started: one clear line, exit 1.
CLBENCH_WORKER_EXE=/nonexistent/clbench run -d cpu --kernel-file "$FILE" -k fault_good \
    "${QUICK[@]}"
expect_rc 1
expect_one_error_line
expect_stderr_has "clbench: error: cannot start a worker process ('/nonexistent/clbench'): No such file or directory"
CLBENCH_WORKER_EXE=/nonexistent/clbench run tune -d cpu -k fault_modes@"$FILE" --budget 2
expect_rc 1
expect_one_error_line

# Oclgrind, where it applies (a simulator: the endless loop and the read out of bounds; it
# reports the bad accesses instead of crashing).
# OCLGRIND_ICD: a folder of .icd files that holds Oclgrind's alone.
OCLGRIND_ICD=${CLBENCH_OCLGRIND_ICD:-/work/icd/oclgrind}
if [ -n "${ASAN_OPTIONS:-}" ] || [ ! -d "$OCLGRIND_ICD" ]; then
    echo "note: the Oclgrind part is skipped (no $OCLGRIND_ICD, or the sanitizer build)"
    exit 0
fi
OCL_ICD_VENDORS=$OCLGRIND_ICD run -d Oclgrind --kernel-file "$FILE" \
    -k fault_good,fault_loop,fault_read_oob "${QUICK[@]}" --row-timeout 10 \
    -o "$TMP/oclgrind.json"
expect_rc 1
statuses "$TMP/oclgrind.json" "fault_good=ok fault_loop=timed_out \
    fault_read_oob=verify_failed|ok|crashed" || fail "statuses under Oclgrind"
