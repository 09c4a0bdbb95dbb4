#!/usr/bin/env bash
# Issue 21 item 1 on the 2-core development machine of this session: AMD EPYC, AVX2 (PoCL 3.1
# "pthread-haswell", native float width 8), OpenBLAS 0.3.21 pthread.  matmul_cpu's defaults
# before (cl/ of commit 30ae399: MR=8 VN=16 NV=2 RB=16 KB=256 WGM=4, the AVX-512 block) and
# after (the device defaults of branch devdefaults: MR=4 VN=8 NV=2 RB=32 KB=256 WGM=1 where
# the native float width is under 16), each against sgemm_openblas in the same run, untuned,
# three rounds alternating.  The machine was shared with six other sessions' builds and tests
# (uptime in ...-devdefaults-host.txt): compare rows within one file.
set -u
cd /work/wt/devdefaults
R=results/epyc-2c-avx2-pocl-3.1 C=$(git rev-parse --short HEAD) D=$(date -u +%F)
before=$(mktemp -d)
for f in vadd transpose copy peak matmul; do git show 30ae399:cl/$f.cl >"$before/$f.cl"; done
for round in 1 2 3; do
    uptime
    build/clbench --cl-dir "$before" -d cpu -k matmul_cpu,sgemm_openblas -n 1024,2048 \
        --no-tuned --no-peak --min-time 1 -o $R/$D-$C-defaults-before-round$round.json
    uptime
    build/clbench -d cpu -k matmul_cpu,sgemm_openblas -n 1024,2048 \
        --no-tuned --no-peak --min-time 1 -o $R/$D-$C-defaults-after-round$round.json
done
