#!/usr/bin/env bash
# GPU host, session 12 call C4 (binary: main at a88504c or later, installed into .gpu/prefix):
# the main job's time after the kernel model's merge and the parallel fill of arguments --
# first run of the machine (caches as the machine left them), then three warm runs, each under
# bench/timeline.py, CUDA's lib64 first -- beside calls C1 (before the merge) and C3 (after it,
# before the fill was parallel); then --autotune quick over bench/planner_gpu.sh's 18 shapes
# with the candidates that differ first in tile and split (its autotune step alone).
set -uo pipefail
R=$OUT/c4; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
export PATH=$PWD/.gpu/prefix/bin:$PATH CLBENCH=$PWD/.gpu/prefix/bin/clbench
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv; clbench --version; uptime; } >"$R/host.txt" 2>&1
for run in first warm1 warm2 warm3; do
    s=$(date +%s.%N)
    python3 bench/timeline.py -o "$R/$run-timeline.txt" -- clbench -o "$R/$run.json" >"$R/$run.out" 2>"$R/$run.err"
    echo "$run rc=$? $(python3 -c "print(round($(date +%s.%N)-$s,1))") s, load $(cut -d' ' -f1 /proc/loadavg)" >>"$R/rc.txt"
done
bench/gpu_host_acceptance.sh --check "$R"/first.json "$R"/warm*.json >"$R/check.txt" 2>&1; echo "check rc=$?" >>"$R/rc.txt"
shapes=500,1024,1100,2000,2048,3333,4096,5120,7200,8192,3584x1024x2048,6000x2500x1500,1000x3000x7000,8192x8192x128,6000x4000x256,4096x96x4096,100x6000x3000,7000x128x2000
export LD_LIBRARY_PATH=${LD_LIBRARY_PATH#/usr/local/cuda/lib64:}:/usr/local/cuda/lib64
clbench -d gpu --min-time 0.2 --max-time 5 --no-peak -k matmul_fast,sgemm_cublas -n "$shapes" --no-tuned \
    --autotune quick --tuned "$R/autotune-db.json" -f json -o "$R/autotune.json" >"$R/autotune.err" 2>&1
echo "autotune rc=$?" >>"$R/rc.txt"
python3 bench/planner_summary.py matmul_fast sgemm_cublas 0.95 0.85 "$R/autotune.json" >"$R/autotune-summary.txt"
cat "$R/autotune-summary.txt"
cat "$R/rc.txt"; for run in first warm1 warm2 warm3; do echo "== $run"; tail -6 "$R/$run-timeline.txt"; done
tar czf "$OUT/c4.tgz" -C "$OUT" c4
