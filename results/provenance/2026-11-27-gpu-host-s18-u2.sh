#!/usr/bin/env bash
# GPU host, session 18 call U2: the planner with tiles of 96 in its space and the refit on U1's
# sweeps (3324a10, .gpu/prefix-j) against the planner before (1e65c12, .gpu/prefix-h) with an
# empty database, in turn twice, on the 16 shapes of bench/planner_gpu.sh and calls G3, S2-S4,
# T1-T3 whose plans changed; then bench/planner_gpu.sh with the new planner on G3's and S2's
# skinny sets (the quick autotune's misses) and on its own eighteen.
set -uo pipefail
R=$OUT/s18u2; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv; } >"$R/host.txt" 2>&1
changed=4096x96x4096,3000x80x6000,2500x72x5000,80x3000x6000,1800x90x9000,7000x200x1000,96x8192x2048,2800x76x7000,4500x84x5000,1600x96x10000,6000x72x3000,76x2800x7000,150x3900x5000,5500x90x4500,1300x1300x1300,200x4600x4600
g3=3000x80x6000,5000x112x3000,2500x72x5000,80x3000x6000,6000x40x4000,8192x100x2048,4000x48x8000,3000x128x3000,1800x90x9000,7000x200x1000,96x8192x2048,5000x160x2500
s2new=2800x76x7000,4500x84x5000,1600x96x10000,6000x72x3000,3600x64x9000,76x2800x7000,84x4500x5000,64x3600x9000,5000x120x4000,120x5000x4000,9000x56x2000,2000x180x6000
alone() { # name, binary: the model alone on the changed shapes, cuBLAS beside it
    local s; s=$(date +%s)
    "$PWD/.gpu/$2/bin/clbench" -d gpu --min-time 0.2 --max-time 5 --no-peak -k matmul_fast,sgemm_cublas \
        -n "$changed" --no-tuned -f json -o "$R/$1.json" >"$R/$1.out" 2>"$R/$1.err"
    echo "$1 rc=$? in $(( $(date +%s) - s )) s" >>"$R/rc.txt"
    python3 bench/planner_summary.py matmul_fast sgemm_cublas 0.90 0.80 "$R/$1.json" >"$R/$1.summary" 2>&1
}
run() { # name, binary, shapes (empty: the script's own)
    local s; s=$(date +%s)
    SHAPES=$3 CLBENCH=$PWD/.gpu/$2/bin/clbench timeout 150 bench/planner_gpu.sh -o "$R/$1" >"$R/$1.out" 2>"$R/$1.err"
    echo "$1 rc=$? in $(( $(date +%s) - s )) s" >>"$R/rc.txt"
}
alone new-1 prefix-j
alone before-1 prefix-h
alone new-2 prefix-j
alone before-2 prefix-h
run g3 prefix-j "$g3"
run s2new prefix-j "$s2new"
run p18 prefix-j ""
cat "$R/rc.txt"
for i in new-1 before-1 new-2 before-2; do echo "=== $i"; grep -E "geometric" "$R/$i.summary"; done
python3 - "$R" <<'PY'
import json, sys, collections
R = sys.argv[1]
ms = collections.defaultdict(lambda: collections.defaultdict(list))
for name in ("new-1", "new-2", "before-1", "before-2"):
    for r in json.load(open("%s/%s.json" % (R, name)))["rows"]:
        if r.get("status") == "ok" and r["kernel"] == "matmul_fast":
            ms["x".join(map(str, r["size"]))][name[:-2]].append(r["stats"]["median_ms"])
for s, v in ms.items():
    print("%-15s new %s before %s: %.3fx faster" % (s, v["new"], v["before"], min(v["before"]) / min(v["new"])))
PY
for i in g3 s2new p18; do echo "=== $i"; grep -E "geometric|DGEMM target|model/entry" "$R/$i/summary.txt"; done
tar czf "$OUT/s18u2.tgz" -C "$OUT" s18u2
