#!/usr/bin/env bash
# Recorded GPU runs (call S, fourth session), the binary carried as .gpu/prefix (its commit is in
# every run file): the main job cold (a fresh machine: empty clbench, PoCL and NVIDIA caches)
# then warm, with the GPU's programs built in parallel and PoCL's one by one again (call R,
# which built PoCL's in parallel too, had matmul_regblock write NaN on PoCL 5.0); then that
# regblock cell alone three times, each with an empty PoCL cache, to see whether PoCL 5.0's
# NaN comes without parallel builds.  CPU device: the host's own PoCL 5.0.
set -u
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export CLBENCH=$PWD/.gpu/prefix/bin/clbench
export XDG_CACHE_HOME=/tmp/xdg-cache XDG_DATA_HOME=/tmp/xdg-data
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
R=$OUT/r; S=$R/gpu-host-side-by-side; mkdir -p $S
c() { echo "== $(date -u +%T) $*" >&2; "$@"; echo "rc=$? $(date -u +%T)" >&2; }
{
c bench/headline.sh -o $S -t first
c bench/headline.sh -o $S -t second
for i in 1 2 3; do
    POCL_CACHE_DIR=/tmp/pocl-regblock-$i c $CLBENCH -d cpu -k matmul_regblock -n 1024 \
        -D TILE=16 -D RX=4 -D RY=4 --peak off -f csv
done
} > $R/callS.log 2>&1
grep -E "^==|^rc=|wall_s|error|matmul_regblock" $R/callS.log | tail -30
tar czf $OUT/resultsS.tgz -C $OUT r && rm -rf $R
