# Every OpenCL kernel once under Oclgrind, a second OpenCL implementation that simulates the
# device and reports out-of-bounds accesses, data races, reads of uninitialised memory and API
# misuse, at small odd sizes and with -D values that reach the edge paths (partial tiles and
# work-groups, vector tails, non-temporal stores, both default sets of matmul_fast, its split-K
# with a second launch).  A case fails on any Oclgrind report, on an exit code other than the
# expected one, and when a row did not run on Oclgrind; the test fails when a kernel of
# --list-kernels or a file of cl/examples/ has no case.  Skipped (77) without oclgrind.
source "$(dirname "$0")/lib.sh"

if ! command -v oclgrind >/dev/null 2>&1; then
    echo "SKIP: oclgrind is not installed (Debian/Ubuntu: apt-get install oclgrind)"
    exit 77
fi
# The sanitizer build: Oclgrind's own allocations would be reported as leaks, and the normal
# build already runs every case.
if [ -n "${ASAN_OPTIONS:-}" ]; then
    echo "SKIP: not under the sanitizers (the normal build runs this test)"
    exit 77
fi

# The cases: expected exit code, then the clbench arguments of one run (kernels, sizes, -D).
# Adding a user kernel file is one line: 0 --kernel-file cl/examples/NAME.cl -k KERNEL -n SIZE
# (the exit code 1 for an example that is meant to fail verification).  A leading
# @no-uninitialized drops that check for the case: Oclgrind 21.10 flags the result of every
# atomic as uninitialised, so a histogram cannot pass it.
CASES=$(
    cat <<'EOF'
0 -k vadd,vadd_local,copy_ilp -n 1,17
0 -k vadd,vadd_local -n 1000,1001
0 -k vadd,vadd_local -n 1001 -D VEC=4,16 -D WGS=64 -D NT=1
0 -k copy_ilp -n 1001
0 -k copy_ilp -n 1001 -D ILP=1,4 -D VEC=1,4 -D WGS=64 -D OCC_KIB=1
0 -k transpose -n 37x29,1x33
0 -k transpose -n 37x29 -D TILE=8 -D BLOCK_ROWS=1,8
0 -k transpose_aligned -n 37x29 -D TILE=16 -D BLOCK_ROWS=4 -D SECTOR=1,16
0 -k matmul_naive,matmul_tiled,matmul_regblock,matmul_cached,matmul_rank1,matmul_fast -n 33x29x17,1x1x1
0 -k matmul_naive -n 33x29x17 -D WGX=1 -D WGY=128
0 -k matmul_tiled -n 33x29x17 -D TILE=8
0 -k matmul_regblock,matmul_cached -n 33x29x17 -D TILE=8 -D RX=2 -D RY=3
0 -k matmul_rank1 -n 33x29x17 -D WG=16 -D RM=5 -D TK=7
0 -k matmul_fast -n 33x29x17 -D TSM=128 -D TSN=128 -D TSK=16 -D WPTM=8 -D WPTN=8 -D VWM=4 -D VWN=4 -D PAD=0
0 -k matmul_fast -n 33x29x17 -D TSM=16 -D TSN=16 -D TSK=8 -D WPTM=2 -D WPTN=4 -D VWM=2 -D VWN=4 -D PAD=4 -D KSPLIT=3
0 -k matmul_fast -n 33x29x17,33x28x17 -D TSM=16 -D TSN=16 -D TSK=8 -D WPTM=2 -D WPTN=4 -D VWM=2 -D VWN=4 -D PAD=0 -D EDGE=1
0 -k matmul_fast -n 33x29x17 -D TSM=16 -D TSN=16 -D TSK=8 -D WPTM=2 -D WPTN=4 -D VWM=2 -D VWN=4 -D PAD=0 -D SCHED=1 -D KSPLIT=1,3
0 -k transpose_aligned -n 70x97 -D TILE=16 -D BLOCK_ROWS=4 -D SECTOR=8
0 -k matmul_cpu -n 33x29x17,1x1x1
0 -k matmul_cpu -n 33x29x17 -D MR=3 -D VN=4 -D NV=2 -D RB=2 -D KB=7 -D WGM=2
# A vector wholly past C's right edge (NV=3: the last work-item's third), and a work-item of
# fewer columns than a vector (VN=8: the last work-item's five).
0 -k matmul_cpu -n 33x29x17 -D MR=3 -D VN=4 -D NV=3 -D RB=2 -D KB=7 -D WGM=2
0 -k matmul_cpu -n 33x29x17 -D MR=3 -D VN=8 -D NV=1 -D RB=2 -D KB=0 -D WGM=1
0 --kernel-file cl/examples/student_matmul.cl -n 33x29x17,1x1x1
0 --kernel-file cl/examples/vadd4.cl -n 1,1001
1 --kernel-file cl/examples/wrong_vadd.cl -n 1001
0 --kernel-file cl/examples/reduce.cl -n 1001 -D WGS=64
0 --kernel-file cl/examples/stencil.cl -n 37x29
1 --kernel-file cl/examples/wrong_stencil.cl -n 37x29
0 @no-uninitialized --kernel-file cl/examples/histogram.cl -n 1001
0 --kernel-file cl/examples/saxpy.cl -n 1001
0 --kernel-file cl/examples/dgemm.cl -n 33x29x17 -D TS=8
0 --kernel-file cl/examples/box3_u8.cl -n 37x29 -D TS=8
0 --kernel-file cl/examples/reduce_long.cl -n 1001 -D WGS=64
EOF
)
# Library baselines: the row calls a host library (CLBlast, OpenBLAS, cuBLAS) that runs code of
# its own, so there is no kernel of ours to check (and theirs are not ours to fix).
LIBRARY_ROWS=" sgemm_clblast sgemm_openblas sgemm_cublas dgemm_clblast dgemm_openblas dgemm_cublas "

# --check-api: reports OpenCL calls that return an error.  --uniform-writes: also the races in
# which work-items write the same value (still races in OpenCL C).  -cl-opt-disable: Oclgrind
# 21.10's uninitialised-value check aborts on the `freeze` instruction LLVM's optimiser emits
# (as in transpose_diagonal); unoptimised code keeps every access the source makes.
OCLGRIND=(oclgrind --data-races --uniform-writes --uninitialized --check-api
    --build-options -cl-opt-disable)
cd "$CLBENCH_SOURCE_DIR" || exit 1
: >"$TMP/ran"
while read -r want args; do
    [ -z "$want" ] || [ "${want:0:1}" = "#" ] && continue
    # shellcheck disable=SC2086 # $args is one case's argument list, split on purpose
    checks=("${OCLGRIND[@]}")
    if [ "${args%% *}" = "@no-uninitialized" ]; then
        args=${args#@no-uninitialized }
        checks=()
        for option in "${OCLGRIND[@]}"; do
            [ "$option" = --uninitialized ] || checks+=("$option")
        done
    fi
    set -- -d Oclgrind $args --no-peak --reps 1 --warmup 1 --min-time 0 --format csv
    LAST_CMD="${OCLGRIND[*]} clbench $*"
    rm -f "$TMP/oclgrind.log"
    "${checks[@]}" --log "$TMP/oclgrind.log" "$CLBENCH" "$@" >"$TMP/stdout" 2>"$TMP/stderr"
    RC=$?
    # Oclgrind writes its kernel reports to the log and its API reports to stderr, where
    # clbench's own lines all start with "clbench: ".
    if [ -s "$TMP/oclgrind.log" ] || grep -qv -e '^clbench: ' -e '^$' "$TMP/stderr"; then
        echo "--- oclgrind's reports and their source lines, counted, then the first in full:" >&2
        grep -hv -e '^[[:space:]]' -e '^$' -e '^clbench: ' "$TMP/oclgrind.log" "$TMP/stderr" |
            sed -E 's/ (address )?0x[0-9a-fA-F]+//' | sort | uniq -c >&2
        awk '/^\tKernel:/ { k = $2 } /^\tAt line/ { getline src; print k ": " $0 src }' \
            "$TMP/oclgrind.log" 2>/dev/null | sort | uniq -c >&2
        head -c 3000 "$TMP/oclgrind.log" >&2 2>/dev/null
        fail "oclgrind reported errors"
    fi
    expect_rc "$want"
    python3 - "$TMP/stdout" "$TMP/ran" <<'PY' || fail "rows not on Oclgrind"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert rows, "no rows"
for r in rows:
    assert r["device"] == "Oclgrind Simulator", r["device"]
open(sys.argv[2], "a").writelines(r["kernel"] + "\n" for r in rows)
PY
    echo "ok: $args"
done <<<"$CASES"

# Coverage: every kernel clbench lists (its rows start with two spaces and the name) ran, and
# every example kernel file has a case.
missing=""
for kernel in $("$CLBENCH" --list-kernels | sed -n 's/^  \([A-Za-z_][A-Za-z0-9_]*\) .*/\1/p'); do
    case "$LIBRARY_ROWS" in *" $kernel "*) continue ;; esac
    grep -qx "$kernel" "$TMP/ran" || missing+=" $kernel"
done
for file in cl/examples/*.cl; do
    [ -e "$file" ] || continue
    grep -qF -- "$file" <<<"$CASES" || missing+=" $file"
done
[ -z "$missing" ] || fail "no case in tests/cli/oclgrind.sh for:$missing"
echo "oclgrind: ok"
