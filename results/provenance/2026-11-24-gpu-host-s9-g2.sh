#!/usr/bin/env bash
# GPU host, session 9 call G2 (issue 20): the double matmul_fast's tuned point at 240 registers
# (8 warps per SM) under NVIDIA's register cap (--cl-opts "-cl-nv-maxrregcount N"), to trade
# registers for occupancy; nvidia-smi beside it.  Binary d9fe9cb (.gpu/prefix-d).
set -uo pipefail
R=$OUT/r2; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:/usr/local/cuda/lib64
export PATH=$PWD/.gpu/prefix-d/bin:$PATH
export CUDA_CACHE_DISABLE=1
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu,clocks_event_reasons.active --format=csv -lms 200 >"$R/smi.csv" 2>&1 &
SMI=$!
t() { local name=$1; shift; local s; s=$(date +%s); echo "$name start $(date -u +%T)" >>"$R/times.txt"; "$@" >"$R/$name.txt" 2>&1; echo "$name rc=$? end $(date -u +%T) wall_s=$(( $(date +%s) - s )): $*" >>"$R/times.txt"; }
P64="-D TSM=64 -D TSN=128 -D TSK=8 -D WPTM=8 -D WPTN=8 -D VWM=2 -D VWN=2 -D PAD=0 -D EDGE=0 -D KSPLIT=1"
P128="-D TSM=128 -D TSN=128 -D TSK=8 -D WPTM=8 -D WPTN=8 -D VWM=2 -D VWN=2 -D PAD=0 -D EDGE=0 -D KSPLIT=1"
t base clbench -d gpu -k matmul_fast --type double -n 4096 $P64 -o "$R/base.json"
for n in 128 168 192; do
  t r64-$n clbench -d gpu -k matmul_fast --type double -n 4096 $P64 --cl-opts "-cl-nv-maxrregcount=$n" -o "$R/r64-$n.json"
done
t r64-168s clbench -d gpu -k matmul_fast --type double -n 4096 $P64 --cl-opts "-cl-nv-maxrregcount 168" -o "$R/r64-168s.json"
for n in 128 168; do
  t r128-$n clbench -d gpu -k matmul_fast --type double -n 4096 $P128 --cl-opts "-cl-nv-maxrregcount=$n" -o "$R/r128-$n.json"
done
t r64-tsk16-128 clbench -d gpu -k matmul_fast --type double -n 4096 -D TSM=64 -D TSN=64 -D TSK=16 -D WPTM=8 -D WPTN=8 -D VWM=2 -D VWN=2 -D PAD=0 -D EDGE=0 -D KSPLIT=1 --cl-opts "-cl-nv-maxrregcount=128" -o "$R/r64-tsk16-128.json"
t base2 clbench -d gpu -k matmul_fast --type double -n 4096 $P64 -o "$R/base2.json"
kill $SMI
cat "$R/times.txt"
for f in "$R"/*.json; do python3 -c "
import json,sys
d=json.load(open('$f'))
for r in d['rows']:
    ki=r.get('kernel_info') or {}; oc=r.get('occupancy') or {}
    print('$(basename $f)', r['status'], round(r.get('gflops') or 0), r.get('stats',{}).get('median_ms'), ki.get('registers'), ki.get('spill_store_bytes'), oc.get('warps_per_cu'), r.get('reason','')[:150])
"; done
tar czf "$OUT/gpu-g2.tgz" -C "$OUT" r2
