# Bad OpenCL installations, each one clear line while the other devices go on: an .icd file
# naming a library that is not there, one PoCL build registered twice, a platform with no
# devices (Mesa's Clover, where installed), and a device whose profiling clock is broken
# (Rusticl 22.3's llvmpipe, where installed: its rows are timed on the host clock and say so),
# and a work-group over the kernel's limit there (made smaller, or over_limits when chosen).
# The folders of .icd files are the test's own, from PoCL's registration (the folder CTest
# names in OCL_ICD_VENDORS, else /etc/OpenCL/vendors).
source "$(dirname "$0")/lib.sh"

vendors=${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}
pocl_icd=$(grep -l pocl "$vendors"/*.icd 2>/dev/null | head -n 1)
[ -n "$pocl_icd" ] || fail "no PoCL registration in $vendors"
QUICK_ROW=(-k vadd -n 1001 --no-peak --reps 2 --warmup 1 --min-time 0)

# A registration whose library is missing: one warning naming the file, PoCL still runs.
mkdir -p "$TMP/missing"
cp "$pocl_icd" "$TMP/missing/pocl.icd"
echo libclbench-missing-opencl.so.1 >"$TMP/missing/missing.icd"
OCL_ICD_VENDORS=$TMP/missing run -d cpu "${QUICK_ROW[@]}"
expect_rc 0
expect_stderr_has "missing.icd names libclbench-missing-opencl.so.1, which does not load"
[ "$(grep -c 'does not load' "$TMP/stderr")" -eq 1 ] || fail "expected one line for the missing library"
expect_stdout_has "vadd"

# The same PoCL registered twice: its devices once, one line saying so.
mkdir -p "$TMP/twice"
cp "$pocl_icd" "$TMP/twice/pocl.icd"
cp "$pocl_icd" "$TMP/twice/pocl-again.icd"
OCL_ICD_VENDORS=$TMP/twice run --list --format json
expect_rc 0
expect_stderr_has "registered twice: skipped"
[ "$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["devices"]))' \
    "$TMP/stdout")" -eq 1 ] || fail "PoCL's device listed twice"

# Libraries a test may load: LeakSanitizer reports what Mesa's Clover allocates before the
# ICD loader unloads it (it offers no device), under no module name a suppression can match.
mesa_lib=""
for dir in /usr/lib/x86_64-linux-gnu /usr/lib64 /usr/lib; do
    [ -e "$dir/libMesaOpenCL.so.1" ] && mesa_lib=libMesaOpenCL.so.1 && break
done
if [ -n "$mesa_lib" ] && [ -z "${ASAN_OPTIONS:-}" ]; then
    mkdir -p "$TMP/clover"
    cp "$pocl_icd" "$TMP/clover/pocl.icd"
    echo "$mesa_lib" >"$TMP/clover/mesa.icd"
    OCL_ICD_VENDORS=$TMP/clover run -d all "${QUICK_ROW[@]}"
    expect_rc 0
    expect_stderr_has "(Clover, "
    expect_stderr_has "has no devices: skipped"
    expect_stdout_has "vadd"
    # Clover alone: no device anywhere is an error, after the line that says why.
    rm "$TMP/clover/pocl.icd"
    OCL_ICD_VENDORS=$TMP/clover run --list
    expect_rc 1
    expect_stderr_has "has no devices: skipped"
    expect_one_error_line
else
    echo "note: Mesa's Clover not installed (or a sanitizer build): its case skipped"
fi

# An ICD loader that is not the one clbench was linked against (as CUDA's lib64 first on
# LD_LIBRARY_PATH gives NVIDIA's): one line naming both, once, and the run goes on.
loader=$(ldd "$CLBENCH" | sed -n 's/^[[:space:]]*libOpenCL\.so\.1 => \(.*\) (0x.*/\1/p')
[ -n "$loader" ] || fail "ldd names no libOpenCL.so.1 for clbench"
mkdir -p "$TMP/loader"
cp -L "$loader" "$TMP/loader/libOpenCL.so.1"
LD_LIBRARY_PATH=$TMP/loader${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} run -d cpu "${QUICK_ROW[@]}"
expect_rc 0
expect_stderr_has "the OpenCL ICD loader loaded is '$TMP/loader/libOpenCL.so.1', not '"
[ "$(grep -c 'ICD loader loaded' "$TMP/stderr")" -eq 1 ] || fail "expected one line for the loader"
expect_stdout_has "vadd"
run -d cpu "${QUICK_ROW[@]}"
! grep -q 'ICD loader loaded' "$TMP/stderr" || fail "a loader line for the linked loader"

# Workers whose environment finds no driver (CLBENCH_TEST_WORKER_ENV, a test hook, sets one
# variable for the workers only): one line naming both lists, the rows fail with the reason.
mkdir -p "$TMP/none"
CLBENCH_TEST_WORKER_ENV=OCL_ICD_VENDORS=$TMP/none run -d cpu "${QUICK_ROW[@]}" -o "$TMP/none.json"
expect_rc 1
expect_stderr_has "a worker sees other devices than clbench: clbench sees 0:0 '"
expect_stderr_has "', the worker none; "
[ "$(grep -c 'a worker sees other devices' "$TMP/stderr")" -eq 1 ] || fail "not one line"
python3 - "$TMP/none.json" <<'EOF' || fail "the rows of a device the worker lacks"
import json, sys
for r in json.load(open(sys.argv[1]))["rows"]:
    assert r["status"] == "launch_failed" and r["reason"].startswith("the worker does not see '"), r
EOF

if [ -e /usr/lib/x86_64-linux-gnu/libRusticlOpenCL.so.1 ] || [ -e /usr/lib/libRusticlOpenCL.so.1 ]; then
    mkdir -p "$TMP/rusticl"
    echo libRusticlOpenCL.so.1 >"$TMP/rusticl/rusticl.icd"
    RUSTICL_ENABLE=llvmpipe OCL_ICD_VENDORS=$TMP/rusticl run -d llvmpipe "${QUICK_ROW[@]}" \
        -o "$TMP/rusticl.json"
    expect_rc 0
    expect_stderr_has "rusticl's profiling events measured"
    expect_stderr_has "timing its rows on the host clock instead (timer: wall)"
    python3 - "$TMP/rusticl.json" <<'EOF' || fail "Rusticl's row is not timed on the host clock"
import json, sys
run = json.load(open(sys.argv[1]))
dev = run["devices"][0]
assert dev["clock_check"]["timer"] == "wall", dev
assert "profiling_timer_resolution_ns" in dev
for r in run["rows"]:
    assert r["status"] == "ok" and r["timer"] == "wall", r
    assert "profiling events" in r["timer_reason"], r
    assert r["gbs"] < 1000, r
    # Rusticl's CL_KERNEL_WORK_GROUP_SIZE for vadd is 32: the plan's 256 is halved to fit.
    assert "fits this kernel's CL_KERNEL_WORK_GROUP_SIZE" in r["adjusted"], r
    assert r["params"]["WGS"] <= r["kernel_work_group_size"], r
EOF
    # Several kernels adjusted to llvmpipe's limit: said once for the device, each row's
    # `adjusted` says what it ran.
    RUSTICL_ENABLE=llvmpipe OCL_ICD_VENDORS=$TMP/rusticl run -d llvmpipe -k vadd,matmul_naive,matmul_tiled \
        -n 33 --no-peak --reps 2 --warmup 1 --min-time 0 -o "$TMP/adjusted.json"
    expect_rc 0
    [ "$(grep -c "work-groups made smaller to fit each kernel's CL_KERNEL_WORK_GROUP_SIZE" "$TMP/stderr")" -eq 1 ] ||
        fail "adjusted work-groups not said once per device"
    [ "$(grep -c "instead of" "$TMP/stderr")" -eq 1 ] || fail "a line per kernel"
    python3 -c 'import json, sys
rows = json.load(open(sys.argv[1]))["rows"]
assert len(rows) == 3 and all("instead of" in r["adjusted"] for r in rows), rows' \
        "$TMP/adjusted.json" || fail "a row without its adjusted note"
    # Workers that see PoCL alone where clbench sees PoCL and llvmpipe: PoCL's rows run on the
    # device of the same name, llvmpipe's fail, one line names both lists.
    cp "$pocl_icd" "$TMP/rusticl/pocl.icd"
    mkdir -p "$TMP/pocl-only"
    cp "$pocl_icd" "$TMP/pocl-only/pocl.icd"
    CLBENCH_TEST_WORKER_ENV=OCL_ICD_VENDORS=$TMP/pocl-only RUSTICL_ENABLE=llvmpipe \
        OCL_ICD_VENDORS=$TMP/rusticl run -d all "${QUICK_ROW[@]}" -o "$TMP/mixed.json"
    expect_rc 1
    [ "$(grep -c "a worker sees other devices than clbench: clbench sees .*llvmpipe.*, the worker [0-9]:0 'pthread-[^,]*; rows go" "$TMP/stderr")" -eq 1 ] ||
        fail "not one line naming both lists"
    python3 - "$TMP/mixed.json" <<'EOF' || fail "PoCL's rows with llvmpipe missing in the worker"
import json, sys
run = json.load(open(sys.argv[1]))
names = {d["id"]: d["name"] for d in run["devices"]}
for r in run["rows"]:
    want = "launch_failed" if "llvmpipe" in names[r["device"]] else "ok"
    assert r["status"] == want, r
EOF
    rm "$TMP/rusticl/pocl.icd"
    # Parameters the user chose are not changed: over_limits, naming the implementation.
    RUSTICL_ENABLE=llvmpipe OCL_ICD_VENDORS=$TMP/rusticl run -d llvmpipe "${QUICK_ROW[@]}" \
        -D WGS=256
    expect_rc 1
    expect_stderr_has "over_limits: work-group of 256 exceeds this kernel's CL_KERNEL_WORK_GROUP_SIZE"
    expect_stderr_has "on rusticl: choose smaller parameters"
    # Without RUSTICL_ENABLE the platform has no devices, and the line says what to set (not
    # under the sanitizers: like Clover's, Rusticl's allocations are then unattributable).
    if [ -z "${ASAN_OPTIONS:-}" ]; then
        RUSTICL_ENABLE='' OCL_ICD_VENDORS=$TMP/rusticl run --list
        expect_rc 1
        expect_stderr_has "RUSTICL_ENABLE=llvmpipe"
    fi
else
    echo "note: Mesa's Rusticl not installed: the broken-clock case skipped (unit: clock_judge_*)"
fi
echo PASS
