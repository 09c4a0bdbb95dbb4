#!/usr/bin/env bash
# GPU host, session 8 call A2 (issue 21 item 2): 50-second tunes of matmul_fast at flat and
# skinny shapes, into call A1's database, then matmul_fast against sgemm_cublas over the
# issue's nine shapes and the tuned ones in one run with it.
set -uo pipefail
R=$OUT/r; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export PATH=$PWD/.gpu/prefix-a/bin:$PATH
DB=$R/tuned-h100-a2.json
cp .gpu/tuned-h100-a1.json "$DB"
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; uptime; } >"$R/host.txt" 2>&1
for s in 8192x8192x512 4096x4096x256 333x4096x4096 4096x333x4096 8192x1024x8192; do
  s0=$(date +%s)
  clbench tune -d gpu -k matmul_fast -n $s --budget 50s --tuned "$DB" -o "$R/tune-matmul-$s.json" >>"$R/tune.txt" 2>&1
  echo "tune matmul_fast $s rc=$? wall_s=$(( $(date +%s) - s0 ))" >>"$R/times.txt"
done
s0=$(date +%s)
clbench -d gpu -k matmul_fast,sgemm_cublas -n 1024,1000,2500,4097,8192,5000x3000x2000,8192x8192x512,256x8192x4096,4096x256x4096,512,768,1500,2048,3000,4096,6000,4096x4096x256,333x4096x4096,4096x333x4096,8192x1024x8192 \
  --tuned "$DB" --verify-max 1048576 -o "$R/matmul-shapes.json" >"$R/matmul-shapes.txt" 2>&1
echo "matmul-shapes rc=$? wall_s=$(( $(date +%s) - s0 ))" >>"$R/times.txt"
cat "$R/times.txt"
tar czf "$OUT/gpu-a2.tgz" -C "$OUT" r
