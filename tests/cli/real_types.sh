# --type (docs/kernels.md, "Types: float, double, half"): every family's kernels built in double verify
# on PoCL's CPU device (cl_khr_fp64) and say so in the run file, in the worker processes and
# without them; half, which no device here lists, is `unsupported` naming cl_khr_fp16; a
# manifest's `types` line refuses another type with the reason, and an unknown type name in it
# is one line with its column; a bad --type is one line and exit 2; --resume keeps the rows of
# two types apart.
source "$(dirname "$0")/lib.sh"

# The four families whole in the worker processes (their library rows: the dgemm_* ones); one
# kernel of each in the supervisor's own process.
ALL=vadd,vadd_local,copy,transpose,matmul
FEW=vadd,copy_ilp,transpose_tiled,matmul_fast

# ---- double rows of every family verify, with workers and without --------------------------
for workers in 1 0; do
    kernels=$([ $workers = 1 ] && echo $ALL || echo $FEW)
    CLBENCH_WORKERS=$workers run -k "$kernels" -d cpu -n 67 --type double "${QUICK[@]}" \
        -o "$TMP/double$workers.json"
    expect_rc 0
    python3 - "$TMP/double$workers.json" "$kernels" <<'PY' || fail "double rows (CLBENCH_WORKERS=$workers)"
import json, sys
rows = json.load(open(sys.argv[1]))["rows"]
names = [r["kernel"] for r in rows]
if "," in sys.argv[2] and "matmul" in sys.argv[2].split(","):
    assert len(rows) == 19 and "matmul_cached" in names and "transpose_diagonal" in names, names
    assert not [n for n in names if n.startswith("sgemm_")], names
    libraries = [r for r in rows if r["kernel"].startswith("dgemm_")]
    assert len(libraries) == 3 and all(r["status"] in ("ok", "unavailable") for r in libraries), libraries
    rows = [r for r in rows if r not in libraries]
else:
    assert sorted(names) == sorted(sys.argv[2].split(",")), names
for r in rows:
    assert r["type"] == "double", r
    assert r["status"] == "ok", (r["kernel"], r["status"], r["reason"])
    assert "-DREAL=double" in r["build_options"], r["build_options"]
    # double's bound: a few units of 2^-52, not float's 2^-23
    assert r["verification"]["tolerance"] < 1e-12, r["verification"]
PY
done

# The work model counts bytes of the type: a double copy moves twice a float copy's bytes.
run -k copy_ilp -d cpu -n 4096 "${QUICK[@]}" -o "$TMP/float.json"
expect_rc 0
python3 - "$TMP/float.json" "$TMP/double1.json" <<'PY' || fail "bytes of the type"
import json, sys
f = json.load(open(sys.argv[1]))["rows"][0]
assert f["type"] == "float" and "-DREAL=float" in f["build_options"], f
d = [r for r in json.load(open(sys.argv[2]))["rows"] if r["kernel"] == "vadd"][0]
# vadd at n = 67: 3 streams of 67 doubles
assert d["gbs"] == 0 or abs(d["gbs"] * d["stats"]["median_ms"] * 1e6 - 3 * 8 * 67) < 1, d
PY

# ---- half: no device here lists cl_khr_fp16 ---------------------------------------------------
if clinfo 2>/dev/null | grep -q "cl_khr_fp16"; then
    echo "SKIP unsupported half: a device here has cl_khr_fp16"
else
    run -k vadd,matmul_tiled -d cpu -n 64 --type half "${QUICK[@]}" -o "$TMP/half.json"
    expect_rc 0
    expect_stderr_has "unsupported: --type half needs cl_khr_fp16"
    python3 - "$TMP/half.json" <<'PY' || fail "half rows"
import json, sys
for r in json.load(open(sys.argv[1]))["rows"]:
    assert r["type"] == "half" and r["status"] == "unsupported" and "cl_khr_fp16" in r["reason"], r
PY
fi

# ---- bad --type --------------------------------------------------------------------------------
run --type quad -k vadd
expect_rc 2
expect_one_error_line
expect_stderr_has "unknown --type 'quad' (use float, double or half, or a comma list)"
run --type double,float,double -k vadd
expect_rc 2
expect_one_error_line
expect_stderr_has "--type names double twice"

# ---- one run in two types: each kernel's rows in each, a library row in its own alone -------
run -k vadd,copy_ilp,sgemm_openblas,dgemm_openblas -d cpu -n 64 --type float,double "${QUICK[@]}" \
    -o "$TMP/both.json"
expect_rc 0
python3 - "$TMP/both.json" <<'PY' || fail "float and double in one run"
import json, sys
rows = [(r["kernel"], r["type"]) for r in json.load(open(sys.argv[1]))["rows"]]
assert rows == [("vadd", "float"), ("vadd", "double"), ("copy_ilp", "float"), ("copy_ilp", "double"),
                ("sgemm_openblas", "float"), ("dgemm_openblas", "double")], rows
PY
# Resumed from itself, every row is found again, each by its own type.
run -k vadd,copy_ilp -d cpu -n 64 --type float,double "${QUICK[@]}" --resume "$TMP/both.json" \
    -o "$TMP/both2.json"
expect_rc 0
expect_stderr_has "resuming: 4 of 4 rows already done"

# ---- a manifest's `types` ---------------------------------------------------------------------
cat >"$TMP/only_float.cl" <<'EOF'
/* clbench:kernel vadd_float
 *   contract vadd
 *   global   N
 *   types    float
 */
__kernel void vadd_float(const int n, __global const float *a, __global const float *b,
                         __global float *c)
{
    const int i = get_global_id(0);
    if (i < n)
        c[i] = a[i] + b[i];
}
EOF
run --kernel-file "$TMP/only_float.cl" -d cpu -n 100 --type double "${QUICK[@]}" -o "$TMP/only.json"
expect_rc 0
expect_stderr_has "unsupported: vadd_float does not take --type double"
run --kernel-file "$TMP/only_float.cl" -d cpu -n 100 "${QUICK[@]}"
expect_rc 0
expect_stdout_has "vadd_float"
sed 's/types    float/types    float quad/' "$TMP/only_float.cl" >"$TMP/bad_types.cl"
run --kernel-file "$TMP/bad_types.cl" -d cpu
expect_rc 2
expect_one_error_line
expect_stderr_has "bad_types.cl:4:21: unknown type 'quad' in types"

# ---- a kernel declared as the built-in ones are: REAL arguments, a host reference -------------
# No contract: its `arg` lines follow --type, `verify host_vadd` checks it on a sample, its rows
# name their type; an unwritten element fails it, and `types` without a REAL argument is refused.
cat >"$TMP/declared.cl" <<'EOF'
#ifndef SKIP
#define SKIP 0
#endif
/* clbench:kernel add_declared
 *   dims     N
 *   arg      n int = N
 *   arg      a REAL[N] in
 *   arg      b REAL[N] in
 *   arg      c REAL[N] out
 *   bytes    3 * N * REAL_SIZE
 *   verify   host_vadd
 *   global   N
 *   param    SKIP = 0 in 0,1 "the last element left unwritten"
 */
__kernel void add_declared(const int n, __global const REAL *a, __global const REAL *b,
                           __global REAL *c)
{
    const int i = get_global_id(0);
    if (i < n - SKIP)
        c[i] = a[i] + b[i];
}
EOF
run --kernel-file "$TMP/declared.cl" -d cpu -n 1001 --type float,double "${QUICK[@]}" \
    -o "$TMP/declared.json"
expect_rc 0
python3 - "$TMP/declared.json" <<'PY' || fail "a declared REAL kernel's rows"
import json, sys
rows = json.load(open(sys.argv[1]))["rows"]
got = sorted((r["type"], r["status"], r["verification"]["checked"]) for r in rows)
assert got == [("double", "ok", 1001), ("float", "ok", 1001)], rows
PY
run --kernel-file "$TMP/declared.cl" -d cpu -n 1001 -D SKIP=1 "${QUICK[@]}"
expect_rc 1
expect_stderr_has "verify_failed: 1 of 1001 checked elements wrong"
sed -e 's/REAL\[N\]/float[N]/' -e 's/verify   host_vadd/types    float/' "$TMP/declared.cl" \
    >"$TMP/types_float.cl"
run --kernel-file "$TMP/types_float.cl" -d cpu
expect_rc 2
expect_stderr_has 'but no REAL argument: `types` names the types REAL takes'

# ---- --resume keys on the type: the float file does not stand in for the double rows ---------
run -k copy_ilp -d cpu -n 4096 --type double "${QUICK[@]}" --resume "$TMP/float.json" -o "$TMP/resumed.json"
expect_rc 0
python3 - "$TMP/resumed.json" <<'PY' || fail "resume across types"
import json, sys
rows = json.load(open(sys.argv[1]))["rows"]
assert [(r["type"], r.get("resumed", False)) for r in rows if r["kernel"] == "copy_ilp"] == [("double", False)], rows
PY
run -k copy_ilp -d cpu -n 4096 --type double "${QUICK[@]}" --resume "$TMP/resumed.json" -o "$TMP/again.json"
expect_rc 0
expect_stderr_has "resuming: 1 of 1 rows already done"

# ---- library rows: the dgemm_* twins of the sgemm_* rows run in double and verify like them
# (where this build has the library: else unavailable, as the sgemm rows); an sgemm row asked
# for in double is unsupported, and a double matmul's "vs lib" is against dgemm_openblas.
run -k matmul_tiled,dgemm_openblas,dgemm_clblast,dgemm_cublas,sgemm_openblas -d cpu -n 48 \
    --type double "${QUICK[@]}" -o "$TMP/dgemm.json"
expect_rc 0
expect_stderr_has "unsupported: sgemm_openblas does not take --type double: a library row computes in one type"
python3 - "$TMP/dgemm.json" <<'PY' || fail "dgemm rows"
import json, sys
rows = {r["kernel"]: r for r in json.load(open(sys.argv[1]))["rows"]}
for k in ("dgemm_openblas", "dgemm_clblast", "dgemm_cublas"):
    r = rows[k]
    assert r["type"] == "double", r
    assert r["status"] in ("ok", "unavailable"), (k, r["status"], r["reason"])
    if r["status"] == "ok":
        assert r["verification"]["passed"] and r["verification"]["tolerance"] < 1e-12, r
    else:
        print("SKIP %s: %s" % (k, r["reason"]))
assert "NVIDIA" in rows["dgemm_cublas"]["reason"] or rows["dgemm_cublas"]["reason"].startswith("built without"), rows["dgemm_cublas"]
assert rows["sgemm_openblas"]["status"] == "unsupported", rows["sgemm_openblas"]
PY
if python3 -c 'import json,sys; sys.exit(0 if [r for r in json.load(open(sys.argv[1]))["rows"] if r["kernel"] == "dgemm_openblas" and r["status"] == "ok"] else 1)' "$TMP/dgemm.json"; then
    run report "$TMP/dgemm.json"
    expect_rc 0
    grep -Eq "^matmul_tiled \(double\) .*x$" "$TMP/stdout" || fail "no vs lib for the double matmul"
fi

# The CSV view names the type as the tables do.
run -k vadd -d cpu -n 64 --type double "${QUICK[@]}" -f csv
expect_rc 0
expect_stdout_has ',"vadd (double)",'

# ---- the report: a double row is its own row, never the float row's partner -----------------
run -k vadd,vadd_local -d cpu -n 4096 "${QUICK[@]}" -o "$TMP/vf.json"
expect_rc 0
run -k vadd,vadd_local -d cpu -n 4096 --type double "${QUICK[@]}" -o "$TMP/vd.json"
expect_rc 0
run report "$TMP/vf.json" "$TMP/vd.json" --findings
expect_rc 0
expect_stdout_has "vadd_local (local memory) against vadd (none)"
expect_stdout_has "vadd_local (double) (local memory) against vadd (double) (none)"
grep -q "^local memory: .* on PoCL" "$TMP/stdout" || fail "no float verdict"
grep -q "^local memory (double): .* on PoCL" "$TMP/stdout" || fail "no double verdict"
run report "$TMP/vf.json" "$TMP/vd.json"
expect_rc 0
grep -Eq "^vadd \(double\) +4096 " "$TMP/stdout" || fail "the side-by-side has no double row"
grep -Eq "^vadd +4096 " "$TMP/stdout" || fail "the side-by-side has no float row"
# The comparison pairs no float row with a double one: every row is on one side only.
run report "$TMP/vd.json" --baseline "$TMP/vf.json"
expect_rc 0
expect_stdout_has "4 rows: 0 regressed, 0 faster, 4 on one side only"

echo "real_types: ok"
