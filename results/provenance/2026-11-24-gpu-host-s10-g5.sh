#!/usr/bin/env bash
# GPU host, session 10 call G5 (issue 20): matmul_fast with scalar accumulators (PIPE=1 in
# .gpu/cl-exp), fragment prefetch on/off (PF) and the FMA order (SERP 0 m-major, 1 n-major m
# serpentine as CUTLASS, 2 m-major n serpentine), double 4096^3 at three tiles, and float 8192^3
# at the tuned point; SASS DFMA .reuse counts.  Binary 7b00301.
set -uo pipefail
R=$OUT/s10g5; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export PATH=$PWD/.gpu/prefix-i/bin:$PATH
export CUDA_CACHE_DISABLE=1
C=/usr/local/cuda/bin
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu,clocks_event_reasons.active --format=csv -lms 100 >"$R/smi.csv" 2>&1 &
SMI=$!
t() { local name=$1; shift; echo "$name start $(date -u +%T.%N)" >>"$R/times.txt"; "$@" >"$R/$name.txt" 2>&1; echo "$name rc=$? end $(date -u +%T.%N): $*" >>"$R/times.txt"; }
run() { # name type n cl-opts -D...
  local n=$1 ty=$2 sz=$3 o=$4; shift 4
  t $n clbench -d gpu -k matmul_fast --type $ty -n $sz --cl-dir .gpu/cl-exp --cl-opts "$o" --reps $([ $ty = double ] && echo 300 || echo 100) "$@" -D PAD=0 -D EDGE=0 -D KSPLIT=1 -o "$R/$n.json"
  sleep 2
}
D8="-D TSK=8 -D WPTM=8 -D WPTN=8 -D VWM=2 -D VWN=2"
for round in 1 2; do
  for v in "PIPE=0" "PIPE=1 SERP=1" "PIPE=1 SERP=1 PF=0" "PIPE=1 SERP=2" "PIPE=1 SERP=0"; do
    d=""; for x in $v; do d="$d -D$x"; done
    run d128x128-$(echo $v | tr ' =' '_-')-r$round double 4096 "$d" -D TSM=128 -D TSN=128 $D8
  done
  for v in "PIPE=0" "PIPE=1 SERP=1" "PIPE=1 SERP=2"; do
    d=""; for x in $v; do d="$d -D$x"; done
    run d64x128-$(echo $v | tr ' =' '_-')-r$round double 4096 "$d" -D TSM=64 -D TSN=128 $D8
    run d128x64-$(echo $v | tr ' =' '_-')-r$round double 4096 "$d" -D TSM=128 -D TSN=64 $D8
    run s8192-$(echo $v | tr ' =' '_-')-r$round float 8192 "$d" -D TSM=128 -D TSN=128 -D TSK=16 -D WPTM=8 -D WPTN=8 -D VWM=8 -D VWN=2
  done
done
kill $SMI
for v in "PIPE=1 SERP=1" "PIPE=1 SERP=2"; do
  n=sass-$(echo $v | tr ' =' '_-'); d=""; for x in $v; do d="$d -D$x"; done
  .gpu/dgemm_probe/dump_ptx .gpu/cl-exp/matmul.cl "-cl-std=CL1.2 -DREAL=double -DTSM=128 -DTSN=128 -DTSK=8 -DWPTM=8 -DWPTN=8 -DVWM=2 -DVWN=2 -DPAD=0 -DEDGE=0 -DKSPLIT=1$d -I .gpu/cl-exp" "$R/$n.ptx0"
  tr -d '\000' <"$R/$n.ptx0" >"$R/$n.ptx"; rm -f "$R/$n.ptx0"
  $C/ptxas -arch=sm_90a "$R/$n.ptx" -o "$R/$n.cubin"; $C/cuobjdump -sass -fun matmul_fast "$R/$n.cubin" >"$R/$n.sass"; rm -f "$R/$n.cubin"
  echo "$n $(awk '/DFMA/{n++; if ($0 ~ /reuse/) r++} END{print r"/"n}' "$R/$n.sass")"
done
for f in "$R"/*.json; do python3 -c "
import json
d=json.load(open('$f'))
for r in d['rows']:
    ki=r.get('kernel_info') or {}
    print('$(basename $f .json)', r['status'], round(r.get('gflops') or 0), r.get('stats',{}).get('median_ms'), ki.get('registers'), r.get('reason','')[:100])
"; done | sort
tar czf "$OUT/s10g5.tgz" -C "$OUT" s10g5
