#!/usr/bin/env bash
# Issue 12 on the 2-core development machine (PoCL 3.1, OpenBLAS 0.3.21 pthread): clbench's
# CPU matmuls against sgemm_openblas, one run file per step; the binary was built from the
# commit in the files' names (5587ddc) in /work/wt/base/build. The machine was shared with
# seven other sessions' builds and tests: load average 7-13 on 2 cores during the runs
# (see ...-matmul-baselines-host.txt), so absolute figures are a fraction of an idle
# machine's; compare rows within one file.
set -u
cd /work/wt/base
bench/cpu_matmul.sh -o /tmp/base/res2 # 23:33-23:38 UTC
mv /tmp/base/res2/pthread-skylake-avx512-amd-epyc/2026-11-22-5587ddc-cpu-matmul-*.json \
    results/xeon-2c-pocl-3.1/
