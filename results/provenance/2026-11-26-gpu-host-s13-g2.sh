#!/usr/bin/env bash
# GPU host, session 13 call G2: the main job's time before this session (.gpu/prefix-pre,
# 0945e28) and after (.gpu/prefix, main with one kernel a program, shared inputs and reused
# buffers, the GPU first with the Xeon warmed up behind it), each with caches of its own
# (clbench's, PoCL's, NVIDIA's), first cold, then warm, alternately, under bench/timeline.py,
# CUDA's lib64 first as NVIDIA's install guide has it.
set -uo pipefail
R=$OUT/g2; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,power.limit,clocks.max.sm --format=csv; nproc; } >"$R/host.txt" 2>&1
rm -rf ~/.nv/ComputeCache
for run in pre-cold new-cold pre-warm1 new-warm1 pre-warm2 new-warm2 new-warm3; do
    v=${run%%-*}
    bin=$PWD/.gpu/prefix/bin/clbench
    [ "$v" = pre ] && bin=$PWD/.gpu/prefix-pre/bin/clbench
    export XDG_CACHE_HOME=/tmp/g2-$v-xdg POCL_CACHE_DIR=/tmp/g2-$v-pocl CUDA_CACHE_PATH=/tmp/g2-$v-nv
    s=$(date +%s.%N)
    python3 bench/timeline.py -o "$R/$run-timeline.txt" -- "$bin" -o "$R/$run.json" >"$R/$run.out" 2>"$R/$run.err"
    echo "$run rc=$? $(python3 -c "print(round($(date +%s.%N)-$s,1))") s, load $(cut -d' ' -f1 /proc/loadavg)" >>"$R/rc.txt"
done
cat "$R/rc.txt"
for run in pre-cold new-cold new-warm3; do echo "== $run"; tail -7 "$R/$run-timeline.txt"; done
python3 - "$R" <<'PY'
import json, sys
R = sys.argv[1]
for run in ("pre-cold", "new-cold", "pre-warm2", "new-warm2", "new-warm3"):
    d = json.load(open("%s/%s.json" % (R, run)))
    bad = [(r["kernel"], r["status"]) for r in d["rows"] if r["status"] not in ("ok", "unavailable")]
    busy = [x.get("peak", {}).get("busy") for x in d["devices"]]
    print(run, len(d["rows"]), "rows, not ok:", bad, "busy:", busy)
PY
tar czf "$OUT/g2.tgz" -C "$OUT" g2
