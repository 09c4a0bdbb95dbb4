#!/usr/bin/env bash
# GPU host, call A: the main job's wall time before this session's changes (f3bce83, installed
# in .gpu/prefix-before) and after (.gpu/prefix-after), the latter in process and in workers
# (bench/isolation.sh).
set -uo pipefail
R=$OUT/r; mkdir -p "$R"
before=$PWD/.gpu/prefix-before/bin/clbench
after=$PWD/.gpu/prefix-after/bin/clbench
{ date -u +%FT%TZ; hostname; nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  lscpu | grep -E 'Model name|Flags' | cut -c1-600; uptime; } >"$R/host.txt" 2>&1
$after --list >"$R/list.txt" 2>&1
$before >/dev/null 2>&1
for i in 1 2; do
  s=$(date +%s.%N); $before -o "$R/main-before-$i.json" >"$R/main-before-$i.txt" 2>&1; rc=$?
  e=$(date +%s.%N); echo "before $i rc=$rc wall_s=$(echo "$e - $s" | bc)" >>"$R/main-times.txt"
done
CLBENCH=$after bench/isolation.sh -o "$R/isolation" -n 2 >"$R/isolation.log" 2>&1
echo "isolation rc=$?" >>"$R/main-times.txt"
cat "$R/main-times.txt" "$R"/isolation/*isolation.txt
tar czf "$OUT/gpu-a.tgz" -C "$OUT" r
