#!/usr/bin/env bash
# GPU host, session 19 call V1: the library rows now rotate as many buffer sets as the kernel
# rows they sit beside (1aeebc4), and a CPU device's cores are kept awake while its rows run
# (98ac2c8); binary .gpu/prefix-k.  bench/planner_gpu.sh's eighteen with it and, in turn, with
# the binary before (.gpu/prefix-j, 3324a10: cuBLAS on one buffer set); G3's and S2's skinny
# sets with it; bench/planner_cpu.sh on the 16-core Xeon (PoCL 5.0) with it, with the cores
# kept awake and with --no-keep-awake.
set -uo pipefail
R=$OUT/s19v1; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv; nproc; } >"$R/host.txt" 2>&1
g3=3000x80x6000,5000x112x3000,2500x72x5000,80x3000x6000,6000x40x4000,8192x100x2048,4000x48x8000,3000x128x3000,1800x90x9000,7000x200x1000,96x8192x2048,5000x160x2500
s2new=2800x76x7000,4500x84x5000,1600x96x10000,6000x72x3000,3600x64x9000,76x2800x7000,84x4500x5000,64x3600x9000,5000x120x4000,120x5000x4000,9000x56x2000,2000x180x6000
run() { # name, binary, shapes (empty: the script's own)
    local s; s=$(date +%s)
    SHAPES=$3 CLBENCH=$PWD/.gpu/$2/bin/clbench timeout 130 bench/planner_gpu.sh -o "$R/$1" >"$R/$1.out" 2>"$R/$1.err"
    echo "$1 rc=$? in $(( $(date +%s) - s )) s" >>"$R/rc.txt"
}
cpu() { # name, extra option
    local s; s=$(date +%s)
    printf '#!/bin/sh\nexec %s %s "$@"\n' "$PWD/.gpu/prefix-k/bin/clbench" "$2" >"$R/clbench-$1"
    chmod +x "$R/clbench-$1"
    CLBENCH=$R/clbench-$1 timeout 120 bench/planner_cpu.sh -o "$R/$1" -d cpu >"$R/$1.out" 2>&1
    echo "$1 rc=$? in $(( $(date +%s) - s )) s" >>"$R/rc.txt"
    rm -f "$R/clbench-$1"
}
run p18 prefix-k ""
run p18-before prefix-j ""
run g3 prefix-k "$g3"
run s2new prefix-k "$s2new"
cpu xeon-awake ""
cpu xeon-nowake --no-keep-awake
cat "$R/rc.txt"
for i in p18 p18-before g3 s2new; do echo "=== $i"; grep -E "geometric|FP64|model/entry" "$R/$i/summary.txt"; done
for i in xeon-awake xeon-nowake; do echo "=== $i"; grep geometric "$R/$i/cpu-summary.txt"; done
tar czf "$OUT/s19v1.tgz" -C "$OUT" s19v1
