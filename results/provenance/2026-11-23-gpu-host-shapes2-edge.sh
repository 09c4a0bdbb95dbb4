#!/usr/bin/env bash
# Run as .gpu/shapes2-c.sh on the GPU host (H100, driver 580.159.04), 2026-11-23 20:50 UTC; files
# in results/nvidia-h100-80gb-hbm3/2026-11-23-e058ff5-shapes2-edge/.  .gpu/shapes2-prefix was
# branch shapes2 at 0e17e76's kernels (matmul_fast's EDGE parameter, transpose_aligned as above)
# with results/tuned.json's matmul_fast entries given EDGE=0 (the code they were tuned with).
# results/tuned.json is this call's tuned-h100.json (the EDGE=1 entry at 1000^3) merged with
# clbench tune --merge with the four transpose_aligned entries of the -hybrid call's database.
# GPU host, shapes2 call C (issue 21 item 3): matmul_fast's EDGE parameter (0: guarded edge
# groups, the code before; 1: clamped edge loads), tuned at 1000^3 over both with the tile
# shapes around the shipped entry, then the nine shapes against cuBLAS with that database.
set -uo pipefail
R=$OUT/r; mkdir -p "$R"
DEB_DIR=.gpu source bench/gpu_host_env.sh
NEW=$PWD/.gpu/shapes2-prefix/bin/clbench
DB=$R/tuned-h100.json
cp .gpu/shapes2-prefix/share/clbench/tuned.json "$DB"
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; uptime; } >"$R/host.txt" 2>&1
t() { local name=$1; shift; local s; s=$(date +%s); "$@" -o "$R/$name.json" >"$R/$name.txt" 2>&1; echo "$name rc=$? wall_s=$(( $(date +%s) - s )): $*" >>"$R/times.txt"; }
s0=$(date +%s)
$NEW tune -d gpu -k matmul_fast -n 1000 -D EDGE=0,1 -D TSM=64,128 -D TSN=64,128 -D WPTM=4,8 -D WPTN=4,8 \
  -D TSK=16 -D VWM=4 -D VWN=2 -D PAD=0 --budget 32 --tuned "$DB" -o "$R/tune-matmul-1000.json" >>"$R/tune.txt" 2>&1
echo "tune matmul_fast 1000 rc=$? wall_s=$(( $(date +%s) - s0 ))" >>"$R/times.txt"
S9=1024,1000,2500,4097,8192,5000x3000x2000,8192x8192x512,256x8192x4096,4096x256x4096
t matmul-tuned $NEW -d gpu -k matmul_fast,sgemm_cublas -n $S9 --tuned "$DB" --verify-max 1048576
t edge-1000 $NEW -d gpu -k matmul_fast -n 1000,2500,4097 -D EDGE=0,1 -D TSM=64 -D TSN=64 -D TSK=16 -D WPTM=8 -D WPTN=4 -D VWM=4 -D VWN=2 -D PAD=0 --verify-max 1048576
cat "$R/times.txt"
tar czf "$OUT/shapes2-c.tgz" -C "$OUT" r
