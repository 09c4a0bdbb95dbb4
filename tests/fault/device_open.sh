# Opening a device is not a row (README "Isolation"): its deadline is its own
# (CLBENCH_OPEN_TIMEOUT, not --row-timeout); an open that outlasts it is said once on stderr, in
# one line naming the device and what the open was doing, every row of the device carries the
# same reason, and no worker starts it again for each row.  On a simulator (Oclgrind) the
# default peak probes are skipped, said on stderr and in the device record, so that a
# 37-element vadd takes seconds, not the 20 minutes of the probes.
source "$(dirname "$0")/../cli/lib.sh"

# An open that cannot finish in time: PoCL's peak probes take seconds, the open's deadline is
# 1 s, a row's 60 s (which the open used to get, once per row and once more per build).
start=$(date +%s)
CLBENCH_OPEN_TIMEOUT=1 run -k vadd,copy -d cpu -n 1000 --row-timeout 60 --peak measure \
    --reps 2 -o "$TMP/open.json"
expect_rc 1
[ $(($(date +%s) - start)) -lt 15 ] || fail "the open was tried again for each row"
what="opening the device (context, clock check and peak probes) took more than 1 s and its worker was killed (--peak off skips the probes; CLBENCH_OPEN_TIMEOUT gives the open more time)"
expect_stderr_has "clbench: error: "
expect_stderr_has ": $what"
[ "$(grep -c "$what" "$TMP/stderr")" -eq 1 ] || fail "the open's failure is not said once"
python3 - "$TMP/open.json" "$what" <<'PY' || fail "rows of a device whose open timed out"
import json, sys
rows = json.load(open(sys.argv[1]))["rows"]
assert len(rows) == 2, rows
for r in rows:
    assert r["status"] == "launch_failed" and r["reason"].startswith(sys.argv[2]), r
PY

if ! command -v oclgrind >/dev/null 2>&1 || [ -n "${ASAN_OPTIONS:-}" ]; then
    echo "note: oclgrind is not installed (or a sanitizer build): the simulator case ran nowhere"
    exit 0
fi
mkdir -p "$TMP/oclgrind"
echo /usr/lib/oclgrind/liboclgrind-rt-icd.so >"$TMP/oclgrind/oclgrind.icd"
start=$(date +%s)
OCL_ICD_VENDORS=$TMP/oclgrind run -d oclgrind -k vadd -n 37 --reps 2 -o "$TMP/oclgrind.json"
expect_rc 0
[ $(($(date +%s) - start)) -lt 60 ] || fail "a 37-element vadd on Oclgrind took a minute or more"
expect_stderr_has "no peak for Oclgrind Simulator: not measured on the simulator Oclgrind, whose times are not a device's (--peak measure measures it anyway)"
python3 - "$TMP/oclgrind.json" <<'PY' || fail "the simulator's device record"
import json, sys
d = json.load(open(sys.argv[1]))
peak = d["devices"][0]["peak"]
assert "not measured on the simulator Oclgrind" in peak["skipped"], peak
assert "measured_gflops" not in peak and "source" not in peak, peak
assert [r["status"] for r in d["rows"]] == ["ok"], d["rows"]
PY
