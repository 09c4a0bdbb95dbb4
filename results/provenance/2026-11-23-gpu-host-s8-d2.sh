#!/usr/bin/env bash
# GPU host, session 8 call D2: call D's tuned database for the Xeon (PoCL 5.0) again, on a
# machine idle before it: in call D the run right after the 5-minute tune started at twice the
# tune's time and settled over its first second.  Tuned, untuned, tuned, each 2 s a row.
set -uo pipefail
R=$OUT/r; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export PATH=$PWD/.gpu/prefix-a/bin:$PATH
DB=.gpu/tuned-xeon-d.json  # call D's tuned-xeon.json (xeon-16c-pocl-5.0/2026-11-23-ec04744-tuned/)
{ date -u +%FT%TZ; uptime; } >"$R/host.txt" 2>&1
t() { local name=$1; shift; local s; s=$(date +%s); "$@" >"$R/$name.txt" 2>&1; echo "$name rc=$? wall_s=$(( $(date +%s) - s )) load=$(cut -d' ' -f1 /proc/loadavg): $*" >>"$R/times.txt"; }
t tuned-1 clbench -d cpu -k matmul_cpu,sgemm_openblas -n 1024,2048 --tuned "$DB" --min-time 2 -o "$R/cpu-matmul-tuned-1.json"
t untuned-2 clbench -d cpu -k matmul_cpu,sgemm_openblas -n 1024,2048 --no-tuned --min-time 2 -o "$R/cpu-matmul-untuned-2.json"
t tuned-3 clbench -d cpu -k matmul_cpu,sgemm_openblas -n 1024,2048 --tuned "$DB" --min-time 2 -o "$R/cpu-matmul-tuned-3.json"
cat "$R/times.txt"
tar czf "$OUT/gpu-d2.tgz" -C "$OUT" r
