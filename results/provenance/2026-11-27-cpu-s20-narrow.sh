#!/usr/bin/env bash
# 2-core VM, session 20: matmul_cpu's narrow strip (25fdadd) against the kernel before it
# (6330280), each binary reading its own tree's cl/, in turn twice, with OpenBLAS beside it.
#   OLD=/path/to/old/clbench NEW=/path/to/new/clbench results/provenance/2026-11-27-cpu-s20-narrow.sh OUT
set -euo pipefail
out=$1; mkdir -p "$out"
for r in 1 2; do
    for b in old new; do
        bin=$OLD; [ $b = new ] && bin=$NEW
        "$bin" -d cpu -k matmul_cpu,sgemm_openblas -n 261,2414x75x2690,4096x72x1024 --no-tuned \
            --min-time 0.3 --no-peak -f json -o "$out/$b-r$r.json" 2>>"$out/stderr.txt"
    done
done
