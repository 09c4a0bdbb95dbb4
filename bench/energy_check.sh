#!/usr/bin/env bash
# bench/energy_check.sh [-d SEL] [-k KERNELS] [-n SIZES] [-o DIR] [clbench options...]
#
# A row's energy both ways, on the same rows (docs/measurement.md, "Device state and energy"):
# once at the rows' own length (--min-time 0.2: on an H100, whose energy counter moves every
# 100 ms, a 0.2-s row integrates the power readings, source nvml-power) and once lengthened to
# 10 updates of the counter (--energy-window 10: source nvml, within 10%).  Prints per row both
# sources, errors and mean power over the window (joules over window_ms: what the two methods
# must agree on, whatever the noise in the rows' times) and their ratio, and the lengthened
# row's power readings integrated over its own window (power_joules) beside its counter; then
# the geometric means of both ratios and how many rows agree within the two errors.
#   -d SEL      devices (default gpu)     -k KERNELS  (default vadd,copy,transpose_tiled,matmul_tiled)
#   -n SIZES    sizes (default: each kernel's)
#   -o DIR      keep the run files in DIR (default: a temporary folder, removed)
#   CLBENCH   the binary (default: build/clbench beside this script's repository)
# Exit status: 0 when both runs succeeded and every row has energy both ways, 1 otherwise.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
clbench=${CLBENCH:-$here/../build/clbench}
select=gpu kernels=vadd,copy,transpose_tiled,matmul_tiled sizes="" dir=""
while getopts "d:k:n:o:" opt; do
    case $opt in
    d) select=$OPTARG ;;
    k) kernels=$OPTARG ;;
    n) sizes=$OPTARG ;;
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
args=(-d "$select" -k "$kernels" --no-peak)
[ -n "$sizes" ] && args+=(-n "$sizes")
args+=("$@")

status=0
SECONDS=0
"$clbench" "${args[@]}" --min-time 0.2 -o "$dir/short.json" >/dev/null || status=1
"$clbench" "${args[@]}" --min-time 0.2 --energy-window 10 -o "$dir/counter.json" >/dev/null ||
    status=1
python3 - "$dir" "$SECONDS" <<'PY' || status=1
import json, math, sys

folder, seconds = sys.argv[1], sys.argv[2]

def rows(path):
    run = json.load(open(path))
    names = {d["id"]: d["name"] for d in run["devices"]}
    return {(names[r["device"]], r["kernel"], "x".join(map(str, r["size"]))): r
            for r in run["rows"] if r["status"] == "ok"}

def watts(e):
    return e["joules"] / (e["window_ms"] * 1e-3)

def show(e):
    err = "approx" if e.get("approximate") else "%.2g%%" % e.get("error_pct", 0)
    return "%-10s %6s %8.4g W" % (e["source"], err, watts(e))

short, counter = rows(folder + "/short.json"), rows(folder + "/counter.json")
logs, agree, missing = [], 0, 0
print("%-24s %-16s %-10s %-28s %-28s %-6s %s" % ("device", "kernel", "size",
      "own length: source err W", "--energy-window 10", "ratio", "readings W, same window: ratio"))
same = []
for k in sorted(set(short) & set(counter)):
    a, b = short[k].get("energy"), counter[k].get("energy")
    if a is None or b is None:
        missing += 1
        print("%-24s %-16s %-10s no energy: %s" % (k[0][:24], k[1][:16], k[2][:10],
              short[k].get("energy_absent") or counter[k].get("energy_absent")))
        continue
    ratio = watts(a) / watts(b)
    logs.append(math.log(ratio))
    bound = (a.get("error_pct", 0) + b.get("error_pct", 0)) / 100
    agree += not a.get("approximate") and abs(ratio - 1) <= bound
    # The readings over the long row's own window, beside its counter: a disagreement here is
    # the sensors', not the row length's.
    beside = ""
    if b.get("power_joules"):
        w = b["power_joules"] / (b["window_ms"] * 1e-3)
        same.append(math.log(w / watts(b)))
        beside = "%8.4g W: %.3f" % (w, w / watts(b))
    print("%-24s %-16s %-10s %-28s %-28s %-6.3f %s" % (k[0][:24], k[1][:16], k[2][:10], show(a),
                                                      show(b), ratio, beside))
if not logs:
    sys.exit("no row has energy both ways")
print("\npower own length / counter: %.3f (geometric mean of %d rows, from %.3f to %.3f; %d of "
      "them within the two errors; %d without energy; %s s)"
      % (math.exp(sum(logs) / len(logs)), len(logs), math.exp(min(logs)), math.exp(max(logs)),
         agree, missing, seconds))
if same:
    print("power readings / counter over the same windows: %.3f (geometric mean of %d rows, "
          "from %.3f to %.3f)" % (math.exp(sum(same) / len(same)), len(same),
                                  math.exp(min(same)), math.exp(max(same))))
sys.exit(1 if missing else 0)
PY
exit $status
