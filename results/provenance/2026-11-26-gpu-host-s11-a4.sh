#!/usr/bin/env bash
# GPU host, session 11 call A4: (1) does CUDA's libOpenCL.so.1 change the process's own
# OCL_ICD_FILENAMES (probe: results/provenance/2026-11-26-envprobe.c, built on Debian 12)?
# (2) the NaN sequence of A1 with clbench's caches cold instead of off (fresh XDG_CACHE_HOME),
# and the CPU main job, as the issue ran them.
set -uo pipefail
R=$OUT/a4; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
export PATH=$PWD/.gpu/prefix/bin:$PATH
base=$LD_LIBRARY_PATH
t() { local name=$1; shift; local s; s=$(date +%s.%N); "$@" >"$R/$name.txt" 2>&1; echo "$name rc=$? $(python3 -c "print(round($(date +%s.%N)-$s,1))")s: $*" >>"$R/rc.txt"; }
echo "host OCL_ICD_FILENAMES=${OCL_ICD_FILENAMES:-unset}" >"$R/rc.txt"
LD_LIBRARY_PATH=/usr/local/cuda/lib64:$base .gpu/probe/envprobe >"$R/probe-first.txt" 2>&1
LD_LIBRARY_PATH=$base:/usr/local/cuda/lib64 .gpu/probe/envprobe >"$R/probe-last.txt" 2>&1
export LD_LIBRARY_PATH=$base:/usr/local/cuda/lib64
for i in 1 2 3; do
  export XDG_CACHE_HOME=$(mktemp -d)
  t seq-cold-$i clbench -d cpu -k matmul_naive,matmul_tiled,matmul_regblock -n 1024 --no-peak -o "$R/seq-cold-$i.json"
  t seq-warm-$i clbench -d cpu -k matmul_naive,matmul_tiled,matmul_regblock -n 1024 --no-peak
done
export XDG_CACHE_HOME=$(mktemp -d)
t cpu-main-1 clbench -d cpu -o "$R/cpu-main-1.json"
t cpu-main-2 clbench -d cpu -o "$R/cpu-main-2.json"
cat "$R"/probe-*.txt "$R/rc.txt"
grep -h -E 'FAILED|verify_failed' "$R"/*.txt | head -20
tar czf "$OUT/a4.tgz" -C "$OUT" a4
