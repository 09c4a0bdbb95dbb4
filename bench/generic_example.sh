#!/usr/bin/env bash
# The generic contract's example of docs/kernel-files.md, "Your own kernels": the reduction and the stencil
# of cl/examples/ with their references, on the CPU device at their default sizes, then the
# side-by-side table and the local-memory verdict (stencil_local against its twin).
#   bench/generic_example.sh [CLBENCH] [OUT.json]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
clbench=${1:-$root/build/clbench}
out=${2:-$root/results/epyc-2c-pocl-3.1/$(date -u +%F)-generic-reduce-stencil.json}
cd "$root"
"$clbench" --kernel-file cl/examples/reduce.cl --kernel-file cl/examples/stencil.cl -d cpu \
    --no-peak -o "$out"
"$clbench" report "$out"
"$clbench" report --findings "$out"
