#!/usr/bin/env bash
# bench/cpu_matmul.sh [-o DIR] [-d SEL] [clbench options...]
#
# clbench's CPU matmuls against OpenBLAS, on every CPU device SEL selects (default cpu), one
# run file per step in DIR/<device-slug>/<YYYY-MM-DD>-<commit>-cpu-matmul-<tag>.json (DIR
# defaults to results/):
#   target      matmul_cpu, matmul_fast (CPU defaults) and sgemm_openblas at 1024^3 and 2048^3
#               in one run, so that each ratio to OpenBLAS comes from one run
#   cpu-sweep   matmul_cpu's register block (MR x NV vectors) and work-group (WGM) at 1024^3
#   cpu-tail    matmul_cpu and OpenBLAS at sizes that are not multiples of its block
# Other options go to every clbench call (e.g. --min-time 1).
#   CLBENCH   the binary (default: build/clbench beside this script's repository)
# Exit status: 0 when every row was ok (or absent, e.g. without OpenBLAS), 1 otherwise.
set -uo pipefail

# shellcheck source=bench/ladder_lib.sh
source "$(dirname "$0")/ladder_lib.sh"
select=cpu
ladder_options "$@"
ladder_devices
while read -r id slug; do
    ladder_step "$id" "$slug" cpu-matmul target -k matmul_cpu,matmul_fast,sgemm_openblas \
        -n 1024,2048
    ladder_step "$id" "$slug" cpu-matmul cpu-sweep -k matmul_cpu -n 1024 -D MR=4,6,8,12 \
        -D NV=1,2 -D WGM=4,16
    ladder_step "$id" "$slug" cpu-matmul cpu-tail -k matmul_cpu,sgemm_openblas \
        -n 1000,1025,2047
done <<<"$devices"
exit $status
