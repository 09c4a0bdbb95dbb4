# Programs built in parallel before a device's rows (host/run/prebuild.c): forced on with
# CLBENCH_PARALLEL_BUILDS=1 (PoCL builds one at a time by default), the rows verify and say
# where their programs came from exactly as when each row builds its own; a program that does
# not build fails its row alone, its log printed once.
source "$(dirname "$0")/lib.sh"

ROWS=(-d cpu -k matmul_tiled,matmul_regblock,matmul_cached,transpose_tiled,transpose_padded,vadd
    -n 128,64 "${QUICK[@]}")
CLBENCH_PARALLEL_BUILDS=1 POCL_CACHE_DIR="$TMP/pocl-par" run "${ROWS[@]}" -o "$TMP/par.json"
expect_rc 0
# A built-in kernel's program holds that kernel alone, not its whole file.
expect_one_kernel_per_program "$TMP/pocl-par" matmul_tiled matmul_regblock matmul_cached \
    transpose_tiled transpose_padded
CLBENCH_PARALLEL_BUILDS=0 run "${ROWS[@]}" -o "$TMP/seq.json"
expect_rc 0
python3 - "$TMP/par.json" "$TMP/seq.json" <<'PY' || fail "parallel and one-by-one builds differ"
import json, sys
par, seq = (json.load(open(f))["rows"] for f in sys.argv[1:])
def sources(rows):
    return [(r["kernel"], r["status"], r["build_source"]) for r in rows]
assert sources(par) == sources(seq), (sources(par), sources(seq))
seen = set()
for r in par:
    key = (r["kernel"], r["build_options"])
    # The first row of each program reports the build, later ones the program in memory.
    assert r["build_source"] == ("memory" if key in seen else "built"), r
    assert r["build_ms"] > 0, r
    seen.add(key)
assert len(seen) < len(par), "no two rows shared a program: the test proves less than it says"
PY

# A kernel file that does not build, beside ones that do.
cat >"$TMP/broken.cl" <<'CL'
/* clbench:kernel broken_vadd
 *   contract vadd
 *   global   N
 */
__kernel void broken_vadd(const int n, __global const float *a, __global const float *b,
                          __global float *c)
{
    c[get_global_id(0)] = a[get_global_id(0)] + b[get_global_id(0)] +;
}
CL
CLBENCH_PARALLEL_BUILDS=1 run -d cpu --kernel-file "$TMP/broken.cl" -k broken_vadd,vadd,copy_ilp \
    -n 1024 "${QUICK[@]}" -f csv
expect_rc 1
[ "$(grep -c "build log of '$TMP/broken.cl'" "$TMP/stderr")" -eq 1 ] || fail "build log not printed once"
grep -q '^1,.*,broken_vadd,.*,build_failed,' "$TMP/stdout" || fail "broken_vadd is not build_failed"
[ "$(grep -c ',ok,' "$TMP/stdout")" -eq 2 ] || fail "the kernels that build did not both verify"

# A program holds the one kernel its row needs (host/run/source.c): a neighbour in the same file
# that does not compile fails its own rows only, and a kernel that calls a neighbour as a
# function still builds (from the whole file).
cat >"$TMP/pair.cl" <<'CL'
/* clbench:kernel pair_good
 *   contract vadd
 *   global   N
 */
__kernel void pair_good(const int n, __global const float *a, __global const float *b,
                        __global float *c)
{
    c[get_global_id(0)] = a[get_global_id(0)] + b[get_global_id(0)];
}

/* clbench:kernel pair_bad
 *   contract vadd
 *   global   N
 */
__kernel void pair_bad(const int n, __global const float *a, __global const float *b,
                       __global float *c)
{
    c[get_global_id(0)] = a[get_global_id(0)] + b[get_global_id(0)] +;
}
CL
run -d cpu --kernel-file "$TMP/pair.cl" -k pair_good,pair_bad -n 1024 "${QUICK[@]}" -f csv
expect_rc 1
grep -q '^1,.*,pair_good,.*,ok,' "$TMP/stdout" || fail "a broken neighbour failed pair_good's build"
grep -q '^1,.*,pair_bad,.*,build_failed,' "$TMP/stdout" || fail "pair_bad is not build_failed"
cat >"$TMP/calls.cl" <<'CL'
/* clbench:kernel calls_add
 *   contract vadd
 *   global   N
 */
__kernel void calls_add(const int n, __global const float *a, __global const float *b,
                        __global float *c)
{
    c[get_global_id(0)] = a[get_global_id(0)] + b[get_global_id(0)];
}

/* clbench:kernel calls_caller
 *   contract vadd
 *   global   N
 */
__kernel void calls_caller(const int n, __global const float *a, __global const float *b,
                           __global float *c)
{
    calls_add(n, a, b, c);
}
CL
run -d cpu --kernel-file "$TMP/calls.cl" -k calls_caller -n 1024 "${QUICK[@]}" -f csv
expect_rc 0
grep -q '^1,.*,calls_caller,.*,ok,' "$TMP/stdout" || fail "a kernel calling its neighbour did not build"
