#!/usr/bin/env bash
# GPU host, session 10 call G4 (issue 20): matmul_fast double variants in .gpu/cl-exp that try to
# give ptxas CUTLASS's instruction stream -- fragments of step k+1 read during step k (PIPE),
# through volatile pointers so that NVVM does not sink them next to their uses (VOL), FMAs in
# CUTLASS's serpentine order (SERP) -- with the SASS's DFMA .reuse count of each.  Binary 7b00301.
set -uo pipefail
R=$OUT/s10g4; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export PATH=$PWD/.gpu/prefix-i/bin:$PATH
export CUDA_CACHE_DISABLE=1
C=/usr/local/cuda/bin
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu,clocks_event_reasons.active --format=csv -lms 100 >"$R/smi.csv" 2>&1 &
SMI=$!
t() { local name=$1; shift; echo "$name start $(date -u +%T.%N)" >>"$R/times.txt"; "$@" >"$R/$name.txt" 2>&1; echo "$name rc=$? end $(date -u +%T.%N): $*" >>"$R/times.txt"; }
V=("PIPE=0" "PIPE=1" "PIPE=1 SERP=1" "PIPE=1 VOL=1" "PIPE=1 VOL=1 SERP=1")
for tile in "64 128" "128 128"; do
  set -- $tile
  for v in "${V[@]}"; do
    n=d-$1x$2-$(echo $v | tr ' =' '_-')
    d=""; for x in $v; do d="$d -D$x"; done
    o="-cl-std=CL1.2 -DREAL=double -DTSM=$1 -DTSN=$2 -DTSK=8 -DWPTM=8 -DWPTN=8 -DVWM=2 -DVWN=2 -DPAD=0 -DEDGE=0 -DKSPLIT=1$d -I .gpu/cl-exp"
    .gpu/dgemm_probe/dump_ptx .gpu/cl-exp/matmul.cl "$o" "$R/$n.ptx0" 2>"$R/$n.err"
    tr -d '\000' <"$R/$n.ptx0" >"$R/$n.ptx"; rm -f "$R/$n.ptx0"
    $C/ptxas -arch=sm_90a -v "$R/$n.ptx" -o "$R/$n.cubin" 2>&1 | grep -A2 "'matmul_fast'" | tail -1 >"$R/$n.ptxas"
    $C/cuobjdump -sass -fun matmul_fast "$R/$n.cubin" >"$R/$n.sass" 2>&1; rm -f "$R/$n.cubin" "$R/$n.ptx"
    reuse=$(awk '/DFMA/{n++; if ($0 ~ /reuse/) r++} END{print r"/"n}' "$R/$n.sass")
    echo "$n ptxas: $(cat $R/$n.ptxas) DFMA reuse $reuse" >>"$R/sass-summary.txt"
  done
done
for round in 1 2; do
  for tile in "64 128" "128 128"; do
    set -- $tile
    for v in "${V[@]}"; do
      n=d-$1x$2-$(echo $v | tr ' =' '_-')-r$round
      d=""; for x in $v; do d="$d -D$x"; done
      t $n clbench -d gpu -k matmul_fast --type double -n 4096 --cl-dir .gpu/cl-exp --cl-opts "$d" --reps 300 \
        -D TSM=$1 -D TSN=$2 -D TSK=8 -D WPTM=8 -D WPTN=8 -D VWM=2 -D VWN=2 -D PAD=0 -D EDGE=0 -D KSPLIT=1 -o "$R/$n.json"
      sleep 2
    done
  done
done
kill $SMI
cat "$R/sass-summary.txt"
for f in "$R"/*.json; do python3 -c "
import json
d=json.load(open('$f'))
for r in d['rows']:
    ki=r.get('kernel_info') or {}
    print('$(basename $f .json)', r['status'], round(r.get('gflops') or 0), r.get('stats',{}).get('median_ms'), ki.get('registers'), r.get('reason','')[:100])
"; done
tar czf "$OUT/s10g4.tgz" -C "$OUT" s10g4
