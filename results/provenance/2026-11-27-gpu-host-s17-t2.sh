#!/usr/bin/env bash
# GPU host, session 17 call T2: the refit with call T1's points (6d84f81, .gpu/prefix-g) against
# the first tile factors (69277dc, .gpu/prefix-f) and the model before them (d390f09,
# .gpu/prefix-e) with an empty database, in one call, on the eleven shapes whose plans the refit
# changes; then bench/planner_gpu.sh with the refit on the shapes of calls S2 and G3 and on call
# S4's and S3's twelve.
set -uo pipefail
R=$OUT/s17t2; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv; } >"$R/host.txt" 2>&1
changed=500,7200,150x3900x5000,76x2800x7000,84x4500x5000,2500x72x5000,80x3000x6000,96x8192x2048,1300x1300x1300,200x4600x4600,130x2600x9000
s2new=2800x76x7000,4500x84x5000,1600x96x10000,6000x72x3000,3600x64x9000,76x2800x7000,84x4500x5000,64x3600x9000,5000x120x4000,120x5000x4000,9000x56x2000,2000x180x6000
g3=3000x80x6000,5000x112x3000,2500x72x5000,80x3000x6000,6000x40x4000,8192x100x2048,4000x48x8000,3000x128x3000,1800x90x9000,7000x200x1000,96x8192x2048,5000x160x2500
new3=1250x1250x1250,1900x1900x1900,2300x2300x2300,3100x3100x3100,1800x2600x1400,2700x1300x3300,900x5000x2000,4200x700x2600,6500x3300x300,3900x150x5000,150x3900x5000,2100x100x7000
new2=1700x1700x1700,2600x2600x2600,4500x4500x4500,6100x6100x6100,5000x1500x3000,1200x4000x2500,7500x7500x200,3000x5000x128,7000x110x3000,110x7000x3000,2400x60x9000,5500x90x4500
alone() { # name, binary: the model alone on the changed shapes, cuBLAS beside it
    local s; s=$(date +%s)
    "$PWD/.gpu/$2/bin/clbench" -d gpu --min-time 0.2 --max-time 5 --no-peak -k matmul_fast,sgemm_cublas \
        -n "$changed" --no-tuned -f json -o "$R/$1.json" >"$R/$1.out" 2>"$R/$1.err"
    echo "$1 rc=$? in $(( $(date +%s) - s )) s" >>"$R/rc.txt"
    python3 bench/planner_summary.py matmul_fast sgemm_cublas 0.90 0.80 "$R/$1.json" >"$R/$1.summary" 2>&1
}
run() { # name, binary, shapes
    local s; s=$(date +%s)
    SHAPES=$3 CLBENCH=$PWD/.gpu/$2/bin/clbench timeout 130 bench/planner_gpu.sh -o "$R/$1" >"$R/$1.out" 2>"$R/$1.err"
    echo "$1 rc=$? in $(( $(date +%s) - s )) s" >>"$R/rc.txt"
}
alone refit-changed prefix-g
alone tiles-changed prefix-f
alone before-changed prefix-e
run refit-s2new prefix-g "$s2new"
run refit-g3 prefix-g "$g3"
run refit-new3 prefix-g "$new3"
run refit-new2 prefix-g "$new2"
cat "$R/rc.txt"
for i in refit-changed tiles-changed before-changed; do echo "=== $i"; grep -E "geometric" "$R/$i.summary"; done
for i in refit-s2new refit-g3 refit-new3 refit-new2; do echo "=== $i"; grep -E "geometric|DGEMM target|model/entry" "$R/$i/summary.txt"; done
tar czf "$OUT/s17t2.tgz" -C "$OUT" s17t2
