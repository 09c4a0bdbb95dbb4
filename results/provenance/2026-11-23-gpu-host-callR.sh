#!/usr/bin/env bash
# Recorded GPU runs (call R, fourth session), the binary carried as .gpu/prefix (its commit is in
# every run file): the main job cold (a fresh machine: empty clbench, PoCL and NVIDIA caches)
# then warm, now with each device's programs built in parallel before its rows, the peak
# probes built together, 256 MiB CPU probe buffers and peaks from the fastest launch.
# CPU device: the host's own PoCL 5.0.
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
} > $R/callR.log 2>&1
grep -E "^==|^rc=|wall_s|error" $R/callR.log | tail -30
tail -40 $S/*second.txt
tar czf $OUT/resultsR.tgz -C $OUT r && rm -rf $R
