# A journal belongs to one live run: a second run with the same -o is refused, naming the
# first one's pid, and touches nothing; after a SIGKILL of the first, its finished rows are
# all in the journal and --resume finishes the run.
source "$(dirname "$0")/../cli/lib.sh"

# Slow rows (tests/fault/slow: a right result after ~30 ms), so that the second run starts
# while the first one is half way.
sweep=(-d cpu --cl-dir "$CLBENCH_SOURCE_DIR/tests/fault/slow" -k vadd -D WGS=32,64,128,256
       -n 64,128,192,256 --no-peak --reps 2 --warmup 1 --min-time 0 -o "$TMP/sweep.json")
journal="$TMP/sweep.json.journal"

"$CLBENCH" "${sweep[@]}" >"$TMP/first.out" 2>"$TMP/first.err" &
first=$!
for _ in $(seq 600); do
    [ "$(journal_rows "$journal")" -ge 2 ] && break
    sleep 0.05
done
[ "$(journal_rows "$journal")" -ge 2 ] || fail "the first run journaled nothing"

run "${sweep[@]}"
expect_rc 1
expect_stderr_has "belongs to another clbench run (pid $first)"
expect_one_error_line
kill -0 "$first" 2>/dev/null || fail "the first run ended before the second was refused: the test is too quick"
[ ! -e "$TMP/sweep.json" ] || fail "the refused run wrote the output"

kill -KILL "$first"
wait "$first" 2>/dev/null
done_rows=$(journal_rows "$journal")
[ "$done_rows" -ge 2 ] || fail "the killed run's rows are gone from its journal ($done_rows)"
cp "$journal" "$TMP/killed.journal"

run "${sweep[@]}" --resume "$journal"
expect_rc 0
expect_stderr_has "resuming: $done_rows of 16 rows already done"
[ ! -e "$journal" ] || fail "the journal outlived a complete run"
python3 - "$TMP/sweep.json" "$TMP/killed.journal" <<'PY' || fail "resumed run file"
import json, sys
rows = json.load(open(sys.argv[1]))["rows"]
done = [json.loads(l) for l in open(sys.argv[2]) if l.rstrip().endswith("}")]
assert len(rows) == 16 and all(r["status"] == "ok" for r in rows), len(rows)
assert sum(1 for r in rows if r.get("resumed")) == len(done)
PY
exit 0
