#!/usr/bin/env bash
# GPU host, session 18 call U4: bench/planner_cpu.sh as it now runs (e5757b0: each shape a run of
# its own with both kernels' rows together, clbench's default timing, the median ratio of three
# rounds) on the host's 16-core Xeon (PoCL 5.0, AVX-512), binary 3324a10 (.gpu/prefix-j: the
# same matmul_cpu and CPU model as session 17's T4).
set -uo pipefail
R=$OUT/s18u4; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
{ date -u +%FT%TZ; nproc; lscpu | grep -E "Model name|Flags" | cut -c1-200; } >"$R/host.txt" 2>&1
s=$(date +%s)
CLBENCH=$PWD/.gpu/prefix-j/bin/clbench timeout 500 bench/planner_cpu.sh -o "$R/planner-cpu" -d cpu >"$R/planner-cpu.out" 2>&1
echo "planner-cpu rc=$? in $(( $(date +%s) - s )) s" >"$R/rc.txt"
cat "$R/rc.txt"; tail -16 "$R/planner-cpu/cpu-summary.txt"
tar czf "$OUT/s18u4.tgz" -C "$OUT" s18u4
