#!/usr/bin/env bash
# GPU host, session 16 call S6: --autotune quick with the winner timed again beside the first
# (d390f09, .gpu/prefix-e) and without (edea3a7, .gpu/prefix-d; the same model and candidates),
# in one call, on s15 G3's twelve shapes and bench/planner_gpu.sh's eighteen, each against cuBLAS
# in its own run file; the verdicts by bench/planner_summary.py.
set -uo pipefail
R=$OUT/s16s6; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv; } >"$R/host.txt" 2>&1
g3=3000x80x6000,5000x112x3000,2500x72x5000,80x3000x6000,6000x40x4000,8192x100x2048,4000x48x8000,3000x128x3000,1800x90x9000,7000x200x1000,96x8192x2048,5000x160x2500
own=500,1024,1100,2000,2048,3333,4096,5120,7200,8192,3584x1024x2048,6000x2500x1500,1000x3000x7000,8192x8192x128,6000x4000x256,4096x96x4096,100x6000x3000,7000x128x2000
for name in again:prefix-e once:prefix-d; do
    n=${name%%:*} p=${name#*:} s=$(date +%s)
    timeout 250 "$PWD/.gpu/$p/bin/clbench" -d gpu --min-time 0.2 --max-time 5 --no-peak \
        -k matmul_fast,sgemm_cublas -n "$g3,$own" --no-tuned --autotune quick \
        --tuned "$R/$n-db.json" -f json -o "$R/$n.json" >"$R/$n.out" 2>"$R/$n.err"
    echo "$n rc=$? in $(( $(date +%s) - s )) s" >>"$R/rc.txt"
    python3 bench/planner_summary.py matmul_fast sgemm_cublas 0.95 0.85 "$R/$n.json" >"$R/$n-summary.txt"
done
cat "$R/rc.txt"
for n in again once; do echo "=== $n"; grep -E "geometric" "$R/$n-summary.txt"; done
tar czf "$OUT/s16s6.tgz" -C "$OUT" s16s6
