#!/usr/bin/env bash
# bench/gpu_host_acceptance.sh [-o DIR] [-n N] [--cuda DIR] [--no-gpu] [--no-etc] [-- ARGS...]
# bench/gpu_host_acceptance.sh --check [--no-gpu] RUN.json...
#
# The GPU host's acceptance: the main job (`clbench` with no kernel arguments, -o a run file)
# and the literal use (`clbench -d gpu -k matmul_tiled`) in every environment a GPU host
# gives a user, after bench/gpu_host_env.sh is sourced (or with OCL_ICD_VENDORS and
# LD_LIBRARY_PATH set as it sets them):
#   cuda-first   CUDA's lib64 (NVIDIA's libOpenCL.so.1 in it) first on LD_LIBRARY_PATH
#   cuda-last    CUDA's lib64 last on LD_LIBRARY_PATH
#   vendors      the drivers registered in a folder named by OCL_ICD_VENDORS
#   etc          the same .icd files in /etc/OpenCL/vendors, OCL_ICD_VENDORS unset (only where
#                that folder is writable; the files added or replaced are restored at exit)
#   filenames    the same libraries through OCL_ICD_FILENAMES, OCL_ICD_VENDORS an empty folder
#                (skipped, with a line, where the ICD loader does not read OCL_ICD_FILENAMES:
#                Debian 12's ocl-icd 2.3.1); filenames-cuda: the same with CUDA's lib64 first,
#                where it holds a libOpenCL.so.1
# Every row of every run file must be ok or unavailable, and each run must have a GPU row.
# Writes, under DIR (default results/gpu-host-acceptance/STAMP, STAMP = date and commit):
#   ENV/list.txt             `clbench --list` in that environment
#   ENV/main-I.json          the main job's run files, I = 1..N
#   ENV/gpu-matmul_tiled.json
#   summary.txt              per run: environment, command, exit status, wall seconds, verdict
# Options:
#   -n N        run the main job N times in each environment (the soak: -n 10)
#   --cuda DIR  CUDA's library folder (default /usr/local/cuda/lib64); the CUDA environments
#               are skipped, with a line, where it is missing
#   --no-gpu    a machine without a GPU: no GPU row is required, the -d gpu runs are skipped
#   --no-etc    leave /etc/OpenCL/vendors alone even where it is writable
#   -- ARGS     given to every clbench call (e.g. --no-peak); part of the recorded commands
#   --check     only check the run files given: exit 1 when a row is neither ok nor
#               unavailable, or (without --no-gpu) a file has no GPU row
#   CLBENCH     the binary (default: build/clbench beside this script's repository)
# Exit status: 0 every run passed, 1 a run failed its check, 2 bad usage.
set -uo pipefail

clbench=${CLBENCH:-$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/../build/clbench}
name=gpu_host_acceptance.sh
outdir=
repeats=1
cuda=/usr/local/cuda/lib64
need_gpu=1
use_etc=1
check_only=0
args=()
files=()

usage() { echo "$name: $1 (try --help)" >&2; exit 2; }
while [ $# -gt 0 ]; do
    case "$1" in
    -o) [ $# -ge 2 ] || usage "-o needs a directory"; outdir=$2; shift 2 ;;
    -n)
        [ $# -ge 2 ] && [[ $2 =~ ^[1-9][0-9]*$ ]] || usage "-n needs a count of 1 or more"
        repeats=$2; shift 2 ;;
    --cuda) [ $# -ge 2 ] || usage "--cuda needs a folder"; cuda=$2; shift 2 ;;
    --no-gpu) need_gpu=0; shift ;;
    --no-etc) use_etc=0; shift ;;
    --check) check_only=1; shift ;;
    --) shift; args=("$@"); break ;;
    -h | --help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;;
    -*) usage "unknown option '$1'" ;;
    *) [ "$check_only" = 1 ] || usage "unexpected argument '$1'"; files+=("$1"); shift ;;
    esac
done

# check RUN.json...: prints each row that is neither ok nor unavailable and each file without
# a GPU row (where one is needed); exit 1 when there is any.
check() {
    python3 - "$need_gpu" "$@" <<'PY'
import json, sys
need_gpu, bad = sys.argv[1] == "1", 0
for path in sys.argv[2:]:
    try:
        run = json.load(open(path))
        types = {d["id"]: d["type"] for d in run["devices"]}
        rows = run["rows"]
    except (OSError, ValueError, KeyError, TypeError) as e:
        print(f"{path}: not a clbench run file ({e})")
        bad += 1
        continue
    for r in rows:
        if r.get("status") not in ("ok", "unavailable"):
            print(f"{path}: {r.get('device')} {r.get('kernel')} {r.get('size')}: "
                  f"{r.get('status')}: {r.get('reason')}")
            bad += 1
    if need_gpu and not any(types.get(r.get("device")) == "gpu" for r in rows):
        print(f"{path}: no GPU row (devices: {', '.join(sorted(set(types.values()))) or 'none'})")
        bad += 1
sys.exit(1 if bad else 0)
PY
}

if [ "$check_only" = 1 ]; then
    [ ${#files[@]} -gt 0 ] || usage "--check needs run files"
    check "${files[@]}"
    exit $?
fi
[ -x "$clbench" ] || { echo "$name: no clbench at $clbench (set CLBENCH)" >&2; exit 2; }
commit=$("$clbench" -k vadd -n 1 --no-peak --reps 1 --warmup 1 --min-time 0 -f json 2>/dev/null |
    python3 -c 'import json, sys; c = json.load(sys.stdin)["git_commit"]; print(c[:7] + ("-dirty" if c.endswith("-dirty") else ""))') ||
    commit=unknown
outdir=${outdir:-results/gpu-host-acceptance/$(date +%F)-$commit}
mkdir -p "$outdir" || exit 2
summary=$outdir/summary.txt
tmp=$(mktemp -d)
etc_backup=
restore_etc() {
    if [ -n "$etc_backup" ]; then
        for f in "$tmp/etc-added"/*.icd; do
            [ -e "$f" ] && rm -f "/etc/OpenCL/vendors/$(basename "$f")"
        done
        cp -p "$etc_backup"/*.icd /etc/OpenCL/vendors/ 2>/dev/null
        etc_backup=
    fi
}
trap 'restore_etc; rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

vendors=${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}
{
    echo "date: $(date -u +%FT%TZ)"
    echo "commit: $commit"
    echo "host: $(uname -srm), $(nproc) cores: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2-)"
    echo "LD_LIBRARY_PATH: ${LD_LIBRARY_PATH:-}"
    echo "OCL_ICD_VENDORS: ${OCL_ICD_VENDORS:-} (registrations: $(for f in "$vendors"/*.icd; do echo "$(head -n 1 "$f")"; done | paste -sd' '))"
    echo "clbench arguments for every run: ${args[*]}"
    echo
} >"$summary"
failed=0

# one ENV CMD...: runs clbench (CMD: its arguments) in the environment ENV's variables set by
# the caller, records the wall time, exit status and verdict.
one() {
    local env=$1 file=$2 start end wall rc verdict
    shift 2
    start=$(date +%s.%N)
    "$clbench" "$@" "${args[@]}" -o "$file" >"${file%.json}.txt" 2>"${file%.json}.err"
    rc=$?
    end=$(date +%s.%N)
    wall=$(python3 -c "print(f'{$end - $start:.1f}')")
    if [ ! -s "$file" ]; then
        verdict="FAILED: no run file ($(tail -n 1 "${file%.json}.err"))"
    elif check "$file" >"${file%.json}.check"; then
        verdict=ok
    else
        verdict="FAILED: $(head -n 1 "${file%.json}.check")"
    fi
    [ "$verdict" = ok ] || failed=$((failed + 1))
    printf '%-10s clbench%s -o %s: exit %s, %s s, %s\n' "$env" "$(printf ' %s' "$@" "${args[@]}")" \
        "$file" "$rc" "$wall" "$verdict" | tee -a "$summary" >&2
}

# environment ENV: --list, the main job N times and the literal use, in a subshell that set
# ENV's variables.
environment() {
    local env=$1 dir=$outdir/$1
    mkdir -p "$dir"
    "$clbench" --list >"$dir/list.txt" 2>&1
    for i in $(seq 1 "$repeats"); do
        one "$env" "$dir/main-$i.json"
    done
    if [ "$need_gpu" = 1 ]; then
        one "$env" "$dir/gpu-matmul_tiled.json" -d gpu -k matmul_tiled
    fi
    echo "$failed" >"$tmp/failed-$env"
}

skip() { echo "$1  skipped: $2" | tee -a "$summary" >&2; }

if [ -d "$cuda" ]; then
    (export LD_LIBRARY_PATH="$cuda${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"; environment cuda-first)
    (export LD_LIBRARY_PATH="${LD_LIBRARY_PATH:+$LD_LIBRARY_PATH:}$cuda"; environment cuda-last)
else
    skip cuda-first "no CUDA library folder $cuda (--cuda DIR)"
    skip cuda-last "no CUDA library folder $cuda (--cuda DIR)"
fi
(export OCL_ICD_VENDORS="$vendors"; environment vendors)
if [ "$vendors" = /etc/OpenCL/vendors ]; then
    (unset OCL_ICD_VENDORS; environment etc)
elif [ "$use_etc" = 0 ]; then
    skip etc "--no-etc"
elif [ ! -w /etc/OpenCL/vendors ]; then
    skip etc "/etc/OpenCL/vendors is not writable"
else
    etc_backup=$tmp/etc-backup
    mkdir -p "$etc_backup" "$tmp/etc-added"
    for f in "$vendors"/*.icd; do
        b=/etc/OpenCL/vendors/$(basename "$f")
        if [ -e "$b" ]; then cp -p "$b" "$etc_backup/"; else cp "$f" "$tmp/etc-added/"; fi
        cp "$f" "$b"
    done
    (unset OCL_ICD_VENDORS; environment etc)
    restore_etc
fi
filenames=$(for f in "$vendors"/*.icd; do echo "$(head -n 1 "$f")"; done | paste -sd:)
mkdir -p "$tmp/no-vendors"
# filenames ENV LIBRARY_PATH: the drivers through OCL_ICD_FILENAMES alone, where the loader
# found on LIBRARY_PATH reads that variable.
filenames() {
    local loader
    loader=$(LD_LIBRARY_PATH=$2 ldd "$clbench" |
        sed -n 's/^[[:space:]]*libOpenCL\.so\.1 => \(.*\) (0x.*/\1/p')
    if [ -n "$loader" ] && ! grep -q OCL_ICD_FILENAMES "$loader"; then
        skip "$1" "the ICD loader $loader does not read OCL_ICD_FILENAMES"
        return
    fi
    (export LD_LIBRARY_PATH="$2" OCL_ICD_FILENAMES="$filenames" OCL_ICD_VENDORS="$tmp/no-vendors"
        environment "$1")
}
filenames filenames "${LD_LIBRARY_PATH:-}"
# NVIDIA's loader (CUDA's lib64 first) reads it where the system's may not.
if [ -e "$cuda/libOpenCL.so.1" ]; then
    filenames filenames-cuda "$cuda${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
fi

total=0
for f in "$tmp"/failed-*; do
    [ -e "$f" ] && total=$((total + $(cat "$f")))
done
echo "$name: $total run(s) failed; $summary" | tee -a "$summary" >&2
[ "$total" = 0 ]
