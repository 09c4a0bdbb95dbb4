#!/usr/bin/env bash
# GPU host, session 9 call G7 (issue 21's "every kernel of cl/ builds with an empty build log",
# after this session's change of matmul_cpu's edge path): tests/cli/build_warnings.sh's runs on
# NVIDIA's OpenCL and the host's PoCL 5.0 (AVX-512 Xeon), drivers' caches off; then matmul_cpu
# at sizes with edge blocks in M and N on both.  Binary c4570db (.gpu/prefix-h).
set -uo pipefail
R=$OUT/r7; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh
export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:/usr/local/cuda/lib64
export PATH=$PWD/.gpu/prefix-h/bin:$PATH
export POCL_KERNEL_CACHE=0 CUDA_CACHE_DISABLE=1
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; clbench --list 2>&1 | head -30; } >"$R/host.txt" 2>&1
t() { local name=$1; shift; local s; s=$(date +%s); "$@" >"$R/$name.txt" 2>&1; echo "$name rc=$? wall_s=$(( $(date +%s) - s )): $*" >>"$R/times.txt"; }
ALL=(-d all --no-cache --verify-max 64 --no-peak --reps 2 --warmup 1 --min-time 0)
kernels=$(clbench --list-kernels 2>/dev/null | sed -n 's/^  \([A-Za-z_][A-Za-z0-9_]*\) .*/\1/p' | grep -Ev '^[sd]gemm_' | paste -sd,)
t defaults clbench "${ALL[@]}" -k "$kernels" -n 67 -o "$R/defaults.json"
t vadd clbench "${ALL[@]}" -k vadd -D NT=0 -n 67 -o "$R/vadd.json"
t copy clbench "${ALL[@]}" -k copy_ilp -D NT=0 -n 67 -o "$R/copy.json"
t fast clbench "${ALL[@]}" -k matmul_fast -D PAD=0 -n 67x45x31 -o "$R/fast.json"
t cpu clbench "${ALL[@]}" -k matmul_cpu -D WGM=4 -n 67x45x31 -o "$R/cpu.json"
for f in cl/examples/*.cl; do
  n=$(basename "$f" .cl)
  t example-$n clbench "${ALL[@]}" --kernel-file "$f" -n 67 -o "$R/example-$n.json"
done
t matmul-cpu-edges clbench -d all --no-peak -k matmul_cpu -n 1000,333x97x45,1024 -o "$R/matmul-cpu-edges.json"
python3 - "$R"/*.json >"$R/check.txt" 2>&1 <<'PY'
import json, sys
bad = rows = 0
for f in sys.argv[1:]:
    for r in json.load(open(f))["rows"]:
        rows += 1
        w = r.get("build_warnings", "")
        st = r["status"]
        wrong = "wrong" in r["kernel"]
        if w or (st not in ("ok", "unverified") and not (wrong and st == "verify_failed")):
            bad += 1
            print(f.split("/")[-1], r["device"], r["kernel"], st, r.get("reason", "")[:200], "WARN:" + w[:300])
print(f"{rows} rows, {bad} with a warning or a failure")
PY
cat "$R/times.txt" "$R/check.txt"
tar czf "$OUT/gpu-g7.tgz" -C "$OUT" r7
