#!/usr/bin/env bash
# Run as .gpu/shapes2-b.sh on the GPU host (H100, driver 580.159.04), 2026-11-23 20:44 UTC; files
# in results/nvidia-h100-80gb-hbm3/2026-11-23-e058ff5-shapes2-hybrid/.  .gpu/shapes2-prefix was
# branch shapes2 with a matmul_fast whose interior groups kept the guarded code's unguarded loads
# and whose edge groups clamped (abandoned: slower than both at large shapes), transpose_aligned
# as committed, with the GPU default TILE=64; .gpu/prefix-after is 041a890.
# GPU host, shapes2 call B (issue 21 items 3-4): matmul_fast with unguarded interior groups and
# clamped edge loads (.gpu/shapes2-prefix) against 041a890's (.gpu/prefix-after) in the same
# call, with cuBLAS; transpose_aligned's new GPU default (TILE=64) and tunes of it with the
# unguarded interior; a tune of matmul_fast at 1000^3; then the shapes with that database.
set -uo pipefail
R=$OUT/r; mkdir -p "$R"
DEB_DIR=.gpu source bench/gpu_host_env.sh
NEW=$PWD/.gpu/shapes2-prefix/bin/clbench
OLD=$PWD/.gpu/prefix-after/bin/clbench
DB=$R/tuned-h100.json
cp .gpu/shapes2-prefix/share/clbench/tuned.json "$DB"
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; uptime; } >"$R/host.txt" 2>&1
t() { local name=$1; shift; local s; s=$(date +%s); "$@" -o "$R/$name.json" >"$R/$name.txt" 2>&1; echo "$name rc=$? wall_s=$(( $(date +%s) - s )): $*" >>"$R/times.txt"; }
S9=1024,1000,2500,4097,8192,5000x3000x2000,8192x8192x512,256x8192x4096,4096x256x4096
t matmul-new $NEW -d gpu -k matmul_fast,sgemm_cublas -n $S9 --tuned "$DB" --verify-max 1048576
t matmul-old $OLD -d gpu -k matmul_fast -n $S9 --tuned "$DB" --verify-max 1048576
D1000="-D TSM=64 -D TSN=64 -D TSK=16 -D WPTM=8 -D WPTN=4 -D VWM=4 -D VWN=2 -D PAD=0"
SD=1000,1024,1024x1024x1000,1000x1000x1024
t edges-new $NEW -d gpu -k matmul_fast -n $SD $D1000 --verify-max 1048576
t edges-old $OLD -d gpu -k matmul_fast -n $SD $D1000 --verify-max 1048576
TS=6000x7001,12345x2049,8191x8193,8192
t transpose-defaults $NEW -d gpu -k transpose_aligned -n $TS --no-tuned --verify-max 1048576
for s in ${TS//,/ }; do
  s0=$(date +%s)
  $NEW tune -d gpu -k transpose_aligned -n $s -D TILE=32,64 -D BLOCK_ROWS=4,8 -D SECTOR=8,16 --budget 8 --tuned "$DB" -o "$R/tune-transpose-$s.json" >>"$R/tune.txt" 2>&1
  echo "tune transpose_aligned $s rc=$? wall_s=$(( $(date +%s) - s0 ))" >>"$R/times.txt"
done
s0=$(date +%s)
$NEW tune -d gpu -k matmul_fast -n 1000 --budget 45s --tuned "$DB" -o "$R/tune-matmul-1000.json" >>"$R/tune.txt" 2>&1
echo "tune matmul_fast 1000 rc=$? wall_s=$(( $(date +%s) - s0 ))" >>"$R/times.txt"
t transposes-tuned $NEW -d gpu -k transpose_aligned -n $TS --tuned "$DB" --verify-max 1048576
t copy-same-bytes $NEW -d gpu -k copy_ilp -n 42006000,25294905,67108863,67108864 --verify-max 1048576
t matmul-tuned $NEW -d gpu -k matmul_fast,sgemm_cublas -n $S9 --tuned "$DB" --verify-max 1048576
cat "$R/times.txt"
tar czf "$OUT/shapes2-b.tgz" -C "$OUT" r
