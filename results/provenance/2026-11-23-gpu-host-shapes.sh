#!/usr/bin/env bash
# GPU host, call C (issue 21): the CPU matmuls' untuned defaults against OpenBLAS on the Xeon;
# the transposes at odd shapes against a copy of the same bytes on the H100, by their defaults,
# then tuned; matmul_fast against cuBLAS over the shapes with the shipped database.
set -uo pipefail
R=$OUT/r; mkdir -p "$R"
export PATH=$PWD/.gpu/prefix-after/bin:$PATH
export XDG_DATA_HOME=$R/data   # the tunes' database, kept
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; uptime; } >"$R/host.txt" 2>&1
t() { local name=$1; shift; local s; s=$(date +%s); clbench "$@" -o "$R/$name.json" >"$R/$name.txt" 2>&1; echo "$name rc=$? wall_s=$(( $(date +%s) - s )): clbench $*" >>"$R/times.txt"; }
t cpu-matmul-untuned -d cpu -k matmul_cpu,matmul_fast,sgemm_openblas -n 1024,2048 --no-tuned
T=transpose_tiled,transpose_padded,transpose_diagonal,transpose_aligned
S=6000x7001,12345x2049,8191x8193,8192
t transpose-defaults -d gpu -k $T -n $S --no-tuned --verify-max 1048576
t copy-same-bytes -d gpu -k copy_ilp -n 42006000,25294905,67108863,67108864 --no-tuned --verify-max 1048576
t transpose-grid -d gpu -k $T -n $S -D TILE=32,64 -D BLOCK_ROWS=4,8 --no-tuned --verify-max 1048576
for s in ${S//,/ }; do
  s0=$(date +%s); clbench tune -d gpu -k transpose_aligned -n $s --budget 25s --verify-max 1048576 >>"$R/tune.txt" 2>&1
  echo "tune transpose_aligned $s rc=$? wall_s=$(( $(date +%s) - s0 ))" >>"$R/times.txt"
done
t transpose-tuned -d gpu -k transpose_aligned -n $S --verify-max 1048576
t matmul-shapes -d gpu -k matmul_fast,sgemm_cublas -n 1024,1000,2500,4097,8192,5000x3000x2000,8192x8192x512,256x8192x4096,4096x256x4096 --verify-max 1048576
cp "$R/data/clbench/tuned.json" "$R/tuned-transposes.json" 2>/dev/null
cat "$R/times.txt"
tar czf "$OUT/gpu-c.tgz" -C "$OUT" r
