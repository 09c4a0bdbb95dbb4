#!/usr/bin/env bash
# GPU host, session 11 call A6: the reproducer (2026-11-26-pocl5-regblock-repro.c, built on
# Debian 12 into .gpu/probe/repro) on the host's PoCL 5.0: 30 fresh builds each, as PoCL builds
# by default, with the continuation-based work-group method, and without address randomisation.
set -uo pipefail
R=$OUT/a6; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:/usr/local/cuda/lib64
export POCL_KERNEL_CACHE=0
r() { local name=$1; shift; timeout 250 "$@" >"$R/$name.txt" 2>&1; echo "$name rc=$? $(tail -1 "$R/$name.txt")" | tee -a "$R/summary.txt"; }
r default .gpu/probe/repro 30
r cbs env POCL_WORK_GROUP_METHOD=cbs .gpu/probe/repro 30
r loopvec env POCL_WORK_GROUP_METHOD=loopvec .gpu/probe/repro 20
r noaslr setarch -R .gpu/probe/repro 20
r noaslr2 setarch -R .gpu/probe/repro 20
tar czf "$OUT/a6.tgz" -C "$OUT" a6
