#!/usr/bin/env bash
# The 2-core AVX2 development machine (PoCL 3.1), quiet: issue 21's CPU targets (untuned and
# after a 5-minute tune of matmul_cpu, 150 s at 1024^3 and 150 s at 2048^3, against
# sgemm_openblas in the same run) and issue 20's DGEMM (matmul_cpu double against
# dgemm_openblas).  Run from the repository root with build/clbench built at HEAD.
set -u
R=results/epyc-2c-avx2-pocl-3.1/$(date +%F)-$(git rev-parse --short HEAD)-tuned
mkdir -p "$R"
uptime >"$R/times.txt"
cb=build/clbench
DB=$R/tuned-2core.json
cp results/tuned.json "$DB"
step() { # step NAME command...
    local s=$(date +%s) name=$1; shift
    "$@" >"$R/$name.txt" 2>&1
    echo "$name rc=$? wall_s=$(( $(date +%s) - s )) load=$(cut -d' ' -f1 /proc/loadavg): $*" >>"$R/times.txt"
}
step untuned $cb --peak measure -d cpu -k matmul_cpu,sgemm_openblas -n 1024,2048 --no-tuned -o "$R/untuned.json"
step dgemm $cb --peak measure -d cpu --type double -k matmul_cpu,dgemm_openblas -n 1024,2048 --no-tuned -o "$R/dgemm-untuned.json"
for n in 1024 2048; do
    step tune-$n $cb tune -d cpu -k matmul_cpu -n $n --budget 150s --tuned "$DB" -o "$R/tune-matmul_cpu-$n.json"
done
step tuned $cb -d cpu -k matmul_cpu,sgemm_openblas -n 1024,2048 --tuned "$DB" -o "$R/tuned.json"
cat "$R/times.txt"
