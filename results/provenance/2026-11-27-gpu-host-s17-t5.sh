#!/usr/bin/env bash
# GPU host, session 17 call T5: bench/planner_cpu.sh on the host's Xeon (PoCL 5.0, AVX-512, 16
# cores), 10 timed launches a row, with matmul_cpu asking for 512-bit vectors
# (__attribute__((min_vector_width(512))), 2026-11-27-gpu-host-s17-t5-zmm.diff on 0ccf8f8,
# .gpu/prefix-i: PoCL otherwise splits each float16 into two 256-bit halves and spills) and
# without (1e65c12, .gpu/prefix-h), in turn, three times each.
set -uo pipefail
R=$OUT/s17t5; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv; uptime; nproc; lscpu | grep -i "model name\|flags" | cut -c1-200; } >"$R/host.txt" 2>&1
for round in 1 2 3; do
    for p in prefix-i prefix-h; do
        s=$(date +%s)
        REPS=10 CLBENCH=$PWD/.gpu/$p/bin/clbench timeout 200 bench/planner_cpu.sh -o "$R/$p-$round" -d cpu >"$R/$p-$round.out" 2>&1
        echo "$p-$round rc=$? in $(( $(date +%s) - s )) s" >>"$R/rc.txt"
    done
done
cat "$R/rc.txt"
for f in "$R"/*/cpu-summary.txt; do echo "=== $f"; tail -1 "$f"; done
tar czf "$OUT/s17t5.tgz" -C "$OUT" s17t5
