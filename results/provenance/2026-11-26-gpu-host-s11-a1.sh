#!/usr/bin/env bash
# GPU host, session 11 call A1: where the GPU goes with CUDA's lib64 first on LD_LIBRARY_PATH,
# and which earlier rows make matmul_regblock come back NaN on the host's PoCL 5.0.
# Binary: build/ of this commit installed into .gpu/prefix (cmake --install).
set -uo pipefail
R=$OUT/a1; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export PATH=$PWD/.gpu/prefix/bin:$PATH
base=$LD_LIBRARY_PATH
t() { local name=$1; shift; local s; s=$(date +%s.%N); "$@" >"$R/$name.txt" 2>&1; echo "$name rc=$? $(python3 -c "print(round($(date +%s.%N)-$s,1))")s: $*" >>"$R/rc.txt"; }
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv; ls -la /usr/local/cuda/lib64/libOpenCL* /usr/lib/x86_64-linux-gnu/libOpenCL* /usr/lib/x86_64-linux-gnu/libpocl*; ls -la /etc/OpenCL/vendors; cat /etc/OpenCL/vendors/*; nproc; } >"$R/host.txt" 2>&1
# 1. CUDA's lib64 first
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$base
t first-list clbench --list
t first-vadd clbench -d gpu -k vadd -n 1M --no-peak
t first-vadd-core env OPENBLAS_CORETYPE=SkylakeX clbench -d gpu -k vadd -n 1M --no-peak
t first-vadd-w0 env CLBENCH_WORKERS=0 clbench -d gpu -k vadd -n 1M --no-peak
t first-clinfo clinfo -l
t first-clinfo-core env OPENBLAS_CORETYPE=Haswell CLBENCH_OPENBLAS_PICKED=x clinfo -l
LD_DEBUG=libs clbench -d gpu -k vadd -n 1M --no-peak 2>&1 | grep -E 'OpenCL|opencl|calling init: .*(cuda|nvidia)|openblas' | grep -v 'search path' | head -80 >"$R/first-lddebug.txt"
# 2. lib64 last: the NaN sequence
export LD_LIBRARY_PATH=$base:/usr/local/cuda/lib64
clinfo 2>/dev/null | grep -iE 'platform version|driver version|device name' >"$R/clinfo.txt"
q="--no-peak --no-cache"
t nan-seq1 clbench -d cpu -k matmul_naive,matmul_tiled,matmul_regblock -n 1024 $q -o "$R/nan-seq1.json"
t nan-seq2 clbench -d cpu -k matmul_naive,matmul_tiled,matmul_regblock -n 1024 $q
t nan-w0 env CLBENCH_WORKERS=0 clbench -d cpu -k matmul_naive,matmul_tiled,matmul_regblock -n 1024 $q
t nan-alone clbench -d cpu -k matmul_regblock -n 1024 $q
t nan-tiled-reg clbench -d cpu -k matmul_tiled,matmul_regblock -n 1024 $q
t nan-naive-reg clbench -d cpu -k matmul_naive,matmul_regblock -n 1024 $q
t nan-reg-reg clbench -d cpu -k matmul_regblock -D TILE=16,16 -n 1024 $q
t nan-67 clbench -d cpu -k matmul_naive,matmul_tiled,matmul_regblock -n 67 $q
t nan-512 clbench -d cpu -k matmul_naive,matmul_tiled,matmul_regblock -n 512 $q
t nan-optdis clbench -d cpu -k matmul_naive,matmul_tiled,matmul_regblock -n 1024 $q --cl-opts=-cl-opt-disable
cat "$R/rc.txt"
grep -h -E 'regblock|tiled|naive' "$R"/nan-*.txt | grep -vE '^\s*$' | head -60
tar czf "$OUT/a1.tgz" -C "$OUT" a1
