# A new family is a new .cl file: copied into a copy of cl/ given with --cl-dir, with no C
# change, its kernels are listed, run, verified against their reference kernel and join the
# local-memory verdict through their twin; a copy of cl/ without it lists none of them.
source "$(dirname "$0")/lib.sh"

SRC=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$TMP/cl"
cp "$SRC"/cl/*.cl "$SRC"/cl/*.h "$TMP/cl/"

run --cl-dir "$TMP/cl" --list-kernels
expect_rc 0
expect_stdout_lacks "twice"

# The family: twice a vector, straight and staged through local memory, each checked against a
# plain reference kernel.
cat >"$TMP/cl/twice.cl" <<'CL'
#ifndef WGS
#define WGS 64
#endif
/* clbench:kernel twice_ref
 *   contract generic
 *   summary  the reference: out = 2 in
 *   dims     N
 *   arg      n   int = N
 *   arg      in  float[N] in random
 *   arg      out float[N] out
 *   global   N
 */
__kernel void twice_ref(const int n, __global const float *in, __global float *out)
{
    out[get_global_id(0)] = 2.0f * in[get_global_id(0)];
}
/* clbench:kernel twice
 *   contract generic
 *   summary  out = 2 in, one element per work-item
 *   dims     N
 *   param    WGS = 64 in 1..256 "work-group size"
 *   arg      n   int = N
 *   arg      in  float[N] in random
 *   arg      out float[N] out
 *   global   round_up(N, WGS)
 *   local    WGS
 *   bytes    8 * N
 *   verify   twice_ref
 */
__kernel void twice(const int n, __global const float *in, __global float *out)
{
    const int i = get_global_id(0);

    if (i < n)
        out[i] = 2.0f * in[i];
}
/* clbench:kernel twice_local
 *   contract  generic
 *   summary   out = 2 in, staged through local memory
 *   dims      N
 *   param     WGS = 64 in 1..256 "work-group size"
 *   arg       n   int = N
 *   arg       in  float[N] in random
 *   arg       out float[N] out
 *   global    round_up(N, WGS)
 *   local     WGS
 *   local_mem WGS * 4
 *   bytes     8 * N
 *   twin      twice
 *   verify    twice_ref
 */
__kernel __attribute__((reqd_work_group_size(WGS, 1, 1))) void
twice_local(const int n, __global const float *in, __global float *out)
{
    __local float tile[WGS];
    const int i = get_global_id(0), l = get_local_id(0);

    tile[l] = i < n ? in[i] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (i < n)
        out[i] = 2.0f * tile[l];
}
CL
run --cl-dir "$TMP/cl" --list-kernels
expect_rc 0
expect_stdout_has "twice_local"
grep -qE '^ +twice ' "$TMP/stdout" || fail "twice is not listed"

run --cl-dir "$TMP/cl" -d cpu -k twice,twice_local -n 1000 "${QUICK[@]}" --format csv
expect_rc 0
python3 - "$TMP/stdout" <<'PY' || fail "the family's rows"
import csv, sys
rows = {r["kernel"]: r for r in csv.DictReader(open(sys.argv[1]))}
assert set(rows) == {"twice", "twice_local"}, rows.keys()
for r in rows.values():
    assert r["status"] == "ok" and int(r["verified_elements"]) == 1000, r
PY

run --cl-dir "$TMP/cl" -d cpu -k twice,twice_local -n 1000 "${QUICK[@]}"
expect_rc 0
expect_stdout_has "twice_local (local memory) against twice (none)"
grep -qE '^local memory: [0-9.]+x .* on PoCL' "$TMP/stdout" || fail "no local-memory verdict"
