#!/usr/bin/env bash
# GPU host, session 11 call A2: with CUDA's lib64 first, the supervisor sees the H100 and its
# worker does not (A1: in process, CLBENCH_WORKERS=0, the row runs).  Which libraries each
# process loads (LD_DEBUG per pid), and what the worker is started with.
set -uo pipefail
R=$OUT/a2; mkdir -p "$R/ld"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
export PATH=$PWD/.gpu/prefix/bin:$PATH
base=$LD_LIBRARY_PATH
t() { local name=$1; shift; "$@" >"$R/$name.txt" 2>&1; echo "$name rc=$?: $*" >>"$R/rc.txt"; }
{ echo "LD_LIBRARY_PATH before: $base"; env | grep -E '^(OCL|CUDA|NVIDIA|LD_)' ; nvidia-smi -q | grep -iE 'compute mode|persistence'; ls -la /usr/lib/libnvidia-opencl* /usr/local/nvidia/lib64/libnvidia-opencl* 2>&1; strings /usr/local/cuda/lib64/libOpenCL.so.1 | grep -iE 'icd|vendors|nvidia|OCL_' | head -30; } >"$R/env.txt" 2>&1
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$base
LD_DEBUG=libs LD_DEBUG_OUTPUT=$R/ld/run clbench -d gpu -k vadd -n 1M --no-peak >"$R/run.txt" 2>&1
for f in "$R"/ld/run.*; do echo "== $f"; grep -E 'calling init|find library=lib(nvidia|cuda|pocl|OpenCL)' "$f" | grep -vE 'lib(c|m|dl|pthread|stdc|gcc|rt)\.so' | head -20; done >"$R/ld-summary.txt"
t vendors-unset env -u OCL_ICD_VENDORS clbench -d gpu -k vadd -n 1M --no-peak
t filenames env -u OCL_ICD_VENDORS OCL_ICD_FILENAMES=/usr/lib/libnvidia-opencl.so:libpocl.so.2 clbench -d gpu -k vadd -n 1M --no-peak
t vendors-etc-list env -u OCL_ICD_VENDORS clbench --list
cat "$R/rc.txt"; cat "$R/ld-summary.txt"; cat "$R/env.txt" | head -60
tar czf "$OUT/a2.tgz" -C "$OUT" a2
