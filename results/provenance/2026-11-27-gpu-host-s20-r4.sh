#!/usr/bin/env bash
# GPU host, session 20 call R4: the refined split (.gpu/prefix-o, 6b785d6) against the planner
# before it (.gpu/prefix-n, 25fdadd) on the seven shapes of session 19's sets (new2, fresh, thin)
# whose split it moves and R3 did not run, matmul_fast beside sgemm_cublas with an empty
# database, new, old, new, old.
set -uo pipefail
R=$OUT/s20r4; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv; nproc; } >"$R/host.txt" 2>&1
moved=7000x110x3000,110x7000x3000,2400x60x9000,3300x1700x2900,2200x70x8000,3300x92x6000,5000x66x5000
for r in 1 2; do
    for b in new old; do
        p=prefix-o; [ $b = old ] && p=prefix-n
        s=$(date +%s)
        timeout 120 .gpu/$p/bin/clbench -d gpu -k matmul_fast,sgemm_cublas -n "$moved" --no-tuned \
            --min-time 0.2 --max-time 5 --no-peak -f json -o "$R/moved-$b-r$r.json" 2>>"$R/moved.err"
        echo "moved-$b-r$r rc=$? in $(( $(date +%s) - s )) s" >>"$R/rc.txt"
        python3 bench/planner_summary.py matmul_fast sgemm_cublas 0 0 "$R/moved-$b-r$r.json" \
            >"$R/moved-$b-r$r-summary.txt"
    done
done
cat "$R/rc.txt"
tail -n1 "$R"/moved-*-summary.txt
tar czf "$OUT/s20r4.tgz" -C "$OUT" s20r4
