#!/usr/bin/env bash
# GPU host, session 21 call D12 (issue 33, DGEMM): where matmul_fast's double 4096^3 loses time.
# dgemm_exp (.gpu/clx/dgemm_exp.cl) at the shipped point.  The small gains of D6-D11 act on
# different stalls (D10): PAD=2 the stores' bank conflicts, B's loads at step 2 (EXP_LDB=2) the
# loads' issue, two or four tiles a turn (EXP_UNROLL2, EXP_UNROLL4) the back edge's wait.  Do
# they add up?  Verified on PoCL (256^3, 250x130x77, 128x128x24, 128x128x40) with a verify line
# added.  Three rounds, 300 repetitions; then the FP64 roof beside the shipped kernel.
set -uo pipefail
R=$OUT/s21d12; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,power.limit --format=csv; } >"$R/host.txt" 2>&1
C=$PWD/.gpu/prefix-p/bin/clbench
P="-D TSM=128 -D TSN=128 -D TSK=8 -D WPTM=8 -D WPTN=8 -D VWM=2 -D VWN=2 -D EDGE=0 -D KSPLIT=1 -D SCHED=1"
declare -A V=([base]="" [u4]="-DEXP_UNROLL4=1" [u2-ldb2]="-DEXP_UNROLL2=1 -DEXP_LDB=2" [u2-pad2]="-DEXP_UNROLL2=1" [u2-ldb2-pad2]="-DEXP_UNROLL2=1 -DEXP_LDB=2" [u4-ldb2-pad2]="-DEXP_UNROLL4=1 -DEXP_LDB=2")
declare -A D=([base]="-D PAD=0" [u4]="-D PAD=0" [u2-ldb2]="-D PAD=0" [u2-pad2]="-D PAD=2" [u2-ldb2-pad2]="-D PAD=2" [u4-ldb2-pad2]="-D PAD=2")
for round in 1 2 3; do
    for v in base u4 u2-ldb2 u2-pad2 u2-ldb2-pad2 u4-ldb2-pad2; do
        $C --kernel-file .gpu/clx/dgemm_exp.cl -k dgemm_exp -d gpu --type double -n 4096 $P ${D[$v]} \
            --cl-opts "${V[$v]}" --reps 300 --no-peak -f json -o "$R/$v-r$round.json" 2>"$R/$v-r$round.err"
    done
done
$C -k matmul_fast,dgemm_cublas -d gpu --type double -n 4096 --no-tuned --peak measure --min-time 1 -f json -o "$R/peak.json" 2>"$R/peak.err"
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
tar czf "$OUT/s21d12.tgz" -C "$OUT" s21d12
