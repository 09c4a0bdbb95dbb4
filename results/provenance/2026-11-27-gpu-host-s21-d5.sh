#!/usr/bin/env bash
# GPU host, session 21 call D5 (issue 33, DGEMM): the SASS of D1-D3's variants of dgemm_exp
# (.gpu/clx/dgemm_exp.cl): NVIDIA's PTX from clbench's program cache, through the host's ptxas
# for sm_90 and cuobjdump -sass.  Builds only: one launch each at 512^3.
set -uo pipefail
R=$OUT/s21d5; mkdir -p "$R"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
C=$PWD/.gpu/prefix-p/bin/clbench
P="-D TSM=128 -D TSN=128 -D TSK=8 -D WPTM=8 -D WPTN=8 -D VWM=2 -D VWN=2 -D PAD=0 -D EDGE=0 -D KSPLIT=1 -D SCHED=1"
declare -A V=([base]="" [noldg]="-DEXP_NOLDG=1" [noa]="-DEXP_ASTORE=1" [nob]="-DEXP_BSTORE=1" [nosts]="-DEXP_NOSTS=1" [st4]="-DEXP_STA=4 -DEXP_STB=4" [fixk]="-DEXP_FIXK=1")
export XDG_CACHE_HOME=$R/cache
for v in base noldg noa nob nosts st4 fixk; do
    $C --kernel-file .gpu/clx/dgemm_exp.cl -k dgemm_exp -d gpu --type double -n 512 $P \
        --cl-opts "${V[$v]}" --reps 1 --min-time 0 --no-peak -f json -o "$R/$v.json" 2>"$R/$v.err"
    f=$(grep -l -a -x -- "options=.*-I .gpu/clx${V[$v]:+ }${V[$v]}" "$R"/cache/clbench/programs/*.bin | head -1)
    # the PTX follows the cache file's header, from its first "//" line to the last but one
    sed -n '/^\/\/$/,$p' "$f" | tr -d '\000' | sed '$d' >"$R/$v.ptx"
    /usr/local/cuda/bin/ptxas -arch=sm_90 -v "$R/$v.ptx" -o "$R/$v.cubin" >"$R/$v.ptxas" 2>&1
    /usr/local/cuda/bin/cuobjdump -sass "$R/$v.cubin" >"$R/$v.sass" 2>&1
    echo "$v: $(grep -h 'registers' "$R/$v.ptxas") $(wc -l <"$R/$v.sass") SASS lines"
done | tee "$R/summary.txt"
rm -rf "$R/cache" "$R"/*.cubin
tar czf "$OUT/s21d5.tgz" -C "$OUT" s21d5
