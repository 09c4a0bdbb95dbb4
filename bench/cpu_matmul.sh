#!/usr/bin/env bash
# bench/cpu_matmul.sh [-o DIR] [-d SEL] [clbench options...]
#
# clbench's CPU matmuls against OpenBLAS, on every CPU device SEL selects (default cpu), one
# run file per step in DIR/<device-slug>/<YYYY-MM-DD>-<commit>-cpu-matmul-<tag>.json (DIR
# defaults to results/):
#   target      matmul_cpu, matmul_fast (CPU defaults) and sgemm_openblas at 1024^3 and 2048^3
#               in one run, so that each ratio to OpenBLAS comes from one run
#   cpu-sweep   matmul_cpu's register rows (MR), panel reuse (RB) and depth (KB; 0: no panel)
#               at 1024^3 and 2048^3
#   cpu-tail    matmul_cpu and OpenBLAS at sizes that are not multiples of its block
#   one-core    the target step on one core (taskset -c 0; PoCL and OpenBLAS one thread each):
#               on a shared machine the ratio least disturbed by other processes' threads
# Other options go to every clbench call (e.g. --min-time 1).
#   CLBENCH   the binary (default: build/clbench beside this script's repository)
# Exit status: 0 when every row was ok (or absent, e.g. without OpenBLAS), 1 otherwise.
set -uo pipefail

# shellcheck source=bench/ladder_lib.sh
source "$(dirname "$0")/ladder_lib.sh"
select=cpu
ladder_options "$@"
ladder_devices
# The binary on core 0 alone; PoCL 3.1 reads POCL_MAX_PTHREAD_COUNT, 5.0 POCL_CPU_MAX_CU_COUNT,
# and sgemm_openblas takes its thread count from the device's compute units.
pinned=$(mktemp)
trap 'rm -f "$pinned"' EXIT
printf '#!/bin/sh\nexec taskset -c 0 env POCL_MAX_PTHREAD_COUNT=1 POCL_CPU_MAX_CU_COUNT=1 "%s" "$@"\n' \
    "$clbench" >"$pinned"
chmod +x "$pinned"
while read -r id slug; do
    ladder_step "$id" "$slug" cpu-matmul target -k matmul_cpu,matmul_fast,sgemm_openblas \
        -n 1024,2048
    ladder_step "$id" "$slug" cpu-matmul cpu-sweep -k matmul_cpu -n 1024,2048 -D MR=8,12 \
        -D RB=1,4,16 -D KB=0,256 -D NV=2 -D WGM=4
    ladder_step "$id" "$slug" cpu-matmul cpu-tail -k matmul_cpu,sgemm_openblas \
        -n 1000,1025,2047
    all_cores=$clbench
    clbench=$pinned
    ladder_step "$id" "$slug" cpu-matmul one-core -k matmul_cpu,matmul_fast,sgemm_openblas \
        -n 1024,2048
    clbench=$all_cores
done <<<"$devices"
exit $status
