# --resume with nothing left to run keeps the device's clock check (and peaks: the same path);
# a run file of zero rows resumes nothing rather than being "neither a journal nor a run file";
# the command printed to finish an interrupted run resumes from its journal and drops
# --retry-failed, which would run this run's crash again.
source "$(dirname "$0")/../cli/lib.sh"
quick=(-d cpu -k vadd -n 64,128 --no-peak --reps 1 --warmup 1 --min-time 0)

run "${quick[@]}" -o "$TMP/first.json"
expect_rc 0
run "${quick[@]}" --resume "$TMP/first.json" -o "$TMP/again.json"
expect_rc 0
expect_stderr_has "resuming: 2 of 2 rows already done"
python3 - "$TMP/again.json" <<'PY' || fail "a run resumed whole lost its device's clock check"
import json, sys
run = json.load(open(sys.argv[1]))
assert all(r.get("resumed") for r in run["rows"]), run["rows"]
assert "clock_check" in run["devices"][0], run["devices"][0].keys()
PY

python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); d["rows"]=[]; json.dump(d, open(sys.argv[2], "w"))' \
    "$TMP/first.json" "$TMP/empty.json"
run "${quick[@]}" --resume "$TMP/empty.json" -o "$TMP/from-empty.json"
expect_rc 0
expect_stderr_has "resuming: 0 of 2 rows already done"

# Ctrl-C mid-sweep of a run given --retry-failed: the printed command lacks it.
sweep=(-d cpu --cl-dir "$CLBENCH_SOURCE_DIR/tests/fault/slow" -k vadd -D WGS=32,64,128,256
       -n 64,128,192,256 --no-peak --reps 2 --warmup 1 --min-time 0)
"$CLBENCH" "${sweep[@]}" --resume "$TMP/first.json" --retry-failed -o "$TMP/sweep.json" \
    >"$TMP/stdout" 2>"$TMP/stderr" &
pid=$!
for _ in $(seq 600); do
    [ -s "$TMP/sweep.json.journal" ] && break
    sleep 0.05
done
kill -INT "$pid"
wait "$pid"
RC=$? LAST_CMD="clbench ${sweep[*]} --resume first.json --retry-failed (SIGINT)"
expect_rc 130
again=$(grep -A1 "^clbench: interrupted" "$TMP/stderr" | tail -1)
case $again in *--retry-failed*) fail "the printed command keeps --retry-failed: $again" ;; esac
case $again in *"--resume $TMP/sweep.json.journal") ;; *) fail "the printed command: $again" ;; esac
exit 0
