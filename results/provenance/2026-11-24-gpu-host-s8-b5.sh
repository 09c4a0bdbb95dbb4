#!/usr/bin/env bash
# GPU host, session 8 call B5 (issue 20, DGEMM on the H100): register blocks past 8x8 in
# double.  At 8x8 a work-item reads 16 doubles (128 B) of local memory per 64 FMAs: at the FP64
# rate of an SM (64 FMA a clock) that is its whole local-memory bandwidth (128 B a clock), so
# blocks of 8x12 and 12x8 (20 doubles per 96 FMAs) are tried beside the tuned 8x8 point.
set -uo pipefail
R=$OUT/r; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:/usr/local/cuda/lib64
export PATH=$PWD/.gpu/prefix-c/bin:$PATH
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; uptime; } >"$R/host.txt" 2>&1
t() { local name=$1; shift; local s; s=$(date +%s); "$@" >"$R/$name.txt" 2>&1; echo "$name rc=$? wall_s=$(( $(date +%s) - s )): $*" >>"$R/times.txt"; }
t wptn12 clbench -d gpu --type double -k matmul_fast -n 4096 -D TSM=64,128 -D TSN=96,192 -D TSK=8 -D WPTM=8 -D WPTN=12 -D VWM=2 -D VWN=2,4 -D PAD=0 -D EDGE=0,1 -D KSPLIT=1 -o "$R/dgemm-wptn12.json"
t wptm12 clbench -d gpu --type double -k matmul_fast -n 4096 -D TSM=96,192 -D TSN=64,128 -D TSK=8 -D WPTM=12 -D WPTN=8 -D VWM=2,4 -D VWN=2 -D PAD=0 -D EDGE=0,1 -D KSPLIT=1 -o "$R/dgemm-wptm12.json"
t ref clbench -d gpu --type double -k matmul_fast,dgemm_cublas -n 4096 -D TSM=64 -D TSN=128 -D TSK=8 -D WPTM=8 -D WPTN=8 -D VWM=2 -D VWN=2 -D PAD=0 -D EDGE=0 -D KSPLIT=1 -o "$R/dgemm-ref.json"
cat "$R/times.txt"
tar czf "$OUT/gpu-b5.tgz" -C "$OUT" r
