#!/usr/bin/env bash
# GPU host, session 17 call T1: the model with a factor per tile (69277dc, .gpu/prefix-f) against
# the model before it (d390f09, .gpu/prefix-e; the model of edea3a7) with an empty database, in
# one call, on the 44 shapes of bench/planner_gpu.sh and calls G3, S2-S4 (and twelve new ones)
# whose plans the factors change; then bench/planner_gpu.sh with the tile factors on twelve
# shapes no call has timed and on its own eighteen.
set -uo pipefail
R=$OUT/s17t1; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv; } >"$R/host.txt" 2>&1
changed=500,1024,2000,2048,3333,4096,7200,8192,3584x1024x2048,6000x2500x1500,1000x3000x7000,8192x8192x128,6000x4000x256,4096x96x4096,1900x1900x1900,2300x2300x2300,2700x1300x3300,900x5000x2000,4200x700x2600,1700x1700x1700,2600x2600x2600,4500x4500x4500,6100x6100x6100,5000x1500x3000,1200x4000x2500,7500x7500x200,3000x5000x128,2400x60x9000,5500x90x4500,2800x76x7000,1600x96x10000,84x4500x5000,120x5000x4000,9000x56x2000,5000x112x3000,2500x72x5000,7000x200x1000,96x8192x2048,1300x1300x1300,2200x3400x1800,3300x1700x2900,1100x6000x1500,6800x900x2200,4800x2400x240
fresh=1300x1300x1300,2900x2900x2900,3700x3700x3700,5600x5600x5600,2200x3400x1800,3300x1700x2900,1100x6000x1500,6800x900x2200,4800x2400x240,200x4600x4600,4600x200x4600,130x2600x9000
alone() { # name, binary: the model alone on the changed shapes, cuBLAS beside it
    local s; s=$(date +%s)
    "$PWD/.gpu/$2/bin/clbench" -d gpu --min-time 0.2 --max-time 5 --no-peak -k matmul_fast,sgemm_cublas \
        -n "$changed" --no-tuned -f json -o "$R/$1.json" >"$R/$1.out" 2>"$R/$1.err"
    echo "$1 rc=$? in $(( $(date +%s) - s )) s" >>"$R/rc.txt"
    python3 bench/planner_summary.py matmul_fast sgemm_cublas 0.90 0.80 "$R/$1.json" >"$R/$1.summary" 2>&1
}
run() { # name, binary, shapes (empty: the script's own)
    local s; s=$(date +%s)
    SHAPES=$3 CLBENCH=$PWD/.gpu/$2/bin/clbench timeout 150 bench/planner_gpu.sh -o "$R/$1" >"$R/$1.out" 2>"$R/$1.err"
    echo "$1 rc=$? in $(( $(date +%s) - s )) s" >>"$R/rc.txt"
}
alone tiles-changed prefix-f
alone before-changed prefix-e
run tiles-fresh prefix-f "$fresh"
run tiles-18 prefix-f ""
cat "$R/rc.txt"
for i in tiles-changed before-changed; do echo "=== $i"; grep -E "geometric" "$R/$i.summary"; done
for i in tiles-fresh tiles-18; do echo "=== $i"; grep -E "geometric|DGEMM target" "$R/$i/summary.txt"; done
tar czf "$OUT/s17t1.tgz" -C "$OUT" s17t1
