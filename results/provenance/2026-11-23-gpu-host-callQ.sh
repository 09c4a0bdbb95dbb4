#!/usr/bin/env bash
# Recorded GPU runs (call Q, fourth session), the binary carried as .gpu/prefix (its commit is in
# every run file): the main job cold (a fresh machine: empty clbench, PoCL and NVIDIA caches)
# then warm, with checks and inputs over the host's cores and the CPU FMA probe of 8 float16
# fma chains; then a 3-minute tune of matmul_fast at 8192^3 on the H100 over a space of large
# tiles, and the tuned point and the defaults beside cuBLAS at 8192^3 and 4097^3 (--min-time 1).
# CPU device: the host's own PoCL 5.0.
set -u
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export CLBENCH=$PWD/.gpu/prefix/bin/clbench
export XDG_CACHE_HOME=/tmp/xdg-cache XDG_DATA_HOME=/tmp/xdg-data
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
R=$OUT/r; S=$R/gpu-host-side-by-side; G=$R/nvidia-h100-80gb-hbm3; mkdir -p $S $G
c() { echo "== $(date -u +%T) $*" >&2; "$@"; echo "rc=$? $(date -u +%T)" >&2; }
{
c bench/headline.sh -o $S -t first
c bench/headline.sh -o $S -t second
c timeout 230 $CLBENCH tune -k matmul_fast -n 8192 -d gpu --budget 3m \
    -D TSM=64,128,256 -D TSN=64,128,256 -D TSK=8,16,32 -D WPTM=4,8,16 -D WPTN=4,8,16 \
    -D VWM=2,4,8 -D VWN=2,4,8 -D PAD=0,4 -o $G/2026-11-23-tune-matmul_fast-8192.json
c $CLBENCH -d gpu -k matmul_fast,sgemm_cublas -n 8192,4097 --min-time 1 \
    -o $G/2026-11-23-matmul_fast-tuned-8192-vs-cublas.json
c $CLBENCH -d gpu -k matmul_fast,sgemm_cublas -n 8192,4097 --min-time 1 --no-tuned \
    -o $G/2026-11-23-matmul_fast-defaults-8192-vs-cublas.json
cp $XDG_DATA_HOME/clbench/tuned.json $G/2026-11-23-tuned-db-after-callQ.json
} > $R/callQ.log 2>&1
grep -E "^==|^rc=|wall_s|error|best" $R/callQ.log | tail -30
grep -E "matmul_fast|sgemm_cublas|peak" $R/callQ.log | tail -20
tar czf $OUT/resultsQ.tgz -C $OUT r && rm -rf $R
