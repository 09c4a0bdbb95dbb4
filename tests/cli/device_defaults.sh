# Defaults computed from the device (`param NAME = V device (EXPR) in ...`): --list-kernels
# without -d shows the expressions, with -d the values each device resolves; a run's rows say
# params_from: device default, and params_note where a value was clamped to an allowed one or
# an expression fell back (a division by zero here; a property the driver does not report is
# the unit test device_defaults_unreported_property_falls_back); -D for the kernel turns the
# device set off; a manifest naming an unknown property is refused with its line and column.
source "$(dirname "$0")/lib.sh"

run -l -f json
expect_rc 0
native=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["devices"][0]["native_vector_width_float"])' "$TMP/stdout")
# matmul_cpu: the AVX-512 block where PoCL's native float width is 16, the AVX2 one elsewhere.
# In double the same registers: VN halves.
if [ "$native" -ge 16 ]; then want="MR=8 VN=16 NV=2 RB=16 KB=256 WGM=4"; else want="MR=4 VN=8 NV=2 RB=32 KB=256 WGM=1"; fi
if [ "$native" -ge 16 ]; then want_double="MR=8 VN=8 NV=2 RB=16 KB=256 WGM=4"; else want_double="MR=4 VN=4 NV=2 RB=32 KB=256 WGM=1"; fi

run --list-kernels
expect_rc 0
expect_stdout_has "-D MR=8 (device: is_cpu && native_vector_width_float < 16 ? 4 : 8)  (1,2,3,4,6,8,12,16,24,32)"
expect_stdout_lacks " on 0:0 "
run --list-kernels -d cpu
expect_rc 0
expect_stdout_has " (float, 1024): $want (device default)"
expect_stdout_has ": ILP=8 VEC=16 WGS=256 OCC_KIB=0 NT=1 (device default)"
expect_stdout_has ": WGX=16 WGY=16 (default)"
# Each --type at the first -n: copy_ilp's 64-byte word is 8 doubles.
run --list-kernels -d cpu --type float,double -n 100,200
expect_rc 0
expect_stdout_has " (double, 100): $want_double (device default)"
expect_stdout_has " (float, 100): $want (device default)"
expect_stdout_has " (double, 100): ILP=8 VEC=8 WGS=256 OCC_KIB=0 NT=1 (device default)"
run --list-kernels -d no-such-device
expect_rc 1

cat >"$TMP/dd.cl" <<'CL'
/* clbench:kernel dd_vadd
 *   contract vadd
 *   global   round_up(N, WGS)
 *   local    WGS
 *   param    WGS = 64 device (compute_units * 1000) in 1..256 "work-group size"
 *   param    VEC = 1 device (4 / (is_cpu - 1)) in 1,2,4 "never used: 4 / 0 on a CPU"
 */
__kernel void dd_vadd(const int n, __global const float *a, __global const float *b,
                      __global float *c)
{
    const int i = get_global_id(0);

    if (i < n)
        c[i] = a[i] + b[i];
}
CL
run -d cpu -k "dd_vadd@$TMP/dd.cl" -n 1000 "${QUICK[@]}" -o "$TMP/dd.json"
expect_rc 0
python3 - "$TMP/dd.json" <<'PY' || fail "device defaults in the run file"
import json, sys
r = json.load(open(sys.argv[1]))["rows"][0]
assert r["params_from"] == "device default", r
assert r["params"] == {"WGS": 256, "VEC": 1}, r["params"]
note = r["params_note"]
assert "WGS: device default %d is not in 1..256; nearest 256 used" % (json.load(open(sys.argv[1]))["devices"][0]["compute_units"] * 1000) in note, note
assert "VEC: device default (4 / (is_cpu - 1)) failed at column 3: division by zero; 1 used" in note, note
PY
run --list-kernels -d cpu --kernel-file "$TMP/dd.cl"
expect_stdout_has ": WGS=256 VEC=1 (device default); WGS: device default"
run -d cpu -k "dd_vadd@$TMP/dd.cl" -D WGS=32 -n 1000 "${QUICK[@]}" -f json
expect_rc 0
expect_stdout_has '"params_from":	"command line"'
expect_stdout_lacks '"params_note"'

# Each row its own: the element size and the size are variables (REAL_SIZE, N); the rows
# run in the workers with them (dd_vadd's code is float's: its double rows are unsupported).
sed -e 's/compute_units \* 1000/N < 500 ? 16 : 256 \/ REAL_SIZE/' -e 's/4 \/ (is_cpu - 1)/1/' \
    -e 's/^ \*   contract vadd$/ *   contract vadd\n *   types    float/' "$TMP/dd.cl" >"$TMP/rows.cl"
run -d cpu -k "dd_vadd@$TMP/rows.cl,copy_ilp" -n 100,1000 --type float,double "${QUICK[@]}" -f json
expect_rc 0
python3 - "$TMP/stdout" <<'PY' || fail "defaults per type and size"
import json, sys
rows = json.load(open(sys.argv[1]))["rows"]
got = [(r["kernel"], r.get("type"), r["size"][0], r["params"].get("WGS"), r["params"].get("VEC"),
        r["params_from"]) for r in rows if r["status"] == "ok"]
d = "device default"
assert got == [("dd_vadd", "float", 100, 16, 1, d), ("dd_vadd", "float", 1000, 64, 1, d),
               ("copy_ilp", "float", 100, 256, 16, d), ("copy_ilp", "float", 1000, 256, 16, d),
               ("copy_ilp", "double", 100, 256, 8, d), ("copy_ilp", "double", 1000, 256, 8, d)], got
PY

sed 's/compute_units \* 1000/simd_width/' "$TMP/dd.cl" >"$TMP/bad.cl"
run -d cpu -k "dd_vadd@$TMP/bad.cl" -n 1000 "${QUICK[@]}"
expect_rc 2
expect_stderr_has "bad.cl:5:32: param WGS: device default: unknown variable 'simd_width'"
echo "device_defaults: ok"
