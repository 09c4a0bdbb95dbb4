#!/usr/bin/env bash
# Run as .gpu/shapes2-a.sh on the GPU host (H100, driver 580.159.04), 2026-11-23 20:37 UTC; files
# in results/nvidia-h100-80gb-hbm3/2026-11-23-e058ff5-shapes2-clamp/.  .gpu/shapes2-prefix was a
# Release install of branch shapes2 on e058ff5 with a first matmul_fast that clamped the edges in
# every work-group (what is now EDGE=1, then the only code; the tail flag was passed in by the
# caller) and transpose_aligned's unguarded interior as committed; .gpu/prefix-after is 041a890.
# GPU host, shapes2 call A (issue 21 items 3-4): the edge handling of matmul_fast (clamped loads,
# no guarded interior) and transpose_aligned's unguarded interior work-groups, the branch's
# build (.gpu/shapes2-prefix) against 041a890's (.gpu/prefix-after) in the same call, with
# cuBLAS and copy_ilp of the same bytes; then tunes of matmul_fast at 1000^3 and 2500^3 with
# the new code.
set -uo pipefail
R=$OUT/r; mkdir -p "$R"
DEB_DIR=.gpu source bench/gpu_host_env.sh
NEW=$PWD/.gpu/shapes2-prefix/bin/clbench
OLD=$PWD/.gpu/prefix-after/bin/clbench
DB=$R/tuned-h100.json
cp results/tuned.json "$DB"
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; uptime; } >"$R/host.txt" 2>&1
t() { local name=$1; shift; local s; s=$(date +%s); "$@" -o "$R/$name.json" >"$R/$name.txt" 2>&1; echo "$name rc=$? wall_s=$(( $(date +%s) - s )): $*" >>"$R/times.txt"; }
S9=1024,1000,2500,4097,8192,5000x3000x2000,8192x8192x512,256x8192x4096,4096x256x4096
t matmul-new $NEW -d gpu -k matmul_fast,sgemm_cublas -n $S9 --tuned "$DB" --verify-max 1048576
t matmul-old $OLD -d gpu -k matmul_fast -n $S9 --tuned "$DB" --verify-max 1048576
D1000="-D TSM=64 -D TSN=64 -D TSK=16 -D WPTM=8 -D WPTN=4 -D VWM=4 -D VWN=2 -D PAD=0"
SD=1000,1024,1024x1024x1000,1000x1000x1024,2500,2560
t edges-new $NEW -d gpu -k matmul_fast -n $SD $D1000 --verify-max 1048576
t edges-old $OLD -d gpu -k matmul_fast -n $SD $D1000 --verify-max 1048576
TS=6000x7001,12345x2049,8191x8193,8192
t transpose-new $NEW -d gpu -k transpose_aligned -n $TS -D TILE=32,64 -D BLOCK_ROWS=2,4,8 -D SECTOR=8 --verify-max 1048576
t transpose-old $OLD -d gpu -k transpose_aligned -n $TS -D TILE=32,64 -D BLOCK_ROWS=4,8 -D SECTOR=8 --verify-max 1048576
t copy-same-bytes $NEW -d gpu -k copy_ilp -n 42006000,25294905,67108863,67108864 --verify-max 1048576
for s in 1000 2500; do
  s0=$(date +%s)
  $NEW tune -d gpu -k matmul_fast -n $s --budget 45s --tuned "$DB" -o "$R/tune-matmul-$s.json" >>"$R/tune.txt" 2>&1
  echo "tune matmul_fast $s rc=$? wall_s=$(( $(date +%s) - s0 ))" >>"$R/times.txt"
done
t matmul-tuned $NEW -d gpu -k matmul_fast,sgemm_cublas -n 1000,2500 --tuned "$DB" --verify-max 1048576
cat "$R/times.txt"
tar czf "$OUT/shapes2-a.tgz" -C "$OUT" r
