#!/usr/bin/env bash
# Recorded GPU runs (call H, second session): issue 4's H100 targets with the final
# transpose_aligned (extra rows only where the height needs them): the transpose sweep at
# TILE 32 and 64, the copy and vadd targets, clpeak before and after. Tarred under $OUT.
set -u
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export CLBENCH=$PWD/.gpu/prefix/bin/clbench
R=$OUT/r; G=$R/nvidia-h100-80gb-hbm3; mkdir -p $G
{ date -u; nvidia-smi; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv; clinfo -l; } > $R/host.txt 2>&1
timeout 40 clpeak -p 0 -d 0 --global-bandwidth > $R/clpeak-before.txt 2>&1
export G
T=4000,4096,4097,8192,8192x4096,4096x8192,5000x3001
export T
timeout 480 bash -c '
c() { echo "== $(date -u +%T) clbench $*" >&2; "$CLBENCH" "$@" >/dev/null; echo "rc=$?" >&2; }
c -d gpu -k vadd,copy_ilp -n 256M -D ILP=1,2,4 -D VEC=1,2,4 -D WGS=256,512,1024 --verify-max 1048576 -o $G/target-vadd-copy-256M.json
c -d gpu -k transpose -n $T -D TILE=32 -D BLOCK_ROWS=8 --verify-max 1048576 -o $G/memory-transpose-t32.json
c -d gpu -k transpose -n $T -D TILE=64 -D BLOCK_ROWS=4 --verify-max 1048576 -o $G/memory-transpose-t64.json
echo "== $(date -u +%T) done" >&2
' 2> $R/runH.log
echo "runs: timeout rc=$?" >> $R/runH.log
timeout 40 clpeak -p 0 -d 0 --global-bandwidth > $R/clpeak-after.txt 2>&1
grep -vE "exceeds the CL_KERNEL_WORK_GROUP_SIZE" $R/runH.log | tail -20
cat $R/clpeak-before.txt $R/clpeak-after.txt | grep -iE "float16"
tar czf $OUT/resultsH.tgz -C $OUT r && rm -rf $R
