#!/usr/bin/env bash
# GPU host, session 15 call G2: bench/planner_gpu.sh with the menu planner (.gpu/prefix-menu,
# an install of 12a0f34) on its 18 shapes, then both it and the planner before the menu
# (.gpu/prefix-s15, an install of f63376b's code) on ten shapes no sweep recorded but two of the
# database's (skinny, flat, odd), against cuBLAS in the same run.
set -uo pipefail
R=$OUT/s15g2; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv; } >"$R/host.txt" 2>&1
novel=4096x64x4096,5000x300x2000,6000x64x3000,3000x80x6000,5000x250x2500,1300,2700,64x5000x5000,4500x300x1800,7000x100x1500
run() { # name binary [SHAPES]
    local s; s=$(date +%s)
    SHAPES=${3:-} CLBENCH=$PWD/.gpu/$2/bin/clbench timeout 280 bench/planner_gpu.sh -o "$R/$1" >"$R/$1.out" 2>"$R/$1.err"
    echo "$1 rc=$? in $(( $(date +%s) - s )) s" >>"$R/rc.txt"
}
run menu prefix-menu
run novel-menu prefix-menu "$novel"
run novel-before prefix-s15 "$novel"
cat "$R/rc.txt"
for v in menu novel-menu novel-before; do echo "=== $v"; grep -E "geometric|DGEMM|^matmul_fast:|model/entry" "$R/$v/summary.txt"; done
tar czf "$OUT/s15g2.tgz" -C "$OUT" s15g2
