#!/usr/bin/env bash
# GPU host, session 9 call G1.  Issue 20: why the double matmul_fast stops at 0.65x the FP64
# roof -- the SM clock and power under a sustained DGEMM and under a sustained FP64 FMA probe
# (nvidia-smi, read only), ptxas's registers of the tuned point (CUDA_CACHE_DISABLE=1), its PTX
# (the program cache, for ptxas/nvdisasm elsewhere), variants the tuner did not reach (PAD,
# tile shapes); cl_khr_fp16 on either device.  Issue 21: shapes of the nine's kinds that no
# entry was tuned at, against sgemm_cublas in one run; odd transposes against copy_ilp.
# Binary d9fe9cb (.gpu/prefix-d).
set -uo pipefail
R=$OUT/r; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:/usr/local/cuda/lib64
export PATH=$PWD/.gpu/prefix-d/bin:$PATH
export XDG_CACHE_HOME=$R/cache
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.sm,power.limit,temperature.gpu --format=csv; uptime; clinfo 2>/dev/null | grep -iE "device name|fp16|half" ; } >"$R/host.txt" 2>&1
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw,temperature.gpu,clocks_event_reasons.active --format=csv -lms 200 >"$R/smi.csv" 2>&1 &
SMI=$!
t() { local name=$1; shift; local s; s=$(date +%s); echo "$name start $(date -u +%T)" >>"$R/times.txt"; "$@" >"$R/$name.txt" 2>&1; echo "$name rc=$? end $(date -u +%T) wall_s=$(( $(date +%s) - s )): $*" >>"$R/times.txt"; }
export CUDA_CACHE_DISABLE=1
t dgemm clbench -d gpu -k matmul_fast,dgemm_cublas --type double -n 4096 --peak measure -o "$R/dgemm.json"
sleep 5
t dgemm-long clbench -d gpu -k matmul_fast --type double -n 4096 --reps 1500 -o "$R/dgemm-long.json"
sleep 5
t fma64-long clbench --kernel-file .gpu/fma64.cl -d gpu -n 4M --min-time 10 -o "$R/fma64-long.json"
sleep 5
t sgemm-long clbench -d gpu -k matmul_fast -n 8192 --reps 400 -o "$R/sgemm-long.json"
sleep 5
t dgemm-variants clbench -d gpu -k matmul_fast --type double -n 4096 -D TSM=64,128 -D TSN=64,128,256 -D TSK=8 \
  -D WPTM=8 -D WPTN=8 -D VWM=2 -D VWN=2 -D PAD=0,2 -D EDGE=0 -D KSPLIT=1 -o "$R/dgemm-variants.json"
t dgemm-variants2 clbench -d gpu -k matmul_fast --type double -n 4096 -D TSM=64 -D TSN=64,128 -D TSK=16 \
  -D WPTM=8 -D WPTN=8 -D VWM=2 -D VWN=2 -D PAD=0 -D EDGE=0 -D KSPLIT=1 -o "$R/dgemm-variants2.json"
unset CUDA_CACHE_DISABLE
t shapes clbench -d gpu -k matmul_fast,sgemm_cublas --verify-max 1048576 -o "$R/shapes.json" \
  -n 1536,2047,3000,6144,5000x4000x3000,3000x5000x2000,6000x6000x500,8192x4096x256,4000x4000x1000,3000x100x5000,200x8192x4096,8192x200x4096,5000x300x2000,1000x64x8000
t transposes clbench -d gpu -k transpose_aligned --verify-max 1048576 -o "$R/transposes.json" -n 3001x7919,9999x4097,5001x5003,2049x12345
t copy-same-bytes clbench -d gpu -k copy_ilp --verify-max 1048576 -o "$R/copy-same-bytes.json" -n 23764919,40965903,25020003,25294905
kill $SMI
cat "$R/times.txt"
tar czf "$OUT/gpu-g1.tgz" -C "$OUT" r
