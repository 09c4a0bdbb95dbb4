#!/usr/bin/env bash
# GPU host, session 16 call S4: bench/planner_gpu.sh with the menu's reported registers (edea3a7,
# .gpu/prefix-d) in one call: against the model before them (4171c8e, .gpu/prefix-c) on the
# fourteen shapes of calls G3, S2, S3 and the script's own where the two plan differently; then
# edea3a7 alone on twelve shapes no call had timed (odd squares, rectangles, flat, skinny), on
# the script's eighteen, and on call S3's twelve.
set -uo pipefail
R=$OUT/s16s4; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv; } >"$R/host.txt" 2>&1
changed=5000x112x3000,80x3000x6000,8192x100x2048,96x8192x2048,1600x96x10000,5000x120x4000,120x5000x4000,1700x1700x1700,7000x110x3000,110x7000x3000,5500x90x4500,900x5000x2000,4096x96x4096,7000x128x2000
new3=1250x1250x1250,1900x1900x1900,2300x2300x2300,3100x3100x3100,1800x2600x1400,2700x1300x3300,900x5000x2000,4200x700x2600,6500x3300x300,3900x150x5000,150x3900x5000,2100x100x7000
new2=1700x1700x1700,2600x2600x2600,4500x4500x4500,6100x6100x6100,5000x1500x3000,1200x4000x2500,7500x7500x200,3000x5000x128,7000x110x3000,110x7000x3000,2400x60x9000,5500x90x4500
run() { # name, binary, shapes (empty: the script's own)
    local s; s=$(date +%s)
    SHAPES=$3 CLBENCH=$PWD/.gpu/$2/bin/clbench timeout 150 bench/planner_gpu.sh -o "$R/$1" >"$R/$1.out" 2>"$R/$1.err"
    echo "$1 rc=$? in $(( $(date +%s) - s )) s" >>"$R/rc.txt"
}
run regs-changed prefix-d "$changed"
run before-changed prefix-c "$changed"
run regs-new3 prefix-d "$new3"
run regs-18 prefix-d ""
run regs-new2 prefix-d "$new2"
cat "$R/rc.txt"
for i in regs-changed before-changed regs-new3 regs-18 regs-new2; do echo "=== $i"; grep -E "geometric|worst" "$R/$i/summary.txt"; done
tar czf "$OUT/s16s4.tgz" -C "$OUT" s16s4
