# The JSON Schemas in results/schema: they are valid draft 2020-12 schemas, every run file
# committed under results/ matches them, and a fresh run file, report and comparison match
# them (lib.sh also checks every JSON file any cli test makes; cache.sh the peak cache's
# entries).  A file that breaks the schema
# is caught: the check is not vacuous.
source "$(dirname "$0")/lib.sh"

SCHEMAS="$CLBENCH_SOURCE_DIR/results/schema"
validate() { python3 "$(dirname "$0")/validate_json.py" "$SCHEMAS" "$@"; }

# Every clbench document (a "schema" of ours at the top); other JSON there, such as a device
# listing (`clbench --list --format json`) beside a run, is not a run file.
mapfile -t committed < <(find "$CLBENCH_SOURCE_DIR/results" -name '*.json' -not -path '*/schema/*' \
    -exec grep -l '"schema":[[:space:]]*"clbench-' {} +)
[ "${#committed[@]}" -gt 0 ] || fail "no run files under results/"
validate "${committed[@]}" >"$TMP/out" 2>&1 || fail "committed results: $(cat "$TMP/out")"
grep -q "${#committed[@]} file(s) checked, 0 invalid" "$TMP/out" || fail "$(cat "$TMP/out")"

run -d cpu -k vadd,copy -n 4096 "${QUICK[@]}" -o "$TMP/run.json"
expect_rc 0
run report "$TMP/run.json" -f json -o "$TMP/report.json"
expect_rc 0
run report --baseline "$TMP/run.json" "$TMP/run.json" -f json -o "$TMP/compare.json"
expect_rc 0
validate "$TMP/run.json" "$TMP/report.json" "$TMP/compare.json" >"$TMP/out" 2>&1 ||
    fail "fresh files: $(cat "$TMP/out")"
grep -q "3 file(s) checked, 0 invalid" "$TMP/out" || fail "$(cat "$TMP/out")"

# Broken files are caught: a row with an unknown status, a report without its families, a
# schema_version no schema describes, and timing samples that are negative, a string or a
# boolean (validate_json.py checks arrays of numbers in a loop of its own).
python3 - "$TMP" <<'PY'
import json, sys
tmp = sys.argv[1]
run = json.load(open(tmp + "/run.json"))
run["rows"][0]["status"] = "fine"
json.dump(run, open(tmp + "/bad-status.json", "w"))
report = json.load(open(tmp + "/report.json"))
del report["families"]
json.dump(report, open(tmp + "/bad-report.json", "w"))
run = json.load(open(tmp + "/run.json"))
run["schema_version"] = 99
json.dump(run, open(tmp + "/bad-version.json", "w"))
for name, sample in (("negative", -1.0), ("string", "1.0"), ("boolean", True)):
    run = json.load(open(tmp + "/run.json"))
    run["rows"][0]["samples_ms"][-1] = sample
    json.dump(run, open(tmp + "/bad-sample-%s.json" % name, "w"))
PY
for bad in bad-status bad-report bad-version bad-sample-negative bad-sample-string bad-sample-boolean; do
    validate "$TMP/$bad.json" >"$TMP/out" 2>&1 && fail "$bad.json passed the schema check"
done
validate "$TMP/bad-status.json" >"$TMP/out" 2>&1
grep -q "at /rows/0/status" "$TMP/out" || fail "bad status not located: $(cat "$TMP/out")"
validate "$TMP/bad-sample-negative.json" >"$TMP/out" 2>&1
grep -q "at /rows/0/samples_ms/1: -1.0 is less than the minimum of 0" "$TMP/out" ||
    fail "negative sample not located: $(cat "$TMP/out")"
echo "schema: ok"
