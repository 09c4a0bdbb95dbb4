#!/usr/bin/env bash
# Session 19, the 2-core VM (PoCL 3.1): bench/planner_cpu.sh's 14 shapes with the binary of
# d3d8002 (library rows on rotating buffer sets, cores kept awake), PoCL's worker threads left to
# the scheduler ("free") and pinned one to a core by PoCL's own POCL_AFFINITY=1 ("pinned"), one
# round of each at a time, three rounds.  Run from the repository root with NEW=clbench OUT=dir.
set -euo pipefail
: "${NEW:?}" "${OUT:?}"
mkdir -p "$OUT"
printf '#!/bin/sh\nPOCL_AFFINITY=1 exec %q "$@"\n' "$NEW" >"$OUT/clbench-pinned"
printf '#!/bin/sh\nPOCL_AFFINITY=0 exec %q "$@"\n' "$NEW" >"$OUT/clbench-free"
chmod +x "$OUT/clbench-pinned" "$OUT/clbench-free"
for round in 1 2 3; do
    for variant in free pinned; do
        ROUNDS=1 CLBENCH=$OUT/clbench-$variant bash bench/planner_cpu.sh -o "$OUT/$variant-r$round" >/dev/null 2>&1
    done
done
for variant in free pinned; do
    python3 bench/planner_summary.py matmul_cpu sgemm_openblas 0.9 0 \
        "$OUT/$variant"-r*/cpu-model/*.json >"$OUT/$variant-summary.txt" || true
done
rm "$OUT/clbench-pinned" "$OUT/clbench-free"
