#!/usr/bin/env bash
# GPU host, session 9 call G8: which build options or sources make NVIDIA's OpenCL (driver
# 580.159.04) log "Function X is a kernel, so overriding noinline attribute" (every clbench
# build on it did in call G7).  A 60-line probe, .gpu/nvlog/nvlog.c.
set -uo pipefail
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export CUDA_CACHE_DISABLE=1
mkdir -p "$OUT/r8"
.gpu/nvlog/nvlog > "$OUT/r8/nvlog.txt" 2>&1
cat "$OUT/r8/nvlog.txt"
