# Drivers that hang or crash in clGetPlatformIDs (README "Devices"): a fake ICD library, built
# here with the system's cc, that sleeps for ever or aborts when asked for its platforms.
# Registered beside PoCL, it is named in one warning line and left out, and the run goes on
# on PoCL (its worker processes too); registered alone, one error line and a non-zero exit,
# never a hang or a silent death.  --list, --list-kernels -d and a run all go through it.
source "$(dirname "$0")/../cli/lib.sh"

command -v cc >/dev/null || { echo "SKIP: no C compiler (cc)"; exit 77; }
cat >"$TMP/fake_icd.c" <<'C'
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
typedef int cl_int;
typedef unsigned cl_uint;
cl_int clIcdGetPlatformIDsKHR(cl_uint n, void **platforms, cl_uint *count)
{
    (void)n, (void)platforms, (void)count;
#ifdef HANG
    for (;;)
        pause();
#else
    abort();
#endif
}
/* ocl-icd asks for it before it lists a library's platforms. */
cl_int clGetPlatformInfo(void *platform, cl_uint what, size_t size, void *value, size_t *ret)
{
    (void)platform, (void)what, (void)size, (void)value, (void)ret;
    return -30; /* CL_INVALID_VALUE */
}
void *clGetExtensionFunctionAddress(const char *name)
{
    return strcmp(name, "clIcdGetPlatformIDsKHR") == 0 ? (void *)clIcdGetPlatformIDsKHR
           : strcmp(name, "clGetPlatformInfo") == 0    ? (void *)clGetPlatformInfo
                                                       : NULL;
}
C
cc -shared -fPIC -DHANG -o "$TMP/libhang_icd.so" "$TMP/fake_icd.c" || fail "cannot build the fake ICD"
cc -shared -fPIC -o "$TMP/libcrash_icd.so" "$TMP/fake_icd.c" || fail "cannot build the fake ICD"

pocl_icd=$(grep -l pocl "${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}"/*.icd 2>/dev/null | head -1)
[ -n "$pocl_icd" ] || fail "no PoCL registration to put beside the fake drivers"
export CLBENCH_ICD_TIMEOUT=0.5

for kind in hang crash; do
    what="hung in clGetPlatformIDs for 0.5 s (CLBENCH_ICD_TIMEOUT)"
    [ $kind = crash ] && what="died of Aborted in clGetPlatformIDs"
    mkdir -p "$TMP/$kind" "$TMP/$kind-alone"
    cp "$pocl_icd" "$TMP/$kind/"
    echo "$TMP/lib${kind}_icd.so" >"$TMP/$kind/0-$kind.icd"
    echo "$TMP/lib${kind}_icd.so" >"$TMP/$kind-alone/$kind.icd"
    export OCL_ICD_VENDORS=$TMP/$kind

    # Beside PoCL: one warning, and PoCL's devices as ever.
    start=$(date +%s)
    run --list
    expect_rc 0
    [ $(($(date +%s) - start)) -lt 20 ] || fail "--list took too long"
    expect_stderr_has "warning: the OpenCL driver '$TMP/lib${kind}_icd.so' (registered in '$TMP/$kind/0-$kind.icd') $what"
    expect_stderr_has "left out, the other drivers go on"
    [ "$(grep -c . "$TMP/stderr")" -eq 1 ] || fail "more than one line on stderr"
    expect_stdout_has "Portable Computing Language"
    run --list-kernels -d cpu
    expect_rc 0
    expect_stderr_has "$what"
    run -k vadd -d cpu -n 1000 "${QUICK[@]}" -o "$TMP/$kind.json"
    expect_rc 0
    expect_stderr_has "$what"
    python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["rows"]; assert [x["status"] for x in r] == ["ok"], r' \
        "$TMP/$kind.json" || fail "the run beside a $kind driver"

    # Alone: one error line, a non-zero exit.
    export OCL_ICD_VENDORS=$TMP/$kind-alone
    run --list
    [ "$RC" -ne 0 ] || fail "exit code 0 with no driver left"
    expect_one_error_line
    expect_stderr_has "the OpenCL driver '$TMP/lib${kind}_icd.so' (registered in '$TMP/$kind-alone/$kind.icd') $what: no driver is left"
done

# Two broken drivers beside PoCL: each named on a line of its own.
cp "$TMP/crash/0-crash.icd" "$TMP/hang/"
export OCL_ICD_VENDORS=$TMP/hang
run --list
expect_rc 0
expect_stderr_has "'$TMP/libcrash_icd.so' (registered in '$TMP/hang/0-crash.icd') died of Aborted"
expect_stderr_has "'$TMP/libhang_icd.so' (registered in '$TMP/hang/0-hang.icd') hung"
[ "$(grep -c . "$TMP/stderr")" -eq 2 ] || fail "not one line per broken driver"
expect_stdout_has "Portable Computing Language"
