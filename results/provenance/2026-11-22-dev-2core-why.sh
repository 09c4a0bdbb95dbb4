#!/usr/bin/env bash
# Issue 13's CPU runs on the development machine (2-core AMD EPYC, PoCL 3.1 pthread), with the
# binary built from the commit named in each run file.  The machine was shared with other
# sessions' builds and tests while it ran: read ratios within a file, not absolute figures.
set -u
cd "$(dirname "$0")/../.."
{ date -u; lscpu; dpkg -l pocl-opencl-icd libpocl2 | tail -2; } \
    >results/provenance/2026-11-22-dev-2core-why-host.txt 2>&1
WHY_CPU_DIR=epyc-2c-pocl-3.1 CLBENCH=$PWD/build/clbench bash bench/why_gpu.sh -d cpu -o results
