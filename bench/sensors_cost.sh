#!/usr/bin/env bash
# bench/sensors_cost.sh [-d SEL] [-k KERNELS] [-n SIZES] [-R ROUNDS] [-o DIR] [clbench options...]
#
# What reading the device's state costs the rows it is read for (README, "Device state and
# energy"): the same rows run with the sensors (a sampler thread over each row's timed launches,
# the energy counter before and after) and with --no-sensors, ROUNDS times each, alternating
# which goes first, and the median times compared row by row:
#   ratio = median with sensors / median without, per row and round
# Prints each row's ratios, then, as its last line, the geometric mean over rows and rounds
# with the without/without spread of consecutive rounds' "off" runs beside it: the cost is
# invisible when the mean is within that spread of 1, and the seconds the script took.  By
# default six clbench calls of three rows of 1 s or more each.
#   -d SEL      devices (default gpu)          -k KERNELS  (default vadd,copy,matmul_tiled)
#   -n SIZES    sizes (default: each kernel's) -R ROUNDS   rounds (default 3)
#   -o DIR      keep the run files in DIR (default: a temporary folder, removed)
# Other options go to every clbench call; --min-time 1 makes each row long enough for its
# energy to come from the counter (10 of NVML's 100-ms updates) in the runs with sensors.
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
SECONDS=0
for ((r = 0; r < rounds; r++)); do
    order=(on off)
    ((r % 2 == 1)) && order=(off on)
    for mode in "${order[@]}"; do
        extra=()
        [ "$mode" = off ] && extra=(--no-sensors)
        start=$SECONDS
        "$clbench" "${args[@]}" "${extra[@]}" -o "$dir/$mode-$r.json" >/dev/null || status=1
        echo "round $((r + 1))/$rounds: sensors $mode: $((SECONDS - start)) s" >&2
    done
done

python3 - "$dir" "$rounds" "$SECONDS" <<'PY' || status=1
import json, math, sys

folder, rounds, seconds = sys.argv[1], int(sys.argv[2]), sys.argv[3]

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
spread = (f"; off/off between rounds: median |change| "
          f"{math.exp(sorted(noise)[len(noise) // 2]) - 1:.2%}, largest "
          f"{math.exp(max(noise)) - 1:.2%}" if noise else "")
print(f"\nsensors on/off: {mean:.4f} (geometric mean of {len(logs)} ratios, {len(keys)} rows x "
      f"{rounds} rounds, from {math.exp(min(logs)):.4f} to {math.exp(max(logs)):.4f}{spread}; "
      f"{seconds} s)")
PY
exit $status
