#!/usr/bin/env bash
# GPU host, call D (issue 21): tunes at the shapes the defaults and shipped entries served worst
# (transpose_aligned at odd shapes; matmul_fast at 1000^3, 2500^3 and the skinny shapes), into
# one database, then the transposes against a copy of the same bytes and matmul_fast against
# cuBLAS over the shapes, with that database.
set -uo pipefail
R=$OUT/r; mkdir -p "$R"
export PATH=$PWD/.gpu/prefix-after/bin:$PATH
DB=$R/tuned-h100.json
cp .gpu/prefix-after/share/clbench/tuned.json "$DB"
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; uptime; } >"$R/host.txt" 2>&1
for s in 6000x7001 12345x2049 8191x8193; do
  s0=$(date +%s)
  clbench tune -d gpu -k transpose_aligned -n $s -D TILE=32,64 -D BLOCK_ROWS=1,2,4,8,16 \
    -D SECTOR=1,2,4,8,16,32 --budget 35s --tuned "$DB" -o "$R/tune-transpose-$s.json" >>"$R/tune.txt" 2>&1
  echo "tune transpose_aligned $s rc=$? wall_s=$(( $(date +%s) - s0 ))" >>"$R/times.txt"
done
for s in 1000 2500 4096x256x4096 256x8192x4096; do
  s0=$(date +%s)
  clbench tune -d gpu -k matmul_fast -n $s --budget 50s --tuned "$DB" -o "$R/tune-matmul-$s.json" >>"$R/tune.txt" 2>&1
  echo "tune matmul_fast $s rc=$? wall_s=$(( $(date +%s) - s0 ))" >>"$R/times.txt"
done
t() { local name=$1; shift; local s; s=$(date +%s); clbench "$@" -o "$R/$name.json" >"$R/$name.txt" 2>&1; echo "$name rc=$? wall_s=$(( $(date +%s) - s )): clbench $*" >>"$R/times.txt"; }
t transposes-tuned -d gpu -k transpose_aligned -n 6000x7001,12345x2049,8191x8193,8192 --tuned "$DB" --verify-max 1048576
t copy-same-bytes -d gpu -k copy_ilp -n 42006000,25294905,67108863,67108864 --verify-max 1048576
t matmul-shapes-tuned -d gpu -k matmul_fast,sgemm_cublas -n 1024,1000,2500,4097,8192,5000x3000x2000,8192x8192x512,256x8192x4096,4096x256x4096 --tuned "$DB" --verify-max 1048576
cat "$R/times.txt"
tar czf "$OUT/gpu-d.tgz" -C "$OUT" r
