#!/usr/bin/env bash
# GPU host, session 11 call B3 (binary: main with every branch of the session merged, installed
# into .gpu/prefix): the main job with clocks, power and energy per row (NVML matched by PCI
# address), the DGEMM at the power cap, the sampler's cost and the two energy methods, then the
# soak -- the main job ten times in a row, CUDA's lib64 first, every row ok or unavailable.
set -uo pipefail
R=$OUT/b3; mkdir -p "$R/soak"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
export PATH=$PWD/.gpu/prefix/bin:$PATH CLBENCH=$PWD/.gpu/prefix/bin/clbench
base=$LD_LIBRARY_PATH
export LD_LIBRARY_PATH=$base:/usr/local/cuda/lib64
t() { local name=$1; shift; local s; s=$(date +%s.%N); "$@" >"$R/$name.txt" 2>&1; echo "$name rc=$? $(python3 -c "print(round($(date +%s.%N)-$s,1))")s: $*" >>"$R/rc.txt"; }
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,power.limit,clocks.max.sm,pci.bus_id --format=csv; } >"$R/host.txt" 2>&1
t headline bench/headline.sh -o "$R" -t sensors
t dgemm clbench -d gpu -k matmul_fast,dgemm_cublas --type double -n 4096 --min-time 1 -o "$R/dgemm.json"
t energy bench/energy_check.sh -d gpu -o "$R/energy"
t cost bench/sensors_cost.sh -d gpu -o "$R/cost"
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$base
for i in $(seq 1 10); do t soak-$i clbench -o "$R/soak/main-$i.json"; done
bench/gpu_host_acceptance.sh --check "$R"/soak/main-*.json >"$R/soak-check.txt" 2>&1; echo "soak check rc=$?" >>"$R/rc.txt"
cat "$R/rc.txt"; tail -3 "$R/soak-check.txt"
python3 - "$R" <<'PY'
import json, sys, glob
R = sys.argv[1]
d = json.load(open(glob.glob(R + "/*headline-sensors.json")[0]))
gpu = [r for r in d["rows"] if "H100" in r["device"] or "NVIDIA" in r["device"]]
print("GPU rows", len(gpu), "with state", sum(1 for r in gpu if r.get("device_state", {}).get("sm_clock_mhz")),
      "with power", sum(1 for r in gpu if r.get("device_state", {}).get("power_w")),
      "with energy", sum(1 for r in gpu if r.get("energy", {}).get("joules_per_launch")))
for r in gpu:
    if not r.get("energy"):
        print("no energy:", r["kernel"], r.get("energy_absent"))
for r in json.load(open(R + "/dgemm.json"))["rows"]:
    st, e = r.get("device_state", {}), r.get("energy", {})
    print(r["kernel"], r["status"], round(r.get("gflops") or 0), st.get("throttle_reasons"), st.get("sm_clock_mhz"),
          (st.get("power_w") or {}).get("median"), e.get("source"), e.get("joules_per_launch"), e.get("gflops_per_joule"))
PY
tail -1 "$R/energy.txt" "$R/cost.txt" 2>/dev/null | grep -v "==>"
tar czf "$OUT/b3.tgz" -C "$OUT" b3
