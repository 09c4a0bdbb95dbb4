#!/usr/bin/env bash
# GPU host, session 10 call G2 (issue 20): matmul_fast with CUTLASS MmaPipelined's order (PIPE=1
# in .gpu/cl-exp: the next step's fragments read before this step's FMAs, the next tile stored
# before the last step's) against the kernel as committed (PIPE=0), double 4096^3 at three tile
# shapes and float 8192^3 at the tuned point; CUTLASS SIMT's register counts.  Binary 7b00301.
set -uo pipefail
R=$OUT/s10g2; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:/usr/local/cuda/lib64
export PATH=$PWD/.gpu/prefix-i/bin:$PATH
export CUDA_CACHE_DISABLE=1
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu,clocks_event_reasons.active --format=csv -lms 100 >"$R/smi.csv" 2>&1 &
SMI=$!
t() { local name=$1; shift; echo "$name start $(date -u +%T.%N)" >>"$R/times.txt"; "$@" >"$R/$name.txt" 2>&1; echo "$name rc=$? end $(date -u +%T.%N): $*" >>"$R/times.txt"; }
t simt .gpu/dgemm_probe/dgemm_probe 4096 50 simt
X="--cl-dir .gpu/cl-exp"
for round in 1 2; do
  for tile in "64 128" "128 128" "128 64"; do
    set -- $tile
    for p in 0 1; do
      t d-$1x$2-p$p-r$round clbench -d gpu -k matmul_fast --type double -n 4096 $X --cl-opts "-DPIPE=$p" --reps 300 \
        -D TSM=$1 -D TSN=$2 -D TSK=8 -D WPTM=8 -D WPTN=8 -D VWM=2 -D VWN=2 -D PAD=0 -D EDGE=0 -D KSPLIT=1 -o "$R/d-$1x$2-p$p-r$round.json"
      sleep 2
    done
  done
  for p in 0 1; do
    t s-8192-p$p-r$round clbench -d gpu -k matmul_fast -n 8192 $X --cl-opts "-DPIPE=$p" --reps 100 \
      -D TSM=128 -D TSN=128 -D TSK=16 -D WPTM=8 -D WPTN=8 -D VWM=8 -D VWN=2 -D PAD=0 -D EDGE=0 -D KSPLIT=1 -o "$R/s-8192-p$p-r$round.json"
    sleep 2
  done
done
kill $SMI
cat "$R/simt.txt"
for f in "$R"/*.json; do python3 -c "
import json
d=json.load(open('$f'))
for r in d['rows']:
    ki=r.get('kernel_info') or {}
    print('$(basename $f .json)', r['status'], round(r.get('gflops') or 0), r.get('stats',{}).get('median_ms'), ki.get('registers'), ki.get('private_bytes'), r.get('reason','')[:100])
"; done
tar czf "$OUT/s10g2.tgz" -C "$OUT" s10g2
