#!/usr/bin/env bash
# GPU host, session 13 call G5 (.gpu/prefix: main at the session's end, every branch merged):
# bench/headline.sh cold (fresh caches: clbench's, PoCL's, NVIDIA's) and warm twice, then the
# soak: the main job ten times in a row, each run file checked (every row ok or unavailable),
# CUDA's lib64 first as NVIDIA's install guide has it.
set -uo pipefail
R=$OUT/g5; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
export PATH=$PWD/.gpu/prefix/bin:$PATH CLBENCH=$PWD/.gpu/prefix/bin/clbench
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
export XDG_CACHE_HOME=/tmp/g5-xdg POCL_CACHE_DIR=/tmp/g5-pocl CUDA_CACHE_PATH=/tmp/g5-nv
rm -rf ~/.nv/ComputeCache /tmp/g5-xdg /tmp/g5-pocl /tmp/g5-nv
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv; clbench --version; } >"$R/host.txt" 2>&1
for t in cold warm1 warm2; do
    bench/headline.sh -o "$R/headline" -t "$t" >"$R/headline-$t.out" 2>&1
    echo "headline $t rc=$? $(grep -h -m1 'wall_s' "$R"/headline/*-headline-"$t".txt)" >>"$R/rc.txt"
done
mkdir -p "$R/soak"
for i in $(seq 1 10); do
    s=$(date +%s.%N)
    clbench -o "$R/soak/main-$i.json" >/dev/null 2>"$R/soak-$i.err" || true
    echo "soak $i $(python3 -c "print(round($(date +%s.%N)-$s,1))") s" >>"$R/rc.txt"
done
bench/gpu_host_acceptance.sh --check "$R"/soak/main-*.json >"$R/soak-check.txt" 2>&1
echo "soak check rc=$?" >>"$R/rc.txt"
cat "$R/rc.txt"; tail -3 "$R/soak-check.txt"
tar czf "$OUT/g5.tgz" -C "$OUT" g5
