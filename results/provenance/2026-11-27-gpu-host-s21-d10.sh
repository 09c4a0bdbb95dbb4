#!/usr/bin/env bash
# GPU host, session 21 call D10 (issue 33, DGEMM): D9's profile put the loop with its next tile's
# loads 0.24 cycles an instruction more in "short scoreboard" stalls (waiting on local memory)
# than without.  Where: Nsight Compute's per-instruction stall samples (SourceCounters) of the
# shipped loop and of noldg, through the CUDA driver as in D9 (.gpu/prof: D5's PTX, the group
# offsets %envreg0/1 replaced by 0), exported as CSV with the SASS.
set -uo pipefail
R=$OUT/s21d10; mkdir -p "$R"
P=.gpu/prof
NCU=/usr/local/cuda/bin/ncu
for v in base noldg; do
    timeout 200 $NCU -k dgemm_exp -s 2 -c 1 --section WarpStateStats --section SourceCounters \
        --section MemoryWorkloadAnalysis_Tables -o "$R/rep-$v" $P/ptx_launch $P/$v.ptx 4096 3 >"$R/ncu-$v.log" 2>&1
    echo "ncu $v rc=$?"
    $NCU -i "$R/rep-$v.ncu-rep" --page source --csv --print-source sass >"$R/source-$v.csv" 2>"$R/source-$v.err"
    $NCU -i "$R/rep-$v.ncu-rep" --page details --print-details all >"$R/details-$v.txt" 2>&1
    wc -l "$R/source-$v.csv"
done
rm -f "$R"/*.ncu-rep
tar czf "$OUT/s21d10.tgz" -C "$OUT" s21d10
