#!/usr/bin/env bash
# GPU host, call B: the main job with the roofs measured anew (peak_copy with RPT words per
# work-item), then the portability matrix on NVIDIA's OpenCL and the host's PoCL 5.0.
set -uo pipefail
R=$OUT/r; mkdir -p "$R"
export PATH=$PWD/.gpu/prefix-after/bin:$PATH
{ date -u +%FT%TZ; hostname; nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; uptime; } >"$R/host.txt" 2>&1
s=$(date +%s)
clbench --peak measure -o "$R/main-roofs.json" >"$R/main-roofs.txt" 2>&1; rc=$?
echo "main job (--peak measure) rc=$rc wall_s=$(( $(date +%s) - s ))" >>"$R/times.txt"
: >"$R/superseded.txt"; python3 tests/cli/roofs.py "$R" >>"$R/times.txt" 2>&1 || true
s=$(date +%s)
CLBENCH=$PWD/.gpu/prefix-after/bin/clbench bench/portability.sh "$R/portability" >"$R/portability.log" 2>&1
echo "portability rc=$? wall_s=$(( $(date +%s) - s ))" >>"$R/times.txt"
cat "$R/times.txt"; cat "$R/portability/matrix.md" 2>/dev/null | head -40
tar czf "$OUT/gpu-b.tgz" -C "$OUT" r
