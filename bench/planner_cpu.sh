#!/usr/bin/env bash
# The planner on a CPU (docs/tuning.md, "The planner"): matmul_cpu as the model plans it, with an
# empty tuning database (--no-tuned), against OpenBLAS's SGEMM, over squares (odd and powers of
# two), rectangles, flat (K <= 256) and skinny (M or N <= 128) shapes from 256 to 4096.  Target:
# a geometric mean of 0.9x or more.
#   bench/planner_cpu.sh -o OUT [-d DEVICE]        (DEVICE default cpu; CLBENCH=path/to/clbench)
# Writes OUT/cpu-model/SHAPE-rR.json (a run file per shape and round: both kernels' rows one
# after the other, where one run of every shape put minutes of a shared machine's load between
# the two rows of a shape) and OUT/cpu-summary.txt (per shape the median ratio of ROUNDS rounds,
# default 3, and the verdict).  SHAPES replaces the list; rows are timed as clbench times them by
# default, and as bench/planner_gpu.sh does: at least REPS (default 5) launches and MIN_TIME
# (default 0.2) seconds.  A few launches alone time PoCL's threads waking for each one, where
# OpenBLAS's threads spin between its calls.
set -euo pipefail
source "$(dirname "$0")/planner_lib.sh"
planner_options cpu "$@"
here=$(cd "$(dirname "$0")" && pwd)
shapes=${SHAPES:-256,511,1000,1024,2000,2048,4096,3000x1000x2000,1024x4096x512,4096x4096x128,2048x2048x256,4096x64x4096,100x2048x2048,2048x128x1024}
mkdir -p "$out/cpu-model"
IFS=, read -ra list <<<"$shapes"
for round in $(seq "${ROUNDS:-3}"); do
    for shape in "${list[@]}"; do
        "$clbench" -d "$device" -k matmul_cpu,sgemm_openblas -n "$shape" --no-tuned \
            --reps "${REPS:-5}" --min-time "${MIN_TIME:-0.2}" --no-peak -f json \
            -o "$out/cpu-model/$shape-r$round.json" || echo "clbench exited $? at $shape" >&2
    done
done
python3 "$here/planner_summary.py" matmul_cpu sgemm_openblas 0.9 0 "$out"/cpu-model/*.json |
    tee "$out/cpu-summary.txt"
