#!/usr/bin/env bash
# Recorded GPU runs (call T, fourth session), the binary carried as .gpu/prefix (its commit is in
# every run file): matmul_fast at 8192^3 on the H100, every point of a small space around
# call Q's best (VWM=8 VWN=2) and the earlier session's WPTM=16 (64 points, exhaustive), then the
# tuned point and the defaults beside cuBLAS at 8192^3 and 4097^3 (--min-time 1).
set -u
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export CLBENCH=$PWD/.gpu/prefix/bin/clbench
export XDG_CACHE_HOME=/tmp/xdg-cache XDG_DATA_HOME=/tmp/xdg-data
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
R=$OUT/r; G=$R/nvidia-h100-80gb-hbm3; mkdir -p $G
c() { echo "== $(date -u +%T) $*" >&2; "$@"; echo "rc=$? $(date -u +%T)" >&2; }
{
c timeout 330 $CLBENCH tune -k matmul_fast -n 8192 -d gpu --budget 64 --strategy exhaustive \
    -D TSM=128,256 -D TSN=128 -D TSK=16,32 -D WPTM=8,16 -D WPTN=8 -D VWM=4,8 -D VWN=2,4 \
    -D PAD=0,4 -o $G/2026-11-23-tune-matmul_fast-8192-around-best.json
c $CLBENCH -d gpu -k matmul_fast,sgemm_cublas -n 8192,4097 --min-time 1 \
    -o $G/2026-11-23-matmul_fast-tuned2-8192-vs-cublas.json
cp $XDG_DATA_HOME/clbench/tuned.json $G/2026-11-23-tuned-db-after-callT.json
} > $R/callT.log 2>&1
grep -E "^==|^rc=|error|best" $R/callT.log | tail -20
tar czf $OUT/resultsT.tgz -C $OUT r && rm -rf $R
