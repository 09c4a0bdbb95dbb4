# Planted faults (tests/fault/<case>/vadd.cl shadows cl/vadd.cl through --cl-dir): each row
# gets its status and a reason that says what happened, the run goes on with the next row, the
# run file records it, and the exit code is 1.
source "$(dirname "$0")/lib.sh"
FAULTS="$CLBENCH_SOURCE_DIR/tests/fault"

# fault CASE KERNEL_STATUSES EXTRA_ARGS...: runs vadd then vadd_local from tests/fault/CASE and
# checks each row's status against "vadd=STATUS vadd_local=STATUS" and the reason's words.
fault() {
    local case=$1 expect=$2 words=$3
    shift 3
    run -d cpu --cl-dir "$FAULTS/$case" -k vadd,vadd_local -n 1000 "${QUICK[@]}" "$@" \
        -o "$TMP/$case.json"
    expect_rc 1
    [ -f "$TMP/$case.json" ] || fail "$case: no run file"
    python3 - "$TMP/$case.json" "$expect" "$words" <<'PY' || fail "$case: run file"
import json, sys
run = json.load(open(sys.argv[1]))
want = dict(kv.split("=") for kv in sys.argv[2].split())
rows = {r["kernel"]: r for r in run["rows"]}
assert set(rows) == set(want), rows.keys()          # both rows ran, in one run file
for kernel, status in want.items():
    r = rows[kernel]
    assert r["status"] == status, (kernel, r["status"], r["reason"])
    if status != "ok":
        assert sys.argv[3] in r["reason"], (kernel, r["reason"])
        assert "stats" not in r, r                  # no numbers from a failed row
PY
    for kernel in $expect; do
        kernel=${kernel%=*}
        status=$(python3 -c 'import json,sys; print([r["status"] for r in json.load(open(sys.argv[1]))["rows"] if r["kernel"] == sys.argv[2]][0])' "$TMP/$case.json" "$kernel")
        if [ "$status" != ok ]; then
            grep -q "^clbench: error: \[[0-9]/2\] .* $kernel .*: $status: " "$TMP/stderr" ||
                fail "$case: no error line for $kernel"
        fi
    done
}

fault build "vadd=build_failed vadd_local=build_failed" "expected ';'"
expect_stderr_has "clbench: build log of '$CLBENCH_SOURCE_DIR/tests/fault/build/vadd.cl'"
fault local "vadd=ok vadd_local=over_limits" "KiB of local memory"
fault workgroup "vadd=over_limits vadd_local=ok" "reqd_work_group_size"
fault oob "vadd=out_of_bounds vadd_local=out_of_bounds" "out-of-bounds write"
expect_stderr_has "nearest at output[1000] of 1000"
expect_stderr_has "nearest at output[-1] of 1000"
fault wrong "vadd=verify_failed vadd_local=verify_failed" "checked elements wrong"

# A kernel folder that is not there: the built-in kernels are declared by its files, so that
# nothing can run; one line says where it looked.
run -d cpu --cl-dir "$FAULTS/none" -k vadd,vadd_local -n 1000 "${QUICK[@]}" -o "$TMP/none.json"
expect_rc 2
expect_one_error_line
expect_stderr_has "$FAULTS/none/vadd.cl: cannot read the built-in kernels: No such file or directory"
[ ! -e "$TMP/none.json" ] || fail "a run without its kernels left a run file"

# --max-time: a launch of ~30 ms against a 1 ms budget is too_slow; against 0.5 s the row is
# ok with fewer launches than --reps asked for, and says so.
run -d cpu --cl-dir "$FAULTS/slow" -k vadd,vadd_local -n 256 --no-peak --warmup 1 --min-time 0 \
    --reps 1000 --max-time 0.001 -o "$TMP/slow.json"
expect_rc 1
expect_stderr_has "too_slow: one launch took"
python3 - "$TMP/slow.json" <<'PY' || fail "too_slow run file"
import json, sys
rows = json.load(open(sys.argv[1]))["rows"]
assert [r["status"] for r in rows] == ["too_slow", "too_slow"], rows
assert "--max-time" in rows[0]["reason"], rows[0]
PY
run -d cpu --cl-dir "$FAULTS/slow" -k vadd -n 256 --no-peak --warmup 1 --min-time 0 \
    --reps 1000 --max-time 0.5 -f json
expect_rc 0
python3 - "$TMP/stdout" <<'PY' || fail "--max-time did not stop the launches"
import json, sys
r = json.load(open(sys.argv[1]))["rows"][0]
assert r["status"] == "ok", r
assert 1 <= r["stats"]["count"] < 1000, r["stats"]
assert "--max-time 0.5 s used up after" in r["reason"], r["reason"]
PY

# The guard regions cost the real kernels nothing: the shipped vadd is clean.
run -d cpu -k vadd,vadd_local -n 1,1000 "${QUICK[@]}" -f csv
expect_rc 0
echo "faults: ok"
