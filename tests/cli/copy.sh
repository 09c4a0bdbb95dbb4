# copy_ilp over ILP x VEC at sizes that are and are not multiples of the word and the
# work-group's share, with smaller work-groups and the occupancy ballast: every row verified in
# full and ok.  Ballast beyond the device's local memory is refused with a reason, and a copy
# that drops the tail past the last whole word is caught.
source "$(dirname "$0")/lib.sh"

# check_rows CSV COUNT: every row ok, every element verified, the parameters built in.
check_rows() {
    python3 - "$1" "$2" <<'PY' || fail "unexpected CSV rows"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert len(rows) == int(sys.argv[2]), len(rows)
for r in rows:
    assert r["status"] == "ok", r
    assert int(r["verified_elements"]) == int(r["size"]), r
    for p in r["params"].split():
        assert "-D" + p in r["build_options"], r
PY
}

run -d cpu -k copy_ilp -n 1,17,1000,1000003 -D ILP=1,2,4,8 -D VEC=1,4,16 "${QUICK[@]}" --format csv
expect_rc 0
check_rows "$TMP/stdout" $((4 * 4 * 3))
# Non-temporal stores, in the whole-group and the guarded paths.
run -d cpu -k copy_ilp -n 17,1000003 -D ILP=1,8 -D VEC=4,16 -D NT=1 "${QUICK[@]}" --format csv
expect_rc 0
check_rows "$TMP/stdout" $((2 * 2 * 2))

# Small work-groups with and without ballast (the trailing __local argument), odd VEC widths.
run -d cpu -k copy_ilp -n 17,4099 -D ILP=2,8 -D VEC=2,8 -D WGS=32,64 -D OCC_KIB=0,8 \
    "${QUICK[@]}" --format csv
expect_rc 0
check_rows "$TMP/stdout" $((2 * 2 * 2 * 2 * 2))

# More ballast than the device has: refused by the limits check, not by OpenCL.
run -d cpu -k copy_ilp -n 1000 -D OCC_KIB=65536 "${QUICK[@]}"
expect_rc 1
expect_stdout_has "over_limits: needs 65536.0 KiB of local memory"
grep -qE "CL_INVALID|CL_OUT_OF|clEnqueue|clSetKernelArg" "$TMP/stderr" && fail "an OpenCL error for a limit the runner should check"
run -d cpu -k copy_ilp -D ILP=3 "${QUICK[@]}"
expect_rc 2
expect_stderr_has "allowed: 1,2,4,8"

# A copy without the tail loop leaves n % VEC floats as the NaN poison.
mkdir "$TMP/cl"
cp "$CLBENCH_SOURCE_DIR"/cl/*.cl "$CLBENCH_SOURCE_DIR"/cl/*.h "$TMP/cl/"
sed -i 's/for (uint t = words \* VEC; t < (uint)n; t++)/for (uint t = words * VEC; t < 0; t++)/' \
    "$TMP/cl/copy.cl"
cmp -s "$TMP/cl/copy.cl" "$CLBENCH_SOURCE_DIR/cl/copy.cl" && fail "sabotage did not apply"
run -d cpu --cl-dir "$TMP/cl" -k copy_ilp -n 1000003 -D VEC=4 "${QUICK[@]}"
expect_rc 1
expect_stdout_has "verify_failed"
echo "copy: ok"
