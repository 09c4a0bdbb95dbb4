#!/usr/bin/env bash
# GPU host, session 13 call G4: bench/planner_gpu.sh (18 shapes against cuBLAS: the model
# alone, --autotune quick, DGEMM 4096^3, the model against the database's lookup) with two
# binaries: .gpu/prefix-p6 (main 7e33e76 with branch planner6: the shape model's tail and edge
# terms, refit with the skinny sweep) and .gpu/prefix (main 7e33e76: today's model, the
# autotune candidates of branch planner4).
set -uo pipefail
R=$OUT/g4; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv; } >"$R/host.txt" 2>&1
for v in p6 main; do
    bin=$PWD/.gpu/prefix/bin/clbench
    [ $v = p6 ] && bin=$PWD/.gpu/prefix-p6/bin/clbench
    s=$(date +%s)
    CLBENCH=$bin timeout 290 bench/planner_gpu.sh -o "$R/$v" >"$R/$v.out" 2>"$R/$v.err"
    echo "$v rc=$? in $(( $(date +%s) - s )) s" >>"$R/rc.txt"
done
cat "$R/rc.txt"
for v in p6 main; do echo "=== $v"; grep -E "geometric|DGEMM|^matmul_fast:|model/entry" "$R/$v/summary.txt"; done
tar czf "$OUT/g4.tgz" -C "$OUT" g4
