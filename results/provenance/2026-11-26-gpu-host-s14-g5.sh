#!/usr/bin/env bash
# GPU host, session 14 call G5: bench/planner_gpu.sh with .gpu/prefix-p8 (main 3170d77 with
# the inner-loop factors keyed by the tile too, refit: the working tree before its commit),
# after G4 found branch planner7's factors (keyed by the loop alone) planning VWM=8 VWN=2 on
# 64x128x8 tiles, 23% slower at 3333^3.
set -uo pipefail
R=$OUT/s14g5; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv; } >"$R/host.txt" 2>&1
for v in p8; do
    bin=$PWD/.gpu/prefix-$v/bin/clbench
    s=$(date +%s)
    CLBENCH=$bin timeout 290 bench/planner_gpu.sh -o "$R/$v" >"$R/$v.out" 2>"$R/$v.err"
    echo "$v rc=$? in $(( $(date +%s) - s )) s" >>"$R/rc.txt"
done
cat "$R/rc.txt"
for v in p8; do echo "=== $v"; grep -E "geometric|DGEMM|^matmul_fast:|model/entry" "$R/$v/summary.txt"; done
rm -f "$R"/*/*.lock
tar czf "$OUT/s14g5.tgz" -C "$OUT" s14g5
