# Kernel files as source trees (docs/kernel-files.md, "The generic contract", "Includes"): the kernel file's
# folder is an include path wherever clbench is started, a folder with blanks included; every
# file a build reads (its #includes, recursively, and the file `verify ... in FILE` names) is
# in the kernel_file_hash that --resume and the program cache key on.
source "$(dirname "$0")/lib.sh"

SRC="$TMP/dir with blanks"
mkdir -p "$SRC/sub"
cat >"$SRC/common.h" <<'CL'
#include "sub/scale.h"
CL
cat >"$SRC/sub/scale.h" <<'CL'
#define SCALE 3.0f
CL
cat >"$SRC/scale.cl" <<'CL'
#include "common.h"
/* clbench:kernel scale
 *   contract   generic
 *   dims       N
 *   arg        n   int = N
 *   arg        x   float[N] in
 *   arg        out float[N] out
 *   global     N
 *   verify     scale_ref in ref/scale_ref.cl
 */
__kernel void scale(const int n, __global const float *x, __global float *out)
{
    const int i = get_global_id(0);

    if (i < n)
        out[i] = SCALE * x[i];
}
CL
mkdir -p "$SRC/ref"
cat >"$SRC/ref/scale_ref.cl" <<'CL'
#include <factor.h>
/* clbench:kernel scale_ref
 *   contract   generic
 *   dims       N
 *   arg        n   int = N
 *   arg        x   float[N] in
 *   arg        out float[N] out
 *   global     1
 */
__kernel void scale_ref(const int n, __global const float *x, __global float *out)
{
    for (int i = 0; i < n; i++)
        out[i] = FACTOR * x[i];
}
CL
echo '#define FACTOR 3.0f' >"$SRC/ref/factor.h"

hash_of() {
    python3 - "$1" <<'PY'
import json, sys
print(next(r["kernel_file_hash"] for r in json.load(open(sys.argv[1]))["rows"] if r["kernel"] == "scale"))
PY
}

# Started elsewhere (/): the includes are found beside the file, through a folder with blanks.
cd / || fail "cd /"
run -d cpu --kernel-file "$SRC/scale.cl" -k scale -n 1001 "${QUICK[@]}" -o "$TMP/first.json"
expect_rc 0
python3 - "$TMP/first.json" <<'PY' || fail "rows with includes"
import json, sys
rows = json.load(open(sys.argv[1]))["rows"]
assert [r["status"] for r in rows] == ["ok"], rows
assert " -I " in rows[0]["build_options"], rows[0]["build_options"]
PY
first=$(hash_of "$TMP/first.json")

# Nothing changed: every row is resumed.
run -d cpu --kernel-file "$SRC/scale.cl" -k scale -n 1001 "${QUICK[@]}" \
    --resume "$TMP/first.json" -o "$TMP/same.json"
expect_rc 0
grep -q '"resumed"' "$TMP/same.json" || fail "an unchanged kernel file was run again"
[ "$(hash_of "$TMP/same.json")" = "$first" ] || fail "the hash changed with nothing edited"

# An edit two includes deep changes the hash, and --resume runs the row again.
echo '#define SCALE 3.00f' >"$SRC/sub/scale.h"
run -d cpu --kernel-file "$SRC/scale.cl" -k scale -n 1001 "${QUICK[@]}" \
    --resume "$TMP/first.json" -o "$TMP/edited.json"
expect_rc 0
expect_stderr_has "run again: their kernel file has changed since"
! grep -q '"resumed"' "$TMP/edited.json" || fail "a row of an edited include was resumed"
second=$(hash_of "$TMP/edited.json")
[ "$second" != "$first" ] || fail "an edited include left the hash as it was"

# So does an edit of the reference's file, or of what the reference includes (<factor.h>,
# through the reference file's own folder).
echo '#define FACTOR 3.00f' >"$SRC/ref/factor.h"
run -d cpu --kernel-file "$SRC/scale.cl" -k scale -n 1001 "${QUICK[@]}" \
    --resume "$TMP/edited.json" -o "$TMP/ref_edited.json"
expect_rc 0
expect_stderr_has "run again: their kernel file has changed since"
third=$(hash_of "$TMP/ref_edited.json")
[ "$third" != "$second" ] || fail "an edit of the reference's include left the hash as it was"

# A wrong reference, fixed in its file: --resume runs the verify_failed row again.
echo '#define FACTOR 4.0f' >"$SRC/ref/factor.h"
run -d cpu --kernel-file "$SRC/scale.cl" -k scale -n 1001 "${QUICK[@]}" -o "$TMP/wrong.json"
expect_rc 1
grep -q '"verify_failed"' "$TMP/wrong.json" || fail "a wrong reference passed"
echo '#define FACTOR 3.0f' >"$SRC/ref/factor.h"
run -d cpu --kernel-file "$SRC/scale.cl" -k scale -n 1001 "${QUICK[@]}" \
    --resume "$TMP/wrong.json" -o "$TMP/fixed.json"
expect_rc 0
python3 -c 'import json,sys; assert json.load(open(sys.argv[1]))["rows"][0]["status"] == "ok"' "$TMP/fixed.json" || fail "the fixed reference's row was not run again"

# The program cache (PoCL keeps its own unless POCL_KERNEL_CACHE=0) rebuilds after an edit of
# an include: the same text and options, another hash.
export POCL_KERNEL_CACHE=0
build_source() {
    python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["rows"][0]["build_source"])' "$1"
}
run -d cpu --kernel-file "$SRC/scale.cl" -k scale -n 1001 "${QUICK[@]}" -o "$TMP/c1.json"
expect_rc 0
run -d cpu --kernel-file "$SRC/scale.cl" -k scale -n 1001 "${QUICK[@]}" -o "$TMP/c2.json"
expect_rc 0
[ "$(build_source "$TMP/c2.json")" = "disk" ] || fail "the program cache was not used"
echo '#define SCALE 3.000f' >"$SRC/sub/scale.h"
run -d cpu --kernel-file "$SRC/scale.cl" -k scale -n 1001 "${QUICK[@]}" -o "$TMP/c3.json"
expect_rc 0
[ "$(build_source "$TMP/c3.json")" = "built" ] || fail "an edited include reused the cached program"

echo "kernel_sources: ok"
