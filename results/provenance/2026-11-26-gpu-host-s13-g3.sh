#!/usr/bin/env bash
# GPU host, session 13 call G3 (.gpu/prefix: main at 7e33e76, as in call G2): a second cold main
# job (fresh caches of its own, CUDA's lib64 first), then the acceptance in every environment
# (bench/gpu_host_acceptance.sh -n 1: run/, the worker and the session's order changed).
set -uo pipefail
R=$OUT/g3; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
export PATH=$PWD/.gpu/prefix/bin:$PATH CLBENCH=$PWD/.gpu/prefix/bin/clbench
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv; clbench --version; } >"$R/host.txt" 2>&1
(
    export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
    export XDG_CACHE_HOME=/tmp/g3-xdg POCL_CACHE_DIR=/tmp/g3-pocl CUDA_CACHE_PATH=/tmp/g3-nv
    rm -rf ~/.nv/ComputeCache
    s=$(date +%s.%N)
    python3 bench/timeline.py -o "$R/cold2-timeline.txt" -- clbench -o "$R/cold2.json" >"$R/cold2.out" 2>"$R/cold2.err"
    echo "cold2 rc=$? $(python3 -c "print(round($(date +%s.%N)-$s,1))") s, load $(cut -d' ' -f1 /proc/loadavg)" >>"$R/rc.txt"
)
s=$(date +%s)
bench/gpu_host_acceptance.sh -o "$R/acc" -n 1 >"$R/acceptance.txt" 2>&1
echo "acceptance rc=$? in $(( $(date +%s) - s )) s" >>"$R/rc.txt"
cat "$R/rc.txt"; tail -7 "$R/cold2-timeline.txt"; tail -16 "$R/acc/summary.txt"
tar czf "$OUT/g3.tgz" -C "$OUT" g3
