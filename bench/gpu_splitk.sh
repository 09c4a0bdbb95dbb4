#!/usr/bin/env bash
# bench/gpu_splitk.sh [-o DIR] [-n] [clbench options...]
#
# Issue 21 item 3, split-K (docs/measurement.md, "Two launches, one row"; matmul_fast's KSPLIT), with the
# binary given in CLBENCH (it builds nothing): one run file per step in
# DIR/<device-slug>/<YYYY-MM-DD>-<commit>-splitk-<tag>.json (DIR defaults to results/).  Each
# step is one run, so that each ratio to cuBLAS comes from one run.  On every GPU:
#   <shape>  matmul_fast at KSPLIT 1, 2, 4 and 8 over the tiles the tuned entries of these
#            shapes use (64 and 128 rows x 64 and 128 columns, WPTM=WPTN=8, TSK=16, VWM=VWN=4;
#            TSN=64 for the narrow N), beside sgemm_cublas, at each of
#              4096x256x4096    64 tiles of 128x128 for the H100's 132 SMs, K long
#              256x8192x4096    the same, transposed
#              2048x128x8192    16 tiles of 128x128, K longer
#              1024x1024x16384  64 tiles, K very long
#              4096x64x4096     32 tiles of 128x128 (64 of 64x64), N narrower than a tile
#              4096x333x4096    96 tiles, odd N: 0.6x cuBLAS tuned (results/README.md, Shapes)
#              333x4096x4096    the same, transposed
#              8192x8192x512    4096 tiles, K short: split-K should not pay (the control)
#   tuned    the same shapes with the tuning database (no -D: the entries' KSPLIT=1 tiles), beside
#            sgemm_cublas: where today's code stands
#   tune     a 3-minute `clbench tune` of matmul_fast at 4096x256x4096 whose space is KSPLIT
#            (1, 2, 4 .. 32) and EDGE over the tiles around the entries' (TSM 32, 64, 128 x TSN
#            64, 128 x WPTM, WPTN 4, 8; TSK=16 VWM=VWN=4 PAD=0), 288 points, into a database of
#            its own beside the run file (...-splitk-tune-db.json)
# -n (smoke): every step on the CPU devices at small shapes with small tiles and a 10-second
# tune, for a check of the script itself on any machine (PoCL: about a minute).
# sgemm_cublas loads libcudart.so.13 and libcublas.so.13 at run time: this script puts
# /usr/local/cuda/lib64 (or CUDA_LIB) on LD_LIBRARY_PATH.  --max-time bounds every row.
#   CLBENCH   the binary (default: build/clbench beside this script's repository)
# On the GPU host, after `DEB_DIR=.gpu source bench/gpu_host_env.sh`: about 7 minutes (the
# tune 3).  Exit status: 0 when every row was ok or absent, 1 otherwise.
set -uo pipefail

# shellcheck source=bench/ladder_lib.sh
source "$(dirname "$0")/ladder_lib.sh"
ladder_cuda_libs

ladder_smoke_options --max-time 20 "$@"

# shellcheck disable=SC2054 # a -D value is a comma list, one word
if [ $smoke = 1 ]; then
    shapes="64x32x512 32x64x512 64x16x1024 128x128x128"
    tiles=(-D TSM=16,32 -D TSN=16 -D TSK=16 -D WPTM=2 -D WPTN=4 -D VWM=2 -D VWN=4 -D PAD=0)
    tune_size=64x32x512 budget=10s
    tune_space=(-D TSM=16,32 -D TSN=16,32 -D WPTM=2,4 -D WPTN=4 -D VWM=2 -D VWN=4 -D TSK=16
        -D PAD=0)
    select=cpu
    ladder_devices
else
    shapes="4096x256x4096 256x8192x4096 2048x128x8192 1024x1024x16384 4096x64x4096"
    shapes="$shapes 4096x333x4096 333x4096x4096 8192x8192x512"
    tiles=(-D TSM=64,128 -D TSN=64,128 -D TSK=16 -D WPTM=8 -D WPTN=8 -D VWM=4 -D VWN=4 -D PAD=0)
    tune_size=4096x256x4096 budget=180s
    tune_space=(-D TSM=32,64,128 -D TSN=64,128 -D WPTM=4,8 -D WPTN=4,8 -D TSK=16 -D VWM=4
        -D VWN=4 -D PAD=0)
    ladder_gpu_devices
fi

while read -r id slug; do
    [ -n "$id" ] || continue
    for shape in $shapes; do
        ladder_step "$id" "$slug" splitk "$shape" -k matmul_fast,sgemm_cublas -n "$shape" \
            "${tiles[@]}" -D KSPLIT=1,2,4,8
    done
    ladder_step "$id" "$slug" splitk tuned -k matmul_fast,sgemm_cublas -n "${shapes// /,}"
    file=$outdir/$slug/$stamp-splitk-tune.json
    echo "== $slug: tune -k matmul_fast -n $tune_size --budget $budget" >&2
    "$clbench" tune -d "$id" -k matmul_fast -n "$tune_size" --budget "$budget" "${tune_space[@]}" \
        --tuned "$outdir/$slug/$stamp-splitk-tune-db.json" -o "$file" || status=1
    [ -f "$file" ] && echo "wrote $file" >&2
done <<<"$devices"

# Each shape's best row of each KSPLIT against cuBLAS of the same run, for the lead's notes.
for file in "$outdir"/*/"${stamp:-none}"-splitk-*.json; do
    case $file in *-tune.json | *-tune-db.json) continue ;; esac
    [ -f "$file" ] || continue
    echo "## $(basename "$file")"
    python3 - "$file" <<'PY'
import json, sys
rows = json.load(open(sys.argv[1]))["rows"]
cublas = {tuple(r["size"]): r["stats"]["median_ms"] for r in rows
          if r["kernel"] == "sgemm_cublas" and r["status"] == "ok"}
best = {}
for r in rows:
    if r["kernel"] != "matmul_fast" or r["status"] != "ok":
        continue
    key = (tuple(r["size"]), r["params"]["KSPLIT"])
    if key not in best or r["stats"]["median_ms"] < best[key]["stats"]["median_ms"]:
        best[key] = r
for (size, ksplit), r in sorted(best.items()):
    ms = r["stats"]["median_ms"]
    lib = cublas.get(size)
    tiles = "%dx%d" % (r["params"]["TSM"], r["params"]["TSN"])
    print("%s KSPLIT=%-2d %-9s %9.4f ms %8.0f GFLOP/s %s" % (
        "x".join(map(str, size)), ksplit, tiles, ms, r["gflops"],
        "%.3fx cuBLAS" % (lib / ms) if lib else "(no cuBLAS row)"))
PY
done
exit "$status"
