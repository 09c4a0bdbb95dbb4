#!/usr/bin/env bash
# Recorded GPU runs (call L), binary 6300c03 carried as .gpu/prefix (built with the CUDA 13.0
# headers: sgemm_cublas loads the host's libcublas.so.13 at run time; OpenBLAS from the carried
# .deb): issue 11's main job again, cold then warm, now that a sample of a large output is
# checked front to back; issue 12's matmuls against cuBLAS and OpenBLAS (bench/gpu_matmul.sh).
# CPU device: the host's own PoCL 5.0.  Everything under $OUT/r, tarred.
set -u
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export CLBENCH=$PWD/.gpu/prefix/bin/clbench
export XDG_CACHE_HOME=/tmp/xdg-cache XDG_DATA_HOME=/tmp/xdg-data
R=$OUT/r; S=$R/gpu-host-side-by-side; mkdir -p $S
{ date -u; nvidia-smi; ldd $CLBENCH; ls /usr/local/cuda/lib64 | grep -E "cublas|cudart"; } > $R/host.txt 2>&1
c() { echo "== $(date -u +%T) $*" >&2; "$@"; echo "rc=$? $(date -u +%T)" >&2; }
{
c bench/headline.sh -o $S -t first
c bench/headline.sh -o $S -t second
c timeout 330 bench/gpu_matmul.sh -o $R
} > $R/callL.log 2>&1
grep -E "^==|^rc=|wall_s|error" $R/callL.log | tail -40
for f in $R/*/*-gpu-matmul-*.json; do $CLBENCH report "$f" 2>/dev/null | grep -E "^(matmul_fast|sgemm|matmul_cpu) "; done | head -60
tar czf $OUT/resultsL.tgz -C $OUT r && rm -rf $R
