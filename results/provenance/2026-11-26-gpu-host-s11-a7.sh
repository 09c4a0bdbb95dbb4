#!/usr/bin/env bash
# GPU host, session 11 call A7: the reproducer's kernel variants on PoCL 5.0 (A6: 5 of 30
# default builds wrong, 0 of 30 with POCL_WORK_GROUP_METHOD=cbs): B's tile read without the
# private array b[RX] (-DNO_B), the k-step loop unrolled (-DUNROLL_K), one PoCL thread.
set -uo pipefail
R=$OUT/a7; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:/usr/local/cuda/lib64
export POCL_KERNEL_CACHE=0
r() { local name=$1; shift; timeout 250 "$@" >"$R/$name.txt" 2>&1; echo "$name rc=$? $(tail -1 "$R/$name.txt")" | tee -a "$R/summary.txt"; }
r default .gpu/probe/repro 30
r no_b .gpu/probe/repro 30 -DNO_B
r unroll_k .gpu/probe/repro 30 -DUNROLL_K
r one-thread env POCL_MAX_PTHREAD_COUNT=1 .gpu/probe/repro 20
r cbs2 env POCL_WORK_GROUP_METHOD=cbs .gpu/probe/repro 30
tar czf "$OUT/a7.tgz" -C "$OUT" a7
