# `clbench report --findings`: the local-memory verdict per device from the registry's twins,
# and the seed experiments' sections when their rows are present.
source "$(dirname "$0")/lib.sh"

run -d cpu -k vadd,vadd_local -n 1000,2048 "${QUICK[@]}" -o "$TMP/cpu.json"
expect_rc 0
# A "GPU" where local memory is planted to win 4x, and hand-made rows of the other seed
# experiments: an RX x RY grid, copy_ilp points and a transpose ladder.
python3 - "$TMP" <<'PY' || fail "making files"
import json, sys
d = sys.argv[1]
run = json.load(open(d + "/cpu.json"))
run["host"] = "gpu-host"
run["devices"][0].update(type="gpu", name="NVIDIA H100 80GB HBM3", platform="NVIDIA CUDA")
for r in run["rows"]:
    ms = 1.0 if r["kernel"] == "vadd" else 0.25
    r["samples_ms"], r["stats"]["median_ms"] = [ms], ms
json.dump(run, open(d + "/gpu.json", "w"))
seeds = json.load(open(d + "/cpu.json"))
base = seeds["rows"][0]
def row(kernel, family, params, size, ms, metric="GB/s"):
    r = json.loads(json.dumps(base))
    r.update(kernel=kernel, family=family, params=params, size=size, metric=metric)
    r["samples_ms"], r["stats"]["median_ms"] = [ms], ms
    r["gflops" if metric == "GFLOP/s" else "gbs"] = 100.0 / ms
    return r
rows = []
for rx in (1, 2, 4):
    for ry in (1, 2):
        rows.append(row("matmul_regblock", "matmul", {"RX": rx, "RY": ry, "TILE": 16},
                        [64, 64, 64], {(2, 2): 0.2, (4, 2): 2.0}.get((rx, ry), 1 / (rx * ry)),
                        "GFLOP/s"))
for ilp in (1, 8):
    rows.append(row("copy_ilp", "copy", {"ILP": ilp, "VEC": 4}, [4096], 1.0 / ilp))
for k, ms in (("transpose_naive", 4.0), ("transpose_copy", 1.0), ("transpose_tiled", 2.0)):
    rows.append(row(k, "transpose", {"TILE": 32}, [256, 256], ms))
seeds["rows"] = rows
json.dump(seeds, open(d + "/seeds.json", "w"))
PY

run report --findings "$TMP/cpu.json" "$TMP/gpu.json"
expect_rc 0
expect_stdout_has "vadd_local (local memory) against vadd (none)"
# The GPU's planted 4x; the CPU's measured ratio, whatever it is, named beside it.
grep -qE '^local memory: .* on PoCL.*, 4x faster on H100 80GB HBM3$' "$TMP/stdout" ||
    fail "verdict line"
grep -qE '^  H100 80GB HBM3: geometric mean of 2 pairs and sizes, from 4x to 4x$' \
    "$TMP/stdout" || fail "verdict detail"

run report --findings --format md "$TMP/seeds.json"
expect_rc 0
expect_stdout_has "## RX x RY"
expect_stdout_has "| 1 | 100 | 200 |"
expect_stdout_has "| 2 | 200 | 500* |"
expect_stdout_has "| 4 | 400 | 50 |"
expect_stdout_has "best (*): RX=2 RY=2, 500 GFLOP/s"
expect_stdout_has "## ILP and occupancy"
expect_stdout_has "| copy_ilp | ILP=8 VEC=4 | 4096 | 800 |"
expect_stdout_has "## Transpose ladder"
expect_stdout_has "| transpose_naive | TILE=32 | 256x256 | 25.0 | - | 25% |"
expect_stdout_has "| transpose_tiled | TILE=32 | 256x256 | 50.0 | - | 50% |"
# Twins come from the registry: transpose_tiled ran beside transpose_naive (2x), while
# matmul_regblock's twin matmul_cached did not: no verdict is invented for it.
expect_stdout_has "transpose_tiled: 2x faster on PoCL"
expect_stdout_has "matmul_regblock: no verdict: matmul_cached did not run beside it"

run report --findings "$TMP/cpu.json" --format json
expect_rc 2
expect_one_error_line
echo "report_findings: ok"
