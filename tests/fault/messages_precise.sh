# Messages that used to mislead (README "When something is wrong"): each is one line saying
# what is wrong, where, and what to do, with exit 2 before any work for bad input.
source "$(dirname "$0")/../cli/lib.sh"

good() { # NAME: a manifest and kernel
    cat <<CL
/* clbench:kernel $1
 *   contract   generic
 *   dims       N
 *   arg        n   int = N
 *   arg        y   float[N] out
 *   global     N
 */
__kernel void k(const int n, __global float *y) { y[get_global_id(0)] = 1.0f; }
CL
}

# A kernel name beyond ASCII: the character and its column, not "write the kernel's name".
good 'saxpé' >"$TMP/accent.cl"
run --kernel-file "$TMP/accent.cl" -d cpu "${QUICK[@]}"
expect_rc 2
expect_one_error_line
expect_stderr_has "accent.cl:1:23: kernel name 'saxpé' has 'é', which an OpenCL C name cannot hold: use ASCII letters, digits and '_'"

# A NUL byte in a manifest line: its line and column, not a kernel the file "lacks".
good saxpy | sed 's/^ \*   global     N$/ *   global     N\x00junk/' >"$TMP/nul.cl"
sed -i 's/void k(/void saxpy(/' "$TMP/nul.cl"
run --kernel-file "$TMP/nul.cl" -d cpu "${QUICK[@]}"
expect_rc 2
expect_one_error_line
expect_stderr_has "nul.cl:6:18: a NUL byte: a kernel file is text (OpenCL C); remove it"

# `verify ... in DIR`: the manifest's file and line, not a --kernel-file hint.
good saxpy | sed 's/void k(/void saxpy(/; s/^ \*   global     N$/&\n *   verify     ref in \/tmp/' >"$TMP/dir.cl"
run --kernel-file "$TMP/dir.cl" -d cpu "${QUICK[@]}"
expect_rc 2
expect_one_error_line
expect_stderr_has "dir.cl:7:24: verify ref in /tmp: not a regular file: name the .cl file that declares ref"

# A whole number past an option's limit: the limit.
run -k vadd --reps 1000000000
expect_rc 2
expect_one_error_line
expect_stderr_has "--reps takes at most 1000000, not '1000000000'"
run -k vadd --warmup 5000
expect_rc 2
expect_stderr_has "--warmup takes at most 1000, not '5000'"
run -k vadd --reps 12x
expect_rc 2
expect_stderr_has "--reps takes a whole number, not '12x'"

# The driver out of host memory (a worker under ulimit -v): what failed, what to do, then
# where, never a bare "err failed".  Not under the sanitizers, which need the address space.
if [ -z "${ASAN_OPTIONS:-}" ]; then
    (ulimit -v 1200000 && run -k vadd -n 40M -d cpu "${QUICK[@]}" -o "$TMP/oom.json"
        expect_stderr_lacks "err failed"
        if grep -q CL_OUT_OF_HOST_MEMORY "$TMP/stderr"; then
            expect_stderr_has "failed: CL_OUT_OF_HOST_MEMORY (-6): the driver ran out of host memory: choose a smaller --size, or free memory (at host/run/"
            expect_stderr_has "launch_failed: clCreateBuffer (an input) failed: CL_OUT_OF_HOST_MEMORY: the driver ran out of host memory"
        fi) || exit 1
fi
