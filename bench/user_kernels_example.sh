#!/usr/bin/env bash
# The worked example of docs/kernel-files.md, "Your own kernels": a student's tiled matmul (a user kernel
# file) and its twin beside the built-in matmul_naive and matmul_tiled, on the CPU device,
# then the side-by-side table and the local-memory verdict.
#   bench/user_kernels_example.sh [CLBENCH] [OUT.json]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
clbench=${1:-$root/build/clbench}
out=${2:-$root/results/epyc-2c-pocl-3.1/$(date -u +%F)-user-kernels-student-matmul-512.json}
cd "$root"
"$clbench" --kernel-file cl/examples/student_matmul.cl \
    -k student_mm,student_mm_global,matmul_naive,matmul_tiled -d cpu -n 512 --no-peak -o "$out"
"$clbench" report "$out"
"$clbench" report --findings "$out"
