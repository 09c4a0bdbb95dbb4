# Verification the poison cannot fool (README "Your own kernels"): an output element that a
# kernel never writes fails verify_failed, naming it, for every element type and whether or not
# a reference checks it, even when the reference skips the same element (the poison equals
# the poison); a kernel that writes the poison's own value everywhere is not called unwritten.
source "$(dirname "$0")/../cli/lib.sh"

# One kernel per type skipping the last element, its reference skipping it too; the same
# kernel writing nothing at all without a reference.
{
    echo '#pragma OPENCL EXTENSION cl_khr_fp64 : enable'
    echo '#pragma OPENCL EXTENSION cl_khr_fp16 : enable'
    for t in char uchar short ushort int uint long ulong half float double; do
        for k in "skip_$t" "skip_${t}_ref"; do
            verify=""
            [ "$k" = "skip_$t" ] && verify=" *   verify     skip_${t}_ref"
            cat <<CL
/* clbench:kernel $k
 *   contract   generic
 *   dims       N
 *   size       cpu 37 gpu 37
 *   arg        n   int = N
 *   arg        a   $t[N] in iota
 *   arg        c   $t[N] out
 *   global     N
$verify
 */
__kernel void $k(const int n, __global const $t *a, __global $t *c)
{
    const int i = get_global_id(0);
    if (i < n - 1)
        c[i] = a[i];
}
CL
        done
        cat <<CL
/* clbench:kernel none_$t
 *   contract   generic
 *   dims       N
 *   size       cpu 37 gpu 37
 *   arg        n   int = N
 *   arg        c   $t[N] out
 *   global     N
 */
__kernel void none_$t(const int n, __global $t *c) { }
CL
    done
    # The poison's own value written everywhere: the second launch writes it again.
    cat <<'CL'
/* clbench:kernel poison_uchar
 *   contract   generic
 *   dims       N
 *   size       cpu 37 gpu 37
 *   arg        n   int = N
 *   arg        c   uchar[N] out
 *   global     N
 */
__kernel void poison_uchar(const int n, __global uchar *c) { c[get_global_id(0)] = 0xa5; }

/* clbench:kernel poison_int
 *   contract   generic
 *   dims       N
 *   size       cpu 37 gpu 37
 *   arg        n   int = N
 *   arg        c   int[N] out
 *   global     N
 *   verify     poison_int_ref
 */
__kernel void poison_int(const int n, __global int *c) { c[get_global_id(0)] = -2147460518; }

/* clbench:kernel poison_int_ref
 *   contract   generic
 *   dims       N
 *   arg        n   int = N
 *   arg        c   int[N] out
 *   global     N
 */
__kernel void poison_int_ref(const int n, __global int *c) { c[get_global_id(0)] = -2147460518; }
CL
} >"$TMP/unwritten.cl"
kernels=$(grep -o 'clbench:kernel [a-z_]*' "$TMP/unwritten.cl" | cut -d' ' -f2 | grep -v _ref | paste -sd,)

run --kernel-file "$TMP/unwritten.cl" -k "$kernels" -d cpu -n 37 "${QUICK[@]}" -o "$TMP/u.json"
expect_rc 1
python3 - "$TMP/u.json" <<'PY' || fail "unwritten elements"
import json, sys
doc = json.load(open(sys.argv[1]))
rows = {r["kernel"]: r for r in doc["rows"]}
fp16 = "cl_khr_fp16" in doc["devices"][0].get("extensions", "cl_khr_fp16")
for t in "char uchar short ushort int uint long ulong half float double".split():
    for k, where in (("skip_" + t, "(at [36])"), ("none_" + t, "(at [0], [1], [2], ...)")):
        r = rows[k]
        if t == "half" and r["status"] == "unsupported":
            continue
        assert r["status"] == "verify_failed", (k, r["status"], r.get("reason"))
        want = "of 37 elements of output 'c' never written " + where
        assert want in r["reason"], (k, r["reason"])
        assert "gflops" not in r or r["gflops"] is None, k
assert rows["poison_uchar"]["status"] == "unverified", rows["poison_uchar"]
assert rows["poison_int"]["status"] == "ok", rows["poison_int"]
PY
expect_stderr_has "skip_int ($TMP/unwritten.cl)  37: verify_failed: 1 of 37 elements of output 'c' never written (at [36])"
