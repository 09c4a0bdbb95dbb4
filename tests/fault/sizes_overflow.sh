# Work the driver cannot be given (README "Your own kernels"): a global size of more work-items
# than a 64-bit count holds is `invalid`, never launched (PoCL asserted, the row `crashed`); a
# negative `flops` or `bytes` is an error naming the manifest line at load, `invalid` at a size
# where it turns negative; no row has a negative throughput.
source "$(dirname "$0")/../cli/lib.sh"

kernel() { # NAME GLOBAL FLOPS
    cat <<CL
/* clbench:kernel $1
 *   contract   generic
 *   dims       N
 *   size       cpu 64 gpu 64
 *   arg        n   int = N
 *   arg        y   float[N] out
 *   global     $2
 *   flops      $3
 */
__kernel void $1(const int n, __global float *y)
{
    if (get_global_id(0) < n && get_global_id(1) == 0 && get_global_id(2) == 0)
        y[get_global_id(0)] = 1.0f;
}
CL
}
{
    kernel wide2d "4294967296, 4294967296" N
    kernel wide3d "N * 16384, 1099511627776, 1099511627776" N
    kernel fewer "N" "100 - N"
    kernel fine "N" "N"
} >"$TMP/sizes.cl"

run --kernel-file "$TMP/sizes.cl" -d cpu -n 64,1000 "${QUICK[@]}" -o "$TMP/sizes.json"
expect_rc 1
expect_stderr_lacks "crashed"
python3 - "$TMP/sizes.json" <<'PY' || fail "rows of sizes.cl"
import json, sys
rows = {(r["kernel"], r["size"][0]): r for r in json.load(open(sys.argv[1]))["rows"]}
for k in ("wide2d", "wide3d"):
    for n in (64, 1000):
        r = rows[(k, n)]
        assert r["status"] == "invalid", r
        assert "work-items, more than a 64-bit count holds (2^63)" in r["reason"], r["reason"]
assert "4294967296 x 4294967296 is 1.84e+19 work-items" in rows[("wide2d", 64)]["reason"]
assert rows[("fewer", 64)]["status"] in ("ok", "unverified"), rows[("fewer", 64)]
r = rows[("fewer", 1000)]
assert r["status"] == "invalid" and "flops `100 - N` is -900: a count of operations cannot be negative" in r["reason"], r
for r in rows.values():
    assert (r.get("gflops") or 0) >= 0 and (r.get("gbs") or 0) >= 0, r
PY

# Negative at the default size: an error naming the line, before anything runs.
sed 's/^ \*   flops      100 - N$/ *   flops      -N/' "$TMP/sizes.cl" >"$TMP/negative.cl"
run --kernel-file "$TMP/negative.cl" -d cpu "${QUICK[@]}" -o "$TMP/negative.json"
expect_rc 2
expect_one_error_line
expect_stderr_has "negative.cl:36: flops \`-N\` is -64: a count of operations cannot be negative"
[ ! -e "$TMP/negative.json" ] || fail "a run file was written"
