#!/usr/bin/env bash
# GPU host, session 14 call G4: bench/planner_gpu.sh (18 shapes against cuBLAS: the model
# alone, --autotune quick, DGEMM 4096^3, the model against the database's lookup) with two
# binaries: .gpu/prefix-p7 (main with branch planner7: the fitted inner-loop factor) and
# .gpu/prefix-before (main before it, the tree of 5959b37).
set -uo pipefail
R=$OUT/s14g4; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv; } >"$R/host.txt" 2>&1
for v in p7 before; do
    bin=$PWD/.gpu/prefix-$v/bin/clbench
    s=$(date +%s)
    CLBENCH=$bin timeout 290 bench/planner_gpu.sh -o "$R/$v" >"$R/$v.out" 2>"$R/$v.err"
    echo "$v rc=$? in $(( $(date +%s) - s )) s" >>"$R/rc.txt"
done
cat "$R/rc.txt"
for v in p7 before; do echo "=== $v"; grep -E "geometric|DGEMM|^matmul_fast:|model/entry" "$R/$v/summary.txt"; done
tar czf "$OUT/s14g4.tgz" -C "$OUT" s14g4
