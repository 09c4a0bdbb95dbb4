#!/usr/bin/env bash
# GPU host, session 21 call D3 (issue 33, DGEMM): where matmul_fast's double 4096^3 loses time.
# dgemm_exp (.gpu/clx/dgemm_exp.cl, matmul_fast's code as a user kernel without a verify line)
# at the shipped point.  D1-D2: taking the next tile's global loads and local stores out gains
# 12%, taking the loads' latency out or moving the stores nothing.  Which part costs:
# EXP_ASTORE=1 no A store (transposed, four scalar stores a work-item), 2 A stored as B is
# (vectors along the row: what a pre-transposed A would store; wrong results); EXP_BSTORE=1 no
# B store; EXP_NOLDG=1 no global loads (constants stored).  Two rounds, 300 repetitions.
set -uo pipefail
R=$OUT/s21d3; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,power.limit --format=csv; } >"$R/host.txt" 2>&1
C=$PWD/.gpu/prefix-p/bin/clbench
P="-D TSM=128 -D TSN=128 -D TSK=8 -D WPTM=8 -D WPTN=8 -D VWM=2 -D VWN=2 -D PAD=0 -D EDGE=0 -D KSPLIT=1 -D SCHED=1"
declare -A V=([base]="" [nosts]="-DEXP_NOSTS=1" [noa]="-DEXP_ASTORE=1" [avec]="-DEXP_ASTORE=2" [nob]="-DEXP_BSTORE=1" [noldg]="-DEXP_NOLDG=1")
for round in 1 2; do
    for v in base nosts noa avec nob noldg; do
        $C --kernel-file .gpu/clx/dgemm_exp.cl -k dgemm_exp -d gpu --type double -n 4096 $P \
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
tar czf "$OUT/s21d3.tgz" -C "$OUT" s21d3
