# The matmul family on PoCL: every kernel at sizes off every tile grid (1, 17, 33x65x129 and
# one 1000/1023/1025-sized non-cube each), with several parameter sets, every row verified;
# the sweep syntax; and parameter combinations that break a constraint, skipped with a reason.
source "$(dirname "$0")/lib.sh"

# check_rows FILE N [STATUS]: FILE is a CSV report of N rows, each with STATUS (default ok)
# and, when ok, verified and timed.
check_rows() {
    python3 - "$1" "$2" "${3:-ok}" <<'PY' || fail "unexpected CSV rows"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert len(rows) == int(sys.argv[2]), (len(rows), sys.argv[2])
for r in rows:
    assert r["status"] == sys.argv[3], r
    if r["status"] == "ok":
        assert int(r["verified_elements"]) > 0 and float(r["gflops"]) > 0, r
        assert float(r["max_rel_err"]) < 1e-5, r
PY
}

kernels=matmul_naive,matmul_tiled,matmul_regblock,matmul_cached,matmul_rank1,matmul_fast
kernels=$kernels,matmul_cpu
clblast_reason="built without CLBlast"
if "$CLBENCH" --list-kernels | grep -qF "$clblast_reason"; then
    have_clblast=0
else
    have_clblast=1
    kernels=$kernels,sgemm_clblast
fi
openblas_reason="built without OpenBLAS"
if ! "$CLBENCH" --list-kernels | grep -qF "$openblas_reason"; then
    kernels=$kernels,sgemm_openblas
fi
nkernels=$(($(tr -cd , <<<"$kernels" | wc -c) + 1))

# Default parameters, small odd sizes, every element checked.
run -d cpu -k "$kernels" -n 1,17,33x65x129 "${QUICK[@]}" --format csv -o "$TMP/small.csv"
expect_rc 0
check_rows "$TMP/small.csv" $((3 * nkernels))

# Other parameter sets at an odd non-cube: tile edges that do not divide it, odd blocks.
one_set() {
    run -d cpu -k "$1" -n 33x65x129 "${@:2}" "${QUICK[@]}" --format csv -o "$TMP/set.csv"
    expect_rc 0
    check_rows "$TMP/set.csv" "$nrows"
}
nrows=2 one_set matmul_naive -D WGX=1,128 -D WGY=1 # 000's 1x128 and 128x1 blocks, both ways
nrows=1 one_set matmul_naive -D WGX=1 -D WGY=128
nrows=3 one_set matmul_tiled -D TILE=8,32,5
nrows=6 one_set matmul_regblock -D TILE=8 -D RX=1,3,4 -D RY=2,5
nrows=2 one_set matmul_cached -D TILE=4 -D RX=3,8 -D RY=1
nrows=4 one_set matmul_rank1 -D WG=32 -D RM=5,8 -D TK=4,7
nrows=1 one_set matmul_fast -D TSM=64 -D TSN=32 -D WPTM=4 -D WPTN=4 -D VWM=2 -D VWN=1 -D PAD=2
nrows=2 one_set matmul_fast -D TSM=32 -D TSN=64 -D TSK=8 -D WPTM=4 -D WPTN=8 -D PAD=0,4
nrows=2 one_set matmul_fast -D TSM=16 -D TSN=64 -D WPTM=4 -D WPTN=16 -D VWM=1 -D VWN=8,16 -D PAD=0
# EDGE=1: edge groups clamp rows and columns instead of guarding them (only k is zero-filled):
# tiles past every edge, K not a multiple of the k-step (the last step's zeros), few tiles.
nrows=4 one_set matmul_fast -D EDGE=1 -D TSM=32 -D TSN=64 -D TSK=8 -D WPTM=4 -D WPTN=8 -D PAD=0,4 \
    -D VWM=1,4
run -d cpu -k matmul_fast -n 1,5x130x3,64x68x64,129x132x67 -D EDGE=1 -D TSM=16 -D TSN=16 -D TSK=8 \
    -D WPTM=2 -D WPTN=4 -D VWM=2 -D VWN=4 -D PAD=0 "${QUICK[@]}" --format csv -o "$TMP/edge.csv"
expect_rc 0
check_rows "$TMP/edge.csv" 4
grep -q "EDGE=1" "$TMP/edge.csv" || fail "the rows do not say EDGE=1"
# SCHED=1 (CUTLASS's inner loop: fragments read a step ahead, the barrier before the last
# step's FMAs), in both edge modes, with split-K, in float and double.
nrows=8 one_set matmul_fast -D SCHED=1 -D TSM=32 -D TSN=64 -D TSK=8 -D WPTM=4 -D WPTN=8 \
    -D VWM=1,2 -D EDGE=0,1 -D KSPLIT=1,3
nrows=2 one_set matmul_fast --type double -D SCHED=0,1 -D TSM=32 -D TSN=64 -D TSK=8 -D WPTM=4 \
    -D WPTN=8 -D VWM=2 -D VWN=2
nrows=8 one_set matmul_cpu -D MR=3,8 -D VN=4,16 -D NV=3 -D RB=2 -D KB=0,7 -D WGM=5

# One large non-cube per kernel, 1000/1023/1025 in each role, K not a multiple of 4 for the
# fast kernel's scalar path too; a sample of elements checked.
big() {
    run -d cpu -k "$1" -n "$2" "${@:3}" "${QUICK[@]}" --verify-max 300 --format csv \
        -o "$TMP/big.csv"
    expect_rc 0
    check_rows "$TMP/big.csv" 1
}
big matmul_naive 1023x1025x64 -D WGX=32 -D WGY=4
big matmul_tiled 1025x1000x128
big matmul_regblock 1000x1023x96 -D TILE=8 -D RX=4 -D RY=2
big matmul_cached 1025x1025x64
big matmul_rank1 1023x1000x80
big matmul_fast 1000x1025x1023
big matmul_fast 1000x1024x1001 -D EDGE=1 # N a multiple of 4: the row's last float4 stands in
big matmul_fast 1025x1000x301 -D TSN=128 -D TSM=32 -D WPTM=8 -D WPTN=32 -D VWM=1 -D VWN=16 \
    -D PAD=0 # the CPU recommendation
if [ "$have_clblast" = 1 ]; then
    big sgemm_clblast 1000x700x300
else
    run -d cpu -k sgemm_clblast -n 17 "${QUICK[@]}" --format csv
    expect_rc 0 # absent from this build: not a failure
    expect_stdout_has "$clblast_reason"
fi
big matmul_cpu 1025x1000x1023
big matmul_cpu 1000x1023x301 -D MR=6 -D VN=8 -D NV=2 -D WGM=4

# Library baselines a device cannot run are absent with the reason, and the run goes on
# (exit 0): cuBLAS on PoCL (not NVIDIA, or not built), OpenBLAS when not built.
run -d cpu -k sgemm_cublas,matmul_cpu -n 17 "${QUICK[@]}" --format csv -o "$TMP/absent.csv"
expect_rc 0
python3 - "$TMP/absent.csv" <<'PY' || fail "sgemm_cublas was not absent with its reason on PoCL"
import csv, sys
rows = {r["kernel"]: r for r in csv.DictReader(open(sys.argv[1]))}
cublas = rows["sgemm_cublas"]
assert cublas["status"] == "unavailable", cublas
assert "NVIDIA devices only" in cublas["reason"] or "built without" in cublas["reason"], cublas
assert rows["matmul_cpu"]["status"] == "ok", rows
PY

# With OpenBLAS, the report's "vs library" is OpenBLAS's median over the kernel's.
if ! "$CLBENCH" --list-kernels | grep -qF "$openblas_reason"; then
    run -d cpu -k matmul_cpu,sgemm_openblas -n 33 "${QUICK[@]}" --format json -o "$TMP/lib.json"
    expect_rc 0
    run report --format json "$TMP/lib.json"
    expect_rc 0
    python3 - "$TMP/lib.json" "$TMP/stdout" <<'PY' || fail "no vs-library speedup in the report"
import json, sys
run = {r["kernel"]: r for r in json.load(open(sys.argv[1]))["rows"]}
want = run["sgemm_openblas"]["stats"]["median_ms"] / run["matmul_cpu"]["stats"]["median_ms"]
fam = [f for f in json.load(open(sys.argv[2]))["families"] if f["family"] == "matmul"][0]
cell = [r for r in fam["rows"] if r["kernel"] == "matmul_cpu"][0]["devices"]
got = list(cell.values())[0]["speedup_vs_library"]
assert abs(got - want) <= 1e-6 * want, (got, want)
PY
fi

# Split-K (KSPLIT > 1): the k-steps of TSK shared out over KSPLIT slices written into a scratch,
# then a second launch (matmul_fast_sum) adds them up.  K not a multiple of TSK (1000: 63 steps
# of 16, the last a tail) and M*N not a multiple of 4 (129x67: the sum's scalar tail); every
# element checked, in a worker, and (EDGE=1) in-process: the row's second launch and its
# timings travel through the worker's channel.  Each sample spans both launches, so no median
# may be below either launch's own: a runner that timed only one of them would fail.
SPLITK=(-k matmul_fast -D TSM=16 -D TSN=16 -D WPTM=2 -D WPTN=4 -D VWM=2 -D VWN=4 -D PAD=0)
run -d cpu "${SPLITK[@]}" -n 129x67x1000,64x64x4096 -D KSPLIT=2,3,4 "${QUICK[@]}" \
    --format json -o "$TMP/splitk.json"
expect_rc 0
CLBENCH_WORKERS=0 run -d cpu "${SPLITK[@]}" -n 129x67x1000 -D KSPLIT=3 -D EDGE=1 "${QUICK[@]}" \
    --format json -o "$TMP/splitk-edge.json"
expect_rc 0
python3 - "$TMP/splitk.json" "$TMP/splitk-edge.json" <<'PY' || fail "split-K rows"
import json, sys
rows = [r for f in sys.argv[1:] for r in json.load(open(f))["rows"]]
assert len(rows) == 7, len(rows)
for r in rows:
    assert r["status"] == "ok", r
    v = r["verification"]
    assert v["passed"] and not v["sampled"] and v["max_rel_err"] < 1e-5, v
    ksplit, then = r["params"]["KSPLIT"], r["then"]
    m, n, k = r["size"]
    assert r["global"][2] == ksplit and r["local"][2] == 1, r
    assert then["kernel"] == "matmul_fast_sum", then
    assert then["scratch_bytes"] == ksplit * ((m * n + 3) // 4 * 4) * 4, then
    assert then["global"][0] % then["local"][0] == 0 and then["global"][0] * 4 >= m * n, then
    assert r["flops"] == 2 * m * n * k, r  # the work model is the matmul's, not the launches'
    if r["timer"] == "event":
        med = r["stats"]["median_ms"]
        assert 0 < then["first_median_ms"] <= med and 0 < then["second_median_ms"] <= med, r
PY
# A plan that adds a second launch needs a kernel for it: a kernel file whose manifest names
# none (`then`) gets an invalid row that says so, and one whose `then` kernel the compiler never
# sees (inside #if 0, where the manifest's scan still finds it) a build_failed row.
for then in "" "then my_sum"; do
    cat >"$TMP/my_fast.cl" <<EOF
/* clbench:kernel my_fast
 *   contract matmul
 *   plan matmul_fast
 *   param TSM = 16 in 4..512
 *   param TSN = 16 in 4..512
 *   param TSK = 16 in 4..128
 *   param WPTM = 2 in 1..32
 *   param WPTN = 4 in 1..32
 *   param VWM = 2 in 1,2,4,8,16
 *   param VWN = 4 in 1,2,4,8,16
 *   param PAD = 0 in 0..32
 *   param KSPLIT = 2 in 1..32
 *   $then
 */
__kernel void my_fast(const int M, const int N, const int K, __global const float *A,
                      __global const float *B, __global float *C) {}
#if 0
__kernel void my_sum(const int M) {}
#endif
EOF
    run -d cpu --kernel-file "$TMP/my_fast.cl" -n 17x17x64 "${QUICK[@]}" --format csv
    expect_rc 1
    if [ -z "$then" ]; then
        expect_stdout_has "invalid"
        expect_stdout_has "asks for a second launch, but its manifest names no kernel to launch: add"
    else
        expect_stdout_has "build_failed"
        expect_stdout_has "the built program has no kernel 'my_sum' (CL_INVALID_KERNEL_NAME)"
    fi
done
# Bad slice counts: KSPLIT 0 is refused with the allowed range before anything runs; more
# slices than K has k-steps (K=40: 3 of TSK=16) is an invalid row that says how many it may be.
run -d cpu -k matmul_fast -D KSPLIT=0 -n 17 "${QUICK[@]}"
expect_rc 2
expect_stderr_has "-D KSPLIT=0 is not allowed for matmul_fast (allowed: 1..32)"
expect_one_error_line
run -d cpu -k matmul_fast -D KSPLIT=4 -n 17x17x40 "${QUICK[@]}" --format csv -o "$TMP/bad.csv"
expect_rc 1
check_rows "$TMP/bad.csv" 1 invalid
grep -qF "KSPLIT=4 slices of K: K=40 has 3 k-steps of TSK=16" "$TMP/bad.csv" &&
    grep -qF "choose KSPLIT from 1 to 3" "$TMP/bad.csv" || fail "no reason for KSPLIT=4 at K=40"

# The sweep syntax: the cartesian product, one verified row per combination, in JSON.  (The
# parameter sets of matmul_regblock's run above: PoCL builds each once, for both runs.)
run -d cpu -k matmul_regblock -D TILE=8 -D RX=1,3,4 -D RY=2,5 -n 17x9x23 "${QUICK[@]}" \
    --format json
expect_rc 0
python3 - "$TMP/stdout" <<'PY' || fail "the RX x RY sweep did not give six ok rows"
import json, sys
doc = json.load(open(sys.argv[1]))
rows = doc["rows"]
combos = {(r["params"]["RX"], r["params"]["RY"]) for r in rows if r["status"] == "ok"}
assert len(rows) == 6 and combos == {(x, y) for x in (1, 3, 4) for y in (2, 5)}, rows
PY

# Broken constraints are skipped with their reason, never run into an OpenCL error: a
# work-item block that does not tile the work-group's (plan), and a work-group over the
# device's limit (the runner's check), next to a row that still runs.
run -d cpu -k matmul_fast -D WPTM=3 -n 17 "${QUICK[@]}" --format csv -o "$TMP/bad.csv"
expect_rc 1
check_rows "$TMP/bad.csv" 1 invalid
grep -qF "TSM must be a multiple of WPTM" "$TMP/bad.csv" || fail "no reason for WPTM=3"
run -d cpu -k matmul_fast -D PAD=2 -n 17 "${QUICK[@]}" --format csv -o "$TMP/bad.csv"
expect_rc 1
grep -qF "PAD must be a multiple of VWM" "$TMP/bad.csv" || fail "no reason for PAD=2"
run -d cpu -k matmul_naive -D WGX=16,128 -D WGY=128 -n 17 "${QUICK[@]}" --format csv \
    -o "$TMP/bad.csv"
expect_rc 1
python3 - "$TMP/bad.csv" <<'PY' || fail "expected one ok row and one over_limits row"
import csv, sys
rows = {r["params"]: r for r in csv.DictReader(open(sys.argv[1]))}
assert rows["WGX=16 WGY=128"]["status"] == "ok", rows
bad = rows["WGX=128 WGY=128"]
assert bad["status"] == "over_limits" and "work-group of 16384" in bad["reason"], bad
PY

# A library row that cannot run on this device is "absent" in the table; it earns a warning
# only when the user named the kernels, not in the default set (cuBLAS on a CPU-only machine).
run -d cpu -k matmul_naive,sgemm_cublas -n 64 "${QUICK[@]}" -f csv
expect_rc 0
expect_stderr_has "sgemm_cublas on "
grep -q ',sgemm_cublas,.*,unavailable,' "$TMP/stdout" || fail "sgemm_cublas is not unavailable"
run -d cpu -n 64 "${QUICK[@]}" -f csv
expect_rc 0
grep -q ',sgemm_cublas,.*,unavailable,' "$TMP/stdout" || fail "the default set lacks sgemm_cublas"
! grep -q "unavailable" "$TMP/stderr" || fail "the default set warned about an unavailable row"
echo "matmul: ok"
