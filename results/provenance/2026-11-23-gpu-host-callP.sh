#!/usr/bin/env bash
# Recorded GPU runs (call P), the binary carried as .gpu/prefix (its commit is in every run
# file): issue 11's main job, cold then warm, now at the shared sizes only, with the shipped
# tuning database (matmul_fast at 1024^3 on this H100 from call M); then the GPU alone at its
# own defaults for the matmul family, cuBLAS beside it.  CPU device: the host's own PoCL 5.0.
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
c $CLBENCH -d gpu -k matmul -o $G/2026-11-23-gpu-alone-matmul.json
} > $R/callP.log 2>&1
grep -E "^==|^rc=|wall_s|error" $R/callP.log | tail -20
tail -32 $S/*second.txt
tar czf $OUT/resultsP.tgz -C $OUT r && rm -rf $R
