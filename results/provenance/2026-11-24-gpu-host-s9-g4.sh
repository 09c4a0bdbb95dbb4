#!/usr/bin/env bash
# GPU host, session 9 call G4 (issue 21): 50-second tunes that start where a plain run would
# (bbbdfbd: the database's entry for the shape) at 8192x200x4096 (its G3 entry, tuned from the
# defaults, dropped: it ran 0.81x where the nearest entry had given 0.86x), 1536^3 and 2047^3
# (class entries, 0.82-0.90x); then G1's fourteen shapes and the issue's nine against
# sgemm_cublas in one run with the database.  Binary bbbdfbd (.gpu/prefix-f).
set -uo pipefail
R=$OUT/r4; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:/usr/local/cuda/lib64
export PATH=$PWD/.gpu/prefix-f/bin:$PATH
DB=$R/tuned-h100.json
cp .gpu/tuned-g4-start.json "$DB"   # call G3's database less its 8192x200x4096 entry
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; uptime; } >"$R/host.txt" 2>&1
t() { local name=$1; shift; local s; s=$(date +%s); "$@" >"$R/$name.txt" 2>&1; echo "$name rc=$? wall_s=$(( $(date +%s) - s )): $*" >>"$R/times.txt"; }
for s in 8192x200x4096 1536 2047; do
  t tune-$s clbench tune -d gpu -k matmul_fast -n $s --budget 50s --tuned "$DB" -o "$R/tune-matmul-$s.json"
done
ALL=1024,1000,2500,4097,8192,5000x3000x2000,8192x8192x512,256x8192x4096,4096x256x4096,1536,2047,3000,6144,5000x4000x3000,3000x5000x2000,6000x6000x500,8192x4096x256,4000x4000x1000,3000x100x5000,200x8192x4096,8192x200x4096,5000x300x2000,1000x64x8000
t shapes-final clbench -d gpu -k matmul_fast,sgemm_cublas --verify-max 1048576 --tuned "$DB" -o "$R/shapes-final.json" -n $ALL
cat "$R/times.txt"; grep -h "starting\|best\|added\|replaced\|kept" "$R"/tune-*.txt
tar czf "$OUT/gpu-g4.tgz" -C "$OUT" r4
