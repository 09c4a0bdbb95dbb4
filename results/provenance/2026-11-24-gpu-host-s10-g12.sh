#!/usr/bin/env bash
# GPU host, session 10 call G12 (issue 20): G11 again with the tune's points measured as the runs
# measure them (--min-time 1: G11's 5-repetition tune chose 64x128, which ran 0.68-0.69x the
# roof in 1-s runs against the defaults' 0.71x).  The committed matmul_fast (b85d738, install
# prefix-k; SCHED=1 with one path through its loop): the double tune at 4096^3 over tiles and
# VWM refreshed into the database, then the DGEMM against the FP64 FMA roof and dgemm_cublas
# with that database (twice) and at the defaults.
set -uo pipefail
R=$OUT/s10g12; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:/usr/local/cuda/lib64
export PATH=$PWD/.gpu/prefix-k/bin:$PATH
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,power.limit,clocks.max.sm --format=csv; } >"$R/host.txt" 2>&1
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu,clocks_event_reasons.active --format=csv -lms 200 >"$R/smi.csv" 2>&1 &
SMI=$!
t() { local name=$1; shift; echo "$name start $(date -u +%T.%N)" >>"$R/times.txt"; "$@" >"$R/$name.txt" 2>&1; echo "$name rc=$? end $(date -u +%T.%N): $*" >>"$R/times.txt"; }
cp results/tuned.json "$R/db.json"
t tune clbench tune -k matmul_fast -n 4096 -d gpu --type double --strategy exhaustive --min-time 1 --reps 20 --tuned "$R/db.json" -o "$R/tune.json" \
  -D SCHED=1 -D TSM=64,128 -D TSN=64,128 -D TSK=8 -D VWM=2,4 -D VWN=2 -D WPTM=8 -D WPTN=8 -D PAD=0 -D EDGE=0 -D KSPLIT=1
for i in 1 2; do
  sleep 3
  t dgemm-$i clbench -d gpu -k matmul_fast,dgemm_cublas --type double -n 4096 --peak measure --min-time 1 --tuned "$R/db.json" -o "$R/dgemm-$i.json"
done
sleep 3
t dgemm-defaults clbench -d gpu -k matmul_fast,dgemm_cublas --type double -n 4096 --peak measure --min-time 1 --no-tuned -o "$R/dgemm-defaults.json"
sleep 3
kill $SMI
tail -3 "$R/tune.txt"
for f in "$R"/dgemm*.json ; do python3 -c "
import json
d=json.load(open('$f'))
for r in d['rows']:
    print('$(basename $f .json)', r['kernel'], r['status'], round(r.get('gflops') or 0), r.get('stats',{}).get('median_ms'), r.get('fraction_of_peak'), r.get('params'), r.get('params_from'))
"; done
tar czf "$OUT/s10g12.tgz" -C "$OUT" s10g12
