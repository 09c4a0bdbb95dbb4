#!/usr/bin/env bash
# GPU host, session 10 call G3 (issue 20): the SASS of matmul_fast double (NVIDIA's PTX, put
# through the host's ptxas for sm_90a) beside CUTLASS SIMT DGEMM's, to see what the 14% per
# clock between them is made of.
set -uo pipefail
R=$OUT/s10g3; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
C=/usr/local/cuda/bin
for v in "64 128 0" "128 128 0" "64 128 1"; do
  set -- $v
  o="-cl-std=CL1.2 -DREAL=double -DTSM=$1 -DTSN=$2 -DTSK=8 -DWPTM=8 -DWPTN=8 -DVWM=2 -DVWN=2 -DPAD=0 -DEDGE=0 -DKSPLIT=1 -DPIPE=$3 -I .gpu/cl-exp"
  n=d-$1x$2-p$3
  .gpu/dgemm_probe/dump_ptx .gpu/cl-exp/matmul.cl "$o" "$R/$n.ptx" 2>"$R/$n.err"
  $C/ptxas -arch=sm_90a -v "$R/$n.ptx" -o "$R/$n.cubin" >"$R/$n.ptxas" 2>&1
  $C/cuobjdump -sass "$R/$n.cubin" >"$R/$n.sass" 2>&1
done
$C/cuobjdump -sass .gpu/dgemm_probe/dgemm_probe >"$R/cutlass.sass" 2>&1
$C/cuobjdump -res-usage .gpu/dgemm_probe/dgemm_probe >"$R/cutlass.res" 2>&1
ls -la "$R"; grep -h "registers" "$R"/*.ptxas
tar czf "$OUT/s10g3.tgz" -C "$OUT" s10g3
