#!/usr/bin/env bash
# GPU host, session 13 call G1b (binary e9d39a3): the skinny shapes' sweep the shape model's fit
# lacked (results/shape-model/skinny.md): matmul_fast at 4096x{64,96,128}x4096 over 4-warp and
# 8-warp work-groups, TSM 64/128/256 x TSN 32/64, TSK 8/16, work per item 4/8/16 x 4/8, split-K
# 4/6/8, and the model's own choice (--no-tuned) in the same run.
set -uo pipefail
R=$OUT/g1b; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
CB=$PWD/.gpu/prefix/bin/clbench
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv; } >"$R/host.txt" 2>&1
s=$(date +%s)
common=(-d gpu --min-time 0.05 --max-time 2 --no-peak -k matmul_fast -n 4096x64x4096,4096x96x4096,4096x128x4096)
"$CB" "${common[@]}" -D TSM=64,128,256 -D TSN=32,64 -D TSK=8,16 -D WPTM=4,8,16 -D WPTN=4,8 \
    -D VWM=4 -D VWN=4 -D PAD=0 -D EDGE=0 -D KSPLIT=4,6,8 -D SCHED=0 \
    -f json -o "$R/sweep.json" >"$R/sweep.out" 2>"$R/sweep.err"
echo "sweep rc=$? $(($(date +%s) - s)) s" >>"$R/rc.txt"
"$CB" "${common[@]}" --no-tuned -f json -o "$R/model.json" >"$R/model.out" 2>&1
echo "model rc=$? $(($(date +%s) - s)) s" >>"$R/rc.txt"
python3 - "$R/sweep.json" "$R/model.json" <<'PY' | tee "$R/summary.txt"
import json, sys
rows = json.load(open(sys.argv[1]))["rows"]
model = json.load(open(sys.argv[2]))["rows"]
by = {}
for r in rows:
    by.setdefault("x".join(map(str, r["size"])), []).append(r)
for s, rs in by.items():
    ok = sorted((r for r in rs if r["status"] == "ok"), key=lambda r: r["stats"]["median_ms"])
    print(s, len(rs), "points,", len(ok), "ok")
    for r in ok[:6]:
        print("   %.4f ms" % r["stats"]["median_ms"], {k: v for k, v in r["params"].items() if k in ("TSM", "TSN", "TSK", "WPTM", "WPTN", "KSPLIT")})
for r in model:
    print("model", "x".join(map(str, r["size"])), r["status"], r.get("stats", {}).get("median_ms"), r["params"])
PY
cat "$R/rc.txt"
tar czf "$OUT/g1b.tgz" -C "$OUT" g1b
