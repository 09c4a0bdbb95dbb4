#!/usr/bin/env bash
# Recorded runs (call F, second session): non-temporal stores (-D NT) on both devices of the
# GPU host -- the 16-core Xeon through its PoCL 5.0 with clpeak beside it, and whether
# NVIDIA's compiler takes them. Tarred under $OUT.
set -u
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export CLBENCH=$PWD/.gpu/prefix/bin/clbench
R=$OUT/r; C=$R/xeon-16c-pocl-5.0; G=$R/nvidia-h100-80gb-hbm3; mkdir -p $C $G
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv; lscpu; clinfo -l; } > $R/host.txt 2>&1
c() { echo "== $(date -u +%T) clbench $*" >&2; "$CLBENCH" "$@" > /dev/null; echo "rc=$?" >&2; }
{
timeout 60 clpeak -p 1 -d 0 --global-bandwidth
echo "clpeak rc=$?"
} > $R/clpeak-cpu-before.txt 2>&1
timeout 300 bash -c "$(declare -f c); c -d cpu -k copy_ilp,vadd -n 64M -D ILP=1,8 -D VEC=4,16 -D NT=0,1 --verify-max 1048576 -o $C/memory-copy-vadd-nt-64M.json" 2> $R/runF.log
{
timeout 60 clpeak -p 1 -d 0 --global-bandwidth
echo "clpeak rc=$?"
} > $R/clpeak-cpu-after.txt 2>&1
timeout 200 bash -c "$(declare -f c); c -d gpu -k vadd,copy_ilp -n 256M -D ILP=1 -D VEC=2,4 -D WGS=512,1024 -D NT=0,1 --verify-max 1048576 -o $G/memory-copy-vadd-nt-256M.json" 2>> $R/runF.log
cat $R/runF.log | grep -vE "^clbench: warning: .* exceeds the CL_KERNEL_WORK_GROUP_SIZE" | tail -30
grep -hE "float|rc=" $R/clpeak-cpu-*.txt
tar czf $OUT/resultsF.tgz -C $OUT r && rm -rf $R
