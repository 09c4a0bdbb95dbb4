#!/usr/bin/env bash
# GPU host, session 13 call G1 (binary 0945e28): (a) what NVIDIA's compiler spends on each
# matmul program, whole matmul.cl against the one kernel the row needs (a copy of cl/ whose
# matmul.cl guards each kernel with `#if !defined(ONLY) || ONLY == i`, .gpu/cl-only, made by
# results/provenance/2026-11-26-s13-cl-only.py), every
# cache cold (CUDA_CACHE_DISABLE=1, a fresh XDG_CACHE_HOME), one build at a time; (b) the seven
# whole-file programs built together as the main job does; (c) bench/planner_cpu.sh on the
# host's Xeon (PoCL 5.0, AVX-512, 16 cores), 10 timed launches a row.
set -uo pipefail
R=$OUT/g1; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
CB=$PWD/.gpu/prefix/bin/clbench
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv; uptime; nproc; } >"$R/host.txt" 2>&1
i=0
for k in matmul_naive matmul_tiled matmul_regblock matmul_cached matmul_rank1 matmul_fast matmul_cpu; do
    i=$((i + 1))
    for v in whole only; do
        opts=(); [ $v = only ] && opts=(--cl-opts="-DONLY=$i")
        XDG_CACHE_HOME=$(mktemp -d) CUDA_CACHE_DISABLE=1 "$CB" -d gpu -k $k -n 256 --cl-dir .gpu/cl-only \
            "${opts[@]}" --no-peak -f json -o "$R/build-$k-$v.json" >/dev/null 2>>"$R/err.txt"
        python3 -c "import json,sys; r=json.load(open(sys.argv[1]))['rows'][0]; print(sys.argv[2], sys.argv[3], r['status'], round(r['build_ms']))" \
            "$R/build-$k-$v.json" $k $v >>"$R/builds.txt"
    done
done
s=$(date +%s.%N)
XDG_CACHE_HOME=$(mktemp -d) CUDA_CACHE_DISABLE=1 python3 bench/timeline.py -o "$R/together-timeline.txt" -- "$CB" -d gpu \
    -k matmul_naive,matmul_tiled,matmul_regblock,matmul_cached,matmul_rank1,matmul_fast,matmul_cpu -n 256 \
    --no-peak -f json -o "$R/together.json" >/dev/null 2>>"$R/err.txt"
echo "together rc=$? $(python3 -c "print(round($(date +%s.%N)-$s,1))") s" >>"$R/builds.txt"
python3 -c "import json,sys; [print(' ', r['name'], r['status'], round(r['build_ms'])) for r in json.load(open(sys.argv[1]))['rows']]" "$R/together.json" >>"$R/builds.txt"
cat "$R/builds.txt"
s=$(date +%s.%N)
REPS=10 CLBENCH=$CB bench/planner_cpu.sh -o "$R/planner-cpu" -d cpu >"$R/planner-cpu.out" 2>&1
echo "planner_cpu rc=$? $(python3 -c "print(round($(date +%s.%N)-$s,1))") s" >>"$R/builds.txt"
tail -3 "$R/planner-cpu.out"
tar czf "$OUT/g1.tgz" -C "$OUT" g1
