#!/usr/bin/env bash
# bench/isolation.sh [-o DIR] [-n ROUNDS] [clbench options...]
#
# What the supervised worker processes cost the main job (`clbench` with no arguments, as
# bench/headline.sh times it): the same binary run with its rows inside the clbench process
# (CLBENCH_WORKERS=0, the diagnostic switch docs/isolation.md, "Isolation" documents) and in workers (the
# default), alternately, ROUNDS times each (default 3) after one untimed run that warms the
# caches (clbench's peaks and programs, the driver's kernel cache), so that both modes start
# warm and share the machine's load alike.  Target (issue 18): the workers' median wall time
# within 5% of the in-process one.  Writes, with STAMP = date and the binary's commit:
#   DIR/STAMP-isolation.txt                 command, every wall time, medians, the ratio, the
#                                           host, the devices and drivers, load before
#   DIR/STAMP-isolation-{inproc,workers}.json  the last run file of each mode
# DIR defaults to results/isolation.
#   CLBENCH   the binary (default: build/clbench beside this script's repository)
# Exit status: 0 within 5%, 1 not, 2 a run failed to start.
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
clbench=${CLBENCH:-$root/build/clbench}
outdir=results/isolation
rounds=3
args=()
while [ $# -gt 0 ]; do
    case "$1" in
    -o) outdir=${2:?-o needs a directory}; shift 2 ;;
    -n) rounds=${2:?-n needs a number}; shift 2 ;;
    -h | --help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;;
    *) args+=("$1"); shift ;;
    esac
done
[ -x "$clbench" ] || { echo "isolation.sh: no clbench at $clbench (set CLBENCH)" >&2; exit 2; }
commit=$("$clbench" -k vadd -n 1 --no-peak --reps 1 --warmup 1 --min-time 0 -f json |
    python3 -c 'import json, sys; c = json.load(sys.stdin)["git_commit"]; print(c[:7] + ("-dirty" if c.endswith("-dirty") else ""))') ||
    { echo "isolation.sh: clbench found no device" >&2; exit 2; }
mkdir -p "$outdir"
base=$outdir/$(date +%F)-$commit-isolation
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# one MODE: runs the main job once; prints its wall time in seconds.
one() {
    local mode=$1 workers=1 start end
    [ "$mode" = inproc ] && workers=0
    start=$(date +%s.%N)
    CLBENCH_WORKERS=$workers "$clbench" "${args[@]}" -o "$tmp/$mode.json" -f table \
        >"$tmp/$mode.txt" 2>"$tmp/$mode.err"
    local rc=$?
    end=$(date +%s.%N)
    [ $rc -le 1 ] || { echo "isolation.sh: clbench ($mode) exited $rc" >&2; cat "$tmp/$mode.err" >&2; exit 2; }
    python3 -c "print(f'{$end - $start:.2f}')"
}

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
one workers >/dev/null # warms every cache; not counted
inproc=() workers=()
for ((i = 0; i < rounds; i++)); do
    # Alternating which goes first keeps a trend in the machine's load out of the ratio.
    if ((i % 2 == 0)); then
        inproc+=("$(one inproc)")
        workers+=("$(one workers)")
    else
        workers+=("$(one workers)")
        inproc+=("$(one inproc)")
    fi
done
cp "$tmp/inproc.json" "$base-inproc.json"
cp "$tmp/workers.json" "$base-workers.json"
verdict=$(python3 - "${inproc[*]}" "${workers[*]}" <<'PY'
import statistics, sys
a = [float(x) for x in sys.argv[1].split()]
b = [float(x) for x in sys.argv[2].split()]
ma, mb = statistics.median(a), statistics.median(b)
print(f"median in-process {ma:.2f} s, workers {mb:.2f} s: ratio {mb / ma:.3f} "
      f"({'within' if mb <= 1.05 * ma else 'NOT within'} 5%)")
PY
)
{
    echo "command: clbench ${args[*]} -o FILE -f table  (CLBENCH_WORKERS=0 vs default)"
    echo "binary: $clbench ($commit)"
    echo "date: $(date -u +%FT%TZ)"
    echo "load average before: $load_before (1, 5, 15 min)"
    echo "host: $(uname -srm), $(nproc) cores: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2-)"
    "$clbench" --list 2>&1 | grep -E '^  [0-9]+:[0-9]+ '
    echo "in-process wall s: ${inproc[*]}"
    echo "workers wall s:    ${workers[*]}"
    echo "$verdict"
} | tee "$base.txt"
case $verdict in *"NOT within"*) exit 1 ;; esac
exit 0
