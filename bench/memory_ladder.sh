#!/usr/bin/env bash
# bench/memory_ladder.sh [-o DIR] [-d SEL] [clbench options...]
#
# Runs the memory-bound ladders on every device that SEL selects (clbench's
# --device syntax; default all), one device at a time, and writes one JSON run file per step
# and device: DIR/<device-slug>/<YYYY-MM-DD>-<commit>-memory-<step>.json (DIR defaults to
# results/; `clbench report` and bench/plot.sh take them all at once).  Each run file also
# records the device's measured read/write/copy peak (cl/peak.cl), the "fraction of peak".
# The steps:
#   1-transpose     000's ladder: naive, copy (the ceiling), tiled, padded, diagonal, and
#                   aligned (sector-aligned writes) with
#                   TILE 32 and BLOCK_ROWS 8 (000's shape) and 4, at 4000, 4096, 4097, 8192
#                   (000's partition-camping sizes and their neighbours) and the non-square
#                   8192x4096, 4096x8192, 5000x3001
#   1-transpose-64  the same with TILE 64, BLOCK_ROWS 4 (256 work-items: NVIDIA's OpenCL
#                   reports CL_KERNEL_WORK_GROUP_SIZE 256 for these kernels on an H100)
#   2-copy-grid     copy_ilp ILP 1,2,4,8 x VEC 1,2,4,8,16 (002's ladder), vadd beside it
#                   with the same VEC words, each with and without non-temporal stores
#                   (NT 0,1: what a CPU needs to reach its read bandwidth),
#                   at the binary's default sizes (copy_ilp 2^25 floats on CPUs, 2^28 on GPUs)
#   3-copy-occ      copy_ilp ILP 1,2,4,8 x VEC 1,4 at 2^26 floats with 64 work-items per
#                   group and OCC_KIB 0..48 of local ballast per group (002's method).  On an
#                   H100 (228 KiB of shared memory per SM, at most 32 groups and 2048
#                   work-items per SM) that is occupancy 100, 78, 41, 28, 19, 16, 12.5% for
#                   OCC_KIB 0, 8, ..., 48; bench/plot.sh draws fraction of peak against
#                   OCC_KIB, one curve per ILP and VEC.
# The copy steps verify a sample of 1M output elements (the first, the last and random ones)
# instead of up to 2^27: on the H100's host that cuts a row from ~10 s to ~2 s;
# tests/cli/copy.sh checks every element at small sizes.  --verify-max 0 restores the default.
# CPUs: the largest transposes (256 MiB per buffer) and copies (128 MiB) do not exceed a
# 300-480 MiB L3 by themselves; the runner rotates enough buffer sets that the footprint is
# twice the reported cache, and says so in the run file (buffer_sets, cache_resident).
# Other options, e.g. --min-time 1 or --no-peak, go to every clbench call.
#   CLBENCH   the binary (default: build/clbench beside this script's repository)
# Exit status: 0 when every row of every device was ok, 1 otherwise (each run file still
# records every row, with the reason of those that did not run: a tile over a device's
# work-group limit is one).
set -uo pipefail

# shellcheck source=bench/ladder_lib.sh
source "$(dirname "$0")/ladder_lib.sh"
ladder_options "$@"
ladder_devices

transpose_sizes=4000,4096,4097,8192,8192x4096,4096x8192,5000x3001
step() { ladder_step "$id" "$slug" memory "$@"; } # step TAG clbench-arguments...
while read -r id slug; do
    step 1-transpose -k transpose -n "$transpose_sizes" -D TILE=32 -D BLOCK_ROWS=4,8
    step 1-transpose-64 -k transpose -n "$transpose_sizes" -D TILE=64 -D BLOCK_ROWS=4
    step 2-copy-grid -k copy_ilp,vadd -D ILP=1,2,4,8 -D VEC=1,2,4,8,16 -D NT=0,1 \
        --verify-max 1048576
    step 3-copy-occ -k copy_ilp -n 64M -D ILP=1,2,4,8 -D VEC=1,4 -D WGS=64 \
        -D OCC_KIB=0,8,16,24,32,40,48 --verify-max 1048576
done <<<"$devices"
exit $status
