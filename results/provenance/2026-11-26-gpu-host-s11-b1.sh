#!/usr/bin/env bash
# GPU host, session 11 call B1 (binary: main at the commit this file was added with, installed
# into .gpu/prefix): the main job with clocks, power and energy per row (bench/headline.sh), the
# DGEMM at the power cap, the cost of the sampler (bench/sensors_cost.sh) and the two energy
# methods side by side (bench/energy_check.sh); matmul_fast float 8192^3 at its defaults with
# the kernels of 05638cb (.gpu/prefix-old/share/clbench/cl) against today's (fragments declared
# outside the barrier loop), same binary, alternating.
set -uo pipefail
R=$OUT/b1; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
export PATH=$PWD/.gpu/prefix/bin:$PATH CLBENCH=$PWD/.gpu/prefix/bin/clbench
export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:/usr/local/cuda/lib64
t() { local name=$1; shift; local s; s=$(date +%s.%N); "$@" >"$R/$name.txt" 2>&1; echo "$name rc=$? $(python3 -c "print(round($(date +%s.%N)-$s,1))")s: $*" >>"$R/rc.txt"; }
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,power.limit,clocks.max.sm --format=csv; } >"$R/host.txt" 2>&1
t headline-cold bench/headline.sh -o "$R" -t cold
t headline-warm bench/headline.sh -o "$R" -t warm
t dgemm clbench -d gpu -k matmul_fast,dgemm_cublas --type double -n 4096 --min-time 1 --peak measure -o "$R/dgemm.json"
for i in 1 2; do
  t fast-old-$i clbench -d gpu -k matmul_fast -n 8192 --no-tuned --no-model --min-time 1 --no-peak --cl-dir .gpu/prefix-old/share/clbench/cl -o "$R/fast-old-$i.json"
  t fast-new-$i clbench -d gpu -k matmul_fast -n 8192 --no-tuned --no-model --min-time 1 --no-peak -o "$R/fast-new-$i.json"
done
t energy bench/energy_check.sh -d gpu -o "$R/energy"
t cost bench/sensors_cost.sh -d gpu -o "$R/cost"
cat "$R/rc.txt"
grep -h "wall_s" "$R"/*headline*.txt
for f in "$R"/fast-*.json "$R"/dgemm.json; do python3 -c "
import json; d=json.load(open('$f'))
for r in d['rows']:
    st=r.get('device_state',{}); e=r.get('energy',{})
    print('$(basename $f .json)', r['kernel'], r['status'], round(r.get('gflops') or 0), r.get('fraction_of_peak'), st.get('throttle_reasons'), (st.get('sm_clock_mhz') or {}).get('median'), (st.get('power_w') or {}).get('median'), e.get('source'), e.get('joules_per_launch'), r.get('energy_absent',''))
"; done
tail -2 "$R/energy.txt" "$R/cost.txt"
tar czf "$OUT/b1.tgz" -C "$OUT" b1
