#!/usr/bin/env bash
# GPU host, session 14 call G3: the main job (bench/headline.sh) with cl/'s built-in kernels
# really built one kernel a program (.gpu/prefix-new, built from the merge of branch peakprog before it was committed: its run files say 3124b88-dirty, the tree of 5959b37) against the binary
# before (.gpu/prefix, 5bd062e, whose built-ins compiled their whole file), each with its own
# fresh caches (clbench's, PoCL's, NVIDIA's): cold, then warm twice, in turn; CUDA's lib64 first.
set -uo pipefail
R=$OUT/s14g3; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
rm -rf ~/.nv/ComputeCache /tmp/s14g3-*
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv; } >"$R/host.txt" 2>&1
for t in cold warm1 warm2; do
  for v in old new; do
    p=.gpu/prefix; [ $v = new ] && p=.gpu/prefix-new
    export CLBENCH=$PWD/$p/bin/clbench XDG_CACHE_HOME=/tmp/s14g3-$v-xdg POCL_CACHE_DIR=/tmp/s14g3-$v-pocl CUDA_CACHE_PATH=/tmp/s14g3-$v-nv
    $CLBENCH --version >>"$R/host.txt" 2>&1
    bench/headline.sh -o "$R/$v" -t "$t" >"$R/headline-$v-$t.out" 2>&1
    echo "$v $t rc=$? $(grep -h -m1 'wall_s' "$R/$v"/*-headline-"$t".txt)" >>"$R/rc.txt"
  done
done
cat "$R/rc.txt"
tar czf "$OUT/s14g3.tgz" -C "$OUT" s14g3
