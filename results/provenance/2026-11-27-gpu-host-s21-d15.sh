#!/usr/bin/env bash
# GPU host, session 21 call D15 (issue 33, DGEMM): the database's entry for double 4096^3 from a
# tune of e16ad5e's matmul_fast (.gpu/prefix-q) around D14's best point: 128x128x8 tiles,
# SCHED=1, VWM=VWN=2, WPTM 8 or 16 by WPTN 4 or 8, PAD 0 or 2, each point 1 s of launches (as
# session 10's G12 tuned the entry it replaces), into a copy of the shipped database; then the
# DGEMM with that database, the FP64 roof measured in the run and dgemm_cublas beside it.
set -uo pipefail
R=$OUT/s21d15; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,power.limit --format=csv; } >"$R/host.txt" 2>&1
C=$PWD/.gpu/prefix-q/bin/clbench
cp results/tuned.json "$R/tuned.json"
timeout 150 $C tune -k matmul_fast -d gpu --type double -n 4096 -D TSM=128 -D TSN=128 -D TSK=8 \
    -D WPTM=8,16 -D WPTN=4,8 -D VWM=2 -D VWN=2 -D PAD=0,2 -D EDGE=0 -D KSPLIT=1 -D SCHED=1 \
    --strategy exhaustive --min-time 1 --reps 20 --tuned "$R/tuned.json" -o "$R/tune.json" >"$R/tune.txt" 2>&1
echo "tune rc=$?"
tail -n 15 "$R/tune.txt"
$C -d gpu -k matmul_fast,dgemm_cublas --type double -n 4096 --tuned "$R/tuned.json" --peak measure \
    --min-time 1 -f json -o "$R/db.json" 2>"$R/db.err"
python3 - "$R/db.json" <<'PY' | tee "$R/summary.txt"
import json, sys
d = json.load(open(sys.argv[1]))
for r in d["rows"]:
    print(r["kernel"], r["status"], round(r.get("gflops") or 0), r.get("fraction_of_peak"), r.get("params_from"), r["params"] if r["kernel"] == "matmul_fast" else "")
PY
tar czf "$OUT/s21d15.tgz" -C "$OUT" s21d15
