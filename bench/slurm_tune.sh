#!/usr/bin/env bash
# An example SLURM array job: N tasks each run part K of the same tune (or sweep), writing
# their own run file and merging their best points into one shared database; a last step
# merges the run files with `clbench report`.
#   sbatch --array=0-3 bench/slurm_tune.sh            # 4 shards
#   clbench report results/tune-shard-*.json           # afterwards: every point, merged
# Shards of an exhaustive or random tune take disjoint points (index % N == K); shards of a
# local search (climb, anneal) run independent searches seeded by K, and the database keeps
# the best of them.  The same --shard K/N splits a plain sweep's rows.
#SBATCH --job-name=clbench-tune
#SBATCH --gres=gpu:1
#SBATCH --time=00:30:00
#SBATCH --output=clbench-tune-%A_%a.log
set -euo pipefail
clbench=${CLBENCH:-build/clbench}
k=${SLURM_ARRAY_TASK_ID:?run under sbatch --array=0-N}
n=${SLURM_ARRAY_TASK_COUNT:?run under sbatch --array=0-N}
out=${OUT:-results}
db=${TUNED:-$out/tuned-shared.json} # on a shared file system: writes merge under a lock
mkdir -p "$out"
"$clbench" tune -k "${KERNEL:-matmul_fast}" -n "${SIZE:-1024}" -d "${DEVICE:-gpu}" \
    --budget "${BUDGET:-20m}" --strategy "${STRATEGY:-random}" --shard "$k/$n" \
    --tuned "$db" -o "$out/tune-shard-$k-of-$n.json"
