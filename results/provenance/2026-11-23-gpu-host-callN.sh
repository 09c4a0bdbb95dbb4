#!/usr/bin/env bash
# Recorded GPU runs (call N), the binary carried as .gpu/prefix (its commit is in every run
# file): issue 11's main job cold then warm, rows now carrying elapsed_ms; issue 12's CPU rows
# again with OPENBLAS_CORETYPE=SkylakeX, because call M showed the carried Debian OpenBLAS
# 0.3.21 taking this Xeon for a "Prescott" (SSE3 kernels: 180 GFLOP/s at 1024^3, where numpy's
# OpenBLAS on the same host gave 997).  CPU device: the host's own PoCL 5.0.
set -u
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export CLBENCH=$PWD/.gpu/prefix/bin/clbench
export XDG_CACHE_HOME=/tmp/xdg-cache XDG_DATA_HOME=/tmp/xdg-data
R=$OUT/r; S=$R/gpu-host-side-by-side; X=$R/xeon-16c-pocl-5.0; mkdir -p $S $X
c() { echo "== $(date -u +%T) $*" >&2; "$@"; echo "rc=$? $(date -u +%T)" >&2; }
{
c bench/headline.sh -o $S -t first
c bench/headline.sh -o $S -t second
OPENBLAS_CORETYPE=SkylakeX OPENBLAS_VERBOSE=2 c $CLBENCH -d cpu -k matmul_cpu,matmul_fast,sgemm_openblas -n 1024,2048 --max-time 20 -o $X/2026-11-23-cpu-matmul-openblas-skylakex.json
} > $R/callN.log 2>&1
grep -E "^==|^rc=|wall_s|Core:|error" $R/callN.log | tail -20
$CLBENCH report $X/*.json | grep -E "^(matmul|sgemm)"
tar czf $OUT/resultsN.tgz -C $OUT r && rm -rf $R
