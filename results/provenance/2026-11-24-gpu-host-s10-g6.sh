#!/usr/bin/env bash
# GPU host, session 10 call G6 (issue 20): matmul_fast double 4096^3, 128x128 tiles, scalar
# accumulators in CUTLASS's order with fragment prefetch (PIPE=1 SERP=1 in .gpu/cl-exp), with the
# warp's work-items as committed (16 x 2) or re-arranged (WARPN=8: 8 x 4, CUTLASS's; WARPN=4);
# then the best guesses against the FP64 FMA roof measured in the same run.  Binary 7b00301.
set -uo pipefail
R=$OUT/s10g6; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:/usr/local/cuda/lib64
export PATH=$PWD/.gpu/prefix-i/bin:$PATH
export CUDA_CACHE_DISABLE=1
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu,clocks_event_reasons.active --format=csv -lms 100 >"$R/smi.csv" 2>&1 &
SMI=$!
t() { local name=$1; shift; echo "$name start $(date -u +%T.%N)" >>"$R/times.txt"; "$@" >"$R/$name.txt" 2>&1; echo "$name rc=$? end $(date -u +%T.%N): $*" >>"$R/times.txt"; }
P="-D TSM=128 -D TSN=128 -D TSK=8 -D WPTM=8 -D WPTN=8 -D VWM=2 -D VWN=2 -D PAD=0 -D EDGE=0 -D KSPLIT=1"
for round in 1 2; do
  for w in 0 8 4; do
    t w$w-r$round clbench -d gpu -k matmul_fast --type double -n 4096 --cl-dir .gpu/cl-exp --cl-opts "-DPIPE=1 -DSERP=1 -DWARPN=$w" --reps 300 $P -o "$R/w$w-r$round.json"
    sleep 2
  done
done
for w in 0 8; do
  t peak-w$w clbench -d gpu -k matmul_fast,dgemm_cublas --type double -n 4096 --cl-dir .gpu/cl-exp --cl-opts "-DPIPE=1 -DSERP=1 -DWARPN=$w" --peak measure --min-time 1 $P -o "$R/peak-w$w.json"
  sleep 2
done
t peak-committed clbench -d gpu -k matmul_fast,dgemm_cublas --type double -n 4096 --peak measure --min-time 1 -o "$R/peak-committed.json"
kill $SMI
for f in "$R"/*.json; do python3 -c "
import json
d=json.load(open('$f'))
for r in d['rows']:
    ki=r.get('kernel_info') or {}
    print('$(basename $f .json)', r['kernel'], r['status'], round(r.get('gflops') or 0), r.get('stats',{}).get('median_ms'), ki.get('registers'), r.get('fraction_of_peak'), r.get('reason','')[:80])
"; done | sort
tar czf "$OUT/s10g6.tgz" -C "$OUT" s10g6
