#!/usr/bin/env bash
# Recorded runs (call G, second session): the 16-core Xeon (PoCL 5.0) in three rounds of
# clpeak's global bandwidth, then clbench's best copy and vadd with and without
# non-temporal stores, to see how far the shared host's bandwidth moves. Tarred under $OUT.
set -u
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export CLBENCH=$PWD/.gpu/prefix/bin/clbench
R=$OUT/r; C=$R/xeon-16c-pocl-5.0; mkdir -p $C
{ date -u; lscpu; } > $R/host.txt 2>&1
for round in 1 2 3; do
    { echo "--- round $round, $(date -u +%T)"; timeout 60 clpeak -p 1 -d 0 --global-bandwidth; echo "clpeak rc=$?"; } >> $R/clpeak-cpu.txt 2>&1
    echo "== round $round $(date -u +%T)" >> $R/runG.log
    timeout 120 $CLBENCH -d cpu -k copy_ilp,vadd -n 64M -D ILP=8 -D VEC=16 -D NT=0,1 --verify-max 1048576 -o $C/memory-copy-vadd-nt-round$round.json >> $R/runG.log 2>&1
    echo "rc=$?" >> $R/runG.log
done
cat $R/runG.log; grep -E "round|float16|float8 " $R/clpeak-cpu.txt
tar czf $OUT/resultsG.tgz -C $OUT r && rm -rf $R
