#!/usr/bin/env bash
# GPU host, session 21 call D9 (issue 33, DGEMM): why the loop with its next tile's loads runs
# 10% slower than without (D1-D8).  Nsight Compute does not profile OpenCL, so the PTX of D5's
# builds (NVIDIA's OpenCL compiler's output, from clbench's program cache) runs through the CUDA
# driver API (.gpu/prof/ptx_launch.c, a copy in results/provenance/2026-11-27-ptx_launch.c, built
# here against CUDA 13.0's stub libcuda; D5's PTX as d5/*.ptx.gz before the patch) at 4096^3,
# timed, and then under ncu.  OpenCL's PTX reads the group offsets from %envreg0 and %envreg1,
# which only NVIDIA's OpenCL runtime sets: the copies in .gpu/prof have them replaced by 0
# (sed 's/mov\.b32 \t\(%r[0-9]*\), %envreg[0-9]*;/mov.b32 \t\1, 0;/'); the rest is unchanged.
# Under ncu: warp states (stall reasons), scheduler, pipes, memory.
set -uo pipefail
R=$OUT/s21d9; mkdir -p "$R"
P=.gpu/prof
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,power.limit --format=csv; ls /usr/local/cuda/bin; ls -d /usr/local/cuda/nsight* /opt/nvidia/nsight-compute* 2>&1; } >"$R/host.txt" 2>&1
for v in base noldg nosts; do $P/ptx_launch $P/$v.ptx 4096 20 >"$R/time-$v.txt" 2>&1; done
tail -n 3 "$R"/time-*.txt
NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu /usr/local/cuda/nsight-compute*/ncu 2>/dev/null | head -1)
echo "ncu: ${NCU:-none}"
if [ -n "$NCU" ]; then
    for v in base noldg; do
        timeout 200 "$NCU" -k dgemm_exp -s 2 -c 1 --section WarpStateStats --section SchedulerStats \
            --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis --section Occupancy \
            --section InstructionStats --print-details all \
            $P/ptx_launch $P/$v.ptx 4096 3 >"$R/ncu-$v.txt" 2>&1
        echo "ncu $v rc=$?"
        grep -i -E "stall|Issue Slot|No Eligible|Active Warps|Eligible Warps|Warp Cycles|Duration|SM Frequency" "$R/ncu-$v.txt" | head -40
    done
fi
tar czf "$OUT/s21d9.tgz" -C "$OUT" s21d9
