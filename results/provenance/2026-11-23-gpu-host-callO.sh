#!/usr/bin/env bash
# Recorded GPU runs (call O), the binary carried as .gpu/prefix (its commit is in every run
# file): issue 11's main job cold then warm after the sample cap; then issue 14's search
# quality on the H100, resuming the exhaustive sweep call M's time limit cut (its journal is
# carried as .gpu/quality.journal).  CPU device: the host's own PoCL 5.0.
set -u
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export CLBENCH=$PWD/.gpu/prefix/bin/clbench
export XDG_CACHE_HOME=/tmp/xdg-cache XDG_DATA_HOME=/tmp/xdg-data
R=$OUT/r; S=$R/gpu-host-side-by-side; G=$R/nvidia-h100-80gb-hbm3; mkdir -p $S $G
c() { echo "== $(date -u +%T) $*" >&2; "$@"; echo "rc=$? $(date -u +%T)" >&2; }
{
c bench/headline.sh -o $S -t first
c bench/headline.sh -o $S -t second
cp .gpu/quality.journal $G/quality-resumed-from.journal
c timeout 300 env DEFINES="-D TILE=4,8,16,32" RESUME=$G/quality-resumed-from.journal bench/tune_quality.sh $G gpu 1024 matmul_regblock "climb anneal random"
} > $R/callO.log 2>&1
grep -E "^==|^rc=|wall_s|error" $R/callO.log | tail -20
cat $G/*summary.md 2>/dev/null | tail -12
tar czf $OUT/resultsO.tgz -C $OUT r && rm -rf $R
