# shellcheck shell=bash disable=SC2034  # stamp, devices, status, smoke: for the sourcing script
# bench/ladder_lib.sh -- what the bench scripts that write one run file per step share: their
# options, the devices a selection picks, and the stamp in their run files' names.  Sourced;
# the script's header comment is its --help.

ladder_name=$(basename "$0")
clbench=${CLBENCH:-$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/../build/clbench}
outdir=results
select=all
args=()

status=0

# ladder_options "$@": -o DIR, -d SEL and -h; every other option goes to each clbench call.
ladder_options() {
    while [ $# -gt 0 ]; do
        case "$1" in
        -o) outdir=${2:?-o needs a directory}; shift 2 ;;
        -d | --device) select=${2:?$1 needs a selection}; shift 2 ;;
        --device=*) select=${1#--device=}; shift ;;
        -h | --help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;;
        *) args+=("$1"); shift ;;
        esac
    done
    [ -x "$clbench" ] || { echo "$ladder_name: no clbench at $clbench (set CLBENCH)" >&2; exit 2; }
}

# ladder_smoke_options "$@": ladder_options for a script whose own -n is its smoke switch (a
# check of the script at small sizes, not clbench's -n SIZES): sets `smoke` to 1 where -n is
# among the arguments, else 0, and gives ladder_options the others.
ladder_smoke_options() {
    local a rest=()
    smoke=0
    for a in "$@"; do
        if [ "$a" = -n ]; then smoke=1; else rest+=("$a"); fi
    done
    ladder_options "${rest[@]}"
}

# ladder_cuda_libs: CUDA's libraries (CUDA_LIB, default /usr/local/cuda/lib64), which cuBLAS's
# rows load at run time, on LD_LIBRARY_PATH.  Appended: that folder holds a libOpenCL.so.1 of
# its own, which must not shadow the ICD loader the environment chose (it reads only
# /etc/OpenCL/vendors).
ladder_cuda_libs() {
    local cuda_lib=${CUDA_LIB:-/usr/local/cuda/lib64}
    [ ! -d "$cuda_lib" ] || export LD_LIBRARY_PATH="${LD_LIBRARY_PATH:+$LD_LIBRARY_PATH:}$cuda_lib"
}

# ladder_gpu_devices: ladder_devices for the GPUs, or none (said once) where there is no GPU.
ladder_gpu_devices() {
    select=gpu
    devices=
    if "$clbench" -d gpu -k vadd -n 1 --no-peak --reps 1 --warmup 1 --min-time 0 -f csv &>/dev/null; then
        ladder_devices
    else
        echo "$ladder_name: no GPU device: only the CPU steps run" >&2
    fi
}

# ladder_devices: sets `devices` to one "id slug" line per device that SEL selects, as the
# binary itself resolves it, and `stamp` to today's date and the commit the binary was built
# from (not the checkout's: the binary may have been built elsewhere).
ladder_devices() {
    local found
    found=$("$clbench" -d "$select" -k vadd -n 1 --no-peak --reps 1 --warmup 1 --min-time 0 \
        -f json | python3 -c '
import json, re, sys
run = json.load(sys.stdin)
print(run["git_commit"][:7] + ("-dirty" if run["git_commit"].endswith("-dirty") else ""))
for d in run["devices"]:
    print(d["id"], re.sub(r"[^a-z0-9]+", "-", d["name"].lower()).strip("-"))') ||
        { echo "$ladder_name: no device matches '$select'" >&2; exit 2; }
    stamp=$(date +%F)-$(head -n 1 <<<"$found")
    devices=$(tail -n +2 <<<"$found")
}

# ladder_step ID SLUG FAMILY TAG clbench-arguments...: one step on device ID (a line of
# `devices`): one run file, OUTDIR/SLUG/<stamp>-FAMILY-TAG.json; the options given to the
# script come last, so they win.  A row that is not ok sets status to 1.  LADDER_SMOKE=1 (the
# tests) gives each `-D NAME=LIST` of the step its first value only: every step still runs
# each of its kernels, without building the whole sweep.
ladder_step() {
    local id=$1 slug=$2 dir=$outdir/$2 file=$outdir/$2/$stamp-$3-$4.json a prev='' firsts=()
    shift 4
    if [ "${LADDER_SMOKE:-0}" = 1 ]; then
        for a in "$@"; do
            [ "$prev" = -D ] && a=${a%%,*}
            firsts+=("$a")
            prev=$a
        done
        set -- "${firsts[@]}"
    fi
    mkdir -p "$dir"
    echo "== $slug: $*" >&2
    "$clbench" -d "$id" "$@" "${args[@]}" -f json -o "$file" || status=1
    [ -f "$file" ] && echo "wrote $file" >&2
}
