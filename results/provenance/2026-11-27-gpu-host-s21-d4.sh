#!/usr/bin/env bash
# GPU host, session 21 call D4 (issue 33, DGEMM): where matmul_fast's double 4096^3 loses time.
# dgemm_exp (.gpu/clx/dgemm_exp.cl, matmul_fast's code as a user kernel without a verify line)
# at the shipped point.  D3: without the global loads (constants stored) 10% faster, as without
# either half of them, with 226-238 registers against 252: the staging registers, which must
# live as long as the loads' latency.  OpenCL's own global-to-local copy needs none:
# EXP_ASYNC=1 both tiles through async_work_group_copy (B's rows) and
# async_work_group_strided_copy (A's columns, transposed), issued at the tile's start and
# waited for before the barrier; EXP_ASYNC=2 B's only.  Both verified on PoCL at 256^3 with a
# verify line added.  Beside them 16x4 a work-item (236 registers in session 14).  Two rounds.
set -uo pipefail
R=$OUT/s21d4; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,power.limit --format=csv; } >"$R/host.txt" 2>&1
C=$PWD/.gpu/prefix-p/bin/clbench
P="-D TSM=128 -D TSN=128 -D TSK=8 -D WPTM=8 -D WPTN=8 -D VWM=2 -D VWN=2 -D PAD=0 -D EDGE=0 -D KSPLIT=1 -D SCHED=1"
declare -A V=([base]="" [async1]="-DEXP_ASYNC=1" [async2]="-DEXP_ASYNC=2")
for round in 1 2; do
    for v in base async1 async2; do
        $C --kernel-file .gpu/clx/dgemm_exp.cl -k dgemm_exp -d gpu --type double -n 4096 $P \
            --cl-opts "${V[$v]}" --reps 300 --no-peak -f json -o "$R/$v-r$round.json" 2>"$R/$v-r$round.err"
    done
    $C --kernel-file .gpu/clx/dgemm_exp.cl -k dgemm_exp -d gpu --type double -n 4096 ${P/WPTM=8 -D WPTN=8/WPTM=16 -D WPTN=4} \
        --reps 300 --no-peak -f json -o "$R/w16x4-r$round.json" 2>"$R/w16x4-r$round.err"
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
# NVIDIA's PTX of each build, from clbench's program cache: is the copy cp.async?
cache=${XDG_CACHE_HOME:-$HOME/.cache}/clbench
grep -rlc "dgemm_exp" "$cache" 2>/dev/null | while read -r f; do
    echo "$f: $(grep -c 'cp.async' "$f") cp.async, $(grep -c 'ld.global' "$f") ld.global, $(grep -c 'st.shared' "$f") st.shared, $(grep -c 'bar.sync\|barrier.sync' "$f") bar"
done | tee "$R/ptx-counts.txt"
mkdir -p "$R/ptx"; grep -rl "dgemm_exp" "$cache" 2>/dev/null | while read -r f; do cp "$f" "$R/ptx/"; done
tar czf "$OUT/s21d4.tgz" -C "$OUT" s21d4
