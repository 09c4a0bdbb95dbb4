#!/usr/bin/env bash
# Run as .gpu/shapes2-e.sh on the GPU host (H100, driver 580.159.04), 2026-11-23 21:16 UTC; files
# in results/nvidia-h100-80gb-hbm3/2026-11-23-e058ff5-shapes2-waves/.  .gpu/shapes2-prefix as in
# the -edge call; .gpu/shapes2-tuned.json was results/tuned.json at 782e735.
# GPU host, shapes2 call E (issue 21 item 3): 2500^3 loses to wave quantization (400 tiles of
# 128x128 at two groups per SM: 1.5 waves); 160x160 tiles make 256 work-groups of 320
# work-items, two waves at one group per SM.  An exhaustive tune over those tiles at 2500^3,
# then the nine shapes against cuBLAS with the database.
set -uo pipefail
R=$OUT/r; mkdir -p "$R"
DEB_DIR=.gpu source bench/gpu_host_env.sh
NEW=$PWD/.gpu/shapes2-prefix/bin/clbench
DB=$R/tuned-h100.json
cp .gpu/shapes2-tuned.json "$DB"
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; uptime; } >"$R/host.txt" 2>&1
t() { local name=$1; shift; local s; s=$(date +%s); "$@" -o "$R/$name.json" >"$R/$name.txt" 2>&1; echo "$name rc=$? wall_s=$(( $(date +%s) - s )): $*" >>"$R/times.txt"; }
s0=$(date +%s)
$NEW tune -d gpu -k matmul_fast -n 2500 -D TSM=160 -D TSN=160 -D TSK=16 -D WPTM=8,10 -D WPTN=8,10 -D VWM=2 \
  -D VWN=2,4,8 -D PAD=0 -D EDGE=0,1 --budget 24 --tuned "$DB" -o "$R/tune-matmul-2500.json" >>"$R/tune.txt" 2>&1
echo "tune matmul_fast 2500 rc=$? wall_s=$(( $(date +%s) - s0 ))" >>"$R/times.txt"
S9=1024,1000,2500,4097,8192,5000x3000x2000,8192x8192x512,256x8192x4096,4096x256x4096
t matmul-tuned $NEW -d gpu -k matmul_fast,sgemm_cublas -n $S9 --tuned "$DB" --verify-max 1048576
cat "$R/times.txt"
tar czf "$OUT/shapes2-e.tgz" -C "$OUT" r
