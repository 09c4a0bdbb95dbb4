#!/usr/bin/env bash
# GPU host, session 21 call D14 (issue 33, DGEMM): the shipped matmul_fast with e16ad5e's SCHED=1
# loop (two tiles a turn, B's next tile at k-step 2; .gpu/prefix-q) against ab1fb78's
# (.gpu/prefix-p), double 4096^3, each run with the FP64 roof measured in it and
# dgemm_cublas beside it: the planner's point (--no-tuned), then the best point of D13
# (16x4 a work-item, PAD=2) given with -D.  New, old, new; then the best point twice.
set -uo pipefail
R=$OUT/s21d14; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,power.limit --format=csv; } >"$R/host.txt" 2>&1
run() { # name, prefix, extra arguments
    local name=$1 prefix=$2; shift 2
    $PWD/.gpu/$prefix/bin/clbench -d gpu -k matmul_fast,dgemm_cublas --type double -n 4096 --no-tuned \
        --peak measure --min-time 1 "$@" -f json -o "$R/$name.json" 2>"$R/$name.err"
}
best="-D TSM=128 -D TSN=128 -D TSK=8 -D WPTM=16 -D WPTN=4 -D VWM=2 -D VWN=2 -D PAD=2 -D EDGE=0 -D KSPLIT=1 -D SCHED=1"
run model-new-1 prefix-q
run model-old prefix-p
run model-new-2 prefix-q
# shellcheck disable=SC2086 # a list of options
run best-new-1 prefix-q $best
# shellcheck disable=SC2086
run best-new-2 prefix-q $best
python3 - "$R" <<'PY' | tee "$R/summary.txt"
import glob, json, os, sys
for f in sorted(glob.glob(sys.argv[1] + "/*.json")):
    d = json.load(open(f))
    for r in d["rows"]:
        ds = r.get("device_state") or {}
        p = r["params"]
        print(f"{os.path.basename(f):18} {r['kernel']:13} {r['status']:6} {r.get('gflops') or 0:7.0f} GFLOP/s "
              f"roof fraction {r.get('fraction_of_peak')} {(ds.get('sm_clock_mhz') or {}).get('median')} MHz "
              f"{d['git_commit']} {p.get('WPTM')}x{p.get('WPTN')} PAD {p.get('PAD')} {r.get('params_from')}")
PY
tar czf "$OUT/s21d14.tgz" -C "$OUT" s21d14
