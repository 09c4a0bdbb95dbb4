#!/usr/bin/env bash
# For the GPU host (H100): a ~4 minute tune of matmul_fast at 1024^3, then a plain run that
# takes the tuned parameters from the database (rows say params_from: tuned), beside a run
# with today's defaults: bench/tune_value.sh does all three and the summary.  Then the search
# quality on the GPU (exhaustive sweep of matmul_regblock's TILE x RX x RY, tuners at 10%).
#   DEB_DIR=.gpu source bench/gpu_host_env.sh   # the runtime, as for the other calls
#   bench/tune_gpu.sh results/nvidia-h100-80gb-hbm3 [BUDGET]
set -euo pipefail
out=${1:?usage: bench/tune_gpu.sh OUT [BUDGET]}
budget=${2:-4m}
here=$(dirname "$0")
export XDG_DATA_HOME=${XDG_DATA_HOME:-$(mktemp -d)} # the database goes into OUT, not ~
"$here/tune_value.sh" "$out" "$budget" gpu 1024
"$here/tune_quality.sh" "$out" gpu 1024 matmul_regblock "climb anneal random"
