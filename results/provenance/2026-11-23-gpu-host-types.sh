#!/usr/bin/env bash
# GPU host, call G (issue 20 item 6; call F found no GPU: CUDA's lib64 went first on LD_LIBRARY_PATH): bench/types.sh on the H100 and the host's PoCL 5.0 Xeon:
# DGEMM against cuBLAS and CLBlast at 4096^3, against OpenBLAS at 1024^3 and 2048^3, and copy
# and vadd in float and double, each ratio from one run.
set -uo pipefail
R=$OUT/r; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
{ ls /usr/local/cuda/lib64/libOpenCL* ; env | grep -i openblas; grep -o -w "avx512[a-z]*" /proc/cpuinfo | sort -u | tr "\n" " "; echo; date -u +%FT%TZ; hostname; nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; uptime; clinfo -l; } >"$R/host.txt" 2>&1
s=$(date +%s)
CLBENCH=$PWD/.gpu/prefix-now/bin/clbench timeout 470 bench/types.sh -o "$R" >"$R/types.log" 2>&1
echo "types.sh rc=$? wall_s=$(( $(date +%s) - s ))" >>"$R/times.txt"
for w in 0 1; do CLBENCH_WORKERS=$([ $w = 0 ] && echo 0 || echo 1) .gpu/prefix-now/bin/clbench -d cpu -k sgemm_openblas,dgemm_openblas -n 256 --no-peak -f json 2>"$R/blas-$w.err" | python3 -c "import json,sys; [print(x[\"kernel\"], x[\"library\"][\"core\"], x[\"library\"][\"core_from\"]) for x in json.load(sys.stdin)[\"rows\"]]" >>"$R/blas.txt" 2>&1; done
cat "$R/times.txt" "$R/blas.txt" "$R/host.txt"; tail -30 "$R/types.log"
tar czf "$OUT/gpu-g.tgz" -C "$OUT" r
