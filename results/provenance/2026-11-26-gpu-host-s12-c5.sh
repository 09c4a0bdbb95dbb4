#!/usr/bin/env bash
# GPU host, session 12 call C5: the main job's wall time before and after the kernel model's
# merge, on one machine in one call -- .gpu/prefix-pre is dd1764e (main before the merge),
# .gpu/prefix is 380a69a (after it, with the parallel fill) -- a first run of each to fill
# the caches, then the two alternately, twice each, under bench/timeline.py, CUDA's lib64 first.
set -uo pipefail
R=$OUT/c5; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv; uptime; } >"$R/host.txt" 2>&1
for run in pre-0 new-0 pre-1 new-1 pre-2 new-2; do
    bin=$PWD/.gpu/prefix/bin/clbench
    case $run in pre-*) bin=$PWD/.gpu/prefix-pre/bin/clbench ;; esac
    s=$(date +%s.%N)
    python3 bench/timeline.py -o "$R/$run-timeline.txt" -- "$bin" -o "$R/$run.json" >"$R/$run.out" 2>"$R/$run.err"
    echo "$run rc=$? $(python3 -c "print(round($(date +%s.%N)-$s,1))") s, load $(cut -d' ' -f1 /proc/loadavg)" >>"$R/rc.txt"
done
cat "$R/rc.txt"
python3 - "$R" <<'PY'
import json, sys
R = sys.argv[1]
for run in ("pre-1", "new-1", "pre-2", "new-2"):
    d = json.load(open("%s/%s.json" % (R, run)))
    names = {x["id"]: x["name"][:6] for x in d["devices"]}
    tot = {}
    for r in d["rows"]:
        t = tot.setdefault(names[r["device"]], [0, 0])
        t[0] += r.get("elapsed_ms", 0) / 1e3
        t[1] += r.get("wall_ms", 0) / 1e3
    print(run, {k: [round(x, 1) for x in v] for k, v in tot.items()})
PY
tar czf "$OUT/c5.tgz" -C "$OUT" c5
