#!/usr/bin/env bash
# GPU host, session 8 call A1 (issue 21 item 2): 50-second tunes of matmul_fast at square
# sizes from 512 to 6000 the shipped database has no entry of, into one database.
set -uo pipefail
R=$OUT/r; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export PATH=$PWD/.gpu/prefix-a/bin:$PATH
DB=$R/tuned-h100-a1.json
cp .gpu/prefix-a/share/clbench/tuned.json "$DB"
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; uptime; } >"$R/host.txt" 2>&1
for s in 512 768 1500 2048 3000 4096 6000; do
  s0=$(date +%s)
  clbench tune -d gpu -k matmul_fast -n $s --budget 50s --tuned "$DB" -o "$R/tune-matmul-$s.json" >>"$R/tune.txt" 2>&1
  echo "tune matmul_fast $s rc=$? wall_s=$(( $(date +%s) - s0 ))" >>"$R/times.txt"
done
cat "$R/times.txt"
tar czf "$OUT/gpu-a1.tgz" -C "$OUT" r
