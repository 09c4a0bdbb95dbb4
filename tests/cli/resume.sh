# A sweep killed half way keeps every finished row in OUTPUT.journal (and leaves no partial
# output); --resume then runs only the rest and writes the complete run file.
source "$(dirname "$0")/lib.sh"

# Slow rows (tests/fault/slow: a right result after ~30 ms), so that the kill lands mid-sweep.
sweep=(-d cpu --cl-dir "$CLBENCH_SOURCE_DIR/tests/fault/slow" -k vadd -D WGS=32,64,128,256
       -n 64,128,192,256 --no-peak --reps 2 --warmup 1 --min-time 0 -o "$TMP/sweep.json")
journal="$TMP/sweep.json.journal"

LAST_CMD="clbench ${sweep[*]} (killed)"
"$CLBENCH" "${sweep[@]}" >"$TMP/stdout" 2>"$TMP/stderr" &
pid=$!
for _ in $(seq 600); do
    [ "$(journal_rows "$journal")" -ge 3 ] && break
    sleep 0.05
done
kill -KILL "$pid"
wait "$pid" 2>/dev/null
done_rows=$(journal_rows "$journal")
[ "$done_rows" -ge 3 ] && [ "$done_rows" -lt 16 ] || fail "expected a sweep killed half way, got $done_rows rows"
[ ! -e "$TMP/sweep.json" ] || fail "a killed run left an output file"
[ "$(ls "$TMP" | grep -c '^sweep\.json')" -eq 1 ] || fail "a killed run left more than its journal: $(ls "$TMP")"
cp "$journal" "$TMP/killed.journal"

run "${sweep[@]}" --resume "$journal"
expect_rc 0
expect_stderr_has "resuming: $done_rows of 16 rows already done"
[ ! -e "$journal" ] || fail "the journal outlived a complete run"
python3 - "$TMP/sweep.json" "$TMP/killed.journal" <<'PY' || fail "resumed run file"
import json, sys
rows = json.load(open(sys.argv[1]))["rows"]
done = [json.loads(l) for l in open(sys.argv[2]) if l.rstrip().endswith("}")]
key = lambda r: (r["device"], r["kernel"], json.dumps(r["params"], sort_keys=True), tuple(r["size"]))
assert len(rows) == 16 and len({key(r) for r in rows}) == 16, len(rows)
assert all(r["status"] == "ok" and r["stats"]["median_ms"] > 0 for r in rows)
by_key = {key(r): r for r in rows}
for d in done:  # carried over, not run again: the very samples of the killed run
    r = by_key[key(d)]
    assert r.get("resumed") is True, r
    assert r["samples_ms"] == d["samples_ms"], (r["samples_ms"], d["samples_ms"])
assert sum(1 for r in rows if r.get("resumed")) == len(done)
PY

# A finished run file resumes too: nothing left to run, the same rows again.
run "${sweep[@]}" --resume "$TMP/sweep.json" -o "$TMP/again.json"
expect_rc 0
expect_stderr_has "resuming: 16 of 16 rows already done"
python3 - "$TMP/again.json" <<'PY' || fail "run file resumed whole"
import json, sys
rows = json.load(open(sys.argv[1]))["rows"]
assert len(rows) == 16 and all(r.get("resumed") for r in rows)
PY
echo "resume: ok"
