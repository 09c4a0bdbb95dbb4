# Roofs that no row exceeds: every run file under results/ is checked by roofs.py (no ok row
# above its device's roof by more than the roof's noise, library rows included), except the
# files results/superseded.txt lists; and the check is not vacuous: a row pushed above its
# roof, or a listed file that has no such row, fails it.
source "$(dirname "$0")/lib.sh"

check() { python3 "$(dirname "$0")/roofs.py" "$@"; }
check "$CLBENCH_SOURCE_DIR/results" >"$TMP/out" 2>&1 || fail "results/: $(cat "$TMP/out")"
grep -q " 0 problem(s)" "$TMP/out" || fail "$(cat "$TMP/out")"

# The checks below work on a copy of a committed run file whose rows are under their roofs.
mkdir -p "$TMP/results"
printf '# none\n' >"$TMP/results/superseded.txt"
cp "$CLBENCH_SOURCE_DIR/results/epyc-2c-pocl-3.1/2026-11-22-473bc02-headline.json" \
    "$TMP/results/run.json"
check "$TMP/results" >"$TMP/out" 2>&1 || fail "template: $(cat "$TMP/out")"

# Not vacuous: a row above its roof fails; listing its file as superseded passes; a listed
# file without such a row, or a missing one, fails.
python3 - "$TMP/results/run.json" <<'PY'
import json, sys
run = json.load(open(sys.argv[1]))
run["rows"][0]["fraction_of_peak"] = 1.5
json.dump(run, open(sys.argv[1].replace("run.json", "over.json"), "w"))
PY
check "$TMP/results" >"$TMP/out" 2>&1 && fail "a row at 150% of its roof passed"
grep -q "^over.json: .* 150% of peak" "$TMP/out" || fail "not located: $(cat "$TMP/out")"
printf 'over.json\ttest\n' >>"$TMP/results/superseded.txt"
check "$TMP/results" >"$TMP/out" 2>&1 || fail "superseded file still failed: $(cat "$TMP/out")"
printf 'run.json\ttest\nmissing.json\ttest\n' >>"$TMP/results/superseded.txt"
check "$TMP/results" >"$TMP/out" 2>&1 && fail "a needless and a missing entry passed"
grep -q "^run.json: listed as superseded but no row is above its roof" "$TMP/out" ||
    fail "needless entry: $(cat "$TMP/out")"
grep -q "^missing.json: listed as superseded but missing" "$TMP/out" ||
    fail "missing entry: $(cat "$TMP/out")"
echo "roofs: ok"
