# vadd and vadd_local at sizes that are and are not multiples of the work-group size and of
# the vector word, with other work-group sizes and words, with and without non-temporal
# stores: every row verified and ok.
source "$(dirname "$0")/lib.sh"

run -d cpu -k vadd,vadd_local -n 1,17,1000,1048577 -D VEC=1,4,16 -D WGS=64,256 -D NT=0,1 \
    "${QUICK[@]}" --format csv
expect_rc 0
python3 - "$TMP/stdout" <<'PY' || fail "unexpected CSV rows"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert len(rows) == 2 * 4 * 3 * 2 * 2, len(rows)
seen = set()
for r in rows:
    assert r["status"] == "ok", r
    assert float(r["median_ms"]) > 0 and float(r["gbs"]) > 0, r
    assert int(r["verified_elements"]) == int(r["size"]), r  # small enough to check everything
    for p in r["params"].split():
        assert "-D" + p in r["build_options"], r
    seen.add((r["kernel"], r["size"], r["params"]))
assert len(seen) == 96
PY
echo "vadd: ok"
