#!/usr/bin/env bash
# Recorded GPU runs (call A). Everything goes under $OUT/r, tarred at the end.
set -u
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export CLBENCH=$PWD/.gpu/prefix/bin/clbench
R=$OUT/r; G=$R/nvidia-h100-80gb-hbm3; mkdir -p $G
{ date -u; nvidia-smi; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv; clinfo -l; lscpu; } > $R/host.txt 2>&1
$CLBENCH --list > $R/list.txt 2>&1; $CLBENCH --list --format json > $R/list.json 2>&1
export G
timeout 540 bash -c '
c() { echo "== clbench $*" >&2; "$CLBENCH" "$@"; echo "rc=$?" >&2; }
c -d gpu -k matmul_fast,sgemm_clblast -n 8192 --min-time 1 -o $G/target-matmul-8192.json
c -d gpu -k vadd,vadd_local,copy_ilp -n 256M -D WGS=256,512,1024 --verify-max 1048576 -o $G/target-vadd-copy-256M.json
c -d gpu -k matmul_naive -n 4096 -D WGX=1,128 -D WGY=1,128 -o $G/matmul-naive-shapes-4096.json
c -d gpu -k matmul_naive,matmul_tiled,matmul_rank1,matmul_fast,sgemm_clblast -n 4096 -D TILE=8,16,32 -o $G/matmul-ladder-4096.json
c -d gpu -k transpose -n 4000,4096,4097,8192,8192x4096,5000x3001 -D TILE=32 -D BLOCK_ROWS=8 --verify-max 1048576 -o $G/memory-transpose-t32.json
c -d gpu -k transpose_copy,transpose_padded,transpose_diagonal -n 4000,4096,4097,8192 -D TILE=64 -D BLOCK_ROWS=4 --verify-max 1048576 -o $G/memory-transpose-t64.json
c -d gpu -k matmul_regblock,matmul_cached -n 2048 -D TILE=16 -D RX=1,2,4,8 -D RY=1,2,4,8 -o $G/matmul-regblock-grid-2048.json
c -d gpu -k copy_ilp -n 64M -D ILP=1,2,4,8 -D VEC=1,2,4,8,16 --verify-max 1048576 -o $G/memory-copy-grid-64M.json
c -d gpu -k copy_ilp -n 64M -D ILP=1,2,4,8 -D VEC=1,4 -D WGS=64 -D OCC_KIB=0,8,16,24,32,40,48 --verify-max 1048576 -o $G/memory-copy-occupancy-64M.json
' 2> $R/runA.log
echo "runs: timeout rc=$?" >> $R/runA.log
timeout 45 clpeak -p 0 -d 0 --global-bandwidth --compute-sp > $R/clpeak-p0.txt 2>&1
timeout 20 clpeak -p 1 -d 0 --global-bandwidth > $R/clpeak-p1.txt 2>&1
grep -E "^==|rc=|FAILED|error" $R/runA.log | tail -60
tar czf $OUT/resultsA.tgz -C $OUT r && rm -rf $R
