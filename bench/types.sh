#!/usr/bin/env bash
# bench/types.sh [-o DIR] [-n] [clbench options...]
#
# Issue 20's measurements of double precision (docs/kernels.md, "Types: float, double, half"), with the
# binary given in CLBENCH (it builds nothing): one run file per step in
# DIR/<device-slug>/<YYYY-MM-DD>-<commit>-types-<tag>.json (DIR defaults to results/).  Each
# step is one run, so that each ratio comes from one run.  On every GPU:
#   dgemm-4096   clbench's double matmuls (matmul_fast over tile shapes whose local tiles fit
#                48 KiB in double, in both SCHED loops; matmul_tiled, matmul_regblock) beside
#                dgemm_cublas and dgemm_clblast at 4096^3; the device record has the FP64 roof
#                (peak_fma in double), which each row's "% of peak" is of
#   stream       copy_ilp and vadd in float and in double (--type float,double), at the GPU
#                default sizes (copy 2^28 elements, vadd 2^26): GB/s of each type side by side
# On every CPU device:
#   dgemm-cpu    matmul_cpu and matmul_fast (CPU defaults) beside dgemm_openblas at 1024^3
#                and 2048^3, in double
#   stream-cpu   copy_ilp and vadd in float and double at the CPU default sizes
# -n (smoke): every step at small sizes, for a check of the script itself on any machine.
# dgemm_cublas loads libcudart.so.13 and libcublas.so.13 at run time: this script puts
# /usr/local/cuda/lib64 (or CUDA_LIB) on LD_LIBRARY_PATH.  --max-time bounds every row.
#   CLBENCH   the binary (default: build/clbench beside this script's repository)
# On the GPU host (an H100 and a 16-core Xeon under PoCL), after
# `DEB_DIR=.gpu source bench/gpu_host_env.sh`: about 5 minutes, most of it the matmul_fast
# sweep.  Exit status: 0 when every row was ok or absent, 1 otherwise (tile shapes the device
# cannot hold are over_limits or invalid and count as not ok).
set -uo pipefail

# shellcheck source=bench/ladder_lib.sh
source "$(dirname "$0")/ladder_lib.sh"
ladder_cuda_libs

ladder_smoke_options --max-time 20 "$@"

if [ $smoke = 1 ]; then
    gemm_gpu=(-n 256) gemm_cpu=(-n 128,160) stream=(-n 1M)
else
    gemm_gpu=(-n 4096) gemm_cpu=(-n 1024,2048) stream=()
fi

ladder_gpu_devices
while read -r id slug; do
    [ -n "$id" ] || continue
    # Tiles whose double-buffered tiles fit 48 KiB in double, with double2 and double4 words,
    # 8x8 blocks (the best of 2026-11-23's sweep over 4 and 8), and both inner loops: a -D
    # turns the device defaults off, so SCHED (1 in double on GPUs) is named.
    ladder_step "$id" "$slug" types dgemm-fast --type double -k matmul_fast,dgemm_cublas,dgemm_clblast \
        "${gemm_gpu[@]}" -D TSM=64,128 -D TSN=64,128 -D TSK=8,16 -D WPTM=8 -D WPTN=8 \
        -D VWM=2,4 -D VWN=2,4 -D PAD=0 -D SCHED=0,1
    ladder_step "$id" "$slug" types dgemm-ladder --type double \
        -k matmul_tiled,matmul_regblock,matmul_fast,dgemm_cublas "${gemm_gpu[@]}"
    ladder_step "$id" "$slug" types stream --type float,double -k copy_ilp,vadd "${stream[@]}"
done <<<"$devices"

select=cpu
ladder_devices
while read -r id slug; do
    [ -n "$id" ] || continue
    ladder_step "$id" "$slug" types dgemm-cpu --type double \
        -k matmul_cpu,matmul_fast,dgemm_openblas "${gemm_cpu[@]}"
    ladder_step "$id" "$slug" types stream-cpu --type float,double -k copy_ilp,vadd "${stream[@]}"
done <<<"$devices"
exit $status
