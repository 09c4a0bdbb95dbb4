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

# The verdict as data, in the side-by-side JSON: the planted pairs, each device's mean (4x on
# the "GPU"), and the GPU/CPU ratio of the family over the rows both ran.
run report --format json "$TMP/cpu.json" "$TMP/gpu.json"
expect_rc 0
python3 - "$TMP/stdout" "$TMP/cpu.json" <<'PY' || fail "the JSON verdict"
import json, math, sys
v = json.load(open(sys.argv[1]))["verdict"]
cpu_rows = {(r["kernel"], r["size"][0]): r["stats"]["median_ms"]
            for r in json.load(open(sys.argv[2]))["rows"]}
pairs = v["local_memory"]["pairs"]
assert sorted((p["device"][:4], p["size"]) for p in pairs) == [
    ("H100", "1000"), ("H100", "2048"), ("PoCL", "1000"), ("PoCL", "2048")], pairs
for p in pairs:
    assert p["kernel"] == "vadd_local" and p["twin"] == "vadd", p
    assert math.isclose(p["speedup"], p["none_ms"] / p["local_ms"]), p
devices = {d["device"][:4]: d for d in v["local_memory"]["devices"]}
assert math.isclose(devices["H100"]["speedup"], 4.0) and devices["H100"]["rows"] == 2, devices
cpu = [cpu_rows[("vadd", n)] / cpu_rows[("vadd_local", n)] for n in (1000, 2048)]
assert math.isclose(devices["PoCL"]["speedup"], math.sqrt(cpu[0] * cpu[1]), rel_tol=1e-9)
(ratio,) = v["gpu_cpu"]
want = math.exp(sum(math.log(cpu_rows[k] / (1.0 if k[0] == "vadd" else 0.25))
                    for k in cpu_rows) / 4)
assert ratio["family"] == "vadd" and ratio["rows"] == 4, ratio
assert math.isclose(ratio["ratio"], want, rel_tol=1e-9), (ratio, want)
PY
# A grid with more values of a parameter than any fixed table would hold: every one is a row.
python3 - "$CLBENCH_SOURCE_DIR/results/epyc-2c-pocl-3.1/2026-11-22-0991d8d-why-regblock-grid.json" \
    "$TMP/wide.json" <<'PY' || fail "making the wide grid"
import copy, json, sys
run = json.load(open(sys.argv[1]))
base = next(r for r in run["rows"] if r["kernel"] == "matmul_regblock" and r["status"] == "ok")
run["rows"] = [dict(copy.deepcopy(base), params=dict(base["params"], RX=rx, RY=1))
               for rx in range(1, 41)]
json.dump(run, open(sys.argv[2], "w"))
PY
run report --findings "$TMP/wide.json"
expect_rc 0
sed -n '/^RX \\ RY/,/^$/p' "$TMP/stdout" | grep -cE '^[0-9]+ ' >"$TMP/count"
[ "$(cat "$TMP/count")" = 40 ] || fail "the RX x RY grid shows $(cat "$TMP/count") of 40 RX values"
echo "report_findings: ok"
