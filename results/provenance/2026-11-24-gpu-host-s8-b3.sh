#!/usr/bin/env bash
# GPU host, session 8 call B3 (issues 20 and 21), binary ae15e6b (Release, installed in .gpu/prefix-c):
# tunes of matmul_fast at the odd skinny shapes now that KSPLIT is in the space; a double tune
# of matmul_fast at 4096^3 and the run beside dgemm_cublas (FP64 roof measured); copy and vadd
# in float and double at their per-type defaults; then matmul_fast against sgemm_cublas over
# every shape with the database, and at the split-K shapes with defaults alone.
set -uo pipefail
R=$OUT/r; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:/usr/local/cuda/lib64
export PATH=$PWD/.gpu/prefix-c/bin:$PATH
DB=$R/tuned-h100.json
cp .gpu/prefix-c/share/clbench/tuned.json "$DB"
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; uptime; } >"$R/host.txt" 2>&1
t() { local name=$1; shift; local s; s=$(date +%s); "$@" >"$R/$name.txt" 2>&1; echo "$name rc=$? wall_s=$(( $(date +%s) - s )): $*" >>"$R/times.txt"; }
for s in 333x4096x4096 4096x333x4096; do
  t tune-$s clbench tune -d gpu -k matmul_fast -n $s --budget 50s --tuned "$DB" -o "$R/tune-matmul-$s.json"
done
t tune-double-4096 clbench tune -d gpu -k matmul_fast --type double -n 4096 --budget 150s --tuned "$DB" -o "$R/tune-matmul-double-4096.json"
t dgemm-tuned clbench -d gpu --peak measure --type double -k matmul_fast,dgemm_cublas -n 4096 --tuned "$DB" -o "$R/dgemm-tuned.json"
t dgemm-defaults clbench -d gpu --type double -k matmul_fast -n 4096 --no-tuned -o "$R/dgemm-defaults.json"
t stream clbench -d gpu --type float,double -k copy_ilp,vadd -o "$R/stream-types.json"
t matmul-shapes clbench -d gpu -k matmul_fast,sgemm_cublas --verify-max 1048576 --tuned "$DB" -o "$R/matmul-shapes.json" \
  -n 1024,1000,2500,4097,8192,5000x3000x2000,8192x8192x512,256x8192x4096,4096x256x4096,512,768,1500,2048,3000,4096,6000,4096x4096x256,333x4096x4096,4096x333x4096,8192x1024x8192,2048x128x8192,1024x1024x16384,4096x64x4096
t splitk-defaults clbench -d gpu -k matmul_fast,sgemm_cublas --verify-max 1048576 --no-tuned -o "$R/splitk-defaults.json" \
  -n 4096x256x4096,256x8192x4096,2048x128x8192,1024x1024x16384,4096x64x4096,4096x333x4096,333x4096x4096,8192x8192x512,1024,4096
cat "$R/times.txt"
tar czf "$OUT/gpu-b3.tgz" -C "$OUT" r
