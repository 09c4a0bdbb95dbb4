#!/usr/bin/env bash
# GPU host, session 17 call T4: bench/planner_cpu.sh on the host's Xeon (PoCL 5.0, AVX-512, 16
# cores), 10 timed launches a row, with matmul_cpu's vectors at C's right edge (1e65c12,
# .gpu/prefix-h; the same CPU model) and with the binary before them (d390f09, .gpu/prefix-e),
# in turn, twice each.
set -uo pipefail
R=$OUT/s17t4; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv; uptime; nproc; } >"$R/host.txt" 2>&1
for round in 1 2; do
    for p in prefix-h prefix-e; do
        s=$(date +%s)
        REPS=10 CLBENCH=$PWD/.gpu/$p/bin/clbench timeout 200 bench/planner_cpu.sh -o "$R/$p-$round" -d cpu >"$R/$p-$round.out" 2>&1
        echo "$p-$round rc=$? in $(( $(date +%s) - s )) s" >>"$R/rc.txt"
    done
done
cat "$R/rc.txt"
for f in "$R"/*/cpu-summary.txt; do echo "=== $f"; tail -1 "$f"; done
tar czf "$OUT/s17t4.tgz" -C "$OUT" s17t4
