#!/usr/bin/env bash
# GPU host, session 21 call D11 (issue 33, DGEMM): where matmul_fast's double 4096^3 loses time.
# dgemm_exp (.gpu/clx/dgemm_exp.cl) at the shipped point.  D10's stall samples: with the loads
# the loop's back edge waits for local memory 6x longer (ptxas drains the scoreboards there),
# and the loads' addresses wait on kernel arguments reloaded from constant memory (LDC) every
# tile.  EXP_PTR=1: the addresses from pointers set once before the loop (one branch for both
# tiles, as EXP_JOINT); EXP_UNROLL2=1: the loop over tiles unrolled twice (one back edge per
# two tiles).  Verified on PoCL (256^3, 384x256x512, 250x130x77, 128x128x24) with a verify line
# added.  Three rounds, 300 repetitions.
set -uo pipefail
R=$OUT/s21d11; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,power.limit --format=csv; } >"$R/host.txt" 2>&1
C=$PWD/.gpu/prefix-p/bin/clbench
P="-D TSM=128 -D TSN=128 -D TSK=8 -D WPTM=8 -D WPTN=8 -D VWM=2 -D VWN=2 -D EDGE=0 -D KSPLIT=1 -D SCHED=1"
declare -A V=([base]="" [ptr]="-DEXP_PTR=1" [unroll2]="-DEXP_UNROLL2=1" [ptr-unroll2]="-DEXP_PTR=1 -DEXP_UNROLL2=1")
declare -A D=([base]="-D PAD=0" [ptr]="-D PAD=0" [unroll2]="-D PAD=0" [ptr-unroll2]="-D PAD=0")
for round in 1 2 3; do
    for v in base ptr unroll2 ptr-unroll2; do
        $C --kernel-file .gpu/clx/dgemm_exp.cl -k dgemm_exp -d gpu --type double -n 4096 $P ${D[$v]} \
            --cl-opts "${V[$v]}" --reps 300 --no-peak -f json -o "$R/$v-r$round.json" 2>"$R/$v-r$round.err"
    done
done
python3 - "$R" <<'PY' | tee "$R/summary.txt"
import glob, json, os, sys
for f in sorted(glob.glob(sys.argv[1] + "/*.json")):
    d = json.load(open(f))
    for r in d["rows"]:
        ds, ki = r.get("device_state") or {}, r.get("kernel_info") or {}
        clk, pw = ds.get("sm_clock_mhz") or {}, ds.get("power_w") or {}
        print(f"{os.path.basename(f):22} {r.get('kernel'):14} {r.get('status'):10} "
              f"{r.get('gflops') or 0:7.0f} GFLOP/s  {clk.get('median')} MHz {pw.get('median')} W "
              f"{ki.get('registers')} regs {r.get('fraction_of_peak')}")
PY
tar czf "$OUT/s21d11.tgz" -C "$OUT" s21d11
