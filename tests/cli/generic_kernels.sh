# The generic contract end to end on PoCL: the examples in cl/examples/ verify against their
# reference kernels (floats within a tolerance, ints exactly, a reference on another device),
# references themselves run and are reported unverified (exit 0, never ok), a stencil without
# its halo fails verification (exit 1), and every broken check gives one clear line.
source "$(dirname "$0")/lib.sh"

EX="$CLBENCH_SOURCE_DIR/cl/examples"

# rows CSV STATUS...: the rows' statuses, in order.
rows() {
    python3 - "$TMP/stdout" "$@" <<'PY' || fail "unexpected rows"
import csv, sys
got = [r["status"] for r in csv.DictReader(open(sys.argv[1]))]
assert got == sys.argv[2:], got
PY
}

# The reduction at sizes that are and are not multiples of the work-group, over work-groups.
run -d cpu --kernel-file "$EX/reduce.cl" -n 1,1000,100003 -D WGS=32,256,512 "${QUICK[@]}" \
    --format csv
expect_rc 0
rows $(printf 'ok %.0s' $(seq 9)) $(printf 'unverified %.0s' $(seq 9))
# The table says unverified, never ok, for the reference (it has nothing to be checked against).
run -d cpu --kernel-file "$EX/reduce.cl" -n 4099 "${QUICK[@]}"
expect_rc 0
grep -qE '^reduce_local +4099 \| +[0-9.]+ +[0-9.]+ ' "$TMP/stdout" || fail "reduce_local not ok"
grep -qE '^reduce_ref +4099 \| +[0-9.e-]+ +unverified' "$TMP/stdout" || fail "reduce_ref not unverified"

# The stencil over tiles, at sizes that cut tiles; every element compared with stencil_ref.
run -d cpu --kernel-file "$EX/stencil.cl" -k stencil_local -n 1x1,17x5,100x37 -D TS=8,16 \
    "${QUICK[@]}" --format json
expect_rc 0
python3 - "$TMP/stdout" <<'PY' || fail "stencil rows"
import json, sys
run = json.load(open(sys.argv[1]))
rows = run["rows"]
names = {d["id"]: d["name"] for d in run["devices"]}
assert len(rows) == 6, len(rows)
for r in rows:
    v = r["verification"]
    assert r["status"] == "ok", r
    # The device that ran the reference, by name (the row's own: no `on DEVICE`).
    assert v["reference"] == "stencil_ref" and v["reference_device"] == names[r["device"]], v
    assert v["reference_selector"] is None, v
    assert v["checked"] == r["size"][0] * r["size"][1] and v["failures"] == 0, v
PY

# Ints exactly, with the reference on the `cpu` selector; the inout histogram starts at zero.
sed 's/verify     histogram_ref exact/verify     histogram_ref on cpu exact/' \
    "$EX/histogram.cl" >"$TMP/on_cpu.cl"
run -d cpu --kernel-file "$TMP/on_cpu.cl" -n 1,100003 "${QUICK[@]}" --format json
expect_rc 0
python3 - "$TMP/stdout" <<'PY' || fail "histogram rows"
import json, sys
rows = json.load(open(sys.argv[1]))["rows"]
assert [r["status"] for r in rows] == ["ok", "ok", "unverified", "unverified"], rows
v = rows[1]["verification"]
assert v["exact"] and v["reference_selector"] == "cpu" and v["checked"] == 256, v
assert v["reference_device"] not in ("", "cpu", "same"), v
PY
# One count off is a failure: no tolerance for ints.
sed -e '/atomic_inc(&hist\[values\[i\] % BINS\]);/a\    if (i == 0)\n        atomic_inc(&hist[7]);' \
    "$EX/histogram.cl" >"$TMP/off_by_one.cl"
run -d cpu --kernel-file "$TMP/off_by_one.cl" -k histogram_local -n 1000 "${QUICK[@]}"
expect_rc 1
expect_stderr_has "verify_failed: 1 of 256 elements wrong after the first launch against reference 'histogram_ref'; worst hist[7]"
expect_stderr_has ", exact)"

# The deliberately wrong stencil: its tile lacks the halo.
run -d cpu --kernel-file "$EX/wrong_stencil.cl" -k wrong_stencil -n 64x48 "${QUICK[@]}"
expect_rc 1
expect_stdout_has "FAILED  verify_failed"
expect_stdout_has ": verify_failed: "
expect_stderr_has "elements wrong after the first launch against reference 'stencil_ref'; worst out["
expect_one_error_line

# A reference on another device: PoCL can show its basic and pthread drivers as two devices.
export POCL_DEVICES="basic pthread"
sed 's/histogram_ref exact/histogram_ref on basic exact/' "$EX/histogram.cl" \
    >"$TMP/on_basic.cl"
run --list
if grep -q '^  0:1 ' "$TMP/stdout"; then
    run -d all --kernel-file "$TMP/on_basic.cl" -k histogram_local -n 10007 "${QUICK[@]}" \
        --format csv
    expect_rc 0
    rows ok ok
else
    echo "note: PoCL shows no second device; the reference on another device is not tested" >&2
fi
unset POCL_DEVICES

# Bad checks: one line each, the row failed, the run exit 1 (2 for a malformed manifest).
sed 's/histogram_ref exact/histogram_ref on accelerator exact/' "$EX/histogram.cl" \
    >"$TMP/no_device.cl"
run -d cpu --kernel-file "$TMP/no_device.cl" -k histogram_local -n 1000 "${QUICK[@]}"
expect_rc 1
expect_one_error_line
expect_stderr_has "verify_failed: reference 'histogram_ref' cannot run: no device matches 'accelerator' for the reference (see clbench --list;"

sed 's/histogram_ref exact/missing_ref exact/' "$EX/histogram.cl" >"$TMP/missing.cl"
run -d cpu --kernel-file "$TMP/missing.cl" -k histogram_local -n 1000 "${QUICK[@]}"
expect_rc 2
expect_one_error_line
expect_stderr_has "verify: no manifest for reference kernel 'missing_ref'"

python3 - "$EX/histogram.cl" "$TMP/other_args.cl" <<'PY'
import sys
s = open(sys.argv[1]).read()
i = s.index("clbench:kernel histogram_ref")
open(sys.argv[2], "w").write(s[:i] + s[i:].replace("int[256] inout", "int[255] inout", 1))
PY
run -d cpu --kernel-file "$TMP/other_args.cl" -k histogram_local -n 1000 "${QUICK[@]}"
expect_rc 1
expect_one_error_line
expect_stderr_has "reference 'histogram_ref' does not take the same arguments: argument 3 'hist' is int[256] inout here but int[255] inout there"

# A reference that does not build: the row fails with the compiler's words.
cat >"$TMP/broken_ref.cl" <<'CL'
/* clbench:kernel broken_ref
 *   contract generic
 *   dims     N
 *   arg      n   int = N
 *   arg      out float[N] out
 *   global   N
 */
__kernel void broken_ref(const int n, __global float *out) { out[get_global_id(0)] = oops; }
CL
cat >"$TMP/uses_broken.cl" <<'CL'
/* clbench:kernel fill_one
 *   contract generic
 *   dims     N
 *   arg      n   int = N
 *   arg      out float[N] out
 *   global   N
 *   verify   broken_ref in broken_ref.cl
 */
__kernel void fill_one(const int n, __global float *out) { out[get_global_id(0)] = 1.0f; }
CL
run -d cpu --kernel-file "$TMP/uses_broken.cl" -k fill_one -n 100 "${QUICK[@]}"
expect_rc 1
expect_stdout_has ": build_failed: reference 'broken_ref': build failed: "

# Without a reference, an output element the kernel never writes still fails (the poison).
cat >"$TMP/half.cl" <<'CL'
/* clbench:kernel write_half
 *   contract generic
 *   dims     N
 *   arg      n   int = N
 *   arg      out int[N] out
 *   global   N
 */
__kernel void write_half(const int n, __global int *out)
{
    const int i = get_global_id(0);

    if (i % 2 == 0)
        out[i] = i;
}
CL
run -d cpu --kernel-file "$TMP/half.cl" -n 100 "${QUICK[@]}"
expect_rc 1
expect_stderr_has "verify_failed: 50 of 100 elements of output 'out' never written (at [1], [3], [5], ...)"

# --list-kernels names a generic kernel's sizes as its `dims` line does.
cat >"$TMP/rows_cols.cl" <<'CL'
/* clbench:kernel fill_grid
 *   contract generic
 *   dims     ROWS COLS
 *   arg      cols int = COLS
 *   arg      out  float[ROWS * COLS] out
 *   global   COLS, ROWS
 *   size     cpu 64x32 gpu 1024
 */
__kernel void fill_grid(const int cols, __global float *out)
{
    out[get_global_id(1) * cols + get_global_id(0)] = 1.0f;
}
CL
run --kernel-file "$TMP/rows_cols.cl" --list-kernels
expect_rc 0
expect_stdout_has "size ROWSxCOLS, default 64x32 (cpu) / 1024 (gpu)"

# Without `flops` or `bytes` a verified row has a time but no throughput: `-`, never 0 GB/s.
cat >"$TMP/no_work.cl" <<'CL'
/* clbench:kernel twice
 *   contract generic
 *   dims     N
 *   arg      n   int = N
 *   arg      in  float[N] in
 *   arg      out float[N] out
 *   global   N
 *   verify   twice_ref
 */
__kernel void twice(const int n, __global const float *in, __global float *out)
{
    out[get_global_id(0)] = 2.0f * in[get_global_id(0)];
}
/* clbench:kernel twice_ref
 *   contract generic
 *   dims     N
 *   arg      n   int = N
 *   arg      in  float[N] in
 *   arg      out float[N] out
 *   global   N
 */
__kernel void twice_ref(const int n, __global const float *in, __global float *out)
{
    out[get_global_id(0)] = in[get_global_id(0)] + in[get_global_id(0)];
}
CL
run -d cpu --kernel-file "$TMP/no_work.cl" -k twice -n 100 "${QUICK[@]}" -o "$TMP/no_work.json"
expect_rc 0
run report "$TMP/no_work.json"
expect_rc 0
grep -qE '^twice +100 +\| +[0-9.e-]+ +- +-$' "$TMP/stdout" || fail "report: a throughput without work"
run -d cpu --kernel-file "$TMP/no_work.cl" -k twice -n 100 "${QUICK[@]}"
grep -qE '^twice +100 +\| +[0-9.e-]+ +- +-$' "$TMP/stdout" || fail "table: a throughput without work"

# A generic file named like a built-in family is a family of its own (its name with .cl),
# and rows of another metric than their group's say their unit.
mkdir -p "$TMP/fam"
sed 's|^ \*   verify   twice_ref$| *   bytes    8 * N\n&|' "$TMP/no_work.cl" |
    python3 -c 'import sys; s = sys.stdin.read(); i = s.index("clbench:kernel twice_ref");
print(s[:i] + s[i:].replace(" */", " *   flops    N\n *   verify   twice\n */", 1), end="")' \
    >"$TMP/fam/matmul.cl"
run -d cpu --kernel-file "$TMP/fam/matmul.cl" -k matmul.cl -n 100 "${QUICK[@]}" -o "$TMP/fam.json"
expect_rc 0
run report "$TMP/fam.json"
expect_stdout_has "matmul.cl (GB/s)"
grep -qE '^twice_ref +100 +\| +[0-9.e-]+ +[0-9.e-]+ GFLOP/s +-$' "$TMP/stdout" ||
    fail "a row of another metric than its group's"
run -d cpu --kernel-file "$TMP/fam/matmul.cl" -k matmul -n 16 "${QUICK[@]}" --format csv
expect_rc 0
! grep -q twice "$TMP/stdout" || fail "-k matmul selected a generic kernel of matmul.cl"

# Unverified rows go through the run file, the report and --resume as unverified.
run -d cpu --kernel-file "$EX/reduce.cl" -n 1000 "${QUICK[@]}" -o "$TMP/run.json"
expect_rc 0
run report "$TMP/run.json"
expect_rc 0
expect_stdout_has "reduce_ref WGS=256 1000: unverified: no \`verify\` line in its manifest"
run -d cpu --kernel-file "$EX/reduce.cl" -n 1000 "${QUICK[@]}" --resume "$TMP/run.json" \
    --format csv
expect_rc 0
expect_stderr_has "resuming: 2 of 2 rows already done"
rows ok unverified
