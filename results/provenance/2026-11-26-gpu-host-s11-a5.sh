#!/usr/bin/env bash
# GPU host, session 11 call A5: how often a cold build of the A4 sequence (and of
# matmul_regblock alone) comes back NaN on PoCL 5.0, with PoCL's kernel cache of a failing and
# of a passing run kept for comparison.
set -uo pipefail
R=$OUT/a5; mkdir -p "$R/keep"
export DEB_DIR=.gpu
source bench/gpu_host_env.sh >/dev/null 2>&1
export PATH=$PWD/.gpu/prefix/bin:$PATH
export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:/usr/local/cuda/lib64
kept_fail=0; kept_ok=0
one() { # name, then clbench arguments
  local name=$1; shift
  export XDG_CACHE_HOME=$(mktemp -d)
  clbench -d cpu --no-peak "$@" -o "$R/$name.json" >"$R/$name.txt" 2>&1
  local rc=$?
  local bad; bad=$(python3 -c "import json;d=json.load(open('$R/$name.json'));print(' '.join(r['kernel']+':'+r['status'] for r in d['rows'] if r['status']!='ok'))" 2>/dev/null)
  echo "$name rc=$rc ${bad:-all ok}" >>"$R/summary.txt"
  if [ $rc -ne 0 ] && [ $kept_fail -lt 2 ]; then kept_fail=$((kept_fail+1)); tar czf "$R/keep/fail-$name.tgz" -C "$XDG_CACHE_HOME" . ; fi
  if [ $rc -eq 0 ] && [ $kept_ok -lt 1 ]; then kept_ok=1; tar czf "$R/keep/ok-$name.tgz" -C "$XDG_CACHE_HOME" . ; fi
}
for i in $(seq 1 8); do one seq-$i -k matmul_naive,matmul_tiled,matmul_regblock -n 1024 --reps 2 --min-time 0; done
for i in $(seq 1 6); do one alone-$i -k matmul_regblock -n 1024 --reps 2 --min-time 0; done
for i in $(seq 1 4); do CLBENCH_WORKERS=0 one w0-$i -k matmul_naive,matmul_tiled,matmul_regblock -n 1024 --reps 2 --min-time 0 ; done
cat "$R/summary.txt"
ls -la "$R/keep"
tar czf "$OUT/a5.tgz" -C "$OUT" a5
