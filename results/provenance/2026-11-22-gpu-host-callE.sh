#!/usr/bin/env bash
# Recorded runs (call E, second session) on the GPU host's 16-core Xeon through its PoCL 5.0:
# vadd with VEC words beside copy_ilp, and clpeak's global bandwidth given time to finish.
set -u
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export CLBENCH=$PWD/.gpu/prefix/bin/clbench
R=$OUT/r; C=$R/xeon-16c-pocl-5.0; mkdir -p $C
{ date -u; lscpu; clinfo -l; } > $R/host.txt 2>&1
timeout 300 $CLBENCH -d cpu -k copy_ilp,vadd -n 64M -D ILP=1,2,4,8 -D VEC=1,4,8,16 --verify-max 1048576 -o $C/memory-copy-vadd-64M.json > $R/runE.txt 2>&1
echo "clbench rc=$?" >> $R/runE.txt
timeout 240 clpeak -p 1 -d 0 --global-bandwidth > $R/clpeak-cpu.txt 2>&1
echo "clpeak rc=$?" >> $R/clpeak-cpu.txt
tail -25 $R/runE.txt; cat $R/clpeak-cpu.txt
tar czf $OUT/resultsE.tgz -C $OUT r && rm -rf $R
