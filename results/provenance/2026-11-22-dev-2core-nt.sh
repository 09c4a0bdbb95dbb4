# Second session, development machine (2-core Xeon, PoCL 3.1): clpeak, then copy_ilp and vadd
# with and without non-temporal stores, then clpeak again. Binary built from 998bb05.
set -u
B=/work/main/build-gpu/clbench
D=/work/main/results/xeon-2c-pocl-3.1
P=/work/main/results/provenance
{ echo "--- before:"; clpeak -p 0 -d 0 --global-bandwidth; } > $P/2026-11-22-dev-2core-clpeak-pocl31-nt.txt 2>&1
"$B" -d cpu -k copy_ilp,vadd -n 32M -D ILP=1,8 -D VEC=4,16 -D WGS=256,1024 -D NT=0,1 --verify-max 1048576 \
    -o $D/2026-11-22-memory-copy-vadd-nt-32M.json
{ echo "--- after:"; clpeak -p 0 -d 0 --global-bandwidth; } >> $P/2026-11-22-dev-2core-clpeak-pocl31-nt.txt 2>&1
