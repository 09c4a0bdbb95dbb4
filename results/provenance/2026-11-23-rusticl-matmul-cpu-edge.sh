#!/bin/sh
# Failing cell 2 of the portability matrix (results/README.md): matmul_cpu at 129x127x125 with
# its old CPU defaults on Rusticl's llvmpipe, built from cl/ as it was before 31a2f10 and as it
# is since.  Run from the repository root with a build in build/ and Mesa's Rusticl installed.
set -u
export OCL_ICD_VENDORS=${OCL_ICD_VENDORS:-/work/icd/rusticl} RUSTICL_ENABLE=llvmpipe
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for commit in 31a2f10~1 31a2f10; do
    mkdir -p "$tmp/$commit"
    git archive "$commit" cl | tar -x -C "$tmp/$commit"
    echo "== cl/ at $commit"
    ./build/clbench --cl-dir "$tmp/$commit/cl" -d llvmpipe -k matmul_cpu -n 129x127x125 \
        -D MR=8 -D VN=16 -D NV=2 -D RB=16 -D KB=256 -D WGM=4 \
        --reps 1 --warmup 1 --min-time 0 --no-peak -f json 2>&1 |
        python3 -c 'import json, sys; t = sys.stdin.read(); r = json.loads(t[t.index("{"):])["rows"][0]; print(r["status"], r.get("verify", {}).get("mismatches", ""), r.get("error", ""))'
done
