#!/usr/bin/env bash
# GPU host, session 14 call G2 (issue 33, DGEMM 4096^3): the work per item that session 10's
# SCHED=1 sweeps held at 8x8 -- an exhaustive tune over WPTM and WPTN 4, 8, 16 with tiles of 64
# and 128, SCHED 0 and 1, TSK 8, 16-byte local reads (VWM=VWN=2), into a scratch database; then
# the best points of the tune and the shipped point in 1-s runs with the peaks measured.
set -uo pipefail
R=$OUT/s14g2; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export PATH=$PWD/.gpu/prefix/bin:$PATH
t() { local name=$1; shift; echo "$name start $(date -u +%T.%N)" >>"$R/times.txt"; "$@" >"$R/$name.txt" 2>&1; echo "$name rc=$? end $(date -u +%T.%N): $*" >>"$R/times.txt"; }
t tune clbench tune -d gpu -k matmul_fast --type double -n 4096 --strategy exhaustive \
  -D TSM=64,128 -D TSN=64,128 -D TSK=8 -D WPTM=4,8,16 -D WPTN=4,8,16 -D VWM=2 -D VWN=2 \
  -D PAD=0 -D EDGE=0 -D KSPLIT=1 -D SCHED=0,1 --tuned "$R/tuned-scratch.json" -o "$R/tune.json"
python3 - "$R/tune.json" >"$R/tune-ranked.txt" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
rows = [r for r in d["rows"] if r["status"] == "ok"]
rows.sort(key=lambda r: -r["gflops"])
for r in rows:
    p = r["params"]
    print(round(r["gflops"]), " ".join("%s=%s" % (k, p[k]) for k in ("TSM", "TSN", "WPTM", "WPTN", "SCHED")), r.get("kernel_info", {}).get("registers"))
bad = [r for r in d["rows"] if r["status"] != "ok"]
print(len(rows), "ok,", len(bad), "not ok:", sorted(set(r["status"] for r in bad)))
PY
cat "$R/tune-ranked.txt"
# The three best points and the shipped one, 1-s runs with the peaks, twice in turn.
mapfile -t top < <(head -3 "$R/tune-ranked.txt" | awk '{print $2" "$3" "$4" "$5" "$6}')
ship="TSM=128 TSN=128 WPTM=8 WPTN=8 SCHED=1"
for round in 1 2; do
  i=0
  for p in "$ship" "${top[@]}"; do
    D=""; for kv in $p; do D="$D -D $kv"; done
    t long$i-r$round clbench -d gpu -k matmul_fast --type double -n 4096 --peak measure --min-time 1 \
      $D -D TSK=8 -D VWM=2 -D VWN=2 -D PAD=0 -D EDGE=0 -D KSPLIT=1 -o "$R/long$i-r$round.json"
    i=$((i + 1))
  done
done
for f in "$R"/long*.json; do python3 -c "
import json
d=json.load(open('$f'))
for r in d['rows']:
    p=r['params']
    print('$(basename $f .json)', r['status'], round(r.get('gflops') or 0), r.get('fraction_of_peak'), ' '.join('%s=%s'%(k,p[k]) for k in ('TSM','TSN','WPTM','WPTN','SCHED')))
"; done | sort >"$R/summary.txt"
cat "$R/summary.txt"
tar czf "$OUT/s14g2.tgz" -C "$OUT" s14g2
