#!/usr/bin/env bash
# bench/fast_start.sh OUT_PREFIX [clbench options...]
#
# Times a clbench command twice from the shell, the way a user sees it: the first run with an
# empty clbench cache (so it measures the peak and builds every program), the second with the
# cache the first one left (cached peak, programs loaded from disk).  Writes
#   OUT_PREFIX-first.json, OUT_PREFIX-second.json   the two run files (peak_source, and each
#                                                   row's build_ms and build_source)
#   OUT_PREFIX.txt                                  the command and both wall times, in seconds
# The driver's own caches (PoCL's kernel cache, NVIDIA's ComputeCache) are left as they are:
# this measures what clbench's cache saves on top of them.
#   CLBENCH   the binary (default: build/clbench beside this script's repository)
# The fast-start targets: the second run of `--device gpu --kernel matmul_tiled` on the H100 host
# under 2 s, and of `-k vadd -n 1M` on a 2-core CPU-only machine under 1 s:
#   bench/fast_start.sh results/nvidia-h100-80gb-hbm3/$(date +%F)-fast-start-matmul_tiled \
#       --device gpu --kernel matmul_tiled
#   bench/fast_start.sh results/xeon-2c-pocl-3.1/$(date +%F)-fast-start-vadd-1M -k vadd -n 1M
set -uo pipefail

[ $# -ge 1 ] || {
    echo "usage: bench/fast_start.sh OUT_PREFIX [clbench options...]" >&2
    exit 2
}
out=$1
shift
root=$(cd "$(dirname "$0")/.." && pwd)
clbench=${CLBENCH:-$root/build/clbench}
[ -x "$clbench" ] || {
    echo "bench/fast_start.sh: no clbench at '$clbench' (build it, or set CLBENCH)" >&2
    exit 2
}
mkdir -p "$(dirname "$out")"
XDG_CACHE_HOME=$(mktemp -d "${TMPDIR:-/tmp}/clbench-fast-start.XXXXXX")
export XDG_CACHE_HOME
trap 'rm -rf "$XDG_CACHE_HOME"' EXIT

status=0
{
    echo "command: clbench $*"
    echo "host: $(hostname)  date: $(date -u +%FT%TZ)  binary: $clbench"
    for run in first second; do
        start=$(date +%s.%N)
        "$clbench" "$@" -o "$out-$run.json" 2>&1
        rc=$?
        seconds=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')
        echo "$run run: ${seconds} s wall (exit $rc)"
        [ "$rc" -eq 0 ] || status=1
    done
    exit "$status"
} | tee "$out.txt"
exit "${PIPESTATUS[0]}"
