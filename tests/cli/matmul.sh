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
