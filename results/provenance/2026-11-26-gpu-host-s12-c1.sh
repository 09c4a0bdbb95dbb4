#!/usr/bin/env bash
# GPU host, session 12 call C1 (binary: main at 5e4e34a installed into .gpu/prefix): where the
# main job's time goes, cold (every cache fresh: clbench's, PoCL's, NVIDIA's) and warm twice,
# each under bench/timeline.py, CUDA's lib64 first as NVIDIA's install guide has it; then the
# two energy methods on the same windows (bench/energy_check.sh: power_joules beside the
# counter).
set -uo pipefail
R=$OUT/c1; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
export PATH=$PWD/.gpu/prefix/bin:$PATH CLBENCH=$PWD/.gpu/prefix/bin/clbench
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,power.limit,clocks.max.sm,pci.bus_id --format=csv; nproc; } >"$R/host.txt" 2>&1
export XDG_CACHE_HOME=/tmp/c1-xdg POCL_CACHE_DIR=/tmp/c1-pocl CUDA_CACHE_PATH=/tmp/c1-nv
rm -rf /tmp/c1-xdg /tmp/c1-pocl /tmp/c1-nv ~/.nv/ComputeCache
for run in cold warm1 warm2; do
    s=$(date +%s.%N)
    python3 bench/timeline.py -o "$R/$run-timeline.txt" -- clbench -o "$R/$run.json" >"$R/$run.out" 2>"$R/$run.err"
    echo "$run rc=$? $(python3 -c "print(round($(date +%s.%N)-$s,1))") s" >>"$R/rc.txt"
done
# CLBlast on PoCL alone, twice (warm): its share of the CPU's time.
for i in 1 2; do
    python3 bench/timeline.py -o "$R/clblast-$i-timeline.txt" -- clbench -d cpu -k sgemm_clblast -n 1024 -o "$R/clblast-$i.json" >/dev/null 2>"$R/clblast-$i.err"
done
bench/energy_check.sh -d gpu -o "$R/energy" >"$R/energy.txt" 2>&1
echo "energy rc=$?" >>"$R/rc.txt"
cat "$R/rc.txt"
for run in cold warm1 warm2; do echo "== $run"; tail -8 "$R/$run-timeline.txt"; done
grep -v "ICD loader" "$R/energy.txt" | tail -8
tail -4 "$R/clblast-2-timeline.txt"
tar czf "$OUT/c1.tgz" -C "$OUT" c1
