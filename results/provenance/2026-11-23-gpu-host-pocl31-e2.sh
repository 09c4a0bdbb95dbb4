#!/usr/bin/env bash
# Call E1 before it, in the same lease: mkdir -p /opt/pocl31-parts && cp .pocl31a/pocl31part00 /opt/pocl31-parts/ (carry .pocl31a).
# The halves: split -n 2 -d of shared/pocl-debian12's tarball pruned to its AVX-512 kernel library (pocl31-avx512.tar.xz).
# GPU host, call E2 (issues 17 and 21): the relocatable PoCL 3.1 (its tarball came in two
# halves, .pocl31a in call E1, kept in /opt/pocl31-parts, and .pocl31b here) registered
# beside NVIDIA's OpenCL; the portability matrix on both; then a 5-minute tune of matmul_cpu
# on the Xeon (150 s at 1024^3, 150 s at 2048^3) and matmul_cpu against sgemm_openblas with
# that database, in one run.
set -uo pipefail
R=$OUT/r; mkdir -p "$R"
cat /opt/pocl31-parts/pocl31part00 .pocl31b/pocl31part01 >/tmp/pocl31.tar.xz || exit 1
mkdir -p /opt/pocl31 && tar -C /opt/pocl31 -xJf /tmp/pocl31.tar.xz || exit 1
export POCL31_DIR=/opt/pocl31 DEB_DIR=.gpu
source bench/gpu_host_env.sh
export PATH=$PWD/.gpu/prefix-now/bin:$PATH
{ date -u +%FT%TZ; hostname; nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; uptime; clinfo -l; } >"$R/host.txt" 2>&1
s=$(date +%s)
CLBENCH=$PWD/.gpu/prefix-now/bin/clbench bench/portability.sh "$R/portability" >"$R/portability.log" 2>&1
echo "portability rc=$? wall_s=$(( $(date +%s) - s ))" >>"$R/times.txt"
DB=$R/tuned-xeon.json
cp .gpu/prefix-now/share/clbench/tuned.json "$DB"
for n in 1024 2048; do
  s=$(date +%s)
  clbench tune -d cpu -k matmul_cpu -n $n --budget 150s --tuned "$DB" -o "$R/tune-matmul_cpu-$n.json" >>"$R/tune.txt" 2>&1
  echo "tune matmul_cpu $n rc=$? wall_s=$(( $(date +%s) - s ))" >>"$R/times.txt"
done
s=$(date +%s)
clbench -d cpu -k matmul_cpu,sgemm_openblas -n 1024,2048 --tuned "$DB" -o "$R/cpu-matmul-tuned.json" >"$R/cpu-matmul-tuned.txt" 2>&1
echo "cpu-matmul-tuned rc=$? wall_s=$(( $(date +%s) - s )): clbench -d cpu -k matmul_cpu,sgemm_openblas -n 1024,2048 --tuned DB" >>"$R/times.txt"
cat "$R/times.txt"; cat "$R/cpu-matmul-tuned.txt"; head -30 "$R/portability/matrix.md"
tar czf "$OUT/gpu-e2.tgz" -C "$OUT" r
