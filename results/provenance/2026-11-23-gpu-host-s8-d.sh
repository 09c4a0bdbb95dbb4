#!/usr/bin/env bash
# GPU host, session 8 call D (issue 21, CPU target after a 5-minute tune): the 16-core Xeon
# under the host's PoCL 5.0, matmul_cpu against sgemm_openblas untuned, then tuned for 150 s at
# 1024^3 and 150 s at 2048^3 (each point timed for 0.3 s: 16 PoCL threads at 1024^3 swing
# between runs), then one run with that database.
set -uo pipefail
R=$OUT/r; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export PATH=$PWD/.gpu/prefix-a/bin:$PATH
DB=$R/tuned-xeon.json
cp .gpu/prefix-a/share/clbench/tuned.json "$DB"
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; uptime; nproc; lscpu | grep -E 'Model name|Thread|Core|Socket|NUMA node\(s\)'; } >"$R/host.txt" 2>&1
t() { local name=$1; shift; local s; s=$(date +%s); "$@" >"$R/$name.txt" 2>&1; echo "$name rc=$? wall_s=$(( $(date +%s) - s )) load=$(cut -d' ' -f1 /proc/loadavg): $*" >>"$R/times.txt"; }
t untuned clbench -d cpu -k matmul_cpu,sgemm_openblas -n 1024,2048 --no-tuned --min-time 1 -o "$R/cpu-matmul-untuned.json"
for n in 1024 2048; do
  t tune-$n clbench tune -d cpu -k matmul_cpu -n $n --budget 150s --min-time 0.3 --tuned "$DB" -o "$R/tune-matmul_cpu-$n.json"
done
t tuned clbench -d cpu -k matmul_cpu,sgemm_openblas -n 1024,2048 --tuned "$DB" --min-time 1 -o "$R/cpu-matmul-tuned.json"
cat "$R/times.txt"; grep -h best "$R"/tune-*.txt
tar czf "$OUT/gpu-d.tgz" -C "$OUT" r
