#!/usr/bin/env bash
# GPU host, session 16 call S5: bench/planner_gpu.sh with the session's last model (edea3a7,
# .gpu/prefix-d; later commits change no C) on the two sets S4 left out: call S2's twelve shapes
# and s15 G3's twelve.
set -uo pipefail
R=$OUT/s16s5; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv; } >"$R/host.txt" 2>&1
new=2800x76x7000,4500x84x5000,1600x96x10000,6000x72x3000,3600x64x9000,76x2800x7000,84x4500x5000,64x3600x9000,5000x120x4000,120x5000x4000,9000x56x2000,2000x180x6000
g3=3000x80x6000,5000x112x3000,2500x72x5000,80x3000x6000,6000x40x4000,8192x100x2048,4000x48x8000,3000x128x3000,1800x90x9000,7000x200x1000,96x8192x2048,5000x160x2500
run() { # name, binary, shapes
    local s; s=$(date +%s)
    SHAPES=$3 CLBENCH=$PWD/.gpu/$2/bin/clbench timeout 150 bench/planner_gpu.sh -o "$R/$1" >"$R/$1.out" 2>"$R/$1.err"
    echo "$1 rc=$? in $(( $(date +%s) - s )) s" >>"$R/rc.txt"
}
run regs-new prefix-d "$new"
run regs-g3 prefix-d "$g3"
cat "$R/rc.txt"
for i in regs-new regs-g3; do echo "=== $i"; grep -E "geometric|worst" "$R/$i/summary.txt"; done
tar czf "$OUT/s16s5.tgz" -C "$OUT" s16s5
