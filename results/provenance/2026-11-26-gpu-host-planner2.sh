#!/usr/bin/env bash
# GPU host, the planner after the model's fixes (branch planner2: warps, register snap, refit;
# --autotune quick with parallel builds and diverse candidates): bench/planner_gpu.sh, i.e. the
# model alone with an empty database against cuBLAS in the same run (odd and power-of-two
# squares 500..8192, rectangles, flat K <= 256, skinny M or N <= 128), --autotune quick, the
# DGEMM at 4096^3 against the FP64 roof, and the model against the shipped database on its own
# shapes.  Needs this branch's clbench installed under .gpu/prefix (as the s11 calls' B3 did);
# under eight minutes: the planner script is stopped at 450 s, what it wrote is kept.
set -uo pipefail
R=$OUT/p2; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
export PATH=$PWD/.gpu/prefix/bin:$PATH CLBENCH=$PWD/.gpu/prefix/bin/clbench
export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:/usr/local/cuda/lib64
"$CLBENCH" --version | tee "$R/version.txt"
s=$(date +%s)
timeout 450 bench/planner_gpu.sh -o "$R/planner" >"$R/planner.txt" 2>&1
echo "planner rc=$? in $(( $(date +%s) - s )) s" | tee -a "$R/rc.txt"
cat "$R/planner/summary.txt"
tar czf "$OUT/p2.tgz" -C "$OUT" p2
