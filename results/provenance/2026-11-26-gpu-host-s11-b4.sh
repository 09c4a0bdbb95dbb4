#!/usr/bin/env bash
# GPU host, session 11 call B4 (binary as B3): the planner against cuBLAS (bench/planner_gpu.sh:
# the model alone with an empty database, then --autotune quick, the DGEMM as the planner
# configures it, and the model against the shipped database on its own shapes).
set -uo pipefail
R=$OUT/b4; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
export PATH=$PWD/.gpu/prefix/bin:$PATH CLBENCH=$PWD/.gpu/prefix/bin/clbench
export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:/usr/local/cuda/lib64
s=$(date +%s)
timeout 560 bench/planner_gpu.sh -o "$R/planner" >"$R/planner.txt" 2>&1
echo "planner rc=$? in $(( $(date +%s) - s )) s" | tee -a "$R/rc.txt"
cat "$R/planner/summary.txt"
tar czf "$OUT/b4.tgz" -C "$OUT" b4
