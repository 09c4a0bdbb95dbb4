#!/usr/bin/env bash
# GPU host, session 8 call B4 (issue 20, DGEMM on the H100): a 4-minute tune of matmul_fast in
# double at 4096^3 over a space narrowed to one k-slice and the tiles whose local tiles fit
# 48 KiB in double, padding included (8-byte elements meet the banks otherwise than floats),
# into call B3's database; then matmul_fast beside dgemm_cublas with it, FP64 roof measured.
set -uo pipefail
R=$OUT/r; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:/usr/local/cuda/lib64
export PATH=$PWD/.gpu/prefix-c/bin:$PATH
DB=$R/tuned-h100.json
cp .gpu/tuned-h100-b3.json "$DB"  # call B3's database (its tuned-h100.json)
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; uptime; } >"$R/host.txt" 2>&1
t() { local name=$1; shift; local s; s=$(date +%s); "$@" >"$R/$name.txt" 2>&1; echo "$name rc=$? wall_s=$(( $(date +%s) - s )): $*" >>"$R/times.txt"; }
t tune-double-4096 clbench tune -d gpu -k matmul_fast --type double -n 4096 --budget 240s --tuned "$DB" \
  -D TSM=64,128 -D TSN=64,128 -D TSK=8,16 -D WPTM=4,8 -D WPTN=4,8 -D VWM=1,2 -D VWN=1,2 -D PAD=0,2,4 -D EDGE=0 -D KSPLIT=1 \
  -o "$R/tune-matmul-double-4096-narrow.json"
t dgemm-tuned clbench -d gpu --peak measure --type double -k matmul_fast,dgemm_cublas -n 4096 --min-time 1 --tuned "$DB" -o "$R/dgemm-tuned.json"
cat "$R/times.txt"; grep -h best "$R"/tune-*.txt
tar czf "$OUT/gpu-b4.tgz" -C "$OUT" r
