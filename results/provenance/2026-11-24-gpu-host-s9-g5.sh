#!/usr/bin/env bash
# GPU host, session 9 call G5 (issue 21): the three skinny shapes still under 0.85x cuBLAS after
# call G4 (1000x64x8000 0.77x: its entry runs 64x128 tiles for N = 64; 3000x100x5000 0.80x;
# 5000x300x2000 0.80x: 128-column tiles leave 84 of 384 columns idle, 160x160 tiles only 20 of
# 320) -- narrowed spaces the climbing tuner does not reach from its steps: 64-column tiles
# with KSPLIT up to 32, and 160-wide tiles.  Then the 23 shapes of G4 in one run.
# Binary c20996e (.gpu/prefix-g).
set -uo pipefail
R=$OUT/r5; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:/usr/local/cuda/lib64
export PATH=$PWD/.gpu/prefix-g/bin:$PATH
DB=$R/tuned-h100.json
cp .gpu/tuned-g5-start.json "$DB"   # results/tuned.json at 35181d7
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; uptime; } >"$R/host.txt" 2>&1
t() { local name=$1; shift; local s; s=$(date +%s); "$@" >"$R/$name.txt" 2>&1; echo "$name rc=$? wall_s=$(( $(date +%s) - s )): $*" >>"$R/times.txt"; }
t tune-1000x64x8000 clbench tune -d gpu -k matmul_fast -n 1000x64x8000 --budget 60s --tuned "$DB" -o "$R/tune-matmul-1000x64x8000.json" \
  -D TSM=32,64,128 -D TSN=64 -D TSK=16 -D WPTM=8 -D WPTN=8 -D VWM=2,4,8 -D VWN=2,4 -D PAD=0 -D EDGE=0,1 -D KSPLIT=8,16,32
t tune-5000x300x2000 clbench tune -d gpu -k matmul_fast -n 5000x300x2000 --budget 60s --tuned "$DB" -o "$R/tune-matmul-5000x300x2000.json" \
  -D TSM=128,160 -D TSN=160 -D TSK=16 -D WPTM=8,10 -D WPTN=8,10 -D VWM=2 -D VWN=2,4 -D PAD=0 -D EDGE=0,1 -D KSPLIT=1,2,4
t tune-3000x100x5000 clbench tune -d gpu -k matmul_fast -n 3000x100x5000 --budget 60s --tuned "$DB" -o "$R/tune-matmul-3000x100x5000.json" \
  -D TSM=64,128 -D TSN=32,64,128 -D TSK=16 -D WPTM=8 -D WPTN=8 -D VWM=4,8 -D VWN=2,4 -D PAD=0 -D EDGE=1 -D KSPLIT=4,8,16
ALL=1024,1000,2500,4097,8192,5000x3000x2000,8192x8192x512,256x8192x4096,4096x256x4096,1536,2047,3000,6144,5000x4000x3000,3000x5000x2000,6000x6000x500,8192x4096x256,4000x4000x1000,3000x100x5000,200x8192x4096,8192x200x4096,5000x300x2000,1000x64x8000
t shapes-final clbench -d gpu -k matmul_fast,sgemm_cublas --verify-max 1048576 --tuned "$DB" -o "$R/shapes-final.json" -n $ALL
cat "$R/times.txt"; grep -h "starting\|best\|added\|replaced\|kept" "$R"/tune-*.txt
tar czf "$OUT/gpu-g5.tgz" -C "$OUT" r5
