# An output that is one of the command's inputs is refused with exit 2 before any work, the
# input left as it was: -o against --kernel-file, -k NAME@FILE, an #include of the kernel file,
# its `verify ... in FILE`, --resume, --tuned (through a link too), `tune -o` against its
# database, and `report -o` against the run files it reads.
source "$(dirname "$0")/../cli/lib.sh"
export XDG_DATA_HOME="$TMP/data"
quick=(-d cpu -n 64 --no-peak --reps 1 --warmup 1 --min-time 0)
K="$TMP/k.cl"
printf '#define TWO 2\n' >"$TMP/two.h"
{ echo '#include "two.h"'; cat "$CLBENCH_SOURCE_DIR/tests/fault/crash/faults.cl"; } >"$K"
ln -s two.h "$TMP/two-link.h"

refused() { # FILE ARGS...: clbench ARGS exits 2 with one line and FILE is unchanged
    local file=$1
    shift
    cp "$file" "$TMP/before"
    run "$@"
    expect_rc 2
    expect_one_error_line
    expect_stderr_has "writing it would destroy what this command reads"
    expect_stderr_lacks "resuming"
    cmp -s "$file" "$TMP/before" || fail "the input '$file' was overwritten"
}

refused "$K" "${quick[@]}" --kernel-file "$K" -k fault_good -o "$K"
refused "$K" "${quick[@]}" -k "fault_good@$K" -o "$K"
refused "$TMP/two.h" "${quick[@]}" -k "fault_good@$K" -o "$TMP/two-link.h"

# verify ... in FILE: the reference's file is an input too.
cat >"$TMP/checked.cl" <<'EOF'
/* clbench:kernel checked_copy
 *   contract   generic
 *   dims       N
 *   size       cpu 64 gpu 64
 *   arg        a  float[N] in random
 *   arg        b  float[N] out
 *   global     N
 *   verify     ref_copy in ref.cl rtol 0 atol 0
 */
__kernel void checked_copy(__global const float *a, __global float *b)
{
    b[get_global_id(0)] = a[get_global_id(0)];
}
EOF
cat >"$TMP/ref.cl" <<'EOF'
/* clbench:kernel ref_copy
 *   contract   generic
 *   dims       N
 *   size       cpu 64 gpu 64
 *   arg        a  float[N] in random
 *   arg        b  float[N] out
 *   global     N
 */
__kernel void ref_copy(__global const float *a, __global float *b)
{
    b[get_global_id(0)] = a[get_global_id(0)];
}
EOF
run "${quick[@]}" --kernel-file "$TMP/checked.cl" -k checked_copy -o "$TMP/checked.json"
[ "$RC" -eq 0 ] || fail "the verify ... in kernel does not run (the test's manifest is wrong)"
refused "$TMP/ref.cl" "${quick[@]}" --kernel-file "$TMP/checked.cl" -k checked_copy -o "$TMP/ref.cl"

# --resume and --tuned; the journal may be --resume, the output may not.
run "${quick[@]}" -k vadd -o "$TMP/run.json"
expect_rc 0
refused "$TMP/run.json" "${quick[@]}" -k vadd --resume "$TMP/run.json" -o "$TMP/run.json"
printf '{"schema": "clbench-tuned", "schema_version": 1, "entries": []}\n' >"$TMP/db.json"
ln -s db.json "$TMP/db-link.json"
refused "$TMP/db.json" "${quick[@]}" -k vadd --tuned "$TMP/db.json" -o "$TMP/db-link.json"
refused "$TMP/db.json" tune -d cpu -k vadd -n 64 --budget 1 --tuned "$TMP/db.json" -o "$TMP/db.json"
# A database the tune would create is its output already: not the run file's too.
run tune -d cpu -k vadd -n 64 --budget 1 --tuned "$TMP/new-db.json" -o "$TMP/new-db.json"
expect_rc 2
[ ! -e "$TMP/new-db.json" ] || fail "the refused tune wrote its database"

# report -o over a run file it reads, or over its --baseline.
refused "$TMP/run.json" report "$TMP/run.json" -o "$TMP/run.json"
cp "$TMP/run.json" "$TMP/new.json"
refused "$TMP/run.json" report --baseline "$TMP/run.json" "$TMP/new.json" -o "$TMP/run.json"
exit 0
