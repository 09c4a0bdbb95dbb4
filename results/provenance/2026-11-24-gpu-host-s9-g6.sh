#!/usr/bin/env bash
# GPU host, session 9 call G6 (issue 20): an experiment, not a committed kernel -- matmul_fast
# with its work-items re-arranged so that a warp covers WARPN columns x 32/WARPN rows of them
# (.gpu/cl-exp, --cl-opts -DWARPN=N; 0 is the kernel as committed: a warp is 16 x 2 at 64x128
# tiles), which cuts the local-memory wavefronts per k-step from 12 to 8 (fewer distinct B
# addresses per load).  The question: does it lower the power the DGEMM draws at the 700 W cap,
# and so raise its clock and its GFLOP/s?  nvidia-smi beside it.  Binary c20996e (prefix-g).
set -uo pipefail
R=$OUT/r6; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:/usr/local/cuda/lib64
export PATH=$PWD/.gpu/prefix-g/bin:$PATH
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu,clocks_event_reasons.active --format=csv -lms 100 >"$R/smi.csv" 2>&1 &
SMI=$!
t() { local name=$1; shift; local s; s=$(date +%s.%N); echo "$name start $(date -u +%T.%N)" >>"$R/times.txt"; "$@" >"$R/$name.txt" 2>&1; echo "$name rc=$? end $(date -u +%T.%N): $*" >>"$R/times.txt"; }
X="--cl-dir .gpu/cl-exp"
for tile in "64 128 0 4 8" "128 64 0 4" "128 128 0 4 8"; do
  set -- $tile
  tm=$1; tn=$2; shift 2
  for w in "$@"; do
    set -- $tm $tn
    t d-$1x$2-w$w clbench -d gpu -k matmul_fast --type double -n 4096 $X --cl-opts "-DWARPN=$w" --reps 600 \
      -D TSM=$1 -D TSN=$2 -D TSK=8 -D WPTM=8 -D WPTN=8 -D VWM=2 -D VWN=2 -D PAD=0 -D EDGE=0 -D KSPLIT=1 -o "$R/d-$1x$2-w$w.json"
    sleep 3
  done
done
for w in 0 4 8; do
  t s-8192-w$w clbench -d gpu -k matmul_fast -n 8192 $X --cl-opts "-DWARPN=$w" --reps 200 \
    -D TSM=128 -D TSN=128 -D TSK=16 -D WPTM=8 -D WPTN=8 -D VWM=8 -D VWN=2 -D PAD=0 -D EDGE=0 -D KSPLIT=1 -o "$R/s-8192-w$w.json"
  sleep 3
done
kill $SMI
for f in "$R"/*.json; do python3 -c "
import json
d=json.load(open('$f'))
for r in d['rows']:
    ki=r.get('kernel_info') or {}
    print('$(basename $f .json)', r['status'], round(r.get('gflops') or 0), r.get('stats',{}).get('median_ms'), r.get('stats',{}).get('min_ms'), ki.get('registers'), r.get('reason','')[:100])
"; done
tar czf "$OUT/gpu-g6.tgz" -C "$OUT" r6
