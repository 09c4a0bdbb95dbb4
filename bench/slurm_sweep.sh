#!/usr/bin/env bash
# A sweep split over a SLURM array: task K of N runs shard K/N of the clbench command line and
# writes its own run file; a merge job after them checks that every shard is there once and
# merges them with `clbench report` (docs/clusters.md, "On a cluster").
#   bench/slurm_sweep.sh submit 4 --partition=gpu --gres=gpu:1 -- -d gpu -k matmul -n 512,1024
#   cat results/slurm-sweep/sweep.txt                 # afterwards: the merged table
# A task killed or requeued resumes from its journal on the node's local disk.
#SBATCH --job-name=clbench-sweep
#SBATCH --time=00:30:00
#SBATCH --requeue
#SBATCH --open-mode=append
# shellcheck disable=SC2034 # read by slurm_lib.sh
MODE=sweep
# sbatch runs a copy of this script: the library is found through the submitting side.
# shellcheck source=bench/slurm_lib.sh
if [ -n "${SLURM_JOB_ID:-}" ]; then
    source "${CLBENCH_BENCH_DIR:-$SLURM_SUBMIT_DIR/bench}/slurm_lib.sh"
else
    source "$(dirname "$0")/slurm_lib.sh"
fi
