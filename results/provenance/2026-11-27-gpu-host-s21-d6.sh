#!/usr/bin/env bash
# GPU host, session 21 call D6 (issue 33, DGEMM): where matmul_fast's double 4096^3 loses time.
# dgemm_exp (.gpu/clx/dgemm_exp.cl) at the shipped point.  D1-D5: the next tile's global loads
# cost 10% (taking either half out gains it all), whether they hit L1 or not; their SASS is
# 2+2 LDG.128 a work-item, each of which, with a double4 a work-item, reads 16 bytes of every 32
# across the warp: A's touch 16 lines an instruction, B's 8.  EXP_COAL=1 loads each double4 as
# two double2 from neighbouring 16 bytes across the work-items (A: 8 lines an instruction, B: 4),
# and stores them so; with PAD=2 its transposed A stores are free of bank conflicts.  Verified
# on PoCL (256^3, 384x256x512) with a verify line added.  Three rounds, 300 repetitions.
set -uo pipefail
R=$OUT/s21d6; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,power.limit --format=csv; } >"$R/host.txt" 2>&1
C=$PWD/.gpu/prefix-p/bin/clbench
P="-D TSM=128 -D TSN=128 -D TSK=8 -D WPTM=8 -D WPTN=8 -D VWM=2 -D VWN=2 -D EDGE=0 -D KSPLIT=1 -D SCHED=1"
declare -A V=([base]="" [coal]="-DEXP_COAL=1" [base-pad2]="" [coal-pad2]="-DEXP_COAL=1")
declare -A D=([base]="-D PAD=0" [coal]="-D PAD=0" [base-pad2]="-D PAD=2" [coal-pad2]="-D PAD=2")
for round in 1 2 3; do
    for v in base coal base-pad2 coal-pad2; do
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
tar czf "$OUT/s21d6.tgz" -C "$OUT" s21d6
