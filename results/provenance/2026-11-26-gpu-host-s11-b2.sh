#!/usr/bin/env bash
# GPU host, session 11 call B2: the acceptance (bench/gpu_host_acceptance.sh) in every
# environment a GPU host gives a user -- CUDA's lib64 first and last, drivers through
# OCL_ICD_VENDORS, /etc/OpenCL/vendors and OCL_ICD_FILENAMES -- the main job once each, cold
# first, and `clbench -d gpu -k matmul_tiled`; then the DGEMM at 4096^3 with its clocks, power
# and throttle reasons read by clbench alone.
set -uo pipefail
R=$OUT/b2; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
export PATH=$PWD/.gpu/prefix/bin:$PATH CLBENCH=$PWD/.gpu/prefix/bin/clbench
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,power.limit,clocks.max.sm --format=csv; echo "OCL_ICD_FILENAMES=${OCL_ICD_FILENAMES:-}"; } >"$R/host.txt" 2>&1
s=$(date +%s)
bench/gpu_host_acceptance.sh -o "$R/acc" -n 1 >"$R/acceptance.txt" 2>&1
echo "acceptance rc=$? in $(( $(date +%s) - s )) s" >>"$R/rc.txt"
export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:/usr/local/cuda/lib64
clbench -d gpu -k matmul_fast,dgemm_cublas --type double -n 4096 --min-time 1 -o "$R/dgemm.json" >"$R/dgemm.txt" 2>&1
echo "dgemm rc=$?" >>"$R/rc.txt"
cat "$R/rc.txt"; tail -30 "$R/acc/summary.txt"
python3 - "$R/dgemm.json" <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["rows"]:
    st, e = r.get("device_state", {}), r.get("energy", {})
    print(r["kernel"], r["status"], round(r.get("gflops") or 0), r.get("fraction_of_peak"),
          st.get("throttle_reasons"), st.get("sm_clock_mhz"), (st.get("power_w") or {}).get("median"),
          e.get("source"), e.get("joules_per_launch"), e.get("gflops_per_joule"), r.get("energy_absent", ""))
PY
tar czf "$OUT/b2.tgz" -C "$OUT" b2
