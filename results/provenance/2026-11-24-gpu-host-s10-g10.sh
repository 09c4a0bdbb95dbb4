#!/usr/bin/env bash
# GPU host, session 10 call G10 (issue 20): SCHED=1's last k-step without its branch -- the
# next tile stored and the barrier passed in every tile (UNCOND=1; the last tile's store is to
# a buffer no one reads), and the next tile's global loads too (UNCOND=2; past K they read
# zeros through the edge guards) -- .gpu/cl-exp2, at the tuned DGEMM point.  Install prefix-j.
set -uo pipefail
R=$OUT/s10g10; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export PATH=$PWD/.gpu/prefix-j/bin:$PATH
t() { local name=$1; shift; echo "$name start $(date -u +%T.%N)" >>"$R/times.txt"; "$@" >"$R/$name.txt" 2>&1; echo "$name rc=$? end $(date -u +%T.%N): $*" >>"$R/times.txt"; }
P="-D TSM=128 -D TSN=128 -D TSK=8 -D WPTM=8 -D WPTN=8 -D VWM=4 -D VWN=2 -D PAD=0 -D EDGE=0 -D KSPLIT=1 -D SCHED=1"
for round in 1 2 3; do
  for u in 0 1 2; do
    t u$u-r$round clbench -d gpu -k matmul_fast --type double -n 4096 --cl-dir .gpu/cl-exp2 --cl-opts "-DUNCOND=$u" --reps 300 $P -o "$R/u$u-r$round.json"
    sleep 2
  done
done
for u in 0 1 2; do
  t peak-u$u clbench -d gpu -k matmul_fast --type double -n 4096 --cl-dir .gpu/cl-exp2 --cl-opts "-DUNCOND=$u" --peak measure --min-time 1 $P -o "$R/peak-u$u.json"
  sleep 2
done
for f in "$R"/*.json; do python3 -c "
import json
d=json.load(open('$f'))
for r in d['rows']:
    print('$(basename $f .json)', r['status'], round(r.get('gflops') or 0), r.get('stats',{}).get('median_ms'), r.get('fraction_of_peak'))
"; done | sort
tar czf "$OUT/s10g10.tgz" -C "$OUT" s10g10
