#!/usr/bin/env bash
# The value of tuning: matmul_fast at 1024^3 with today's defaults, then a `clbench tune` of
# BUDGET (default 10m), then a plain run that takes the tuned parameters from the database
# (its rows say params_from: tuned).  Writes three run files, the database and a summary with
# the speedup into OUT.
#   bench/tune_value.sh OUT [BUDGET] [DEVICE] [SIZE]
#   bench/tune_value.sh results/epyc-2c-pocl-3.1 10m cpu 1024
set -euo pipefail
out=${1:?usage: bench/tune_value.sh OUT [BUDGET] [DEVICE] [SIZE]}
budget=${2:-10m}
device=${3:-cpu}
size=${4:-1024}
clbench=${CLBENCH:-build/clbench}
mkdir -p "$out"
db="$out/tune-value-$size-tuned.json"
common=(-k matmul_fast -n "$size" -d "$device")

"$clbench" "${common[@]}" --no-tuned --no-peak --reps 10 -o "$out/tune-value-$size-defaults.json"
"$clbench" tune "${common[@]}" --budget "$budget" --tuned "$db" \
    -o "$out/tune-value-$size-search.json"
"$clbench" "${common[@]}" --tuned "$db" --no-peak --reps 10 -o "$out/tune-value-$size-after.json"

python3 - "$out" "$size" "$budget" <<'PY' | tee "$out/tune-value-$size-summary.md"
import json, sys
out, size, budget = sys.argv[1:]
def row(name):
    run = json.load(open(f"{out}/tune-value-{size}-{name}.json"))
    return run, run["rows"][0]
run, before = row("defaults")
_, after = row("after")
search = json.load(open(f"{out}/tune-value-{size}-search.json"))
ok = [r for r in search["rows"] if r["status"] == "ok"]
assert after.get("params_from") == "tuned", after.get("params_from")
p = lambda r: " ".join(f"{k}={v}" for k, v in r["params"].items())
print(f"# matmul_fast at {size}^3: defaults vs a {budget} tune\n")
print(f"device: {run['devices'][0]['name']} ({run['devices'][0]['platform']}, driver "
      f"{run['devices'][0]['driver']}), host {run['host']}, clbench {run['git_commit']}\n")
print("| run | params_from | params | median ms | GFLOP/s |\n| --- | --- | --- | --- | --- |")
for name, r in (("defaults", before), ("after tuning", after)):
    print(f"| {name} | {r['params_from']} | {p(r)} | {r['stats']['median_ms']:.3f} | {r['gflops']:.1f} |")
print(f"\nsearch: {len(search['rows'])} points measured ({len(ok)} ok); "
      f"speedup {after['gflops'] / before['gflops']:.2f}x "
      f"(files tune-value-{size}-defaults/search/after.json)")
PY
