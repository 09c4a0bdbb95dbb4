#!/usr/bin/env bash
# bench/gpu_matmul.sh [-o DIR] [clbench options...]
#
# The library comparisons on the GPU host, with the binary given in CLBENCH (it builds nothing):
# clbench's matmuls against cuBLAS (and CLBlast) on every GPU, and against OpenBLAS on every
# CPU device, one run file per step in DIR/<device-slug>/<YYYY-MM-DD>-<commit>-gpu-matmul-
# <tag>.json (DIR defaults to results/).  Each step is one run, so that each ratio to a
# library comes from one run.  On the GPUs (matmul_fast's GPU defaults are TSM=TSN=128,
# WPTM=WPTN=8, VWM=VWN=4):
#   1024    fewer 128x128 tiles (64) than an H100 has SMs (132): smaller tiles give more
#           work-groups; every TSM x TSN x WPTM x WPTN in {64,128}^2 x {4,8}^2 that is valid
#   4097    not a multiple of any tile: 64- and 128-row tiles, WPTM 8 and 16
#   8192    the large cube: WPTM 8 and 16
#   shapes  skinny and flat: 8192x8192x512 (short k), 512x8192x8192 and 8192x512x8192 (few
#           rows or columns of tiles), matmul_fast's defaults
# each beside sgemm_cublas and sgemm_clblast; then on the CPU devices
#   cpu     matmul_cpu, matmul_fast (CPU defaults) and sgemm_openblas at 1024^3 and 2048^3
#   cpu-sweep  matmul_cpu's MR x RB x KB at 2048^3
# sgemm_cublas loads libcudart.so.13 and libcublas.so.13 at run time: this script puts
# /usr/local/cuda/lib64 (or CUDA_LIB) on LD_LIBRARY_PATH.  --max-time bounds every row.
#   CLBENCH   the binary (default: build/clbench beside this script's repository)
# About 4 minutes on an H100 and a 16-core Xeon.  Exit status: 0 when every row was ok or
# absent, 1 otherwise (invalid parameter combinations in the 1024 step are reported as such).
set -uo pipefail

# shellcheck source=bench/ladder_lib.sh
source "$(dirname "$0")/ladder_lib.sh"
ladder_cuda_libs
ladder_options --max-time 20 "$@"

ladder_gpu_devices
libs=matmul_fast,sgemm_cublas,sgemm_clblast
while read -r id slug; do
    [ -n "$id" ] || continue
    ladder_step "$id" "$slug" gpu-matmul 1024 -k $libs -n 1024 -D TSM=64,128 -D TSN=64,128 \
        -D WPTM=4,8 -D WPTN=4,8 -D TSK=16 -D VWM=4 -D VWN=4 -D PAD=0
    ladder_step "$id" "$slug" gpu-matmul 4097 -k $libs -n 4097 -D TSM=64,128 -D TSN=128 \
        -D WPTM=8,16 -D WPTN=8 -D TSK=16 -D VWM=4 -D VWN=4 -D PAD=0
    ladder_step "$id" "$slug" gpu-matmul 8192 -k $libs -n 8192 -D TSM=128 -D TSN=128 \
        -D WPTM=8,16 -D WPTN=8 -D TSK=16 -D VWM=4 -D VWN=4 -D PAD=0
    ladder_step "$id" "$slug" gpu-matmul shapes -k $libs \
        -n 8192x8192x512,512x8192x8192,8192x512x8192
done <<<"$devices"

select=cpu
ladder_devices
while read -r id slug; do
    ladder_step "$id" "$slug" gpu-matmul cpu -k matmul_cpu,matmul_fast,sgemm_openblas \
        -n 1024,2048
    ladder_step "$id" "$slug" gpu-matmul cpu-sweep -k matmul_cpu -n 2048 -D MR=8,12 -D RB=4,16 \
        -D KB=0,256 -D NV=2 -D WGM=4
done <<<"$devices"
exit $status
