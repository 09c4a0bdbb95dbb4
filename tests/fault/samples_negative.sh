# A run file whose times are impossible (README "Reports"): a sample of zero or less, or a
# negative median or throughput, is refused by `report` and `report --baseline` with one line
# naming the file and the row, exit 2, never compared ("faster") or tabled.
source "$(dirname "$0")/../cli/lib.sh"

run -k vadd,copy -d cpu -n 1000 "${QUICK[@]}" -o "$TMP/good.json"
expect_rc 0
python3 - "$TMP" <<'PY'
import json, sys
tmp = sys.argv[1]
def edited(name, change):
    d = json.load(open(tmp + "/good.json"))
    change(d["rows"])
    json.dump(d, open(tmp + "/" + name + ".json", "w"))
edited("negative", lambda rows: rows[1]["samples_ms"].__setitem__(1, -0.5))
edited("zero", lambda rows: rows[0]["samples_ms"].__setitem__(0, 0))
edited("median", lambda rows: rows[0]["stats"].__setitem__("median_ms", -0.001))
edited("gbs", lambda rows: rows[1].__setitem__("gbs", -3.0))
PY
second=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["rows"][1]["kernel"])' "$TMP/good.json")

for bad in "negative:row 2 ('$second'): 'samples_ms' holds -0.5, not a positive time" \
    "zero:row 1 ('vadd'): 'samples_ms' holds 0, not a positive time" \
    "median:row 1 ('vadd'): 'median_ms' is -0.001, which cannot be negative" \
    "gbs:row 2 ('$second'): 'gbs' is -3, which cannot be negative"; do
    name=${bad%%:*}
    run report "$TMP/$name.json"
    expect_rc 2
    expect_one_error_line
    expect_stderr_has "'$TMP/$name.json': ${bad#*:}"
    expect_stdout_empty
    run report --baseline "$TMP/good.json" "$TMP/$name.json"
    expect_rc 2
    expect_stderr_has "'$TMP/$name.json': ${bad#*:}"
    expect_stdout_lacks "faster"
done
