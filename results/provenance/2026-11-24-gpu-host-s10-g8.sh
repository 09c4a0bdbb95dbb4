#!/usr/bin/env bash
# GPU host, session 10 call G8 (issue 20): matmul_fast with SCHED (CUTLASS's inner loop; the
# double default on GPUs) as committed next: a double tune at 4096^3 from the shipped database's
# entry (climb, 120 s) and over tiles x SCHED (exhaustive), then DGEMM against the FP64 FMA roof
# and dgemm_cublas with the tuned entry and at the defaults, CUTLASS SIMT's DGEMM beside, and
# float 8192^3 (SCHED=0 there) against sgemm_cublas.  Binary: working tree on b633c8e + SCHED
# (prefix-j).
set -uo pipefail
R=$OUT/s10g8; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:/usr/local/cuda/lib64
export PATH=$PWD/.gpu/prefix-j/bin:$PATH
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,power.limit,clocks.max.sm --format=csv; } >"$R/host.txt" 2>&1
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu,clocks_event_reasons.active --format=csv -lms 200 >"$R/smi.csv" 2>&1 &
SMI=$!
t() { local name=$1; shift; echo "$name start $(date -u +%T.%N)" >>"$R/times.txt"; "$@" >"$R/$name.txt" 2>&1; echo "$name rc=$? end $(date -u +%T.%N): $*" >>"$R/times.txt"; }
cp .gpu/prefix-j/share/clbench/tuned.json "$R/db.json"
t tune-climb clbench tune -k matmul_fast -n 4096 -d gpu --type double --budget 120s --tuned "$R/db.json" -o "$R/tune-climb.json"
t tune-sched clbench tune -k matmul_fast -n 4096 -d gpu --type double --strategy exhaustive --tuned "$R/db.json" -o "$R/tune-sched.json" \
  -D TSM=64,128 -D TSN=64,128 -D SCHED=0,1 -D TSK=8 -D WPTM=8 -D WPTN=8 -D VWM=2 -D VWN=2 -D PAD=0 -D EDGE=0 -D KSPLIT=1
sleep 3
t dgemm-tuned-1 clbench -d gpu -k matmul_fast,dgemm_cublas --type double -n 4096 --peak measure --min-time 1 --tuned "$R/db.json" -o "$R/dgemm-tuned-1.json"
sleep 3
t dgemm-defaults clbench -d gpu -k matmul_fast,dgemm_cublas --type double -n 4096 --peak measure --min-time 1 --no-tuned -o "$R/dgemm-defaults.json"
sleep 3
t dgemm-tuned-2 clbench -d gpu -k matmul_fast,dgemm_cublas --type double -n 4096 --peak measure --min-time 1 --tuned "$R/db.json" -o "$R/dgemm-tuned-2.json"
sleep 3
t cutlass .gpu/dgemm_probe/dgemm_probe 4096 50 simt
sleep 3
t sgemm clbench -d gpu -k matmul_fast,sgemm_cublas -n 8192 --tuned "$R/db.json" -o "$R/sgemm.json"
kill $SMI
cat "$R/tune-climb.txt" | tail -5; cat "$R/tune-sched.txt" | tail -5; head -4 "$R/cutlass.txt"
for f in "$R"/dgemm*.json "$R"/sgemm.json; do python3 -c "
import json
d=json.load(open('$f'))
for r in d['rows']:
    print('$(basename $f .json)', r['kernel'], r['status'], round(r.get('gflops') or 0), r.get('stats',{}).get('median_ms'), r.get('fraction_of_peak'), r.get('params'), r.get('params_from'))
"; done
tar czf "$OUT/s10g8.tgz" -C "$OUT" s10g8
