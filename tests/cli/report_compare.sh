# `clbench report --baseline OLD NEW`: a planted slowdown beyond the noise fails with exit
# code 1; the same run, a slowdown under --threshold, a speed-up and a row of one side only
# do not; a row that ran before and fails now does.
source "$(dirname "$0")/lib.sh"

# -D pins the parameters the lines below name (a CPU's own defaults differ: VEC 8 or 16, NT 1).
run -d cpu -k vadd,vadd_local -n 1000 -D VEC=1 -D NT=0 --no-peak --reps 12 --warmup 1 \
    --min-time 0 -o "$TMP/old.json"
expect_rc 0
# Planted by construction: every new sample beyond every old one (twice the slowest), or
# below (0.4 of the fastest), so the rank test must see it whatever the machine's noise.
python3 - "$TMP" <<'PY' || fail "planting"
import json, sys
d = sys.argv[1]
def plant(name, edit):
    run = json.load(open(d + "/old.json"))
    for r in run["rows"]:
        edit(r)
    json.dump(run, open(d + "/" + name, "w"))
def scale(r, base, step):
    r["samples_ms"] = [base + i * step for i in range(len(r["samples_ms"]))]
    r["stats"]["median_ms"] = sorted(r["samples_ms"])[len(r["samples_ms"]) // 2]
def slower(r):
    if r["kernel"] == "vadd_local":
        scale(r, 2 * max(r["samples_ms"]), 1e-6)
def faster(r):
    if r["kernel"] == "vadd":
        scale(r, 0.4 * min(r["samples_ms"]), 1e-7)
def failing(r):
    if r["kernel"] == "vadd":
        r["status"], r["reason"] = "verify_failed", "planted"
        del r["stats"]
plant("slow.json", slower)
plant("fast.json", faster)
plant("failing.json", failing)
run = json.load(open(d + "/old.json"))
run["rows"] = run["rows"][:1]
json.dump(run, open(d + "/fewer.json", "w"))
PY

run report --baseline "$TMP/old.json" "$TMP/old.json"
expect_rc 0
! grep -q ' REGRESSED$' "$TMP/stdout" || fail "a run regressed against itself"
expect_stdout_has "0 regressed"

run report --baseline "$TMP/old.json" "$TMP/slow.json"
expect_rc 1
grep -qE '^PoCL.* vadd_local +NT=0 VEC=1 WGS=256 +1000 .* REGRESSED$' "$TMP/stdout" || fail "slowdown not flagged"
grep -qE '^PoCL.* vadd +NT=0 VEC=1 WGS=256 +1000 .* noise$' "$TMP/stdout" || fail "unchanged row not noise"
expect_stdout_has "1 regressed"

run report --baseline "$TMP/old.json" "$TMP/slow.json" --format json
expect_rc 1
python3 - "$TMP/stdout" <<'PY' || fail "compare json"
import json, sys
c = json.load(open(sys.argv[1]))
assert c["schema"] == "clbench-compare" and c["regressed"] == 1
assert c["alpha"] == 0.01 and c["threshold_pct"] == 5
(bad,) = [r for r in c["rows"] if r["regressed"]]
assert bad["kernel"] == "vadd_local" and bad["verdict"] == "REGRESSED"
assert bad["change_pct"] >= 100 and bad["p_value"] < 1e-4
PY

# Beyond the noise but under the threshold; and significance asked for beyond what 12
# samples can give.
run report --baseline "$TMP/old.json" "$TMP/slow.json" --threshold 100000
expect_rc 0
expect_stdout_has "slower, within threshold"
run report --baseline "$TMP/old.json" "$TMP/slow.json" --alpha 1e-9
expect_rc 0
expect_stdout_has "too few samples"

run report --baseline "$TMP/old.json" "$TMP/fast.json"
expect_rc 0
grep -qE '^PoCL.* vadd +NT=0 VEC=1 WGS=256 +1000 .* faster$' "$TMP/stdout" || fail "speed-up not seen"

run report --baseline "$TMP/old.json" "$TMP/failing.json"
expect_rc 1
expect_stdout_has "FAILED now"

run report --baseline "$TMP/old.json" "$TMP/fewer.json"
expect_rc 0
expect_stdout_has "only in OLD"
run report --baseline "$TMP/fewer.json" "$TMP/old.json"
expect_rc 0
expect_stdout_has "only in NEW"

run report --baseline "$TMP/old.json" "$TMP/slow.json" --threshold -3
expect_rc 2
expect_one_error_line
run report --baseline "$TMP/missing.json" "$TMP/slow.json"
expect_rc 2
expect_stderr_has "missing.json"
echo "report_compare: ok"
