# No kernel of cl/ declares a private array inside a loop that holds a barrier: PoCL 5.0 now
# and then compiles such a kernel wrongly (results/README.md, "PoCL 5.0 and private arrays").
# The check itself must find the pattern in a kernel that has it, nested or not.
source "$(dirname "$0")/lib.sh"
check=(python3 "$CLBENCH_SOURCE_DIR/tests/cli/private_arrays.py")

cat >"$TMP/bad.cl" <<'CL'
__kernel void bad(__global float *out)
{
    __local float tile[64];
    float keep[4];
    for (int k0 = 0; k0 < 64; k0 += 16) {
        tile[get_local_id(0)] = k0;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < 16; k++) {
            float b[4];

            b[0] = tile[k];
            keep[0] += b[0];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int i = 0; i < 4; i++) {
        float c[2];

        c[0] = keep[i];
        out[i] = c[0];
    }
}
CL
"${check[@]}" "$TMP/bad.cl" >"$TMP/found" && fail "the check missed the private array in a barrier loop"
grep -q "bad.cl:9: private array 'b'" "$TMP/found" || fail "the check named $(cat "$TMP/found")"
[ "$(wc -l <"$TMP/found")" -eq 1 ] || fail "the check flagged arrays outside barrier loops: $(cat "$TMP/found")"

"${check[@]}" "$CLBENCH_SOURCE_DIR"/cl/*.cl "$CLBENCH_SOURCE_DIR"/cl/examples/*.cl >"$TMP/found" ||
    fail "kernels declare private arrays inside barrier loops: $(cat "$TMP/found")"
echo "ok"
