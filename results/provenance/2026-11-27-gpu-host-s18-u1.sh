#!/usr/bin/env bash
# GPU host, session 18 call U1: tiles of 48 and 96 at skinny shapes whose thin side is 72-100
# (1800x90x9000 was the quick autotune's floor at 0.835x cuBLAS with 64x32 tiles: three column
# tiles, A read three times).  The model's plan (1e65c12, .gpu/prefix-h; --no-tuned) and cuBLAS
# before and after; between them a sweep of TSN 48/96 (N skinny) and TSM 48/96 (M skinny) over
# work per item, k-step and split-K.
set -uo pipefail
R=$OUT/s18u1; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,clocks.sm,power.draw --format=csv; } >"$R/host.txt" 2>&1
cb=$PWD/.gpu/prefix-h/bin/clbench
nskinny=1800x90x9000,1600x96x10000,2500x72x5000,3000x80x6000,8192x100x2048,2800x76x7000,4500x84x5000,6000x72x3000
mskinny=80x3000x6000,76x2800x7000,84x4500x5000,96x8192x2048
go() { # name, seconds, clbench arguments...
    local name=$1 limit=$2 s; shift 2; s=$(date +%s)
    timeout "$limit" "$cb" -d gpu --no-peak -f json -o "$R/$name.json" "$@" >"$R/$name.out" 2>"$R/$name.err"
    echo "$name rc=$? in $(( $(date +%s) - s )) s" >>"$R/rc.txt"
}
go model-1 60 -k matmul_fast,sgemm_cublas -n "$nskinny,$mskinny" --no-tuned --min-time 0.2 --max-time 5
go sweep-n 270 -k matmul_fast -n "$nskinny" --min-time 0.04 -D TSN=48,96 -D TSM=32,64,128 -D TSK=16,32 \
    -D WPTM=4,8 -D WPTN=6,12 -D VWM=4 -D VWN=2 -D EDGE=1 -D KSPLIT=4,8,12,16,24 -D PAD=0 -D SCHED=0
go sweep-m 150 -k matmul_fast -n "$mskinny" --min-time 0.04 -D TSM=48,96 -D TSN=32,64,128 -D TSK=16,32 \
    -D WPTM=6,12 -D WPTN=4,8 -D VWM=2 -D VWN=4 -D EDGE=1 -D KSPLIT=4,8,12,16,24 -D PAD=0 -D SCHED=0
go model-2 60 -k matmul_fast,sgemm_cublas -n "$nskinny,$mskinny" --no-tuned --min-time 0.2 --max-time 5
cat "$R/rc.txt"
python3 - "$R" <<'PY'
import json, sys, collections
R = sys.argv[1]
def rows(name):
    try:
        return json.load(open("%s/%s.json" % (R, name)))["rows"]
    except Exception as e:
        print(name, "unreadable:", e); return []
plan, blas = collections.defaultdict(list), collections.defaultdict(list)
for name in ("model-1", "model-2"):
    for r in rows(name):
        ms = (r.get("stats") or {}).get("median_ms")
        if r.get("status") != "ok" or not ms: continue
        (blas if r["kernel"] == "sgemm_cublas" else plan)["x".join(map(str, r["size"]))].append(ms)
best = {}
for name in ("sweep-n", "sweep-m"):
    for r in rows(name):
        ms = (r.get("stats") or {}).get("median_ms")
        if r.get("status") != "ok" or not ms: continue
        s = "x".join(map(str, r["size"]))
        if s not in best or ms < best[s][0]: best[s] = (ms, r["params"])
for s in plan:
    b = best.get(s, (float("nan"), {}))
    print("%-15s plan %s ms  cublas %s ms  sweep best %.4f ms (%.3fx the plan, %.3fx cuBLAS) %s" % (
        s, plan[s], blas[s], b[0], min(plan[s]) / b[0], min(blas[s]) / b[0],
        " ".join("%s=%s" % kv for kv in b[1].items())))
PY
tar czf "$OUT/s18u1.tgz" -C "$OUT" s18u1
