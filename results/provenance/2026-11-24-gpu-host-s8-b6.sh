#!/usr/bin/env bash
# GPU host, session 8 call B6 (issue 21): skinny shapes with one dimension of 64-128, which took
# the nearest entry's 128x128 tiles in call B3 (4096x64x4096 0.65x cuBLAS): 50-second tunes
# there, KSPLIT in the space, into the shipped database; then those shapes and their neighbours
# against sgemm_cublas in one run with it.  Binary ae15e6b (.gpu/prefix-c).
set -uo pipefail
R=$OUT/r; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:/usr/local/cuda/lib64
export PATH=$PWD/.gpu/prefix-c/bin:$PATH
DB=$R/tuned-h100.json
cp .gpu/tuned-b6-start.json "$DB"   # results/tuned.json as of commit 0c27107
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; uptime; } >"$R/host.txt" 2>&1
t() { local name=$1; shift; local s; s=$(date +%s); "$@" >"$R/$name.txt" 2>&1; echo "$name rc=$? wall_s=$(( $(date +%s) - s )): $*" >>"$R/times.txt"; }
for s in 4096x64x4096 64x4096x4096 2048x128x8192 1024x1024x16384; do
  t tune-$s clbench tune -d gpu -k matmul_fast -n $s --budget 50s --tuned "$DB" -o "$R/tune-matmul-$s.json"
done
t matmul-skinny clbench -d gpu -k matmul_fast,sgemm_cublas --verify-max 1048576 --tuned "$DB" -o "$R/matmul-skinny.json" \
  -n 4096x64x4096,64x4096x4096,2048x128x8192,1024x1024x16384,8192x64x8192,4096x96x4096,3000x100x5000,4096x256x4096,333x4096x4096
cat "$R/times.txt"; grep -h best "$R"/tune-*.txt
tar czf "$OUT/gpu-b6.tgz" -C "$OUT" r
