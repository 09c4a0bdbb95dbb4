#!/usr/bin/env bash
# A tune split over a SLURM array: task K of N tunes shard K/N (exhaustive and random take the
# points whose index % N == K; climb and anneal run independent searches seeded by K), writes
# its own run file and merges its best points into one shared tuning database under its lock;
# a merge job after them merges the run files with `clbench report` (docs/clusters.md, "On a cluster").
#   bench/slurm_tune.sh submit 4 --gres=gpu:1 -- -k matmul_fast -n 1024 -d gpu --budget 20m
#   cat results/slurm-tune/tune.txt                   # afterwards: every point, merged
# Where the database's file system has no working locks, each task writes its own database
# and the merge job merges them (clbench tune --merge).
#SBATCH --job-name=clbench-tune
#SBATCH --time=00:30:00
#SBATCH --requeue
#SBATCH --open-mode=append
# shellcheck disable=SC2034 # read by slurm_lib.sh
MODE=tune
# sbatch runs a copy of this script: the library is found through the submitting side.
# shellcheck source=bench/slurm_lib.sh
if [ -n "${SLURM_JOB_ID:-}" ]; then
    source "${CLBENCH_BENCH_DIR:-$SLURM_SUBMIT_DIR/bench}/slurm_lib.sh"
else
    source "$(dirname "$0")/slurm_lib.sh"
fi
