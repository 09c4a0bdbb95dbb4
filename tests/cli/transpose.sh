# The transpose ladder at sizes that are square and not, multiples of the tile and not, with
# several tile shapes: every row verified in full and ok.  A BLOCK_ROWS that does not divide
# TILE is refused with a reason before anything is built, and a kernel that transposes wrong
# or skips an edge tile is caught.
source "$(dirname "$0")/lib.sh"

KERNELS=transpose_naive,transpose_copy,transpose_tiled,transpose_padded,transpose_diagonal,transpose_aligned
SIZES=1,17,1000,33x65,1000x700

# check_rows CSV COUNT: every row ok, every element verified, the parameters built in.
check_rows() {
    python3 - "$1" "$2" <<'PY' || fail "unexpected CSV rows"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert len(rows) == int(sys.argv[2]), len(rows)
for r in rows:
    assert r["status"] == "ok", r
    w, _, h = r["size"].partition("x")
    assert int(r["verified_elements"]) == int(w) * int(h or w), r
    for p in r["params"].split():
        assert "-D" + p in r["build_options"], r
PY
}

run -d cpu -k "$KERNELS" -n "$SIZES" -D TILE=8,16,32 "${QUICK[@]}" --format csv
expect_rc 0
check_rows "$TMP/stdout" $((6 * 5 * 3))

# One work-item per tile column (BLOCK_ROWS = TILE) down to one row of work-items.
run -d cpu -k "$KERNELS" -n 17,33x65,130x47 -D TILE=32 -D BLOCK_ROWS=1,4,32 "${QUICK[@]}" \
    --format csv
expect_rc 0
check_rows "$TMP/stdout" $((6 * 3 * 3))
run -d cpu -k transpose_padded,transpose_diagonal,transpose_aligned -n 200x130 -D TILE=64 \
    -D BLOCK_ROWS=4 "${QUICK[@]}" --format csv
expect_rc 0
check_rows "$TMP/stdout" 3
# transpose_aligned's shift per output row, at every sector width, at odd heights (the shift
# takes every value) and at heights divisible by 2, 4, 8 and 32 (fewer shifts, fewer extra
# rows), and a sector wider than the tile refused with the reason.
run -d cpu -k transpose_aligned -n 17,33x65,130x47,97x31,33x66,41x68,24x72,70x96 -D TILE=16,32 \
    -D BLOCK_ROWS=4,16 -D SECTOR=1,2,4,8,16 "${QUICK[@]}" --format csv
expect_rc 0
check_rows "$TMP/stdout" $((8 * 2 * 2 * 5))
run -d cpu -k transpose_aligned -n 33x65 -D TILE=16 -D SECTOR=32 "${QUICK[@]}"
expect_rc 1
expect_stdout_has "invalid: SECTOR must divide TILE"

# BLOCK_ROWS must divide TILE: a row status with the reason, exit 1, no OpenCL error.
for bad in "-D TILE=16 -D BLOCK_ROWS=3" "-D TILE=8 -D BLOCK_ROWS=16"; do
    # shellcheck disable=SC2086
    run -d cpu -k transpose_tiled -n 33x65 $bad "${QUICK[@]}"
    expect_rc 1
    expect_stdout_has "invalid: BLOCK_ROWS must divide TILE"
    grep -qE "CL_INVALID|CL_OUT_OF|clEnqueue|clSetKernelArg" "$TMP/stderr" &&
        fail "an OpenCL error for a parameter the plan should refuse"
done
# A tile size outside the list is a command-line error.
run -d cpu -k transpose_tiled -D TILE=12 "${QUICK[@]}"
expect_rc 2
expect_stderr_has "allowed: 8,16,32,64"

# Broken kernels must fail verification: a transpose that reads the wrong tile column, and one
# that skips the last partial tile row of the output (left as the NaN poison).
mkdir "$TMP/cl"
cp "$CLBENCH_SOURCE_DIR"/cl/*.cl "$CLBENCH_SOURCE_DIR"/cl/*.h "$TMP/cl/"
sed -i 's/tile\[tx \* pitch + ty + j\]/tile[tx * pitch + ty]/' "$TMP/cl/transpose.cl"
cmp -s "$TMP/cl/transpose.cl" "$CLBENCH_SOURCE_DIR/cl/transpose.cl" && fail "sabotage did not apply"
run -d cpu --cl-dir "$TMP/cl" -k transpose_padded -n 64x32 "${QUICK[@]}"
expect_rc 1
expect_stdout_has "verify_failed"
cp "$CLBENCH_SOURCE_DIR/cl/transpose.cl" "$TMP/cl/"
sed -i 's/if (x_out < height \&\& y_out + j < width)/if (x_out < height \&\& y_out + j + 1 < width)/' \
    "$TMP/cl/transpose.cl"
cmp -s "$TMP/cl/transpose.cl" "$CLBENCH_SOURCE_DIR/cl/transpose.cl" && fail "sabotage did not apply"
run -d cpu --cl-dir "$TMP/cl" -k transpose_diagonal -n 33x65 -D TILE=16 "${QUICK[@]}"
expect_rc 1
expect_stdout_has "verify_failed"
# ... and an aligned transpose that forgets the row's shift on the tile side only.
cp "$CLBENCH_SOURCE_DIR/cl/transpose.cl" "$TMP/cl/"
sed -i 's/tile\[(tx + extra - shift)/tile[(tx + extra)/' "$TMP/cl/transpose.cl"
cmp -s "$TMP/cl/transpose.cl" "$CLBENCH_SOURCE_DIR/cl/transpose.cl" && fail "sabotage did not apply"
run -d cpu --cl-dir "$TMP/cl" -k transpose_aligned -n 33x65 -D TILE=16 "${QUICK[@]}"
expect_rc 1
expect_stdout_has "verify_failed"
echo "transpose: ok"
