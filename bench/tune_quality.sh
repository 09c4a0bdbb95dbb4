#!/usr/bin/env bash
# Search quality: sweeps a space exhaustively once, then runs the tuner with a budget of 10%
# of the measurable points, for each strategy and three seeds, and reports how close each
# tuner's choice comes to the exhaustive best.  The choice is scored with the exhaustive
# sweep's own measurement of that point, so that the ratio measures the search and not the
# noise between two runs (the tuner's own figure is printed beside it).
#   bench/tune_quality.sh OUT [DEVICE] [SIZE] [KERNEL] [STRATEGIES]
#   bench/tune_quality.sh results/epyc-2c-pocl-3.1 cpu 256 matmul_regblock "climb anneal random"
# On the H100: bench/tune_quality.sh results/nvidia-h100-80gb-hbm3 gpu 2048
# DEFINES restricts the space, e.g. DEFINES="-D TILE=1,2,4,8,16,32" on PoCL 3.1, whose pthread
# device crashes (SIGSEGV inside the kernel) on matmul_regblock's 64x64 work-groups.
# REPS (default 15) timed launches per point: on a shared machine fewer make the sweep's best
# a lucky sample.  A killed sweep resumes: RESUME=OUT/...-exhaustive.json.journal bench/tune_quality.sh ...
set -euo pipefail
out=${1:?usage: bench/tune_quality.sh OUT [DEVICE] [SIZE] [KERNEL] [STRATEGIES]}
device=${2:-cpu}
size=${3:-256}
kernel=${4:-matmul_regblock}
strategies=${5:-climb anneal random}
seeds=${SEEDS:-1 2 3}
clbench=${CLBENCH:-build/clbench}
mkdir -p "$out"
base="$out/tune-quality-$kernel-$size"
# shellcheck disable=SC2206 # DEFINES is a list of words
common=(-k "$kernel" -n "$size" -d "$device" --reps "${REPS:-15}" ${DEFINES:-})
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

[ -f "$base-exhaustive.json" ] ||
    "$clbench" tune "${common[@]}" --strategy exhaustive --budget 1000000 \
        --tuned "$scratch/db.json" -o "$base-exhaustive.json" ${RESUME:+--resume "$RESUME"}
budget=$(python3 -c '
import json, sys
rows = json.load(open(sys.argv[1]))["rows"]
print(max(1, len(rows) // 10))' "$base-exhaustive.json")
for s in $strategies; do
    for seed in $seeds; do
        "$clbench" tune "${common[@]}" --strategy "$s" --seed "$seed" --budget "$budget" \
            --tuned "$scratch/db.json" -o "$base-$s-seed$seed.json"
    done
done

python3 - "$base" "$budget" "$strategies" "$seeds" <<'PY' | tee "$base-summary.md"
import json, sys
base, budget, strategies, seeds = sys.argv[1], int(sys.argv[2]), sys.argv[3].split(), sys.argv[4].split()
key = lambda r: tuple(sorted(r["params"].items()))
ex = json.load(open(f"{base}-exhaustive.json"))
rate = {key(r): r["gflops"] for r in ex["rows"] if r["status"] == "ok"}
best = max(rate, key=rate.get)
d = ex["devices"][0]
print(f"# Search quality: {ex['rows'][0]['kernel']} at {'x'.join(map(str, ex['rows'][0]['size']))}\n")
print(f"device {d['name']} ({d['platform']}, driver {d['driver']}), host {ex['host']}, "
      f"clbench {ex['git_commit']}, {ex['date']}\n")
print(f"exhaustive: {len(ex['rows'])} points measured ({len(rate)} ok), best "
      f"{' '.join(f'{k}={v}' for k, v in best)} at {rate[best]:.2f} GFLOP/s; "
      f"tuner budget {budget} points ({100 * budget / len(ex['rows']):.1f}%)\n")
print("| strategy | seed | measured | chosen point | its GFLOP/s in the sweep | ratio | tuner's own GFLOP/s |")
print("| --- | --- | --- | --- | --- | --- | --- |")
worst = {}
for s in strategies:
    for seed in seeds:
        rows = json.load(open(f"{base}-{s}-seed{seed}.json"))["rows"]
        ok = [r for r in rows if r["status"] == "ok"]
        pick = max(ok, key=lambda r: r["gflops"])
        ratio = rate.get(key(pick), 0) / rate[best]
        worst[s] = min(worst.get(s, 9), ratio)
        print(f"| {s} | {seed} | {len(rows)} | {' '.join(f'{k}={v}' for k, v in key(pick))} | "
              f"{rate.get(key(pick), 0):.2f} | {ratio:.3f} | {pick['gflops']:.2f} |")
print()
for s in strategies:
    print(f"- {s}: worst of {len(seeds)} seeds {worst[s]:.3f} of the exhaustive best "
          f"({'meets' if worst[s] >= 0.95 else 'misses'} the 95% target)")
PY
