#!/usr/bin/env bash
# bench/why_gpu.sh [-o DIR] [-d SEL] [clbench options...]
#
# The rows whose "why" fields (kernel resources, registers and spills from
# -cl-nv-verbose, occupancy, roofline bound, launch overheads; results/README.md) explain the
# seed experiments.  On every device SEL selects (default all), one run file per step:
# DIR/<dir>/<YYYY-MM-DD>-<commit>-why-<step>.json, DIR defaulting to results/ and <dir> to the
# device's slug (nvidia-h100-80gb-hbm3); WHY_CPU_DIR names the folder of CPU devices instead
# (e.g. xeon-16c-pocl-5.0).  The steps, GPU sizes first, CPU sizes second:
#   regblock-grid  matmul_regblock TILE 16, RX x RY in 1,2,4,6,8,16 (seed 001's grid: where a
#                  larger block starts to spill) at 2304^3, whose every cell divides evenly;
#                  CPU: RX x RY in 1,2,4,8 at 512^3
#   fast           matmul_fast WPTM x WPTN in 4,8 at 4096^3; CPU: its CPU defaults with WPTN
#                  16 and 32 at 512^3
#   copy-occ       copy_ilp ILP 1,4 x VEC 1,4, 64 work-items per group, OCC_KIB 0..40 of
#                  local ballast at 2^26 floats (seed 002's occupancy curve); CPU: 2^22 floats
# Every row has --max-time 2, so that the whole script stays under 5 minutes on the H100 host.
# Other options go to every clbench call.  CLBENCH: the binary (default build/clbench).
# Exit status: 0 when every row was ok, 1 otherwise (the run files still hold every row, and
# over_limits or invalid rows say why).
set -uo pipefail
# NVIDIA's driver does not assemble a program it finds in its compute cache, and then prints
# no ptxas report: registers and spills would be null.
export CUDA_CACHE_DISABLE=1

# shellcheck source=bench/ladder_lib.sh
source "$(dirname "$0")/ladder_lib.sh"
ladder_options "$@"
ladder_devices

# The type of each selected device, by id: the sizes differ between GPUs and CPUs.
types=$("$clbench" --list --format json | python3 -c '
import json, sys
for d in json.load(sys.stdin)["devices"]:
    print(d["id"], d["type"])')

step() { ladder_step "$id" "$dir" why "$@" --max-time 2; } # step TAG clbench-arguments...
while read -r id slug; do
    type=$(awk -v id="$id" '$1 == id { print $2 }' <<<"$types")
    if [ "$type" = cpu ]; then
        dir=${WHY_CPU_DIR:-$slug}
        step regblock-grid -k matmul_regblock -n 512 -D TILE=16 -D RX=1,2,4,8 -D RY=1,2,4,8
        # CPU defaults apply only when no -D names a parameter: the whole set, WPTN swept.
        step fast -k matmul_fast -n 512 -D TSM=32 -D TSN=128 -D TSK=16 -D WPTM=8 \
            -D WPTN=16,32 -D VWM=1 -D VWN=16 -D PAD=0
        step copy-occ -k copy_ilp -n 4M -D ILP=1,4 -D VEC=1,4 -D WGS=64 -D OCC_KIB=0,8,16,32
    else
        dir=$slug
        step regblock-grid -k matmul_regblock -n 2304 -D TILE=16 -D RX=1,2,4,6,8,16 \
            -D RY=1,2,4,6,8,16
        step fast -k matmul_fast -n 4096 -D WPTM=4,8 -D WPTN=4,8
        step copy-occ -k copy_ilp -n 64M -D ILP=1,4 -D VEC=1,4 -D WGS=64 \
            -D OCC_KIB=0,8,16,24,32,40 --verify-max 1048576
    fi
done <<<"$devices"
exit $status
