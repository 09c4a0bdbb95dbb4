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

# Five samples against five, 10% apart: only the exact distribution reaches p < 0.01 (2/252;
# the normal approximation's best is 0.012).  The samples are the run's own, pulled within
# 3% of their median so that the two sets cannot overlap whatever this machine's noise.
run -d cpu -k vadd -n 1000 -D VEC=1 -D NT=0 --no-peak --reps 5 --warmup 1 --min-time 0 \
    -o "$TMP/five.json"
expect_rc 0
python3 - "$TMP" <<'PY' || fail "planting 10%"
import json, statistics, sys
d = sys.argv[1]
run = json.load(open(d + "/five.json"))
(row,) = run["rows"]
assert len(row["samples_ms"]) == 5, row["samples_ms"]
med = statistics.median(row["samples_ms"])
worst = max(abs(x - med) for x in row["samples_ms"]) or 1
row["samples_ms"] = [med + (x - med) * 0.03 * med / worst for x in row["samples_ms"]]
row["stats"]["median_ms"] = statistics.median(row["samples_ms"])
json.dump(run, open(d + "/five.json", "w"))
row["samples_ms"] = [x * 1.10 for x in row["samples_ms"]]
row["stats"]["median_ms"] *= 1.10
run["devices"][0]["driver"] = "9.9-planted"
json.dump(run, open(d + "/five-slow.json", "w"))
PY
run report --baseline "$TMP/five.json" "$TMP/five-slow.json" --format json
expect_rc 1
python3 - "$TMP/stdout" <<'PY' || fail "5 against 5, 10% apart"
import json, sys
(row,) = json.load(open(sys.argv[1]))["rows"]
assert row["verdict"] == "REGRESSED" and row["p_method"] == "exact", row
assert abs(row["p_value"] - 2 / 252) < 1e-12, row["p_value"]
assert abs(row["shift_pct"] - 10) < 0.5, row["shift_pct"]
lo, hi = row["shift_ci_pct"]
assert 0 < lo <= row["shift_pct"] <= hi, row
assert any(e["what"] == "driver" and e["new"] == "9.9-planted" for e in row["environment"]), row
PY
run report --baseline "$TMP/five.json" "$TMP/five-slow.json"
expect_rc 1
grep -qE '^PoCL.* vadd .* \+(9\.[5-9]|10\.[0-4])% \[\+[0-9.]+, \+[0-9.]+\] +0\.0079e +REGRESSED$' "$TMP/stdout" ||
    fail "10% change not called at 0.01"
expect_stdout_has "driver "
expect_stdout_has " -> 9.9-planted"
# The same change is not a regression past a threshold above it.
run report --baseline "$TMP/five.json" "$TMP/five-slow.json" --threshold 15
expect_rc 0
expect_stdout_has "slower, within threshold"

# Two runs of the same binary on this machine: no change beyond the threshold.  vadd at a size
# that takes a millisecond per launch on one PoCL thread, 15 launches each.  This machine is
# shared (CI runs tests side by side), and a neighbour that takes a core during one run and not
# the other is a real change of the machine: the two runs go at once, one thread each, on one
# CPU, so that both see the same neighbours, and the pair gets three tries; a test that called
# changes between equal runs would call one in every try.  On two CPUs of a loaded machine the
# scheduler's placement gave one run a larger share than the other for all of its launches.
one_cpu=()
if command -v taskset >/dev/null; then
    one_cpu=(taskset -c "$(python3 -c 'import os; print(min(os.sched_getaffinity(0)))')")
fi
calls=0
for try in 1 2 3; do
    for side in a b; do
        POCL_MAX_PTHREAD_COUNT=1 "${one_cpu[@]}" "$CLBENCH" -d cpu -k vadd -n 1048576 --no-peak \
            --reps 15 --warmup 2 --min-time 0 -o "$TMP/same-$side.json" >/dev/null \
            2>"$TMP/same-$side.err" &
    done
    wait %1 || fail "run a: $(cat "$TMP/same-a.err")"
    wait %2 || fail "run b: $(cat "$TMP/same-b.err")"
    run report --baseline "$TMP/same-a.json" "$TMP/same-b.json"
    [ "$RC" -le 1 ] || fail "comparing two runs"
    [ "$RC" -eq 1 ] || grep -qE ' (REGRESSED|faster)$' "$TMP/stdout" || break
    calls=$((calls + 1))
    echo "note: try $try: two runs of one binary differ beyond the threshold (a busy machine?)" >&2
    cat "$TMP/stdout" >&2
done
[ "$calls" -lt 3 ] || fail "every pair of runs of the same binary was called a change"

run report --baseline "$TMP/old.json" "$TMP/slow.json" --threshold -3
expect_rc 2
expect_one_error_line
run report --baseline "$TMP/missing.json" "$TMP/slow.json"
expect_rc 2
expect_stderr_has "missing.json"
echo "report_compare: ok"
