#!/usr/bin/env bash
# GPU host, session 16 call S3: bench/planner_gpu.sh with eight autotune candidates (4171c8e,
# .gpu/prefix-c) against four (64963e8, .gpu/prefix-b; the same model) in one call, on the
# script's eighteen shapes and call S2's twelve new ones; then 4171c8e alone on twelve more
# shapes no call had timed (odd squares, rectangles, flat, skinny).
set -uo pipefail
R=$OUT/s16s3; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv; } >"$R/host.txt" 2>&1
new=2800x76x7000,4500x84x5000,1600x96x10000,6000x72x3000,3600x64x9000,76x2800x7000,84x4500x5000,64x3600x9000,5000x120x4000,120x5000x4000,9000x56x2000,2000x180x6000
new2=1700x1700x1700,2600x2600x2600,4500x4500x4500,6100x6100x6100,5000x1500x3000,1200x4000x2500,7500x7500x200,3000x5000x128,7000x110x3000,110x7000x3000,2400x60x9000,5500x90x4500
run() { # name, binary, shapes (empty: the script's own)
    local s; s=$(date +%s)
    SHAPES=$3 CLBENCH=$PWD/.gpu/$2/bin/clbench timeout 150 bench/planner_gpu.sh -o "$R/$1" >"$R/$1.out" 2>"$R/$1.err"
    echo "$1 rc=$? in $(( $(date +%s) - s )) s" >>"$R/rc.txt"
}
run eight-18 prefix-c ""
run four-18 prefix-b ""
run eight-new prefix-c "$new"
run four-new prefix-b "$new"
run eight-new2 prefix-c "$new2"
cat "$R/rc.txt"
for i in eight-18 four-18 eight-new four-new eight-new2; do echo "=== $i"; grep -E "geometric|worst" "$R/$i/summary.txt"; done
tar czf "$OUT/s16s3.tgz" -C "$OUT" s16s3
