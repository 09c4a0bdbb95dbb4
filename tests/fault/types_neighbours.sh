# A kernel needing an extension the device lacks is `unsupported`, and its neighbours in the
# same file still build and run (README "Your own kernels"): a float kernel beside a half one
# on PoCL (no cl_khr_fp16), beside a double one on Rusticl's llvmpipe (no cl_khr_fp64) when
# Rusticl is registered.
source "$(dirname "$0")/../cli/lib.sh"

cat >"$TMP/mixed.cl" <<'CL'
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
/* clbench:kernel saxpy
 *   contract   generic
 *   dims       N
 *   arg        n   int = N
 *   arg        x   float[N] in random
 *   arg        y   float[N] out
 *   global     N
 */
__kernel void saxpy(const int n, __global const float *x, __global float *y)
{
    y[get_global_id(0)] = 2.0f * x[get_global_id(0)]; /* a brace in a comment: } */
}

/* clbench:kernel daxpy
 *   contract   generic
 *   dims       N
 *   arg        n   int = N
 *   arg        x   double[N] in random
 *   arg        y   double[N] out
 *   global     N
 */
__kernel void daxpy(const int n, __global const double *x, __global double *y)
{
    if (n > 0) {
        y[get_global_id(0)] = 2.0 * x[get_global_id(0)];
    }
}

/* clbench:kernel haxpy
 *   contract   generic
 *   dims       N
 *   arg        n   int = N
 *   arg        x   half[N] in random
 *   arg        y   half[N] out
 *   global     N
 */
__kernel void haxpy(const int n, __global const half *x, __global half *y)
{
    y[get_global_id(0)] = (half)2.0 * x[get_global_id(0)];
}

/* clbench:kernel scopy
 *   contract   generic
 *   dims       N
 *   arg        n   int = N
 *   arg        x   float[N] in random
 *   arg        y   float[N] out
 *   global     N
 *   verify     saxpy
 */
__kernel void scopy(const int n, __global const float *x, __global float *y)
{
    y[get_global_id(0)] = x[get_global_id(0)] * 2.0f;
}
CL

# status_of JSON KERNEL: the status of the kernel's row, with its reason.
check_rows() {
    python3 - "$1" "$2" <<'PY' || fail "rows of mixed.cl on $2"
import json, sys
rows = {r["kernel"]: r for r in json.load(open(sys.argv[1]))["rows"]}
missing = sys.argv[2]
for k in ("saxpy", "scopy"):
    assert rows[k]["status"] in ("ok", "unverified"), (k, rows[k]["status"], rows[k].get("reason"))
assert rows["scopy"]["status"] == "ok", rows["scopy"]
lacking = {"cl_khr_fp16": "haxpy", "cl_khr_fp64": "daxpy"}[missing]
r = rows[lacking]
assert r["status"] == "unsupported" and missing in r["reason"], (lacking, r)
PY
}

run --kernel-file "$TMP/mixed.cl" -d cpu -n 1000 "${QUICK[@]}" -o "$TMP/pocl.json"
expect_rc 0
check_rows "$TMP/pocl.json" cl_khr_fp16

rusticl=$(grep -l libRusticlOpenCL /etc/OpenCL/vendors/*.icd 2>/dev/null | head -1)
if [ -n "$rusticl" ]; then
    mkdir -p "$TMP/rusticl" && cp "$rusticl" "$TMP/rusticl/"
    OCL_ICD_VENDORS=$TMP/rusticl RUSTICL_ENABLE=llvmpipe \
        run --kernel-file "$TMP/mixed.cl" -d all -n 1000 "${QUICK[@]}" -o "$TMP/rusticl.json"
    expect_rc 0
    check_rows "$TMP/rusticl.json" cl_khr_fp64
else
    echo "note: Rusticl is not registered: the double case ran nowhere"
fi
