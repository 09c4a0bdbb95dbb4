#!/usr/bin/env bash
# GPU host, session 20 call R1: shapes drawn at random (Python's random, seeds 20261127 for the
# GPU and 202611272 for the CPU, from the kinds: odd and power-of-two squares,
# rectangles, flat with K <= 256, skinny with M or N <= 128), none of them measured before.
# bench/planner_gpu.sh on the H100 (model alone, quick autotune, DGEMM, lookup) and
# bench/planner_cpu.sh on the 16-core Xeon (PoCL 5.0), with an install of 6330280
# (.gpu/prefix-m).
set -uo pipefail
R=$OUT/s20r1; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv; nproc; } >"$R/host.txt" 2>&1
gpu=537,3927,6143,4096,5032x7463x1805,1967x2924x3824,2543x2795x1308,7520x2324x134,1279x2341x206,2671x1334x165,126x2234x6875,6845x8x1447,4657x8092x3116
cpu=261,2227,3941,512,2215x2407x3794,3521x2207x2407,989x3601x2039,3683x747x58,3553x1224x163,1030x3884x140,11x2040x2115,2414x75x2690
s=$(date +%s)
SHAPES=$gpu CLBENCH=$PWD/.gpu/prefix-m/bin/clbench timeout 330 bench/planner_gpu.sh -o "$R/gpu" >"$R/gpu.out" 2>"$R/gpu.err"
echo "gpu rc=$? in $(( $(date +%s) - s )) s" >>"$R/rc.txt"
s=$(date +%s)
SHAPES=$cpu ROUNDS=2 CLBENCH=$PWD/.gpu/prefix-m/bin/clbench timeout 170 bench/planner_cpu.sh -o "$R/cpu" -d cpu >"$R/cpu.out" 2>&1
echo "cpu rc=$? in $(( $(date +%s) - s )) s" >>"$R/rc.txt"
cat "$R/rc.txt"
grep -E "geometric|FP64|model/entry|lookup" "$R/gpu/summary.txt"
grep geometric "$R/cpu/cpu-summary.txt"
tar czf "$OUT/s20r1.tgz" -C "$OUT" s20r1
