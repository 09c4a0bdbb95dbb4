#!/usr/bin/env bash
# Recorded runs on the GPU host's CPU through its own PoCL 5.0 (call B), plus one run that puts
# the GPU and the CPU side by side.
set -u
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export CLBENCH=$PWD/.gpu/prefix/bin/clbench
R=$OUT/r; mkdir -p $R
{ date -u; clinfo -l; lscpu; } > $R/hostB.txt 2>&1
$CLBENCH --list > $R/listB.txt 2>&1
C=$R/cpu-xeon-pocl50; mkdir -p $C
export C R
FAST="-D TSM=32 -D TSN=128 -D TSK=16 -D WPTM=8 -D WPTN=32 -D VWM=1 -D VWN=16 -D PAD=0"
export FAST
timeout 530 bash -c '
c() { echo "== clbench $*" >&2; "$CLBENCH" "$@"; echo "rc=$?" >&2; }
c -d all -k vadd,vadd_local,matmul_naive,matmul_tiled,matmul_cached,matmul_regblock -n 1024 -D TILE=16 -o $R/side-by-side-gpu-cpu-1024.json
c -d all -k vadd,vadd_local -n 64M -o $R/side-by-side-vadd-64M.json
c -d cpu -k matmul_fast,sgemm_clblast -n 2048 $FAST -o $C/target-matmul-2048.json
c -d cpu -k matmul_naive,matmul_tiled,matmul_rank1,sgemm_clblast -n 1024 -D TILE=8,16,32 -o $C/matmul-ladder-1024.json
c -d cpu -k matmul_fast -n 1024 $FAST -o $C/matmul-fast-1024.json
c -d cpu -k matmul_naive -n 1024 -D WGX=1,128 -D WGY=1,128 -o $C/matmul-naive-shapes-1024.json
c -d cpu -k matmul_regblock,matmul_cached -n 1024 -D TILE=16 -D RX=1,2,4,8 -D RY=1,2,4,8 -o $C/matmul-regblock-grid-1024.json
c -d cpu -k transpose -n 2048,4000,4096,4097 -D TILE=32 -D BLOCK_ROWS=8 --verify-max 1048576 -o $C/memory-transpose-t32.json
c -d cpu -k copy_ilp,vadd -n 64M -D ILP=1,2,4,8 -D VEC=1,4,16 --verify-max 1048576 -o $C/memory-copy-grid-64M.json
' 2> $R/runB.log
echo "runs: timeout rc=$?" >> $R/runB.log
timeout 40 clpeak -p 1 -d 0 --global-bandwidth > $R/clpeak-cpu.txt 2>&1
grep -E "^==|rc=|FAILED|error" $R/runB.log | tail -60
tar czf $OUT/resultsB.tgz -C $OUT r && rm -rf $R
