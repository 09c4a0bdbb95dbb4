# User kernels declared in their own .cl files (docs/kernel-files.md, "Your own kernels"): the examples of
# cl/examples/ verify (or, the wrong one, fail with exit 1), sit beside the built-in kernels in
# the report and the local-memory verdict, sweep, resume; every bad kernel file gets one line
# naming the file and line, the right exit code and no output file.
source "$(dirname "$0")/lib.sh"
EX="$CLBENCH_SOURCE_DIR/cl/examples"
MM=(--kernel-file "$EX/student_matmul.cl" -d cpu -n 96x80x40 "${QUICK[@]}")

# A student's matmul and its twin beside the built-in ladder: all verify.
run "${MM[@]}" -k student_mm,student_mm_global,matmul_naive,matmul_tiled -o "$TMP/mm.json"
expect_rc 0
python3 - "$TMP/mm.json" <<'PY' || fail "run file of user kernels"
import json, sys
rows = {r["kernel"]: r for r in json.load(open(sys.argv[1]))["rows"]}
for k in ("student_mm", "student_mm_global", "matmul_naive", "matmul_tiled"):
    assert rows[k]["status"] == "ok" and rows[k]["verification"]["passed"], k
mm = rows["student_mm"]
assert mm["family"] == "matmul" and mm["twin"] == "student_mm_global"
assert mm["kernel_file"].endswith("cl/examples/student_matmul.cl")
assert mm["kernel_file_hash"].startswith("fnv1a64:") and len(mm["kernel_file_hash"]) == 24
assert mm["global"] == [20, 96] and mm["local"] == [4, 16], (mm["global"], mm["local"])
assert "-cl-kernel-arg-info" in mm["build_options"]
assert "kernel_file" not in rows["matmul_tiled"]
PY

# Side by side with the built-in kernels, and in the local-memory verdict, from the run file
# alone (no --kernel-file for report).
run report "$TMP/mm.json"
expect_rc 0
grep -qE '^student_mm +96x80x40 .*x$' "$TMP/stdout" && expect_stdout_has "student_mm: TILE=16 WPT=4" ||
    fail "student_mm has no row with a speedup in the side-by-side table"
run report --findings "$TMP/mm.json"
expect_rc 0
expect_stdout_has "student_mm (local memory) against student_mm_global (none)"
expect_stdout_has "matmul_tiled (local memory) against matmul_naive (none)"

# A kernel's own `baseline`: its speedup cell says against what, the column is the family's.
sed 's/^ \*   twin       student_mm_global$/&\n *   baseline   matmul_tiled/' \
    "$EX/student_matmul.cl" >"$TMP/own_baseline.cl"
run --kernel-file "$TMP/own_baseline.cl" -k matmul_naive,matmul_tiled,student_mm -d cpu \
    -n 96x80x40 "${QUICK[@]}" -o "$TMP/own_baseline.json"
expect_rc 0
run report "$TMP/own_baseline.json"
expect_stdout_has "how many times faster than matmul_naive"
grep -qE '^student_mm +96x80x40 .*x vs matmul_tiled$' "$TMP/stdout" ||
    fail "a speedup against the kernel's own baseline is labelled as the family's"

# A -D sweep with a constraint the manifest states: the violating row is invalid (exit 1).
run "${MM[@]}" -k student_mm -D TILE=4,8 -D WPT=8 --format csv
expect_rc 1
expect_stderr_has "invalid: require WPT divides TILE is false"
grep -q '^1,0:0,.*,student_mm,"TILE=8 WPT=8",96x80x40,ok,' "$TMP/stdout" ||
    fail "TILE=8 WPT=8 did not run"

# --resume skips what a run file holds; -k NAME@FILE loads the file by itself.
run -k "student_mm@$EX/student_matmul.cl" -d cpu -n 96x80x40 "${QUICK[@]}" --resume "$TMP/mm.json"
expect_rc 0
expect_stderr_has "resuming: 1 of 1 rows already done"
# ... but not the rows of a kernel file edited since: their times are not the file's.
cp "$EX/student_matmul.cl" "$TMP/edited.cl"
run --kernel-file "$TMP/edited.cl" -k student_mm -d cpu -n 40 "${QUICK[@]}" -o "$TMP/edited.json"
expect_rc 0
echo "/* edited */" >>"$TMP/edited.cl"
run --kernel-file "$TMP/edited.cl" -k student_mm -d cpu -n 40 "${QUICK[@]}" --resume "$TMP/edited.json"
expect_rc 0
expect_stderr_has "1 rows of '$TMP/edited.json' run again: their kernel file has changed since"
expect_stderr_has "resuming: 0 of 1 rows already done"

# The float4 vadd beside the built-in vadd; the wrong kernel fails verification with exit 1.
run --kernel-file "$EX/vadd4.cl" --kernel-file "$EX/wrong_vadd.cl" -k vadd4,vadd,wrong_vadd \
    -d cpu -n 1001 "${QUICK[@]}" --max-time 5 --format csv
expect_rc 1
grep -q '^1,0:0,.*,vadd4,"WGS=128",1001,ok,' "$TMP/stdout" || fail "vadd4 did not verify"
expect_stderr_has "wrong_vadd ($EX/wrong_vadd.cl)  1001: verify_failed: 1001 of 1001 checked elements wrong"

run --kernel-file "$EX/vadd4.cl" --list-kernels
expect_rc 0
expect_stdout_has "family vadd (user kernels from $EX/vadd4.cl)"
expect_stdout_has "c = a + b, one float4 per work-item"
# Default sizes that differ by dimension are listed whole (only the first one was).
cat >"$TMP/wide.cl" <<'CL'
/* clbench:kernel wide
 *   contract transpose
 *   param    WG = 8 in 4,8
 *   global   W, H
 *   size     cpu 64x32 gpu 4096
 */
__kernel void wide(const int width, const int height, __global const float *in, __global float *out) {}
CL
run --kernel-file "$TMP/wide.cl" --list-kernels
expect_rc 0
expect_stdout_has "size WxH, default 64x32 (cpu) / 4096 (gpu) / 64x32 (several devices); reports GB/s"
grep -qx '  *-D WG=8  (4,8)' "$TMP/stdout" || fail "a param without help text"

# A float4* view of a contract's float buffer is the same buffer (float3*, 16-byte elements,
# is not).
cat >"$TMP/by4.cl" <<'CL'
/* clbench:kernel by4
 *   contract vadd
 *   global   ceil(N, 4)
 */
__kernel void by4(const int n, __global const float4 *a, __global const float4 *b,
                  __global float4 *c)
{
    c[get_global_id(0)] = a[get_global_id(0)] + b[get_global_id(0)];
}
CL
run --kernel-file "$TMP/by4.cl" -d cpu -n 64 "${QUICK[@]}"
expect_rc 0
sed 's/float4/float3/g' "$TMP/by4.cl" >"$TMP/by3.cl"
run --kernel-file "$TMP/by3.cl" -d cpu -n 64 "${QUICK[@]}"
expect_rc 1
expect_stderr_has "argument 2 (a) is \`__global float3*\` where the vadd contract passes"

# ---- bad kernel files ----------------------------------------------------------------------
bad() { # bad NAME: writes stdin to $TMP/NAME.cl
    cat >"$TMP/$1.cl"
}
bad nomanifest <<'CL'
__kernel void k(const int n, __global const float *a, __global const float *b, __global float *c) {}
CL
bad nokernel <<'CL'
/* clbench:kernel k
 *   contract vadd
 *   global N
 */
__kernel void other(const int n, __global const float *a, __global const float *b, __global float *c) {}
CL
for what in "contract reduce" "colour blue" "param TILE in 8,16" "global N / 0" \
    "global N * 9223372036854775807" "global N / 2.5" "local 8192" \
    "param VEC = 1 cpu x in 1,2" "plan matmul_fastest"; do
    name=$(echo "$what" | tr -c 'a-zA-Z0-9\n' _)
    {
        echo "/* clbench:kernel k"
        case "$what" in contract*) ;; *) echo " *   contract vadd" ;; esac
        case "$what" in global*) ;; *) echo " *   global N" ;; esac
        echo " *   $what"
        echo " */"
        echo "__kernel void k(const int n, __global const float *a, __global const float *b,"
        echo "                __global float *c) { if (get_global_id(0) < n) c[get_global_id(0)] = 0; }"
    } >"$TMP/$name.cl"
done
bad twice_key <<'CL'
/* clbench:kernel k
 *   contract vadd
 *   global N
 *   global 2 * N
 */
__kernel void k(const int n, __global const float *a, __global const float *b, __global float *c) {}
CL
# PoCL aborts the process on a 255-character kernel name: refused when the file is loaded.
long=$(printf 'k%.0s' $(seq 255))
bad longname <<CL
/* clbench:kernel $long
 *   contract vadd
 *   global N
 */
__kernel void $long(const int n, __global const float *a, __global const float *b, __global float *c) {}
CL
bad mismatch <<'CL'
/* clbench:kernel mismatch
 *   contract transpose
 *   global W, H
 */
__kernel void mismatch(__global const float *in, __global float *out, const int w, const int h) {}
CL
bad nobuild <<'CL'
/* clbench:kernel nobuild
 *   contract copy
 *   global N
 */
__kernel void nobuild(const int n, __global const float *in, __global float *out)
{
    out[get_global_id(0)] = in[get_global_id(0)] +* 2;
}
CL
bad halfwrite <<'CL'
/* clbench:kernel halfwrite
 *   contract copy
 *   global N
 */
__kernel void halfwrite(const int n, __global const float *in, __global float *out)
{
    const int i = get_global_id(0);
    if (i < n && i % 2 == 0)
        out[i] = in[i];
}
CL
bad few <<'CL'
/* clbench:kernel few
 *   contract vadd
 *   global N
 */
__kernel void few(const int n, __global const float *a, __global float *c) {}
CL
bad gfew <<'CL'
/* clbench:kernel gfew
 *   contract generic
 *   dims N
 *   arg n int = N
 *   arg x float[N] in
 *   global N
 */
__kernel void gfew(const int n, __global const float *x, __global float *y) {}
CL
bad reqd <<'CL'
/* clbench:kernel reqd
 *   contract copy
 *   global N
 */
__kernel __attribute__((reqd_work_group_size(8, 1, 1))) void
reqd(const int n, __global const float *in, __global float *out) { out[get_global_id(0)] = in[get_global_id(0)]; }
CL
# One element never written, where a sampled check (--verify-max) does not look.
sed -e 's/halfwrite/skipone/g' -e 's/i % 2 == 0/i != 5001/' "$TMP/halfwrite.cl" >"$TMP/skipone.cl"
# A twin of another contract: its times are no local-memory verdict.
sed 's/^ \*   twin       student_mm_global$/ *   twin       vadd/' "$EX/student_matmul.cl" \
    >"$TMP/twin_vadd.cl"
# A kernel named like a family would take -k matmul from the ladder; one the compiler does
# not see (inside #if 0) fails its row with words, not CL_INVALID_KERNEL_NAME alone.
sed 's/halfwrite/transpose/g' "$TMP/halfwrite.cl" >"$TMP/famname.cl"
sed -e 's/halfwrite/hidden/g' -e 's/^__kernel/#if 0\n&/' -e 's/^}$/}\n#endif/' \
    "$TMP/halfwrite.cl" >"$TMP/hidden.cl"
sed 's/halfwrite/twice/g' "$TMP/halfwrite.cl" >"$TMP/twice_a.cl"
cp "$TMP/twice_a.cl" "$TMP/twice_b.cl"
mkdir -p "$TMP/out"

# exit | stderr phrase | arguments (@T: the directory of the files above)
cases=$(cat <<'TABLE'
2 | @T/missing.cl: cannot read the kernel file: No such file or directory | --kernel-file @T/missing.cl
2 | @T: not a regular file                                   | --kernel-file @T
2 | @T/nomanifest.cl: no kernel manifest                    | --kernel-file @T/nomanifest.cl
2 | @T/nokernel.cl:1: the manifest names kernel 'k' but the file has no `__kernel void k(` | --kernel-file @T/nokernel.cl
2 | @T/contract_reduce.cl:3:15: unknown contract 'reduce'  | --kernel-file @T/contract_reduce.cl
2 | @T/colour_blue.cl:4:6: unknown key 'colour'            | --kernel-file @T/colour_blue.cl
2 | @T/param_TILE_in_8_16.cl:4:17: param TILE has no default | --kernel-file @T/param_TILE_in_8_16.cl
2 | @T/global_N___0.cl:3:15: global: division by zero       | --kernel-file @T/global_N___0.cl
2 | :3:15: global: integer overflow in 16777216 * 9223372036854775807 (at N=16777216) | --kernel-file @T/global_N___9223372036854775807.cl
2 | @T/global_N___2_5.cl:3:17: not an integer               | --kernel-file @T/global_N___2_5.cl
2 | @T/param_VEC___1_cpu_x_in_1_2.cl:4:24: param VEC: a CPU default is a non-zero integer | --kernel-file @T/param_VEC___1_cpu_x_in_1_2.cl
2 | @T/plan_matmul_fastest.cl:4:11: unknown plan 'matmul_fastest' | --kernel-file @T/plan_matmul_fastest.cl
2 | @T/twice_key.cl:4:6: global is given twice (first on line 3) | --kernel-file @T/twice_key.cl
2 | @T/longname.cl:1:19: kernel name of 255 characters: drivers refuse long names | --kernel-file @T/longname.cl
1 | of this device (@T/local_8192.cl:4): choose smaller tile or work-group parameters | --kernel-file @T/local_8192.cl -n 8192
1 | argument 1 (in) is `__global float*` where the transpose contract passes `int` | --kernel-file @T/mismatch.cl -n 64
1 | build failed                                            | --kernel-file @T/nobuild.cl -n 64
1 | @T/few.cl: kernel few takes 3 arguments where the vadd contract passes 4 | --kernel-file @T/few.cl -n 64
1 | @T/gfew.cl: kernel gfew takes 3 arguments where its manifest passes 2: (int, __global float*) | --kernel-file @T/gfew.cl -n 64
1 | reqd (@T/reqd.cl)  64: invalid: the kernel was compiled for a work-group of 8x1x1 (reqd_work_group_size) but the launch leaves the work-group to the runtime | --kernel-file @T/reqd.cl -n 64
1 | halfwrite (@T/halfwrite.cl)  64: verify_failed: 32 of 64 checked elements wrong | --kernel-file @T/halfwrite.cl -n 64
2 | '@T/halfwrite.cl' declares no kernel 'nosuch' (see --kernel-file @T/halfwrite.cl --list-kernels) | -k nosuch@@T/halfwrite.cl
2 | -k @@T/halfwrite.cl: write the kernel before '@' and its file after it | -k @@T/halfwrite.cl
2 | a kernel of your own needs its file: --kernel-file FILE or -k halfwrite@FILE | -k halfwrite
1 | verify_failed: 1 of 10000 output elements are NaN after the first launch (first at [5001]; the sample of 16 | --kernel-file @T/skipone.cl -n 10000 --verify-max 16
2 | @T/twin_vadd.cl:25: twin vadd is a vadd kernel but student_mm is a matmul one | --kernel-file @T/twin_vadd.cl
2 | @T/famname.cl:1: kernel transpose: -k transpose already means a built-in family | --kernel-file @T/famname.cl
1 | build_failed: the built program has no kernel 'hidden' (CL_INVALID_KERNEL_NAME): is it inside an #if | --kernel-file @T/hidden.cl -n 64
2 | @T/twice_b.cl:1: kernel twice is declared in '@T/twice_a.cl' too | --kernel-file @T/twice_a.cl --kernel-file @T/twice_b.cl
TABLE
)
while IFS='|' read -r code phrase args; do
    code=$(echo $code)
    phrase=$(echo "$phrase" | sed -e 's/^ *//' -e 's/ *$//' -e "s|@T|$TMP|g")
    args=${args//@T/$TMP}
    rm -rf "$TMP/out" && mkdir -p "$TMP/out"
    # shellcheck disable=SC2086
    run $args -d cpu "${QUICK[@]}" -o "$TMP/out/r.json"
    expect_rc "$code"
    expect_stderr_has "$phrase"
    if [ "$code" -eq 2 ]; then
        expect_one_error_line
        [ -z "$(ls -A "$TMP/out")" ] || fail "a malformed kernel file left $(ls "$TMP/out")"
    else
        python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$TMP/out/r.json" ||
            fail "the run file of a failing row is not complete"
    fi
done <<<"$cases"
# The build log of a user file names the file.
run --kernel-file "$TMP/nobuild.cl" -d cpu -n 64 "${QUICK[@]}"
expect_rc 1
expect_stderr_has "clbench: build log of '$TMP/nobuild.cl'"
# ... and so do the compiler's messages (#line), not the driver's temporary copy.
expect_stderr_has "build_failed: build failed: error: $TMP/nobuild.cl:7:"
echo "user_kernels: ok"
