#!/usr/bin/env bash
# Run as .gpu/shapes2-f.sh on the GPU host (H100, driver 580.159.04), 2026-11-23 21:18 UTC; files
# in results/nvidia-h100-80gb-hbm3/2026-11-23-e058ff5-shapes2-final/.  .gpu/shapes2-prefix as in
# the -edge call; .gpu/shapes2-tuned-e.json was the -waves call's tuned-h100.json.  This call's
# tuned-h100.json is results/tuned.json.
# GPU host, shapes2 call F (issue 21 item 3): the 160x160 entry tuned at 2500^3 (call E) became
# the nearest entry of 5000x3000x2000, where it is slower; a tune there over 128x128 tiles and
# EDGE gives that shape its own entry.  Then the nine shapes against cuBLAS.
set -uo pipefail
R=$OUT/r; mkdir -p "$R"
DEB_DIR=.gpu source bench/gpu_host_env.sh
NEW=$PWD/.gpu/shapes2-prefix/bin/clbench
DB=$R/tuned-h100.json
cp .gpu/shapes2-tuned-e.json "$DB"
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; uptime; } >"$R/host.txt" 2>&1
t() { local name=$1; shift; local s; s=$(date +%s); "$@" -o "$R/$name.json" >"$R/$name.txt" 2>&1; echo "$name rc=$? wall_s=$(( $(date +%s) - s )): $*" >>"$R/times.txt"; }
s0=$(date +%s)
$NEW tune -d gpu -k matmul_fast -n 5000x3000x2000 -D TSM=128 -D TSN=128 -D TSK=16 -D WPTM=8,16 -D WPTN=4,8 \
  -D VWM=4 -D VWN=4 -D PAD=0 -D EDGE=0,1 --budget 8 --tuned "$DB" -o "$R/tune-matmul-5000x3000x2000.json" >>"$R/tune.txt" 2>&1
echo "tune matmul_fast 5000x3000x2000 rc=$? wall_s=$(( $(date +%s) - s0 ))" >>"$R/times.txt"
S9=1024,1000,2500,4097,8192,5000x3000x2000,8192x8192x512,256x8192x4096,4096x256x4096
t matmul-tuned $NEW -d gpu -k matmul_fast,sgemm_cublas -n $S9 --tuned "$DB" --verify-max 1048576
cat "$R/times.txt"
tar czf "$OUT/shapes2-f.tgz" -C "$OUT" r
