#!/usr/bin/env bash
# GPU host, session 19 call V3: bench/planner_cpu.sh on the host's 16-core Xeon (PoCL 5.0) with
# the binary of 022448a (.gpu/prefix-l: library rows on rotating buffer sets, cores kept awake,
# PoCL's workers pinned by POCL_AFFINITY=1), then the same with POCL_AFFINITY=0 in the
# environment (the workers left to the scheduler), then pinned again.
set -uo pipefail
R=$OUT/s19v3; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
{ date -u +%FT%TZ; nproc; getconf _NPROCESSORS_ONLN; } >"$R/host.txt" 2>&1
cpu() { # name, POCL_AFFINITY value (empty: clbench's choice)
    local s; s=$(date +%s)
    if [ -n "$2" ]; then export POCL_AFFINITY=$2; else unset POCL_AFFINITY; fi
    CLBENCH=$PWD/.gpu/prefix-l/bin/clbench timeout 150 bench/planner_cpu.sh -o "$R/$1" -d cpu >"$R/$1.out" 2>&1
    echo "$1 rc=$? in $(( $(date +%s) - s )) s" >>"$R/rc.txt"
}
cpu pinned-1 ""
cpu free 0
cpu pinned-2 ""
unset POCL_AFFINITY
cat "$R/rc.txt"
for i in pinned-1 free pinned-2; do echo "=== $i"; grep geometric "$R/$i/cpu-summary.txt"; done
python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["settings"]["pocl_affinity"])' "$R/pinned-1/cpu-model/256-r1.json"
tar czf "$OUT/s19v3.tgz" -C "$OUT" s19v3
