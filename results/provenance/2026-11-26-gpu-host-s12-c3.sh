#!/usr/bin/env bash
# GPU host, session 12 call C3 (binary: main with every branch of the session merged, installed
# into .gpu/prefix): the acceptance in every environment (bench/gpu_host_acceptance.sh -n 1,
# after run/, the worker and the kernel model changed), then a warm main job under
# bench/timeline.py beside call C1's, and --autotune quick at 4096x96x4096 with candidates that
# differ in tile and split.
set -uo pipefail
R=$OUT/c3; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
export PATH=$PWD/.gpu/prefix/bin:$PATH CLBENCH=$PWD/.gpu/prefix/bin/clbench
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,power.limit,clocks.max.sm --format=csv; clbench --version; } >"$R/host.txt" 2>&1
s=$(date +%s)
bench/gpu_host_acceptance.sh -o "$R/acc" -n 1 >"$R/acceptance.txt" 2>&1
echo "acceptance rc=$? in $(( $(date +%s) - s )) s" >>"$R/rc.txt"
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
python3 bench/timeline.py -o "$R/warm-timeline.txt" -- clbench -o "$R/warm.json" >"$R/warm.out" 2>"$R/warm.err"
echo "warm main job rc=$?" >>"$R/rc.txt"
clbench -d gpu -k matmul_fast,sgemm_cublas -n 4096x96x4096 --no-tuned --autotune quick --tuned "$R/db.json" -o "$R/skinny.json" >"$R/skinny.txt" 2>&1
echo "skinny rc=$?" >>"$R/rc.txt"
cat "$R/rc.txt"; tail -14 "$R/acc/summary.txt"; tail -9 "$R/warm-timeline.txt"
python3 - "$R/skinny.json" <<'PY'
import json, sys
rows = {r["kernel"]: r for r in json.load(open(sys.argv[1]))["rows"]}
f, c = rows["matmul_fast"], rows["sgemm_cublas"]
print("4096x96x4096 autotune", f["status"], f["stats"]["median_ms"], "cublas", c["stats"]["median_ms"],
      "ratio %.3f" % (c["stats"]["median_ms"] / f["stats"]["median_ms"]), f["params"], f.get("params_note", "")[:300])
PY
tar czf "$OUT/c3.tgz" -C "$OUT" c3
