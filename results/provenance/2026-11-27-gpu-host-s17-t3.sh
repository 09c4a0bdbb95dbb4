#!/usr/bin/env bash
# GPU host, session 17 call T3: bench/planner_gpu.sh with the refit tile factors (6d84f81,
# .gpu/prefix-g) on its own eighteen shapes and on call T1's twelve new ones, so that every set
# has been run with the final model.
set -uo pipefail
R=$OUT/s17t3; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv; } >"$R/host.txt" 2>&1
fresh=1300x1300x1300,2900x2900x2900,3700x3700x3700,5600x5600x5600,2200x3400x1800,3300x1700x2900,1100x6000x1500,6800x900x2200,4800x2400x240,200x4600x4600,4600x200x4600,130x2600x9000
run() { # name, binary, shapes (empty: the script's own)
    local s; s=$(date +%s)
    SHAPES=$3 CLBENCH=$PWD/.gpu/$2/bin/clbench timeout 170 bench/planner_gpu.sh -o "$R/$1" >"$R/$1.out" 2>"$R/$1.err"
    echo "$1 rc=$? in $(( $(date +%s) - s )) s" >>"$R/rc.txt"
}
run refit-18 prefix-g ""
run refit-fresh prefix-g "$fresh"
cat "$R/rc.txt"
for i in refit-18 refit-fresh; do echo "=== $i"; grep -E "geometric|DGEMM target|model/entry" "$R/$i/summary.txt"; done
tar czf "$OUT/s17t3.tgz" -C "$OUT" s17t3
