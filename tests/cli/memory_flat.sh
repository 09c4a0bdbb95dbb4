# Resource hygiene: every OpenCL object (buffers, sub-buffers, kernels, events) is released on
# every path, so a sweep's memory does not grow with its rows.  Runs 50 and then 300 rows of
# the same kernels, parameters and size range (ok rows, plus out_of_bounds and verify_failed
# rows whose early exits must release as much) and compares the peak RSS of the two processes
# (getrusage of the child): the extra 250 rows may cost the row records (~7 KiB each), not
# the ~1.3 MiB per row that leaking the guarded output buffers did when planted.  Prints both
# peaks.
source "$(dirname "$0")/lib.sh"
if [ -n "${ASAN_OPTIONS:-}" ]; then
    echo "memory_flat: skipped under AddressSanitizer (its quarantine holds freed memory)"
    exit 0
fi

python3 - "$CLBENCH" "$CLBENCH_SOURCE_DIR/tests/fault" <<'PY' || fail "memory grows with the rows"
import resource, subprocess, sys
clbench, faults = sys.argv[1], sys.argv[2]

def peak_kib(sizes, cl_dir=None):
    """Peak RSS of one clbench run over 5 WGS values x these sizes, in a fresh child."""
    cmd = [clbench, "-d", "cpu", "-k", "vadd,vadd_local", "-D", "WGS=64,128,256,512,1024",
           "-n", ",".join(str(1024 * k) for k in sizes), "--no-peak", "--reps", "2",
           "--warmup", "1", "--min-time", "0", "-f", "csv"]
    if cl_dir:
        cmd += ["--cl-dir", cl_dir]
    code = f"""
import resource, subprocess, sys
p = subprocess.run({cmd!r}, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
rows = len(p.stdout.splitlines()) - 1
print(rows, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""
    rows, kib = map(int, subprocess.check_output([sys.executable, "-c", code]).split())
    return rows, kib

for label, cl_dir in (("ok rows", None), ("out_of_bounds rows", faults + "/oob"),
                      ("verify_failed rows", faults + "/wrong")):
    peak_kib(range(6, 31, 6), cl_dir)                   # builds into PoCL's cache first
    few_rows, few = peak_kib(range(6, 31, 6), cl_dir)   # 5 sizes: 50 rows
    many_rows, many = peak_kib(range(1, 31), cl_dir)    # 30 sizes: 300 rows
    assert (few_rows, many_rows) == (50, 300), (few_rows, many_rows)
    growth = many - few
    print(f"memory_flat: {label}: peak RSS {few} KiB at 50 rows, {many} KiB at 300 rows "
          f"({growth:+d} KiB, {growth / 250:.1f} KiB per extra row)")
    assert growth < 8192, f"{label}: {growth} KiB more for 250 more rows"
PY
echo "memory_flat: ok"
