#!/usr/bin/env bash
# GPU host, call H (issue 20 item 6): copy_ilp in float and double over VEC and ILP in one run,
# to see whether the double copy's 0.83x of call G comes from the float-sized defaults.
set -uo pipefail
R=$OUT/r; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; } >"$R/host.txt" 2>&1
.gpu/prefix-now/bin/clbench -d gpu -k copy_ilp --type float,double -D VEC=1,2,4 -D ILP=1,2,4,8 \
    -o "$R/copy-types-grid.json" >"$R/copy-types-grid.txt" 2>&1
echo "rc=$?"; cat "$R/copy-types-grid.txt" | head -60
tar czf "$OUT/gpu-h.tgz" -C "$OUT" r
