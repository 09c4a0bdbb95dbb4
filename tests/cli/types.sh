# The types of the generic contract (docs/kernel-files.md, "The generic contract", its type table): the
# examples of every kind run and verify on every OpenCL implementation present (PoCL, and
# Rusticl's llvmpipe where Mesa is installed: an absent one is skipped with a message); a
# type the device lacks is a row `unsupported` naming the extension; every bad declaration is
# one line naming file, line and column (exit 2); the manifest's hygiene (UTF-8, a verify
# option given twice, a missing reference file).
source "$(dirname "$0")/lib.sh"
EX="$CLBENCH_SOURCE_DIR/cl/examples"

# ---- the examples, on each implementation ---------------------------------------------------
# Every device of every platform the ICD loader lists (CI registers PoCL, Rusticl and Oclgrind;
# here OCL_ICD_VENDORS picks them), each example at its own small odd size.  PoCL and Rusticl
# are the two this test is for: one that is absent is said so.
"$CLBENCH" --list >"$TMP/list" 2>/dev/null
for want in "Portable Computing Language" "rusticl"; do
    grep -q "^platform [0-9]*: $want" "$TMP/list" ||
        echo "SKIP $want: not registered with the ICD loader here (OCL_ICD_VENDORS, /etc/OpenCL/vendors)"
done
examples=("saxpy.cl 1001" "dgemm.cl 33x29x17" "box3_u8.cl 37x29" "reduce_long.cl 1001")
ran=0
while read -r id platform; do
    if [ "$platform" = "Oclgrind" ] && [ -n "${ASAN_OPTIONS:-}" ]; then
        echo "SKIP $id ($platform): not under the sanitizers (the normal build runs it)"
        continue
    fi
    for e in "${examples[@]}"; do
        read -r file size <<<"$e"
        run --kernel-file "$EX/$file" -d "$id" -n "$size" "${QUICK[@]}" -o "$TMP/ex_${file%.cl}.json"
        expect_rc 0
    done
    python3 - "$platform" "$TMP"/ex_*.json <<'PY' || fail "$id ($platform): example rows"
import json, sys
platform = sys.argv[1]
rows = {r["kernel"]: r for f in sys.argv[2:] for r in json.load(open(f))["rows"]}
want = {"saxpy_vec4": "ok", "saxpy": "unverified", "box3_u8_local": "ok", "box3_u8": "unverified",
        "reduce_long": "ok", "reduce_long_ref": "unverified"}
for k, s in want.items():
    assert rows[k]["status"] == s, rows[k]
d = rows["dgemm_tiled"]
if d["status"] == "ok":
    v = d["verification"]
    # double's default tolerances, every element compared with dgemm_naive's
    assert v["rtol"] == 1e-12 and v["atol"] == 1e-13 and v["checked"] == 33 * 29, v
else:
    # PoCL's CPU device has cl_khr_fp64; llvmpipe has not
    assert platform != "Portable Computing Language", d
    for k in ("dgemm_tiled", "dgemm_naive"):
        assert rows[k]["status"] == "unsupported" and "cl_khr_fp64" in rows[k]["reason"], rows[k]
# uchar and long exactly
for k in ("box3_u8_local", "reduce_long"):
    v = rows[k]["verification"]
    assert v["rtol"] == 0 and v["atol"] == 0 and v["failures"] == 0, v
assert rows["box3_u8_local"]["verification"]["checked"] == 37 * 29
print(platform, "double:", d["status"])
PY
    ran=$((ran + 1))
done < <(python3 - "$TMP/list" <<'PY'
import re, sys
platform = None
for line in open(sys.argv[1]):
    m = re.match(r"platform \d+: (\S+(?: \S+)*?) \(", line)
    if m:
        platform = m.group(1)
    m = re.match(r"  (\d+:\d+) ", line)
    if m:
        print(m.group(1), platform)
PY
)
[ "$ran" -ge 1 ] || fail "no device ran the examples"

# An 8-bit filter one grey level off in one pixel fails: uchar is compared exactly.
sed 's|^        out\[y \* w + x\] = (uchar)((sum + 4) / 9);|        out[y * w + x] = (uchar)((sum + 4) / 9 + (x == 3 \&\& y == 2));|' \
    "$EX/box3_u8.cl" >"$TMP/box_off.cl"
grep -q 'x == 3' "$TMP/box_off.cl" || fail "the planted error did not go in"
run -d cpu --kernel-file "$TMP/box_off.cl" -k box3_u8_local -n 37x29 "${QUICK[@]}"
expect_rc 1
expect_stderr_has "verify_failed: 1 of 1073 elements wrong"
# A 64-bit sum in a 32-bit accumulator fails (the inputs need 40 bits).
sed 's/^    long sum = 0;/    int sum = 0;/' "$EX/reduce_long.cl" >"$TMP/sum32.cl"
run -d cpu --kernel-file "$TMP/sum32.cl" -k reduce_long -n 1001 -D WGS=64 "${QUICK[@]}"
expect_rc 1
expect_stderr_has "verify_failed"

# One byte past a uchar output of odd length is caught by the guard after it, named.
cat >"$TMP/past.cl" <<'CL'
/* clbench:kernel past
 *   contract generic
 *   dims     N
 *   arg      n   int = N
 *   arg      out uchar[N] out
 *   global   N
 */
__kernel void past(const int n, __global uchar *out)
{
    const int i = get_global_id(0);

    out[i] = 1;
    if (i == n - 1)
        out[n] = 2;
}
CL
run -d cpu --kernel-file "$TMP/past.cl" -n 1001 "${QUICK[@]}"
expect_rc 1
expect_stderr_has "out_of_bounds: the kernel wrote 1 elements outside its output 'out' after the first launch (0 before it, 1 after; nearest at out[1001] of 1001)"

# ---- a type the device lacks: unsupported, naming the extension ------------------------------
cat >"$TMP/halves.cl" <<'CL'
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
/* clbench:kernel halves
 *   contract generic
 *   dims     N
 *   arg      n   int = N
 *   arg      x   half[N] in
 *   arg      out half[N] out
 *   global   N
 */
__kernel void halves(const int n, __global const half *x, __global half *out)
{
    const int i = get_global_id(0);

    if (i < n)
        out[i] = x[i] * (half)2;
}
CL
if clinfo 2>/dev/null | grep -q "cl_khr_fp16"; then
    echo "SKIP unsupported half: a device here has cl_khr_fp16"
else
    run -d cpu --kernel-file "$TMP/halves.cl" -n 100 "${QUICK[@]}" -o "$TMP/halves.json"
    expect_rc 0
    expect_stderr_has "unsupported: argument 'x' is half, which needs cl_khr_fp16"
    python3 -c 'import json,sys; r = json.load(open(sys.argv[1]))["rows"][0]; assert r["status"] == "unsupported" and "cl_khr_fp16" in r["reason"], r' \
        "$TMP/halves.json" || fail "half row"
fi

# A reference on a device without the extension cannot run: the row says which and why.
if grep -q "^platform [0-9]*: rusticl" "$TMP/list" && grep -q "^platform [0-9]*: Portable" "$TMP/list" &&
    [ -z "${ASAN_OPTIONS:-}" ]; then
    sed 's/^ \*   verify     dgemm_naive$/ *   verify     dgemm_naive on llvmpipe/' "$EX/dgemm.cl" >"$TMP/dgemm_on.cl"
    run -d pthread --kernel-file "$TMP/dgemm_on.cl" -k dgemm_tiled -n 17x9x5 "${QUICK[@]}"
    expect_rc 1
    expect_stderr_has "verify_failed: reference 'dgemm_naive' cannot run on llvmpipe"
    expect_stderr_has "argument 'a' needs cl_khr_fp64, which it lacks"
else
    echo "SKIP a reference on a device without cl_khr_fp64: needs PoCL and Rusticl registered"
fi

# ---- every scalar type, and exactly the declared type ---------------------------------------
cat >"$TMP/scalars.cl" <<'CL'
/* clbench:kernel scalars
 *   contract generic
 *   dims     N
 *   arg      c   char = -5
 *   arg      uc  uchar = 250
 *   arg      s   short = -30000
 *   arg      us  ushort = 60000
 *   arg      i   int = N
 *   arg      ui  uint = 4000000000
 *   arg      l   long = N * 4000000000
 *   arg      ul  ulong = 9000000000000000000
 *   arg      f   float = 0.25
 *   arg      out long[10] out
 *   global   1
 */
__kernel void scalars(char c, uchar uc, short s, ushort us, int i, uint ui, long l, ulong ul,
                      float f, __global long *out)
{
    out[0] = c; out[1] = uc; out[2] = s; out[3] = us; out[4] = i; out[5] = ui; out[6] = l;
    out[7] = (long)(ul / 1000); out[8] = (long)(f * 4); out[9] = sizeof(ulong);
}
/* clbench:kernel scalars_ref
 *   contract generic
 *   dims     N
 *   arg      c   char = -5
 *   arg      uc  uchar = 250
 *   arg      s   short = -30000
 *   arg      us  ushort = 60000
 *   arg      i   int = N
 *   arg      ui  uint = 4000000000
 *   arg      l   long = N * 4000000000
 *   arg      ul  ulong = 9000000000000000000
 *   arg      f   float = 0.25
 *   arg      out long[10] out
 *   global   1
 */
__kernel void scalars_ref(char c, uchar uc, short s, ushort us, int i, uint ui, long l, ulong ul,
                          float f, __global long *out)
{
    out[0] = -5; out[1] = 250; out[2] = -30000; out[3] = 60000; out[4] = 7;
    out[5] = 4000000000L; out[6] = 28000000000L; out[7] = 9000000000000000L; out[8] = 1;
    out[9] = 8;
}
CL
printf ' *   verify   scalars_ref\n' >"$TMP/verify_line"
sed '/^ \*   global   1$/{
r '"$TMP/verify_line"'
:a
n
ba
}' "$TMP/scalars.cl" >"$TMP/scalars_v.cl"
grep -q "verify   scalars_ref" "$TMP/scalars_v.cl" || fail "the verify line did not go in"
run -d cpu --kernel-file "$TMP/scalars_v.cl" -k scalars -n 7 "${QUICK[@]}"
expect_rc 0
# A `__global uint *` where the manifest says int[N]: refused, naming both types.
sed -e 's/__global long \*out/__global ulong *out/' "$TMP/scalars_v.cl" >"$TMP/wrongtype.cl"
run -d cpu --kernel-file "$TMP/wrongtype.cl" -k scalars -n 7 "${QUICK[@]}"
expect_rc 1
expect_stderr_has "argument 10 (out) is \`__global ulong*\` where its manifest passes \`__global long*\`"

# ---- bad declarations: one line naming file, line and column (exit 2) -----------------------
gen() { # gen NAME LINE...: a generic kernel whose manifest has the lines given
    local name=$1
    shift
    {
        echo "/* clbench:kernel $name"
        echo " *   contract generic"
        echo " *   dims     N"
        for l in "$@"; do echo " *   $l"; done
        echo " *   global   N"
        echo " */"
        echo "__kernel void $name(const int n) {}"
    } >"$TMP/$name.cl"
}
gen unknowntype "arg n int = N" "arg x quad[N] in"
gen floatint "arg n int = 2.5"
gen floatexpr "arg n int = N / 2.5"
gen overflow "arg n long = N * 4611686018427387904"
gen toolarge "arg n uchar = N"
gen bigfloat "arg h half = 70000.0"
gen badconst "arg x uchar[N] in const 300"
gen twice "arg n int = N" "verify ref atol 1e-3 atol 1e-4"
gen missingref "arg n int = N" "verify ref in nowhere.cl"
printf '/* clbench:kernel latin\n *   contract generic\n *   reproduces caf\xe9\n *   dims N\n *   arg n int = N\n *   global N\n */\n__kernel void latin(const int n) {}\n' \
    >"$TMP/latin.cl"
cases=$(cat <<'TABLE'
@T/unknowntype.cl:5:12: arg x: unknown type 'quad'
@T/floatint.cl:4:18: arg n: 2.5 is not an integer: an int argument takes an integer expression
@T/floatexpr.cl:4:22: not an integer
@T/overflow.cl:4:21: n: integer overflow in 1048576 * 4611686018427387904
@T/toolarge.cl:4:20: arg n = 1048576 does not fit in uchar (0 .. 255)
@T/bigfloat.cl:4:19: arg h: 70000.0 is beyond half's largest value 65504
@T/badconst.cl:4:30: arg x: const 300 is not a uchar value
@T/twice.cl:5:27: verify: atol is given twice: keep one
@T/missingref.cl:5:20: verify ref in @T/nowhere.cl: cannot read the file: No such file or directory
@T/latin.cl:3:20: byte 0xe9 is not UTF-8
TABLE
)
while read -r phrase; do
    phrase=${phrase//@T/$TMP}
    file=${phrase%%:*}
    rm -rf "$TMP/out" && mkdir -p "$TMP/out"
    run --kernel-file "$file" -d cpu "${QUICK[@]}" -o "$TMP/out/r.json"
    expect_rc 2
    expect_stderr_has "$phrase"
    expect_one_error_line
    [ -z "$(ls -A "$TMP/out")" ] || fail "a malformed kernel file left $(ls "$TMP/out")"
done <<<"$cases"
echo "types: ok"
