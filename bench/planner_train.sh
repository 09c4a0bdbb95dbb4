#!/usr/bin/env bash
# The model's first choice against a sweep (docs/tuning.md, "The planner"), in one call of
# under eight minutes on an H100: for each shape, a -D sweep of matmul_fast over the part of its
# space the recorded sweeps found best (64 points, programs shared between shapes), and the
# model's own choice in the same run (--no-tuned).  Per shape: the sweep's best, the model's
# point and its regret (its time over the better of the two, minus one); overall: in how many
# shapes the model's choice is within 5% of the best, and the geometric-mean regret.
#   bench/planner_train.sh -o OUT [-d DEVICE]    (DEVICE default gpu; CLBENCH=path/to/clbench)
# Writes OUT/sweep.json, OUT/model.json (run files) and OUT/train-summary.txt.  The sweep's
# run file is also what bench/shape_model.py fit reads when committed under results/.
set -euo pipefail
source "$(dirname "$0")/planner_lib.sh"
planner_options gpu "$@"
shapes=${SHAPES:-1024,2500,4096x256x4096,8192x8192x256,4096x64x4096}
common=(-d "$device" --min-time "${MIN_TIME:-0.05}" --max-time 2 --no-peak -k matmul_fast)
"$clbench" "${common[@]}" -n "$shapes" -D TSM=64,128 -D TSN=64,128 -D TSK=16 -D WPTM=8,16 \
    -D WPTN=4,8 -D VWM=4 -D VWN=4 -D PAD=0 -D EDGE=0,1 -D KSPLIT=1,4 -D SCHED=0 \
    -f json -o "$out/sweep.json" || true # refused points are rows too; the summary reads ok ones
"$clbench" "${common[@]}" -n "$shapes" --no-tuned -f json -o "$out/model.json" || echo "clbench exited $? (rows that failed are in the run file)" >&2
python3 - "$out/sweep.json" "$out/model.json" <<'PY' | tee "$out/train-summary.txt"
import json, math, sys
sweep = json.load(open(sys.argv[1]))["rows"]
model = {tuple(r["size"]): r for r in json.load(open(sys.argv[2]))["rows"] if r["status"] == "ok"}
best = {}
for r in sweep:
    if r["status"] == "ok":
        s = tuple(r["size"])
        if s not in best or r["stats"]["median_ms"] < best[s]["stats"]["median_ms"]:
            best[s] = r
hits, regrets = 0, []
for s in sorted(best):
    if s not in model:
        print(f"{'x'.join(map(str, s))}: the model's row failed")
        continue
    b, m = best[s]["stats"]["median_ms"], model[s]["stats"]["median_ms"]
    regret = m / min(b, m) - 1
    regrets.append(regret)
    hits += regret <= 0.05
    fmt = lambda p: " ".join(f"{k}={v}" for k, v in p.items() if k != "PAD")
    print(f"{'x'.join(map(str, s)):>16}: sweep best {b:.4g} ms ({fmt(best[s]['params'])}); "
          f"model {m:.4g} ms ({fmt(model[s]['params'])}): regret {100 * regret:.1f}%")
if regrets:
    gm = math.exp(sum(math.log(1 + r) for r in regrets) / len(regrets)) - 1
    print(f"model's first choice within 5% of the sweep's best in {hits} of {len(regrets)} "
          f"shapes; geometric-mean regret {100 * gm:.1f}%, worst {100 * max(regrets):.1f}%")
PY
