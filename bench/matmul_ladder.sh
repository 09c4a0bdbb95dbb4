#!/usr/bin/env bash
# bench/matmul_ladder.sh [-o DIR] [-d SEL] [clbench options...]
#
# Runs the whole matmul ladder on every device that SEL selects (clbench's
# --device syntax; default all), one device at a time, and writes one JSON run file per
# rung and device: DIR/<device-slug>/<YYYY-MM-DD>-<commit>-matmul-<n>-<rung>.json (DIR
# defaults to results/; `clbench report` and bench/plot.sh take them all at once).
# The ladder, in order:
#   matmul_naive with 000's two block shapes (-D WGX=1 -D WGY=128, then 128 x 1), and 16 x 16
#   beside the tiled kernel
#   matmul_tiled TILE=8,16,32                   (004, 003)
#   matmul_regblock TILE=16, RX x RY in {1,2,4,8}^2  (001's grid)
#   matmul_cached, the same grid                (regblock's twin without local memory)
#   matmul_rank1                                (000's best)
#   matmul_fast                                 (the binary's GPU or CPU defaults)
#   sgemm_clblast                               (the library baseline, wall-timed)
# Sizes are the binary's per-device-type defaults (1024^3 on CPUs, 4096^3 on GPUs, 8192^3 for
# matmul_fast and sgemm_clblast on GPUs) unless MATMUL_SIZE (every step) is set.  Other
# options, e.g. --min-time 1 or --no-peak, go to every clbench call.
#   CLBENCH         the binary (default: build/clbench beside this script's repository)
#   MATMUL_SIZE     --size for every step, e.g. 2048 or 1000x700x300
# Exit status: 0 when every row of every device was ok, 1 otherwise (each run file still
# records every row, with the reason of those that did not run).
set -uo pipefail

# shellcheck source=bench/ladder_lib.sh
source "$(dirname "$0")/ladder_lib.sh"
ladder_options "$@"
ladder_devices
size=()
[ -n "${MATMUL_SIZE:-}" ] && size=(-n "$MATMUL_SIZE")

step() { ladder_step "$id" "$slug" matmul "$1" "${size[@]}" "${@:2}"; } # step TAG args...
while read -r id slug; do
    step 1-naive-1x128 -k matmul_naive -D WGX=1 -D WGY=128
    step 2-naive-128x1 -k matmul_naive -D WGX=128 -D WGY=1
    step 3-tiled -k matmul_naive,matmul_tiled -D TILE=8,16,32
    step 4-regblock-cached -k matmul_regblock,matmul_cached -D TILE=16 -D RX=1,2,4,8 -D RY=1,2,4,8
    step 5-rank1 -k matmul_rank1
    step 6-fast -k matmul_fast --no-tuned # the defaults: tuned points are clbench tune's
    step 7-clblast -k sgemm_clblast
done <<<"$devices"
exit $status
