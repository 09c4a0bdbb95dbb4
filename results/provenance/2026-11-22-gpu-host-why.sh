#!/usr/bin/env bash
# Issue 13's GPU-host runs (bench/why_gpu.sh on the H100 and the host's Xeon through PoCL),
# in the shape of the other call scripts: everything under $OUT/r, tarred at the end.  The
# binary is built here from this branch and carried as .gpu/prefix (as for calls A-J).
set -u
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export CLBENCH=$PWD/.gpu/prefix/bin/clbench
R=$OUT/r; mkdir -p "$R"
{ date -u; nvidia-smi; clinfo -l; lscpu; } >"$R/host-why.txt" 2>&1
WHY_CPU_DIR=xeon-16c-pocl-5.0 timeout 540 bash bench/why_gpu.sh -o "$R" 2>"$R/why.log"
echo "why_gpu.sh: rc=$?" >>"$R/why.log"
grep -E "^==|wrote|rc=|error|warning" "$R/why.log" | tail -40
tar czf "$OUT/results-why.tgz" -C "$OUT" r && rm -rf "$R"
