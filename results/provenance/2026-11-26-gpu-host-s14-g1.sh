#!/usr/bin/env bash
# GPU host, session 14 call G1 (issue 33, DGEMM 4096^3): matmul_fast's SCHED=1 loop with its
# next-tile global loads free of tests (UNGUARDED=1 in .gpu/cl-exp3, a copy of cl/ with
# fast_load_a_u/fast_load_b_u: whole tiles only, the k index clamped to the last tile), beside
# the shipped point, EDGE=1, TSK 4 and 16, VWM=4; three rounds, then 1-s runs with the peaks.
set -uo pipefail
R=$OUT/s14g1; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export PATH=$PWD/.gpu/prefix/bin:$PATH
nvidia-smi -q -d CLOCK,POWER >"$R/smi-before.txt" 2>&1
t() { local name=$1; shift; echo "$name start $(date -u +%T.%N)" >>"$R/times.txt"; "$@" >"$R/$name.txt" 2>&1; echo "$name rc=$? end $(date -u +%T.%N): $*" >>"$R/times.txt"; }
base="-D TSM=128 -D TSN=128 -D TSK=8 -D WPTM=8 -D WPTN=8 -D VWM=2 -D VWN=2 -D PAD=0 -D EDGE=0 -D KSPLIT=1 -D SCHED=1"
declare -A U=([ship]=0 [ung]=1 [edge1]=0 [ung-tsk4]=1 [ung-64x128-tsk16]=1 [ung-vwm4]=1)
declare -A V=(
  [ship]="$base"
  [ung]="$base"
  [edge1]="${base/EDGE=0/EDGE=1}"
  [ung-tsk4]="${base/TSK=8/TSK=4}"
  [ung-64x128-tsk16]="${base/TSM=128 -D TSN=128 -D TSK=8/TSM=64 -D TSN=128 -D TSK=16}"
  [ung-vwm4]="${base/VWM=2/VWM=4}"
)
for round in 1 2 3; do
  for v in ship ung edge1 ung-tsk4 ung-64x128-tsk16 ung-vwm4; do
    t $v-r$round clbench -d gpu -k matmul_fast --type double -n 4096 --cl-dir .gpu/cl-exp3 --cl-opts "-DUNGUARDED=${U[$v]}" --reps 300 ${V[$v]} -o "$R/$v-r$round.json"
  done
done
for v in ship ung; do
  t peak-$v clbench -d gpu -k matmul_fast --type double -n 4096 --cl-dir .gpu/cl-exp3 --cl-opts "-DUNGUARDED=${U[$v]}" --peak measure --min-time 1 ${V[$v]} -o "$R/peak-$v.json"
done
for f in "$R"/*.json; do python3 -c "
import json
d=json.load(open('$f'))
for r in d['rows']:
    print('$(basename $f .json)', r['status'], round(r.get('gflops') or 0), r.get('stats',{}).get('median_ms'), r.get('fraction_of_peak'))
"; done | sort >"$R/summary.txt"
cat "$R/summary.txt"
tar czf "$OUT/s14g1.tgz" -C "$OUT" s14g1
