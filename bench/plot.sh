#!/usr/bin/env bash
# bench/plot.sh RUN.json... [-o OUTDIR]
#
# Regenerates every figure that the rows of the given clbench run files allow, as
# OUTDIR/<figure>.svg and .png (OUTDIR defaults to ./plots):
#   bars-<family>                 every variant of a family on every device
#   heatmap-<device>-tile<T>      matmul_regblock GFLOP/s by RX x RY
#   occupancy-<device>            copy_ilp fraction of peak vs local memory per work-group
#   roofline-<device>             each row at its arithmetic intensity under the measured roofs
# OUTDIR/data keeps the extracted data, variables and source files of each figure, so a
# figure can be redrawn by hand.  Figures without rows, and failed rows, are skipped with a
# message on stderr.  Devices are named as `clbench report` names them (its short labels).
#   CLBENCH   the binary (default: build/clbench beside this script's repository)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
outdir=plots
runs=()
while [ $# -gt 0 ]; do
    case "$1" in
    -o)
        [ $# -ge 2 ] || { echo "plot.sh: -o needs a directory" >&2; exit 2; }
        outdir=$2
        shift 2
        ;;
    -h | --help)
        sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"
        exit 0
        ;;
    *)
        runs+=("$1")
        shift
        ;;
    esac
done
[ ${#runs[@]} -gt 0 ] || { echo "usage: bench/plot.sh RUN.json... [-o OUTDIR]" >&2; exit 2; }
command -v gnuplot >/dev/null || { echo "plot.sh: gnuplot not found (apt install gnuplot-nox)" >&2; exit 1; }

clbench=${CLBENCH:-$here/../build/clbench}
[ -x "$clbench" ] || { echo "plot.sh: no clbench at $clbench (set CLBENCH): it names the devices" >&2; exit 2; }

data=$outdir/data
mkdir -p "$data"
"$clbench" report -f json "${runs[@]}" >"$data/report.json"
# The manifest is read after extraction finishes, so that a bad run file stops everything.
manifest=$(python3 "$here/plot/extract.py" --labels "$data/report.json" "$data" "${runs[@]}")
count=0
while read -r script name; do
    [ -n "$script" ] || continue
    for fmt in svg png; do
        gnuplot -e "fmt='$fmt'; out='$outdir/$name.$fmt'; datafile='$data/$name.dat'" \
            "$data/$name.vars.gp" "$here/plot/common.gp" "$here/plot/$script.gp"
    done
    echo "$outdir/$name.svg $outdir/$name.png"
    count=$((count + 1))
done <<<"$manifest"
echo "plot.sh: $count figure(s) in $outdir" >&2
