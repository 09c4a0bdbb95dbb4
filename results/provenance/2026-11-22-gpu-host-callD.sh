#!/usr/bin/env bash
# Recorded GPU runs (call D, second session): bench/memory_ladder.sh on the H100 with the
# binary of call C (transpose_aligned, vadd VEC), clpeak beside it. Tarred under $OUT.
set -u
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export CLBENCH=$PWD/.gpu/prefix/bin/clbench
R=$OUT/r; mkdir -p $R
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv; } > $R/host.txt 2>&1
timeout 40 clpeak -p 0 -d 0 --global-bandwidth > $R/clpeak.txt 2>&1
timeout 500 bench/memory_ladder.sh -d gpu -o $R/ladder 2> $R/ladder.log
echo "memory_ladder rc=$?" >> $R/ladder.log
grep -E "^==|rc=|FAILED|error|wrote" $R/ladder.log | tail -20
grep -iE "float" $R/clpeak.txt
tar czf $OUT/resultsD.tgz -C $OUT r && rm -rf $R
