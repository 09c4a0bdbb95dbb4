#!/usr/bin/env bash
# GPU host, session 8 call B2 (issue 21 item 3): bench/gpu_splitk.sh with the split-K binary
# (main at c8693f9, Release, installed in .gpu/prefix-b).
set -uo pipefail
R=$OUT/r; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; uptime; } >"$R/host.txt" 2>&1
s=$(date +%s)
CLBENCH=$PWD/.gpu/prefix-b/bin/clbench bench/gpu_splitk.sh -o "$R" >"$R/splitk.txt" 2>"$R/splitk.log"
echo "gpu_splitk rc=$? wall_s=$(( $(date +%s) - s ))" >>"$R/times.txt"
cat "$R/times.txt" "$R/splitk.txt"
tar czf "$OUT/gpu-b2.tgz" -C "$OUT" r
