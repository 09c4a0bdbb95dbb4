#!/usr/bin/env bash
# Recorded GPU runs (call K, third session), binary 6efbd7f carried as .gpu/prefix: issue 11's
# main job timed cold and warm (bench/headline.sh) and the fast start (bench/fast_start.sh),
# issue 10's user kernels beside the built-in ones on both devices, issue 13's why runs
# (bench/why_gpu.sh).  CPU device: the host's own PoCL 5.0.  Everything under $OUT/r, tarred.
set -u
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export CLBENCH=$PWD/.gpu/prefix/bin/clbench
export XDG_CACHE_HOME=/tmp/xdg-cache # empty: the first runs measure and build
R=$OUT/r; S=$R/gpu-host-side-by-side; G=$R/nvidia-h100-80gb-hbm3; mkdir -p $S $G
{ date -u; nvidia-smi; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv; clinfo -l; lscpu; } > $R/host.txt 2>&1
$CLBENCH --list > $R/list.txt 2>&1
c() { echo "== $(date -u +%T) $*" >&2; "$@"; echo "rc=$? $(date -u +%T)" >&2; }
{
c bench/headline.sh -o $S -t first
c bench/headline.sh -o $S -t second
c bench/fast_start.sh $G/2026-11-23-6efbd7f-fast-start-matmul_tiled --device gpu --kernel matmul_tiled
c $CLBENCH -d all --kernel-file cl/examples/student_matmul.cl -k matmul_naive,matmul_tiled,student_mm,student_mm_global -n 2048 --max-time 5 -o $S/2026-11-23-6efbd7f-user-kernels-student-matmul-2048.json
c $CLBENCH -d all --kernel-file cl/examples/stencil.cl --kernel-file cl/examples/reduce.cl -n 4096x4096 -k stencil_local,stencil_ref --max-time 5 -o $S/2026-11-23-6efbd7f-user-kernels-stencil-4096.json
WHY_CPU_DIR=xeon-16c-pocl-5.0 c timeout 280 bash bench/why_gpu.sh -o $R
} > $R/callK.log 2>&1
grep -E "^==|^rc=|wall|error" $R/callK.log | tail -40
tail -25 $S/*headline-second.txt 2>/dev/null
tar czf $OUT/resultsK.tgz -C $OUT r && rm -rf $R
