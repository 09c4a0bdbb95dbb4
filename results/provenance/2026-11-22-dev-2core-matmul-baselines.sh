#!/usr/bin/env bash
# Issue 12 on the 2-core development machine (PoCL 3.1, OpenBLAS 0.3.21 pthread): clbench's
# CPU matmuls against sgemm_openblas, one run file per step, in three rounds; each binary was
# built from the commit in its files' names in /work/wt/base/build. The machine was shared
# with seven other sessions' builds and tests: load average 7-13 on 2 cores in round 1, 3-7
# in rounds 2 and 3 (uptime in ...-matmul-baselines-host.txt), so absolute figures are a
# fraction of an idle machine's and move between rounds; compare rows within one file.
set -u
cd /work/wt/base
R=results/epyc-2c-pocl-3.1 S=pthread-skylake-avx512-amd-epyc
# Round 1, 23:33-23:38 UTC, matmul_cpu defaults RB=4 KB=128:
bench/cpu_matmul.sh -o /tmp/base/res2 && mv /tmp/base/res2/$S/2026-11-22-5587ddc-*.json $R/
# Round 2, 23:43-23:47 UTC, the same kernel and defaults:
bench/cpu_matmul.sh -o /tmp/base/res3 && mv /tmp/base/res3/$S/2026-11-22-8b28135-*.json $R/
# Panel reuse and depth, 23:47-23:48 UTC (chose the defaults RB=16 KB=256):
build/clbench -d cpu -k matmul_cpu,sgemm_openblas -n 2048 -D KB=0,128,256 -D RB=1,4,8 \
    -D MR=8 -D NV=2 --reps 5 --no-peak -o $R/2026-11-22-8b28135-cpu-matmul-rb-kb-2048.json
build/clbench -d cpu -k matmul_cpu,sgemm_openblas -n 1024,2048 -D KB=128,256 -D RB=8,16 \
    -D MR=8 -D NV=2 --reps 5 --no-peak -o $R/2026-11-22-8b28135-cpu-matmul-rb-kb-16.json
# Round 3, from 23:48 UTC, defaults RB=16 KB=256:
bench/cpu_matmul.sh -o /tmp/base/res4 && mv /tmp/base/res4/$S/2026-11-22-4f56a92-*.json $R/
