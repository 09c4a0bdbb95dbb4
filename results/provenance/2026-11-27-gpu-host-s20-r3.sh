#!/usr/bin/env bash
# GPU host, session 20 call R3: the planner's refined split (6b785d6, .gpu/prefix-o) against the
# planner before it (25fdadd, .gpu/prefix-n) on the ten shapes of the planner sets whose split
# it moves, matmul_fast beside sgemm_cublas with an empty database, new, old, new, old; then
# R1's random GPU shapes through bench/planner_gpu.sh with the new install.
set -uo pipefail
R=$OUT/s20r3; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv; nproc; } >"$R/host.txt" 2>&1
moved=537,126x2234x6875,6845x8x1447,2500x72x5000,1800x90x9000,4500x84x5000,1600x96x10000,3600x64x9000,64x3600x9000,9000x56x2000
gpu=537,3927,6143,4096,5032x7463x1805,1967x2924x3824,2543x2795x1308,7520x2324x134,1279x2341x206,2671x1334x165,126x2234x6875,6845x8x1447,4657x8092x3116
for r in 1 2; do
    for b in new old; do
        p=prefix-o; [ $b = old ] && p=prefix-n
        s=$(date +%s)
        timeout 120 .gpu/$p/bin/clbench -d gpu -k matmul_fast,sgemm_cublas -n "$moved" --no-tuned \
            --min-time 0.2 --max-time 5 --no-peak -f json -o "$R/moved-$b-r$r.json" 2>>"$R/moved.err"
        echo "moved-$b-r$r rc=$? in $(( $(date +%s) - s )) s" >>"$R/rc.txt"
    done
done
s=$(date +%s)
SHAPES=$gpu CLBENCH=$PWD/.gpu/prefix-o/bin/clbench timeout 200 bench/planner_gpu.sh -o "$R/gpu" >"$R/gpu.out" 2>"$R/gpu.err"
echo "gpu rc=$? in $(( $(date +%s) - s )) s" >>"$R/rc.txt"
cat "$R/rc.txt"
for f in "$R"/moved-*.json; do echo "== $f"; python3 bench/planner_summary.py matmul_fast sgemm_cublas 0 0 "$f" | tail -1; done
grep -E "geometric|FP64|model/entry" "$R/gpu/summary.txt"
tar czf "$OUT/s20r3.tgz" -C "$OUT" s20r3
