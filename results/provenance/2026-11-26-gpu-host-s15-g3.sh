#!/usr/bin/env bash
# GPU host, session 15 call G3: bench/planner_gpu.sh with the menu planner (.gpu/prefix-menu, an
# install of 12a0f34) on twelve skinny and flat shapes no sweep recorded (M or N from 40 to 200),
# twice, against cuBLAS in the same run: how far the skinny band holds, and how much a ratio
# moves from run to run.
set -uo pipefail
R=$OUT/s15g3; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv; } >"$R/host.txt" 2>&1
skinny=3000x80x6000,5000x112x3000,2500x72x5000,80x3000x6000,6000x40x4000,8192x100x2048,4000x48x8000,3000x128x3000,1800x90x9000,7000x200x1000,96x8192x2048,5000x160x2500
for i in 1 2; do
    s=$(date +%s)
    SHAPES=$skinny CLBENCH=$PWD/.gpu/prefix-menu/bin/clbench timeout 280 bench/planner_gpu.sh -o "$R/run$i" >"$R/run$i.out" 2>"$R/run$i.err"
    echo "run$i rc=$? in $(( $(date +%s) - s )) s" >>"$R/rc.txt"
done
cat "$R/rc.txt"
for i in 1 2; do echo "=== run$i"; grep -E "geometric" "$R/run$i/summary.txt"; done
tar czf "$OUT/s15g3.tgz" -C "$OUT" s15g3
