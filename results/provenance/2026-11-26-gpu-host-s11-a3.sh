#!/usr/bin/env bash
# GPU host, session 11 call A3: A2 again with the NVIDIA lines of each process's LD_DEBUG, the
# Khronos loader's trace, and without the host's own OCL_ICD_FILENAMES.
set -uo pipefail
R=$OUT/a3; mkdir -p "$R/ld"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
export PATH=$PWD/.gpu/prefix/bin:$PATH
base=$LD_LIBRARY_PATH
t() { local name=$1; shift; "$@" >"$R/$name.txt" 2>&1; echo "$name rc=$?: $*" >>"$R/rc.txt"; }
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$base
LD_DEBUG=libs,files LD_DEBUG_OUTPUT=$R/ld/run clbench -d gpu -k vadd -n 1M --no-peak >"$R/run.txt" 2>&1
for f in "$R"/ld/run.*; do echo "== $f $(wc -l <"$f")"; grep -nE 'nvidia|libcuda|pocl.so|error|cannot|fini' "$f" | grep -vE 'search path|trying file' | head -40; done >"$R/ld-summary.txt"
t trace env OCL_ICD_ENABLE_TRACE=1 clbench -d gpu -k vadd -n 1M --no-peak
t no-filenames env -u OCL_ICD_FILENAMES clbench -d gpu -k vadd -n 1M --no-peak
t no-vendors env -u OCL_ICD_VENDORS clbench -d gpu -k vadd -n 1M --no-peak
t only-filenames env -u OCL_ICD_VENDORS OCL_ICD_FILENAMES=libpocl.so.2:libnvidia-opencl.so.1 clbench -d gpu -k vadd -n 1M --no-peak
export LD_LIBRARY_PATH=$base:/usr/local/cuda/lib64
t last-trace env OCL_ICD_ENABLE_TRACE=1 clbench -d gpu -k vadd -n 1M --no-peak
cat "$R/rc.txt"; cat "$R/ld-summary.txt"
tar czf "$OUT/a3.tgz" -C "$OUT" a3
