# Rows of one shape in one worker share their inputs and take the buffers of the row before
# (docs/measurement.md, "What a row does"): each row still starts from its own clean state.
# A kernel that writes over its input fails once a launch reads what it wrote, and the row
# after it, given the same buffers, verifies; a kernel that leaves half its output unwritten, after one that wrote all of it
# into the same buffers, fails as never written; the check after timing, which compares with
# the output that passed, still passes rows that repeat it.
source "$(dirname "$0")/lib.sh"

cat >"$TMP/reuse.cl" <<'CL'
/* clbench:kernel add_ref
 *   contract   generic
 *   summary    c = a + b, the reference
 *   dims       N
 *   size       cpu 100003
 *   arg        n int = N
 *   arg        a float[N] in random
 *   arg        b float[N] in random
 *   arg        c float[N] out
 *   global     N
 */
__kernel void add_ref(const int n, __global const float *a, __global const float *b,
                      __global float *c)
{
    const int i = get_global_id(0);

    if (i < n)
        c[i] = a[i] + b[i];
}

/* clbench:kernel add_scribble
 *   contract   generic
 *   summary    c = a + b, then writes over its input a
 *   dims       N
 *   size       cpu 100003
 *   arg        n int = N
 *   arg        a float[N] in random
 *   arg        b float[N] in random
 *   arg        c float[N] out
 *   global     N
 *   verify     add_ref
 */
__kernel void add_scribble(const int n, __global float *a, __global const float *b,
                           __global float *c)
{
    const int i = get_global_id(0);

    if (i < n) {
        c[i] = a[i] + b[i];
        a[i] = 1000.0f;
    }
}

/* clbench:kernel add_half
 *   contract   generic
 *   summary    c = a + b at the even elements only
 *   dims       N
 *   size       cpu 100003
 *   arg        n int = N
 *   arg        a float[N] in random
 *   arg        b float[N] in random
 *   arg        c float[N] out
 *   global     N
 *   verify     add_ref
 */
__kernel void add_half(const int n, __global const float *a, __global const float *b,
                       __global float *c)
{
    const int i = get_global_id(0);

    if (i < n && i % 2 == 0)
        c[i] = a[i] + b[i];
}

/* clbench:kernel add
 *   contract   generic
 *   summary    c = a + b
 *   dims       N
 *   size       cpu 100003
 *   arg        n int = N
 *   arg        a float[N] in random
 *   arg        b float[N] in random
 *   arg        c float[N] out
 *   global     N
 *   verify     add_ref
 */
__kernel void add(const int n, __global const float *a, __global const float *b,
                  __global float *c)
{
    const int i = get_global_id(0);

    if (i < n)
        c[i] = a[i] + b[i];
}

/* clbench:kernel add_again
 *   contract   generic
 *   summary    c = a + b, as add
 *   dims       N
 *   size       cpu 100003
 *   arg        n int = N
 *   arg        a float[N] in random
 *   arg        b float[N] in random
 *   arg        c float[N] out
 *   global     N
 *   verify     add_ref
 */
__kernel void add_again(const int n, __global const float *a, __global const float *b,
                        __global float *c)
{
    const int i = get_global_id(0);

    if (i < n)
        c[i] = a[i] + b[i];
}
CL

run -d cpu --kernel-file "$TMP/reuse.cl" -k add,add_scribble,add_again,add_half,add_ref \
    -n 100003 --no-peak --reps 20 --warmup 1 --min-time 0 --format json
expect_rc 1
python3 - "$TMP/stdout" <<'PY' || fail "rows sharing inputs and buffers"
import json, sys
rows = {r["kernel"]: r for r in json.load(open(sys.argv[1]))["rows"]}
status = {k: r["status"] for k, r in rows.items()}
assert status == {"add": "ok", "add_scribble": "verify_failed", "add_again": "ok",
                  "add_half": "verify_failed", "add_ref": "unverified"}, status
# Its first launch is right; the launches after it read what it wrote, on every buffer set.
assert "after the timed launches" in rows["add_scribble"]["reason"], rows["add_scribble"]
assert "50001 of 100003 elements of output 'c' never written" in rows["add_half"]["reason"], \
    rows["add_half"]
for k in ("add", "add_again"):
    v = rows[k]["verification"]
    assert v["checked"] == 100003 and v["failures"] == 0, (k, v)
    assert len(rows[k]["samples_ms"]) == 20 and rows[k]["buffer_sets"] > 1, rows[k]
PY

# Built-in kernels checked on the host: a family's rows share their inputs, and both verify.
run -d cpu -k vadd,vadd_local,transpose_naive,transpose_tiled -n 1000 --no-peak --reps 20 \
    --warmup 1 --min-time 0 --format csv
expect_rc 0
python3 - "$TMP/stdout" <<'PY' || fail "built-in rows sharing inputs"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert [r["status"] for r in rows] == ["ok"] * 4, [(r["kernel"], r["status"]) for r in rows]
PY
