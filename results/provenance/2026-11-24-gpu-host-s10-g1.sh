#!/usr/bin/env bash
# GPU host, session 10 call G1 (issue 20's DGEMM target): what a non-tensor-core DGEMM reaches on
# this H100 -- CUTLASS's six SIMT DGEMM tile shapes for sm80+ and cuBLAS with pedantic math --
# beside clbench's matmul_fast double and the FP64 FMA roof, nvidia-smi read beside them; and
# whether NVIDIA's OpenCL takes inline PTX (fma.rn.f64, and mma.sync m8n8k4 f64).
# Probes: .gpu/dgemm_probe/{dgemm_probe.cu,ptx_probe.c}.  clbench binary 7b00301 (prefix-i).
set -uo pipefail
R=$OUT/s10g1; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:/usr/local/cuda/lib64
export PATH=$PWD/.gpu/prefix-i/bin:$PATH
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,power.limit,clocks.max.sm --format=csv; } >"$R/host.txt" 2>&1
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu,clocks_event_reasons.active --format=csv -lms 100 >"$R/smi.csv" 2>&1 &
SMI=$!
t() { local name=$1; shift; echo "$name start $(date -u +%T.%N)" >>"$R/times.txt"; "$@" >"$R/$name.txt" 2>&1; echo "$name rc=$? end $(date -u +%T.%N): $*" >>"$R/times.txt"; }
t ptx .gpu/dgemm_probe/ptx_probe
t probe50 .gpu/dgemm_probe/dgemm_probe 4096 50
sleep 3
t clbench50 clbench -d gpu -k matmul_fast,dgemm_cublas --type double -n 4096 --peak measure --reps 50 -o "$R/clbench50.json"
sleep 3
t probe600 .gpu/dgemm_probe/dgemm_probe 4096 600
sleep 3
t clbench600 clbench -d gpu -k matmul_fast --type double -n 4096 --reps 600 -o "$R/clbench600.json"
kill $SMI
cat "$R/ptx.txt" "$R/probe50.txt" "$R/probe600.txt"
grep -h '"gflops"\|"peak' "$R"/clbench*.json | head; python3 /dev/stdin "$R"/clbench*.json <<'PY'
import json, sys
for f in sys.argv[1:]:
    d = json.load(open(f))
    for r in d["rows"]:
        print(f.split("/")[-1], r["kernel"], r["status"], round(r.get("gflops") or 0), r.get("stats", {}).get("median_ms"), r.get("peak_fraction"), r.get("reason", "")[:100])
PY
tar czf "$OUT/s10g1.tgz" -C "$OUT" s10g1
