#!/usr/bin/env bash
# GPU host, session 20 call R2: matmul_cpu's narrow strip (25fdadd, .gpu/prefix-n) against the
# install of R1 (6330280, .gpu/prefix-m) on R1's random CPU shapes, new, old, new, on the
# 16-core Xeon (PoCL 5.0); bench/planner_cpu.sh's own fourteen with the new one; and R1's
# random GPU shapes again (bench/planner_gpu.sh; matmul_fast is the same in both installs).
set -uo pipefail
R=$OUT/s20r2; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv; nproc; } >"$R/host.txt" 2>&1
gpu=537,3927,6143,4096,5032x7463x1805,1967x2924x3824,2543x2795x1308,7520x2324x134,1279x2341x206,2671x1334x165,126x2234x6875,6845x8x1447,4657x8092x3116
cpu=261,2227,3941,512,2215x2407x3794,3521x2207x2407,989x3601x2039,3683x747x58,3553x1224x163,1030x3884x140,11x2040x2115,2414x75x2690
cpu() { # name, prefix, shapes (empty: the script's own)
    local s; s=$(date +%s)
    SHAPES=$3 ROUNDS=2 CLBENCH=$PWD/.gpu/$2/bin/clbench timeout 130 bench/planner_cpu.sh -o "$R/$1" -d cpu >"$R/$1.out" 2>&1
    echo "$1 rc=$? in $(( $(date +%s) - s )) s" >>"$R/rc.txt"
}
cpu random-new prefix-n "$cpu"
cpu random-old prefix-m "$cpu"
cpu random-new2 prefix-n "$cpu"
cpu fourteen-new prefix-n ""
s=$(date +%s)
SHAPES=$gpu CLBENCH=$PWD/.gpu/prefix-n/bin/clbench timeout 200 bench/planner_gpu.sh -o "$R/gpu" >"$R/gpu.out" 2>"$R/gpu.err"
echo "gpu rc=$? in $(( $(date +%s) - s )) s" >>"$R/rc.txt"
cat "$R/rc.txt"
for i in random-new random-old random-new2 fourteen-new; do echo "=== $i"; grep -E "^(261|2414x75)|geometric" "$R/$i/cpu-summary.txt" | cut -c1-60; done
grep -E "geometric|FP64|model/entry" "$R/gpu/summary.txt"
tar czf "$OUT/s20r2.tgz" -C "$OUT" s20r2
