#!/usr/bin/env bash
# GPU host, session 10 call G9 (issue 20): with SCHED=1 committed (a705275, install prefix-j),
# an exhaustive double tune at 4096^3 over tiles 64/128, TSK 8/16, VWM and VWN 2/4 (32 points),
# then the DGEMM against the FP64 FMA roof and dgemm_cublas with the shipped database and with
# the tune's, twice each, nvidia-smi beside.
set -uo pipefail
R=$OUT/s10g9; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:/usr/local/cuda/lib64
export PATH=$PWD/.gpu/prefix-j/bin:$PATH
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,power.limit,clocks.max.sm --format=csv; } >"$R/host.txt" 2>&1
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu,clocks_event_reasons.active --format=csv -lms 200 >"$R/smi.csv" 2>&1 &
SMI=$!
t() { local name=$1; shift; echo "$name start $(date -u +%T.%N)" >>"$R/times.txt"; "$@" >"$R/$name.txt" 2>&1; echo "$name rc=$? end $(date -u +%T.%N): $*" >>"$R/times.txt"; }
cp results/tuned.json "$R/shipped.json"
cp results/tuned.json "$R/db.json"
t tune clbench tune -k matmul_fast -n 4096 -d gpu --type double --strategy exhaustive --tuned "$R/db.json" -o "$R/tune.json" \
  -D SCHED=1 -D TSM=64,128 -D TSN=64,128 -D TSK=8,16 -D VWM=2,4 -D VWN=2,4 -D WPTM=8 -D WPTN=8 -D PAD=0 -D EDGE=0 -D KSPLIT=1
for i in 1 2; do
  sleep 3
  t shipped-$i clbench -d gpu -k matmul_fast,dgemm_cublas --type double -n 4096 --peak measure --min-time 1 --tuned "$R/shipped.json" -o "$R/shipped-$i.json"
  sleep 3
  t tuned-$i clbench -d gpu -k matmul_fast,dgemm_cublas --type double -n 4096 --peak measure --min-time 1 --tuned "$R/db.json" -o "$R/tuned-$i.json"
done
kill $SMI
tail -4 "$R/tune.txt"
python3 - "$R/tune.json" <<'PY'
import json, sys
rows = [r for r in json.load(open(sys.argv[1]))["rows"] if r["status"] == "ok"]
for r in sorted(rows, key=lambda r: -r["gflops"])[:8]:
    print(round(r["gflops"]), {k: r["params"][k] for k in ("TSM", "TSN", "TSK", "VWM", "VWN")})
PY
for f in "$R"/shipped-*.json "$R"/tuned-*.json; do python3 -c "
import json
d=json.load(open('$f'))
for r in d['rows']:
    print('$(basename $f .json)', r['kernel'], r['status'], round(r.get('gflops') or 0), r.get('stats',{}).get('median_ms'), r.get('fraction_of_peak'), r.get('params'))
"; done
tar czf "$OUT/s10g9.tgz" -C "$OUT" s10g9
