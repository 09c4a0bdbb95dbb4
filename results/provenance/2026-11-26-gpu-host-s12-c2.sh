#!/usr/bin/env bash
# GPU host, session 12 call C2 (binary: main at 8fb7a04 installed into .gpu/prefix): the planner
# again after the local-memory headroom (500^3 was refused in call P2) -- bench/planner_gpu.sh,
# the model alone and --autotune quick against cuBLAS, the DGEMM, the model against the
# database -- then the two energy methods (bench/energy_check.sh: short rows whose readings
# rise now say so).
set -uo pipefail
R=$OUT/c2; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
export PATH=$PWD/.gpu/prefix/bin:$PATH CLBENCH=$PWD/.gpu/prefix/bin/clbench
export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:/usr/local/cuda/lib64
"$CLBENCH" --version >"$R/version.txt" 2>&1
s=$(date +%s)
timeout 420 bench/planner_gpu.sh -o "$R/planner" >"$R/planner.txt" 2>&1
echo "planner rc=$? in $(( $(date +%s) - s )) s" >>"$R/rc.txt"
bench/energy_check.sh -d gpu -o "$R/energy" >"$R/energy.txt" 2>&1
echo "energy rc=$?" >>"$R/rc.txt"
cat "$R/rc.txt"; cat "$R/planner/summary.txt"; grep -v "ICD loader" "$R/energy.txt" | tail -8
python3 - "$R/energy/short.json" <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["rows"]:
    e = r.get("energy", {})
    print(r["kernel"], e.get("source"), e.get("rising"), e.get("approximate"), e.get("error_pct"), (r.get("device_state", {}).get("power_w") or {}))
PY
tar czf "$OUT/c2.tgz" -C "$OUT" c2
