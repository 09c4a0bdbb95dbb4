# --list, --list --format json, and the message when no OpenCL platform is installed.
source "$(dirname "$0")/lib.sh"

run --list
expect_rc 0
expect_stdout_has "platform 0: Portable Computing Language"
expect_stdout_has "  0:0  cpu"
expect_stdout_has "compute units at"
expect_stdout_has "max work-group"
# PoCL's CPU device runs on this host: its roofs include the native probe, named by ISA.
grep -Eq "roofs: the best of the OpenCL probes and the native probe of the host \((avx512f|avx2|sse2|generic), [0-9]+ threads\)" \
    "$TMP/stdout" || fail "--list does not say where the CPU's roofs come from"

run --list --format json
expect_rc 0
python3 - "$TMP/stdout" <<'PY' || fail "--list --format json is not the expected JSON"
import json, sys
devices = json.load(open(sys.argv[1]))["devices"]
assert devices, "no devices"
pocl = [d for d in devices if d["platform"] == "Portable Computing Language"]
assert pocl, "PoCL missing"
d = pocl[0]
for key in ("id", "type", "name", "vendor", "driver", "opencl_c_version", "compute_units",
            "clock_mhz", "global_mem_bytes", "local_mem_bytes", "max_alloc_bytes",
            "max_work_group_size", "peak"):
    assert key in d, key
assert d["type"] == "cpu" and d["compute_units"] >= 1 and d["local_mem_bytes"] > 0
assert d["peak"]["theoretical_gflops"] > 0
# No OpenCL query gives a memory clock: the bandwidth is only measured, and the file says why.
assert d["peak"]["theoretical_gbs"] is None and "data sheet" in d["peak"]["theoretical_gbs_basis"]
PY

# An ICD loader that finds no vendor file: one line naming the packages to install.
mkdir -p "$TMP/no-vendors"
OCL_ICD_VENDORS="$TMP/no-vendors" run --list
expect_rc 1
expect_one_error_line
expect_stderr_has "no OpenCL platform found: install an OpenCL driver"
expect_stderr_has "pocl-opencl-icd"
expect_stdout_empty

# The same for a benchmark run, with --output: no file may appear.
OCL_ICD_VENDORS="$TMP/no-vendors" run -k vadd -o "$TMP/run.json"
expect_rc 1
[ ! -e "$TMP/run.json" ] || fail "a run without a platform left an output file"
echo "list: ok"
