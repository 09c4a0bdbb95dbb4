#!/usr/bin/env bash
# GPU host, session 21 call D2 (issue 33, DGEMM): where matmul_fast's double 4096^3 loses time.
# dgemm_exp (.gpu/clx/dgemm_exp.cl, matmul_fast's code as a user kernel without a verify line)
# at the shipped point with the next tile's local stores moved from the last k-step, where the
# shipped loop has them, to an earlier one: EXP_STA and EXP_STB, the steps that store A's and
# B's part; EXP_LDB, the step that loads B's part (default: with A's, at the tile's start).
# D1 found 14% in taking the loads and stores out, none in taking only the loads' latency out.
# Every variant verified on PoCL at 300^3 with a verify line added.  Two rounds, 300 repetitions.
set -uo pipefail
R=$OUT/s21d2; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,power.limit --format=csv; } >"$R/host.txt" 2>&1
C=$PWD/.gpu/prefix-p/bin/clbench
P="-D TSM=128 -D TSN=128 -D TSK=8 -D WPTM=8 -D WPTN=8 -D VWM=2 -D VWN=2 -D PAD=0 -D EDGE=0 -D KSPLIT=1 -D SCHED=1"
declare -A V=([base]="" [st4]="-DEXP_STA=4 -DEXP_STB=4" [st2]="-DEXP_STA=2 -DEXP_STB=2" [st1]="-DEXP_STA=1 -DEXP_STB=1" [spread]="-DEXP_STA=3 -DEXP_STB=6" [split]="-DEXP_LDB=3 -DEXP_STA=2 -DEXP_STB=7" [split2]="-DEXP_LDB=4 -DEXP_STA=3 -DEXP_STB=7" [nosts]="-DEXP_NOSTS=1")
for round in 1 2; do
    for v in base st4 st2 st1 spread split split2 nosts; do
        $C --kernel-file .gpu/clx/dgemm_exp.cl -k dgemm_exp -d gpu --type double -n 4096 $P \
            --cl-opts "${V[$v]}" --reps 300 --no-peak -f json -o "$R/$v-r$round.json" 2>"$R/$v-r$round.err"
    done
    $C -k matmul_fast -d gpu --type double -n 4096 --no-tuned --reps 300 --no-peak -f json -o "$R/shipped-r$round.json" 2>"$R/shipped-r$round.err"
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
tar czf "$OUT/s21d2.tgz" -C "$OUT" s21d2
