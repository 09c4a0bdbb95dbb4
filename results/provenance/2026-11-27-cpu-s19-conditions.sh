#!/usr/bin/env bash
# Session 19, the 2-core VM (PoCL 3.1): bench/planner_cpu.sh's 14 shapes under three timing
# conditions in turn, one round of each at a time, three rounds:
#   old    - the binary of 4e0bdb5: library rows on one buffer set, cores left to sleep;
#   nowake - the binary of d3d8002 with --no-keep-awake: library rows rotate buffer sets;
#   new    - the binary of d3d8002: library rows rotate buffer sets, cores kept awake (not for
#            OpenBLAS, whose threads spin on their own).
# Run from the repository root with OLD=path/to/old/clbench NEW=path/to/new/clbench OUT=dir.
set -euo pipefail
: "${OLD:?}" "${NEW:?}" "${OUT:?}"
mkdir -p "$OUT"
printf '#!/bin/sh\nexec %q --no-keep-awake "$@"\n' "$NEW" >"$OUT/clbench-nowake"
chmod +x "$OUT/clbench-nowake"
for round in 1 2 3; do
    for variant in old nowake new; do
        case $variant in
        old) bin=$OLD ;; nowake) bin=$OUT/clbench-nowake ;; new) bin=$NEW ;;
        esac
        ROUNDS=1 CLBENCH=$bin bash bench/planner_cpu.sh -o "$OUT/$variant-r$round" >/dev/null 2>&1
    done
done
for variant in old nowake new; do
    python3 bench/planner_summary.py matmul_cpu sgemm_openblas 0.9 0 \
        "$OUT/$variant"-r*/cpu-model/*.json >"$OUT/$variant-summary.txt" || true
done
rm "$OUT/clbench-nowake"
