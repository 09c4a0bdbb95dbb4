#!/usr/bin/env bash
# bench/sensors_cost.sh [-d SEL] [-k KERNELS] [-n SIZES] [-R ROUNDS] [-o DIR] [clbench options...]
#
# What reading the device's state costs the rows it is read for (README, "Device state and
# energy"): the same rows run with the sensors (a sampler thread over each row's timed launches,
# the energy counter before and after) and with --no-sensors, ROUNDS times each, alternating
# which goes first, and the median times compared row by row:
#   ratio = median with sensors / median without, per row and round
# Prints each row's ratios and the geometric mean over rows and rounds; the cost is invisible
# when that mean is within the rounds' own spread of 1 (the without/without spread is printed
# beside it from the "off" runs of consecutive rounds).
#   -d SEL      devices (default gpu)          -k KERNELS  (default vadd,copy,matmul_tiled)
#   -n SIZES    sizes (default: each kernel's) -R ROUNDS   rounds (default 3)
#   -o DIR      keep the run files in DIR (default: a temporary folder, removed)
# Other options go to every clbench call; the default --min-time 1 gives every row the same
# length whether or not an energy counter asks for a longer one.
#   CLBENCH   the binary (default: build/clbench beside this script's repository)
# Exit status: 0 when every run succeeded, 1 otherwise.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
clbench=${CLBENCH:-$here/../build/clbench}
select=gpu kernels=vadd,copy,matmul_tiled sizes="" rounds=3 dir=""
while getopts "d:k:n:R:o:" opt; do
    case $opt in
    d) select=$OPTARG ;;
    k) kernels=$OPTARG ;;
    n) sizes=$OPTARG ;;
    R) rounds=$OPTARG ;;
    o) dir=$OPTARG ;;
    *) exit 2 ;;
    esac
done
shift $((OPTIND - 1))
if [ -z "$dir" ]; then
    dir=$(mktemp -d)
    trap 'rm -rf "$dir"' EXIT
fi
mkdir -p "$dir" || exit 1
args=(-d "$select" -k "$kernels" --min-time 1 --no-peak)
[ -n "$sizes" ] && args+=(-n "$sizes")
args+=("$@")

status=0
for ((r = 0; r < rounds; r++)); do
    order=(on off)
    ((r % 2 == 1)) && order=(off on)
    for mode in "${order[@]}"; do
        extra=()
        [ "$mode" = off ] && extra=(--no-sensors)
        echo "round $((r + 1))/$rounds: sensors $mode" >&2
        "$clbench" "${args[@]}" "${extra[@]}" -o "$dir/$mode-$r.json" >/dev/null || status=1
    done
done

python3 - "$dir" "$rounds" <<'PY' || status=1
import json, math, sys

folder, rounds = sys.argv[1], int(sys.argv[2])

def medians(path):
    run = json.load(open(path))
    names = {d["id"]: d["name"] for d in run["devices"]}
    out = {}
    for row in run["rows"]:
        if row["status"] != "ok":
            continue
        key = (names[row["device"]], row["kernel"], "x".join(map(str, row["size"])),
               " ".join(f"{k}={v}" for k, v in sorted(row["params"].items())))
        out[key] = (row["stats"]["median_ms"], row.get("device_state", {}).get("samples", 0))
    return out

on = [medians(f"{folder}/on-{r}.json") for r in range(rounds)]
off = [medians(f"{folder}/off-{r}.json") for r in range(rounds)]
keys = sorted(set.intersection(*(set(m) for m in on + off)))
if not keys:
    sys.exit("no row ran ok in every run")
logs, noise = [], []
print(f"{'device':<28} {'kernel':<16} {'size':<16} samples  with/without per round")
for k in keys:
    ratios = [on[r][k][0] / off[r][k][0] for r in range(rounds)]
    logs += [math.log(x) for x in ratios]
    noise += [abs(math.log(off[r][k][0] / off[r - 1][k][0])) for r in range(1, rounds)]
    print(f"{k[0][:28]:<28} {k[1][:16]:<16} {k[2][:16]:<16} {on[0][k][1]:>7}  "
          + "  ".join(f"{x:.4f}" for x in ratios))
mean = math.exp(sum(logs) / len(logs))
print(f"\nsensors on / off: {mean:.4f} (geometric mean of {len(logs)} ratios: "
      f"{len(keys)} rows x {rounds} rounds; from {math.exp(min(logs)):.4f} to "
      f"{math.exp(max(logs)):.4f})")
if noise:
    print(f"off / off between rounds: typical |change| {math.exp(sorted(noise)[len(noise) // 2]) - 1:.2%}"
          f" (median), largest {math.exp(max(noise)) - 1:.2%}")
PY
exit $status
