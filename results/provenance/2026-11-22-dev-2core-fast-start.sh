# Issue 11, fast start, on the 2-core CPU-only development machine (PoCL 3.1), binary built
# from commit e2581c3 (branch cache) with the repository's RelWithDebInfo build.  The machine was
# shared with other jobs: load average 3.3-3.7 on 2 cores during the runs (see -host.txt).
set -u
cd /work/wt/cache
cmake --build build -j2
bench/fast_start.sh results/epyc-2c-pocl-3.1/2026-11-22-e2581c3-fast-start-vadd-1M -k vadd -n 1M
bench/fast_start.sh results/epyc-2c-pocl-3.1/2026-11-22-e2581c3-fast-start-matmul_tiled -k matmul_tiled
{ date -u; uptime; clinfo -l; lscpu; dpkg -l pocl-opencl-icd libpocl2 | tail -2; } \
    > results/provenance/2026-11-22-dev-2core-fast-start-host.txt 2>&1
