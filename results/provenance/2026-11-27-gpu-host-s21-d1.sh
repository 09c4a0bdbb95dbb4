#!/usr/bin/env bash
# GPU host, session 21 call D1 (issue 33, DGEMM): where matmul_fast's double 4096^3 loses time.
# dgemm_exp is matmul_fast's code as a user kernel (no verify line, so that variants with wrong
# results still time; .gpu/clx/dgemm_exp.cl) at the shipped point, with one part taken out:
# EXP_FIXK (every k-tile loads the first tile again: global memory out of the way), EXP_NOBAR
# (no barrier), EXP_NOSTS (no local stores, so no global loads either), or one added:
# EXP_PREFETCH (prefetch() of the tile two ahead).  Two rounds, 300 repetitions each.
set -uo pipefail
R=$OUT/s21d1; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,power.limit --format=csv; } >"$R/host.txt" 2>&1
C=$PWD/.gpu/prefix-p/bin/clbench
P="-D TSM=128 -D TSN=128 -D TSK=8 -D WPTM=8 -D WPTN=8 -D VWM=2 -D VWN=2 -D PAD=0 -D EDGE=0 -D KSPLIT=1 -D SCHED=1"
declare -A V=([base]="" [fixk]="-DEXP_FIXK=1" [nobar]="-DEXP_NOBAR=1" [fixk-nobar]="-DEXP_FIXK=1 -DEXP_NOBAR=1" [nosts]="-DEXP_NOSTS=1" [prefetch]="-DEXP_PREFETCH=1")
for round in 1 2; do
    for v in base fixk nobar fixk-nobar nosts prefetch; do
        $C --kernel-file .gpu/clx/dgemm_exp.cl -k dgemm_exp -d gpu --type double -n 4096 $P \
            --cl-opts "${V[$v]}" --reps 300 --no-peak -f json -o "$R/$v-r$round.json" 2>"$R/$v-r$round.err"
    done
    $C -k matmul_fast -d gpu --type double -n 4096 --no-tuned --reps 300 --no-peak -f json -o "$R/shipped-r$round.json" 2>"$R/shipped-r$round.err"
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
tar czf "$OUT/s21d1.tgz" -C "$OUT" s21d1
