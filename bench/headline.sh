#!/usr/bin/env bash
# bench/headline.sh [-o DIR] [-t TAG] [clbench options...]
#
# Times the main job: `clbench` with no arguments, every kernel on every device found (with
# several devices, at the sizes they share), builds and peak
# measurement included, the verdict at the end.  Target: under 60 s on the GPU host (H100 +
# 16-core Xeon with PoCL) and on the 2-core PoCL machine.  Writes, with STAMP = date and the
# commit the binary was built from:
#   DIR/STAMP-headline[-TAG].json   the run file (clbench -o)
#   DIR/STAMP-headline[-TAG].txt    the command, the wall time in seconds, the host, the devices
#                                   and the table with the verdict, as the run printed them
# DIR defaults to results/headline.  Options after -o/-t go to clbench (e.g. --no-peak, to
# time the rows alone); they are part of the recorded command.
#   CLBENCH   the binary (default: build/clbench beside this script's repository)
# Exit status: clbench's (0 when every row was ok).
set -uo pipefail

clbench=${CLBENCH:-$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/../build/clbench}
outdir=results/headline
tag=
args=()
while [ $# -gt 0 ]; do
    case "$1" in
    -o) outdir=${2:?-o needs a directory}; shift 2 ;;
    -t) tag=-${2:?-t needs a tag}; shift 2 ;;
    -h | --help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;;
    *) args+=("$1"); shift ;;
    esac
done
[ -x "$clbench" ] || { echo "headline.sh: no clbench at $clbench (set CLBENCH)" >&2; exit 2; }
commit=$("$clbench" -k vadd -n 1 --no-peak --reps 1 --warmup 1 --min-time 0 -f json |
    python3 -c 'import json, sys; c = json.load(sys.stdin)["git_commit"]; print(c[:7] + ("-dirty" if c.endswith("-dirty") else ""))') ||
    { echo "headline.sh: clbench found no device" >&2; exit 2; }
mkdir -p "$outdir"
base=$outdir/$(date +%F)-$commit-headline$tag
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT

load_before=$(cut -d' ' -f1-3 /proc/loadavg) # other work on the machine slows the run
start=$(date +%s.%N)
"$clbench" "${args[@]}" -o "$base.json" -f table >"$tmp"
status=$?
end=$(date +%s.%N)
wall=$(python3 -c "print(f'{$end - $start:.1f}')")
{
    echo "command: clbench ${args[*]} -o $base.json -f table"
    echo "wall_s: $wall (target: under 60)"
    echo "exit: $status"
    echo "date: $(date -u +%FT%TZ)"
    echo "load average before: $load_before (1, 5, 15 min)"
    echo "host: $(uname -srm), $(nproc) cores: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2-)"
    "$clbench" --list 2>&1 | grep -E '^  [0-9]+:[0-9]+ '
    echo
    cat "$tmp"
} >"$base.txt"
echo "headline.sh: $wall s, exit $status; $base.json, $base.txt" >&2
exit $status
