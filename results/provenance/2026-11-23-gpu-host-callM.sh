#!/usr/bin/env bash
# Recorded GPU runs (call M), the binary carried as .gpu/prefix (its commit is in every run file): issue 14 on the H100
# (bench/tune_gpu.sh: a 3-minute tune of matmul_fast at 1024^3 against its defaults, then the
# search quality on matmul_regblock's TILE x RX x RY at 1024^3), and a look at OpenBLAS on the
# host's 16 cores (its core type, and numpy's own sgemm beside it).  Everything under $OUT/r.
set -u
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export CLBENCH=$PWD/.gpu/prefix/bin/clbench
export XDG_CACHE_HOME=/tmp/xdg-cache XDG_DATA_HOME=/tmp/xdg-data
R=$OUT/r; G=$R/nvidia-h100-80gb-hbm3; mkdir -p $G
c() { echo "== $(date -u +%T) $*" >&2; "$@"; echo "rc=$? $(date -u +%T)" >&2; }
{
OPENBLAS_VERBOSE=2 c $CLBENCH -d cpu -k sgemm_openblas -n 1024,2048 --peak off -f csv
c python3 -c 'import numpy as np, time
for n in (1024, 2048):
    a = np.random.rand(n, n).astype(np.float32); b = np.random.rand(n, n).astype(np.float32)
    a @ b; t = []
    for _ in range(5):
        s = time.perf_counter(); a @ b; t.append(time.perf_counter() - s)
    t.sort(); print("numpy", np.__version__, n, "median %.2f ms, %.0f GFLOP/s" % (t[2] * 1e3, 2 * n**3 / t[2] / 1e9))
np.show_config()' 
c timeout 500 env DEFINES="-D TILE=4,8,16,32" bench/tune_gpu.sh $G 3m
} > $R/callM.log 2>&1
grep -E "^==|^rc=|numpy|Core:|x[0-9.]+ |strategy|climb|anneal|random|params_from" $R/callM.log | tail -40
cat $G/*summary.md 2>/dev/null | tail -20
tar czf $OUT/resultsM.tgz -C $OUT r && rm -rf $R
