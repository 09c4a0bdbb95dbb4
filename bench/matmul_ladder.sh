#!/usr/bin/env bash
# bench/matmul_ladder.sh [-o DIR] [-d SEL] [clbench options...]
#
# Runs the whole matmul ladder of issue 3 on every device that SEL selects (clbench's
# --device syntax; default all), one device at a time, and writes one JSON run file per
# rung and device: DIR/<device-slug>/<YYYY-MM-DD>-<git-short>-matmul-<n>-<rung>.json (DIR
# defaults to results/; `clbench report` and bench/plot.sh take them all at once).
# The ladder, in order:
#   matmul_naive with 000's two block shapes (-D WGX=1 -D WGY=128, then 128 x 1), and 16 x 16
#   beside the tiled kernel
#   matmul_tiled TILE=8,16,32                   (004, 003)
#   matmul_regblock TILE=16, RX x RY in {1,2,4,8}^2  (001's grid)
#   matmul_cached, the same grid                (regblock's twin without local memory)
#   matmul_rank1                                (000's best)
#   matmul_fast                                 (GPU defaults; MATMUL_FAST_CPU on CPUs)
#   sgemm_clblast                               (the library baseline, wall-timed)
# Sizes are the binary's per-device-type defaults (1024^3 on CPUs, 4096^3 on GPUs, 8192^3 for
# matmul_fast and sgemm_clblast on GPUs) unless MATMUL_SIZE (every step) is set.  Other
# options, e.g. --min-time 1 or --no-peak, go to every clbench call.
#   CLBENCH         the binary (default: build/clbench beside this script's repository)
#   MATMUL_SIZE     --size for every step, e.g. 2048 or 1000x700x300
#   MATMUL_FAST_CPU -D options of matmul_fast on CPUs (default: the CPU recommendation in
#                   cl/matmul.cl)
# Exit status: 0 when every row of every device was ok, 1 otherwise (each run file still
# records every row, with the reason of those that did not run).
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
clbench=${CLBENCH:-$here/../build/clbench}
outdir=results
select=all
args=()
while [ $# -gt 0 ]; do
    case "$1" in
    -o) outdir=${2:?-o needs a directory}; shift 2 ;;
    -d | --device) select=${2:?$1 needs a selection}; shift 2 ;;
    --device=*) select=${1#--device=}; shift ;;
    -h | --help) sed -n '2,25s/^# \{0,1\}//p' "$0"; exit 0 ;;
    *) args+=("$1"); shift ;;
    esac
done
[ -x "$clbench" ] || { echo "matmul_ladder.sh: no clbench at $clbench (set CLBENCH)" >&2; exit 2; }
size=()
[ -n "${MATMUL_SIZE:-}" ] && size=(-n "$MATMUL_SIZE")
read -r -a fast_cpu <<<"${MATMUL_FAST_CPU:--D TSM=32 -D TSN=128 -D TSK=16 -D WPTM=8 -D WPTN=32 -D VWM=1 -D VWN=16 -D PAD=0}"

# Which devices SEL selects, as the binary itself resolves it: id, type and a slug of the name.
devices=$("$clbench" -d "$select" -k vadd -n 1 --no-peak --reps 1 --warmup 1 --min-time 0 \
    -f json | python3 -c '
import json, re, sys
for d in json.load(sys.stdin)["devices"]:
    slug = re.sub(r"[^a-z0-9]+", "-", d["name"].lower()).strip("-")
    print(d["id"], d["type"], slug)') || { echo "matmul_ladder.sh: no device matches '$select'" >&2; exit 2; }
stamp=$(date +%F)-$(git -C "$here" rev-parse --short HEAD 2>/dev/null || echo unknown)

status=0
while read -r id type slug; do
    dir=$outdir/$slug
    mkdir -p "$dir"
    fast=()
    [ "$type" = cpu ] && fast=("${fast_cpu[@]}")
    step() { # step TAG clbench-arguments...: one rung of the ladder, one run file
        local file=$dir/$stamp-matmul-$1.json
        shift
        echo "== $slug: $*" >&2
        "$clbench" -d "$id" "${size[@]}" "$@" "${args[@]}" -f json -o "$file" || status=1
        echo "wrote $file" >&2
    }
    step 1-naive-1x128 -k matmul_naive -D WGX=1 -D WGY=128
    step 2-naive-128x1 -k matmul_naive -D WGX=128 -D WGY=1
    step 3-tiled -k matmul_naive,matmul_tiled -D TILE=8,16,32
    step 4-regblock-cached -k matmul_regblock,matmul_cached -D TILE=16 -D RX=1,2,4,8 -D RY=1,2,4,8
    step 5-rank1 -k matmul_rank1
    step 6-fast -k matmul_fast "${fast[@]}"
    step 7-clblast -k sgemm_clblast
done <<<"$devices"
exit $status
