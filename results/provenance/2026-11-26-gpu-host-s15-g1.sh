#!/usr/bin/env bash
# GPU host, session 15 call G1: points for the planner's edge term. For each float matmul_fast
# entry of results/tuned.json on the H100 (but 8192^3 and 6000^3, where every model tried picks
# the entry's point), the entry's point, the four best of the shipped model and of a variant
# whose EDGE=0 cost is per round of resident groups (session 15), each with EDGE 0 and 1:
# .gpu/s15g1-points.txt, one clbench call per line (shapes|-D parameters), 268 rows.
set -uo pipefail
R=$OUT/s15g1; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,clocks.sm,power.draw --format=csv; } >"$R/host.txt" 2>&1
bin=$PWD/.gpu/prefix-s15/bin/clbench
i=0
s=$(date +%s)
while IFS='|' read -r shapes defs; do
    i=$((i + 1))
    [ $(( $(date +%s) - s )) -lt 520 ] || { echo "$i skipped: out of time" >>"$R/rc.txt"; continue; }
    # shellcheck disable=SC2086
    timeout 120 "$bin" -d gpu -k matmul_fast -n "$shapes" $defs --min-time 0.2 --max-time 2 \
        --no-peak -f json -o "$R/points-$i.json" >"$R/points-$i.out" 2>&1
    echo "$i rc=$? at $(( $(date +%s) - s )) s" >>"$R/rc.txt"
done <.gpu/s15g1-points.txt
tail -3 "$R/rc.txt"
date -u +%FT%TZ >>"$R/host.txt"
tar czf "$OUT/s15g1.tgz" -C "$OUT" s15g1
