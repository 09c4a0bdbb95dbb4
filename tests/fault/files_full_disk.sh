# A full disk (a small tmpfs, filled): --resume does not replace the complete journal with a
# cut-off copy, a run's output and the tuning database are not replaced by half a file, and
# each says why (ENOSPC) in one line.  Needs root to mount the tmpfs: skipped (77) otherwise.
source "$(dirname "$0")/../cli/lib.sh"

[ "$(id -u)" -eq 0 ] || { echo "skipped: needs root to mount a tmpfs"; exit 77; }
disk="$TMP/disk"
mkdir -p "$disk"
mount -t tmpfs -o size=512k tmpfs "$disk" 2>/dev/null || { echo "skipped: cannot mount a tmpfs here"; exit 77; }
trap 'umount "$disk" 2>/dev/null; check_schemas_and_clean' EXIT
fill() { dd if=/dev/zero of="$disk/filler" bs=4k 2>/dev/null; sync; }
unfill() { rm -f "$disk/filler"; }

sweep=(-d cpu -k vadd,vadd_local,copy_ilp -n 1000,2000 --no-peak --reps 2 --warmup 1 --min-time 0)

# A journal of 3 finished rows (of 6), as a killed run leaves it.
run "${sweep[@]}" -o "$TMP/whole.json"
expect_rc 0
python3 - "$TMP/whole.json" "$disk/run.json.journal" <<'PY' || fail "making the journal"
import json, sys
rows = json.load(open(sys.argv[1]))["rows"]
with open(sys.argv[2], "w") as f:
    for r in rows[:3]:
        f.write(json.dumps(r) + "\n")
PY
cp "$disk/run.json.journal" "$TMP/journal.before"

fill
run "${sweep[@]}" -o "$disk/run.json" --resume "$disk/run.json.journal"
expect_rc 1
expect_stderr_has "No space left on device"
expect_one_error_line
cmp -s "$disk/run.json.journal" "$TMP/journal.before" || fail "the journal changed on a full disk"
ls "$disk" | grep -q 'journal\.' && fail "a temporary journal was left: $(ls "$disk")"

# Room again: the same command finishes the run from the untouched journal.
unfill
run "${sweep[@]}" -o "$disk/run.json" --resume "$disk/run.json.journal"
expect_rc 0
expect_stderr_has "resuming: 3 of 6 rows already done"
python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["rows"]; assert len(r)==6 and sum(1 for x in r if x.get("resumed"))==3' \
    "$disk/run.json" || fail "the resumed run file"

# A good output and a good database stay as they are when the disk is full at the end.
cp "$disk/run.json" "$TMP/run.before"
printf '{"schema": "clbench-tuned", "schema_version": 1, "entries": []}\n' >"$disk/db.json"
cp "$disk/db.json" "$TMP/db.before"
rm -f "$disk/run.json.journal"
fill
run -d cpu -k vadd -n 1000 --no-peak --reps 2 --warmup 1 --min-time 0 -o "$disk/run.json"
expect_rc 1
expect_stderr_has "writing '$disk/run.json' failed: No space left on device; the file there is kept as it was"
cmp -s "$disk/run.json" "$TMP/run.before" || fail "a failed write replaced the output"
run tune -d cpu -k vadd -n 64 --budget 2 --reps 1 --tuned "$disk/db.json"
expect_rc 1
expect_stderr_has "No space left on device"
cmp -s "$disk/db.json" "$TMP/db.before" || fail "a failed write replaced the tuning database"
ls "$disk" | grep -qE '\.json\.[A-Za-z0-9]{6}$' && fail "temporary files were left: $(ls "$disk")"
unfill
exit 0
