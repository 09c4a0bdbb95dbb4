# One output path: the table and the Markdown a live run prints are byte for byte what
# `clbench report` prints from that run's own file (the run file is named the same way in
# both), verdict included.  CSV and JSON are the run's records (one line per row; the run
# file), not views, so they have no report twin to compare.
source "$(dirname "$0")/lib.sh"

sel=(-d cpu -k "vadd,vadd_local,transpose_naive,transpose_tiled" -n "96,200" -D "TILE=8,16" "${QUICK[@]}")
for fmt in table md; do
    run "${sel[@]}" -o "$TMP/run.json" -f "$fmt"
    expect_rc 0
    cp "$TMP/stdout" "$TMP/live.$fmt"
    python3 -c "import json,sys; json.load(open(sys.argv[1]))" "$TMP/run.json" ||
        fail "-o run.json -f $fmt: the file is not the JSON run file"
    run report "$TMP/run.json" -f "$fmt"
    expect_rc 0
    cmp "$TMP/live.$fmt" "$TMP/stdout" || fail "live $fmt and report $fmt differ"
done
# The view ends with the answer: each twin pair and one verdict line per device.
expect_stdout_has "transpose_tiled (local memory) against transpose_naive (none)"
grep -q '^\*\*Verdict\*\*: local memory: .* on PoCL' "$TMP/stdout" || fail "md verdict line"
grep -q '^local memory: .* on PoCL' "$TMP/live.table" || fail "table verdict line"
# A sweep keeps its parameters as a column.
grep -qE '^transpose_tiled +BLOCK_ROWS=8 TILE=8 +96x96 ' "$TMP/live.table" ||
    fail "the -D sweep lost its params column"

# -o with its own format and no --format: nothing on stdout.
run -d cpu -k vadd -n 64 "${QUICK[@]}" -o "$TMP/quiet.json"
expect_rc 0
expect_stdout_empty
echo "one_path: ok"
