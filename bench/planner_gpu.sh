#!/usr/bin/env bash
# The planner on a GPU (docs/tuning.md, "The planner"), in one call of under eight minutes on an
# H100: matmul_fast against cuBLAS in the same run over validation shapes the model was not
# fitted on (odd and power-of-two squares 500..8192, rectangles, flat with K <= 256, skinny
# with M or N <= 128), first with an empty tuning database (--no-tuned: the model alone), then
# with --autotune quick; DGEMM at 4096^3 as the planner configures it, against the FP64 roof;
# and the model against today's database lookup on the database's own shapes.
#   bench/planner_gpu.sh -o OUT [-d DEVICE]       (DEVICE default gpu; CLBENCH=path/to/clbench)
# Writes to OUT: model.json, autotune.json (+ autotune-db.json, the entries it stored),
# dgemm.json, lookup-db.json and lookup-model.json (the run files), summary.txt (every verdict).
# Targets (issue text): model >= 0.90x geometric mean, none under 0.80x; autotune >= 0.95x,
# none under 0.85x; DGEMM >= 0.75x of the FP64 FMA roof; the model no slower than the lookup.
set -euo pipefail
source "$(dirname "$0")/planner_lib.sh"
planner_options gpu "$@"
here=$(cd "$(dirname "$0")" && pwd)
# None of these but 1024 and 2048 (powers of two the sweeps recorded) is a shape of the recorded
# sweeps the constants were fitted on.
shapes=${SHAPES:-500,1024,1100,2000,2048,3333,4096,5120,7200,8192,3584x1024x2048,6000x2500x1500,1000x3000x7000,8192x8192x128,6000x4000x256,4096x96x4096,100x6000x3000,7000x128x2000}
common=(-d "$device" --min-time "${MIN_TIME:-0.2}" --max-time 5 --no-peak)
{
    echo "# clbench $("$clbench" --version) on $(hostname), $(date -u +%FT%TZ)"
    "$clbench" --list 2>/dev/null | grep -A2 -i "$device" | head -3 || true
} >"$out/summary.txt"

"$clbench" "${common[@]}" -k matmul_fast,sgemm_cublas -n "$shapes" --no-tuned \
    -f json -o "$out/model.json" || echo "clbench exited $? (rows that failed are in the run file)" >&2
echo "## the model alone (--no-tuned)" >>"$out/summary.txt"
python3 "$here/planner_summary.py" matmul_fast sgemm_cublas 0.90 0.80 "$out/model.json" |
    tee -a "$out/summary.txt"

rm -f "$out/autotune-db.json"
"$clbench" "${common[@]}" -k matmul_fast,sgemm_cublas -n "$shapes" --no-tuned \
    --autotune quick --tuned "$out/autotune-db.json" -f json -o "$out/autotune.json" || echo "clbench exited $?" >&2
echo "## --autotune quick" >>"$out/summary.txt"
python3 "$here/planner_summary.py" matmul_fast sgemm_cublas 0.95 0.85 "$out/autotune.json" |
    tee -a "$out/summary.txt"

"$clbench" "${common[@]}" -k matmul_fast,dgemm_cublas --type double -n 4096 --no-tuned \
    --peak cached -f json -o "$out/dgemm.json" || echo "clbench exited $?" >&2
python3 - "$out/dgemm.json" <<'PY' | tee -a "$out/summary.txt"
import json, sys
d = json.load(open(sys.argv[1]))
dev = d["devices"][0]
print("## DGEMM 4096^3")
for r in d["rows"]:
    if r["status"] != "ok":
        print(f"{r['kernel']}: {r['status']} {r.get('reason', '')}")
        continue
    roof = (r.get("bound") or {}).get("roof_gflops") or 0
    frac = r["gflops"] / roof if roof else float("nan")
    print(f"{r['kernel']}: {r['gflops']:.0f} GFLOP/s, {frac:.3f} of the FP64 roof "
          f"({roof:.0f}), params {r.get('params')} from {r.get('params_from')}")
    if r["kernel"] == "matmul_fast":
        print("DGEMM target 0.75x of the FP64 roof: " + ("PASS" if frac >= 0.75 else "FAIL")
              + ("" if r["params"].get("SCHED") == 1 else " (SCHED is not 1)"))
PY

# Today's lookup (the shipped database, no model) against the model alone, on the database's
# own float matmul_fast shapes for this device.
db_shapes=$(python3 - "$here/../results/tuned.json" "$out/model.json" <<'PY'
import json, sys
db = json.load(open(sys.argv[1]))["entries"]
dev = json.load(open(sys.argv[2]))["devices"][0]["name"]
s = sorted({"x".join(map(str, e["size"])) for e in db if e["kernel"] == "matmul_fast" and
            e["device"] == dev and e.get("type", "float") == "float" and "shape" in e})
print(",".join(s[:12]))
PY
)
if [ -n "$db_shapes" ]; then
    "$clbench" "${common[@]}" -k matmul_fast -n "$db_shapes" --no-model \
        --tuned /dev/null -f json -o "$out/lookup-db.json" || echo "clbench exited $?" >&2
    "$clbench" "${common[@]}" -k matmul_fast -n "$db_shapes" --no-tuned \
        -f json -o "$out/lookup-model.json" || echo "clbench exited $?" >&2
    python3 "$here/planner_summary.py" lookup "$out/lookup-db.json" "$out/lookup-model.json" |
        tee -a "$out/summary.txt"
fi
echo "summary: $out/summary.txt"
