#!/usr/bin/env bash
# The 2-core AVX2 development machine (PoCL 3.1), idle: the 2048^3 target after a 5-minute tune
# of that size alone (300 s; the first tune gave each size 150 s), starting from that tune's
# database, then a minute's pause (the run right after a tune is slow while the cores recover)
# and two runs against sgemm_openblas.  Run from the repository root with build/clbench at HEAD.
set -u
R=results/epyc-2c-avx2-pocl-3.1/$(date +%F)-$(git rev-parse --short HEAD)-tune-2048
mkdir -p "$R"
cb=build/clbench
DB=$R/tuned-2core.json
cp results/epyc-2c-avx2-pocl-3.1/2026-11-24-ae15e6b-tuned/tuned-2core.json "$DB"
uptime >"$R/times.txt"
step() { # step NAME command...
    local s=$(date +%s) name=$1; shift
    "$@" >"$R/$name.txt" 2>&1
    echo "$name rc=$? wall_s=$(( $(date +%s) - s )) load=$(cut -d' ' -f1 /proc/loadavg): $*" >>"$R/times.txt"
}
step tune-2048 $cb tune -d cpu -k matmul_cpu -n 2048 --budget 300s --tuned "$DB" -o "$R/tune-matmul_cpu-2048.json"
sleep 60
for i in 1 2; do
    step tuned-$i $cb -d cpu -k matmul_cpu,sgemm_openblas -n 2048 --tuned "$DB" -o "$R/tuned-$i.json"
done
cat "$R/times.txt"
