#!/usr/bin/env bash
# GPU host, session 10 call G7 (issue 20): matmul_fast double 4096^3 (128x128, PIPE=1 SERP=1 in
# .gpu/cl-exp) with its work-groups in bands of GM tile rows (GM=0: row by row as committed), so
# that the groups in flight share A and B in L2: less DRAM traffic, less power at the 700 W cap?
# Then the roof-relative runs.  Binary 7b00301.
set -uo pipefail
R=$OUT/s10g7; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:/usr/local/cuda/lib64
export PATH=$PWD/.gpu/prefix-i/bin:$PATH
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu,clocks_event_reasons.active --format=csv -lms 100 >"$R/smi.csv" 2>&1 &
SMI=$!
t() { local name=$1; shift; echo "$name start $(date -u +%T.%N)" >>"$R/times.txt"; "$@" >"$R/$name.txt" 2>&1; echo "$name rc=$? end $(date -u +%T.%N): $*" >>"$R/times.txt"; }
P="-D TSM=128 -D TSN=128 -D TSK=8 -D WPTM=8 -D WPTN=8 -D VWM=2 -D VWN=2 -D PAD=0 -D EDGE=0 -D KSPLIT=1"
for round in 1 2; do
  for g in 0 4 8 16; do
    t g$g-r$round clbench -d gpu -k matmul_fast --type double -n 4096 --cl-dir .gpu/cl-exp --cl-opts "-DPIPE=1 -DSERP=1 -DGM=$g" --reps 600 $P -o "$R/g$g-r$round.json"
    sleep 2
  done
done
for g in 0 8; do
  t peak-g$g clbench -d gpu -k matmul_fast --type double -n 4096 --cl-dir .gpu/cl-exp --cl-opts "-DPIPE=1 -DSERP=1 -DGM=$g" --peak measure --min-time 2 $P -o "$R/peak-g$g.json"
  sleep 2
done
kill $SMI
for f in "$R"/*.json; do python3 -c "
import json
d=json.load(open('$f'))
for r in d['rows']:
    print('$(basename $f .json)', r['kernel'], r['status'], round(r.get('gflops') or 0), r.get('stats',{}).get('median_ms'), r.get('fraction_of_peak'), r.get('reason','')[:80])
"; done | sort
python3 - "$R" <<'PY'
import sys, datetime
R = sys.argv[1]
spans = []
for line in open(f"{R}/times.txt"):
    w = line.split()
    if w[1] == "start": name, s = w[0], w[2]
    else: spans.append((name, s, w[3]))
rows = []
for line in open(f"{R}/smi.csv").readlines()[1:]:
    f = [x.strip() for x in line.split(",")]
    try: rows.append((f[0].split()[1], float(f[1].split()[0]), float(f[2].split()[0])))
    except Exception: pass
for name, s, e in spans:
    sel = [(c, p) for t, c, p in rows if s[:12] <= t[:12] <= e[:12] and p > 400]
    if sel: print(name, "samples>400W", len(sel), "median MHz", sorted(c for c, p in sel)[len(sel)//2], "median W", sorted(p for c, p in sel)[len(sel)//2])
PY
tar czf "$OUT/s10g7.tgz" -C "$OUT" s10g7
