set -u
B=/work/main/build-gpu/clbench
D=/work/main/results/xeon-2c-pocl-3.1
P=2026-11-22
FAST="-D TSM=32 -D TSN=128 -D TSK=16 -D WPTM=8 -D WPTN=32 -D VWM=1 -D VWN=16 -D PAD=0"
c() { echo "== clbench $*"; "$B" "$@"; echo "rc=$?"; }
cd /work/main
c -d cpu -k matmul_fast,sgemm_clblast -n 1024 $FAST -o $D/$P-target-matmul-1024.json
c -d cpu -k matmul_naive,matmul_tiled,matmul_rank1 -n 1024 -D TILE=8,16,32 -o $D/$P-matmul-ladder-1024.json
c -d cpu -k matmul_naive -n 1024 -D WGX=1,128 -D WGY=1,128 -o $D/$P-matmul-naive-shapes-1024.json
c -d cpu -k matmul_regblock,matmul_cached -n 512 -D TILE=16 -D RX=1,2,4,8 -D RY=1,2,4,8 -o $D/$P-matmul-regblock-grid-512.json
c -d cpu -k vadd,vadd_local -n 16M,64M -o $D/$P-vadd-pair.json
c -d cpu -k transpose -n 2048,4096,4097 -D TILE=32 -D BLOCK_ROWS=8 --verify-max 1048576 -o $D/$P-memory-transpose-t32.json
c -d cpu -k copy_ilp,vadd -n 32M -D ILP=1,2,4,8 -D VEC=1,4,16 --verify-max 1048576 -o $D/$P-memory-copy-grid-32M.json
clpeak -p 0 -d 0 --global-bandwidth --compute-sp > /work/main/results/provenance/$P-dev-2core-clpeak-pocl31.txt 2>&1
{ date -u; clinfo -l; lscpu; dpkg -l pocl-opencl-icd libpocl2 | tail -2; } > /work/main/results/provenance/$P-dev-2core-host.txt 2>&1
