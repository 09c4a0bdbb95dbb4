#!/usr/bin/env bash
# GPU host, session 18 call U5: bench/planner_gpu.sh with the planner of tiles of 96 (3324a10,
# .gpu/prefix-j) on twelve skinny shapes no call had timed, thin sides from 66 to 127 (the band
# the tiles of 96 were added for, and the one past it), N or M the thin side.
set -uo pipefail
R=$OUT/s18u5; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv; } >"$R/host.txt" 2>&1
fresh=2200x70x8000,3300x92x6000,5000x66x5000,7000x80x2500,1000x96x20000,4000x88x3000,88x5000x4000,92x6000x6000,70x4000x9000,6000x104x4000,3000x120x6000,110x4000x5000
s=$(date +%s)
SHAPES=$fresh CLBENCH=$PWD/.gpu/prefix-j/bin/clbench timeout 300 bench/planner_gpu.sh -o "$R/thin" >"$R/thin.out" 2>"$R/thin.err"
echo "thin rc=$? in $(( $(date +%s) - s )) s" >"$R/rc.txt"
cat "$R/rc.txt"; grep -v "^#\|^  \|^        " "$R/thin/summary.txt" | cut -c1-200
tar czf "$OUT/s18u5.tgz" -C "$OUT" s18u5
