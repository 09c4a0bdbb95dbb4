#!/usr/bin/env bash
# GPU host, session 9 call G3 (issue 21): the skinny shapes that call G1 found weak against
# sgemm_cublas (1000x64x8000 0.39x, 3000x100x5000 0.72x, 5000x300x2000 0.74x, 8192x200x4096
# 0.86x).  First G1's fourteen shapes and the issue's nine with the shipped database under the
# new nearest-entry rule (672f058: a skinny row's small dimension weighs most); then 50-second
# tunes at the four shapes (KSPLIT in the space) into a copy of it; then the same shapes again
# with that database.  Binary 672f058 (.gpu/prefix-e).
set -uo pipefail
R=$OUT/r3; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:/usr/local/cuda/lib64
export PATH=$PWD/.gpu/prefix-e/bin:$PATH
DB=$R/tuned-h100.json
cp results/tuned.json "$DB"
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; uptime; } >"$R/host.txt" 2>&1
t() { local name=$1; shift; local s; s=$(date +%s); "$@" >"$R/$name.txt" 2>&1; echo "$name rc=$? wall_s=$(( $(date +%s) - s )): $*" >>"$R/times.txt"; }
SHAPES=1536,2047,3000,6144,5000x4000x3000,3000x5000x2000,6000x6000x500,8192x4096x256,4000x4000x1000,3000x100x5000,200x8192x4096,8192x200x4096,5000x300x2000,1000x64x8000
NINE=1024,1000,2500,4097,8192,5000x3000x2000,8192x8192x512,256x8192x4096,4096x256x4096
t shapes-shipped clbench -d gpu -k matmul_fast,sgemm_cublas --verify-max 1048576 --tuned "$DB" -o "$R/shapes-shipped.json" -n $SHAPES
for s in 1000x64x8000 3000x100x5000 5000x300x2000 8192x200x4096; do
  t tune-$s clbench tune -d gpu -k matmul_fast -n $s --budget 50s --tuned "$DB" -o "$R/tune-matmul-$s.json"
done
t shapes-tuned clbench -d gpu -k matmul_fast,sgemm_cublas --verify-max 1048576 --tuned "$DB" -o "$R/shapes-tuned.json" -n $SHAPES
t nine-tuned clbench -d gpu -k matmul_fast,sgemm_cublas --verify-max 1048576 --tuned "$DB" -o "$R/nine-tuned.json" -n $NINE
cat "$R/times.txt"; grep -h "best\|added\|replaced\|kept" "$R"/tune-*.txt
tar czf "$OUT/gpu-g3.tgz" -C "$OUT" r3
