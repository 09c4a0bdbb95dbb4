#!/usr/bin/env bash
# Call J (second session): narrowing down the wrong result PoCL 5.0 gave for matmul_regblock
# TILE 16, RX 8, RY 2 on the GPU host's 16-core Xeon (first session). Exploratory: the run
# files are kept under provenance/ as evidence, not as results. Tarred under $OUT.
set -u
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export CLBENCH=$PWD/.gpu/prefix/bin/clbench
R=$OUT/r; mkdir -p $R
c() { echo "== clbench $*"; timeout 120 "$CLBENCH" "$@" 2>&1; echo "rc=$?"; }
{
c -d cpu -k matmul_regblock -n 64,256,1024 -D TILE=16 -D RX=8 -D RY=2 --no-peak --reps 2 --min-time 0 -f csv -o $R/regblock-8x2.csv
c -d cpu -k matmul_regblock -n 256 -D TILE=8,16 -D RX=2,8 -D RY=1,2,8 --no-peak --reps 2 --min-time 0 -f csv -o $R/regblock-grid-256.csv
c -d cpu -k matmul_regblock -n 256 -D TILE=16 -D RX=8 -D RY=2 --cl-opts "-cl-opt-disable" --no-peak --reps 2 --min-time 0 -f csv -o $R/regblock-8x2-noopt.csv
POCL_WORK_GROUP_METHOD=loops c -d cpu -k matmul_regblock -n 256 -D TILE=16 -D RX=8 -D RY=2 --no-peak --reps 2 --min-time 0 -f csv -o $R/regblock-8x2-loops.csv
POCL_WORK_GROUP_METHOD=cbs c -d cpu -k matmul_regblock -n 256 -D TILE=16 -D RX=8 -D RY=2 --no-peak --reps 2 --min-time 0 -f csv -o $R/regblock-8x2-cbs.csv
} > $R/runJ.log 2>&1
cut -c1-220 $R/runJ.log
tar czf $OUT/resultsJ.tgz -C $OUT r && rm -rf $R
