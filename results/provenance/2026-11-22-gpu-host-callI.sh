#!/usr/bin/env bash
# Recorded GPU runs (call I, second session): copy_ilp and vadd at 2^28, 2^29 and 2^30
# floats, to see how much of clpeak's read-only figure a copy reaches when launch and tail
# costs shrink; clpeak before and after. Tarred under $OUT.
set -u
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export CLBENCH=$PWD/.gpu/prefix/bin/clbench
R=$OUT/r; G=$R/nvidia-h100-80gb-hbm3; mkdir -p $G
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,pci.bus_id,serial --format=csv; } > $R/host.txt 2>&1
timeout 40 clpeak -p 0 -d 0 --global-bandwidth > $R/clpeak-before.txt 2>&1
timeout 500 $CLBENCH -d gpu -k copy_ilp,vadd -n 256M,512M,1G -D ILP=1 -D VEC=2,4 -D WGS=512,1024 --verify-max 1048576 -o $G/target-vadd-copy-sizes.json > $R/runI.log 2>&1
echo "rc=$?" >> $R/runI.log
timeout 40 clpeak -p 0 -d 0 --global-bandwidth > $R/clpeak-after.txt 2>&1
grep -vE "exceeds the CL_KERNEL_WORK_GROUP_SIZE" $R/runI.log | tail -40
cat $R/clpeak-before.txt $R/clpeak-after.txt | grep -iE "float16"; cat $R/host.txt
tar czf $OUT/resultsI.tgz -C $OUT r && rm -rf $R
