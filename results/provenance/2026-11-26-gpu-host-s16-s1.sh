#!/usr/bin/env bash
# GPU host, session 16 call S1 (binary 1fcc65f, .gpu/prefix-s16): a sweep of the skinny band the
# model misranks (N or M from 64 to 96 with a deep K; call s15 G3): matmul_fast at six shapes of
# that band that no call timed before, over narrow and wide tiles (TSM or TSN 32/64/128, TSK 8/16,
# WPT 8x8, VW 4,4, EDGE 0/1) at split-K 4/8/12/16, and the model's own choice (--no-tuned).
set -uo pipefail
R=$OUT/s16s1; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
CB=$PWD/.gpu/prefix-s16/bin/clbench
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv; } >"$R/host.txt" 2>&1
s=$(date +%s)
common=(-d gpu --min-time 0.05 --max-time 1 --no-peak -k matmul_fast)
loop=(-D TSK=8,16 -D WPTM=8 -D WPTN=8 -D VWM=4 -D VWN=4 -D PAD=0 -D EDGE=0,1 -D KSPLIT=4,8,12,16 -D SCHED=0)
tall=4000x72x6000,2200x88x8000,5000x64x5000,3500x96x7000,1200x80x12000
wide=88x2400x8000
"$CB" "${common[@]}" -n "$tall" -D TSM=64,128 -D TSN=32,64,128 "${loop[@]}" \
    -f json -o "$R/tall.json" >"$R/tall.out" 2>"$R/tall.err"
echo "tall rc=$? $(($(date +%s) - s)) s" >>"$R/rc.txt"
"$CB" "${common[@]}" -n "$wide" -D TSM=32,64,128 -D TSN=64,128 "${loop[@]}" \
    -f json -o "$R/wide.json" >"$R/wide.out" 2>"$R/wide.err"
echo "wide rc=$? $(($(date +%s) - s)) s" >>"$R/rc.txt"
"$CB" "${common[@]}" -n "$tall,$wide" --no-tuned -f json -o "$R/model.json" >"$R/model.out" 2>&1
echo "model rc=$? $(($(date +%s) - s)) s" >>"$R/rc.txt"
cat "$R/rc.txt"
tar czf "$OUT/s16s1.tgz" -C "$OUT" s16s1
