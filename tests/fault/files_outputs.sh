# Every file clbench writes goes one way (host/base/output.c): a device node, a FIFO or
# /dev/stdout is written in place and stays what it was; a link leads to its target, which is
# replaced and the link kept; a read-only file is refused and left alone; a file replaced keeps
# its mode.  Run files (-o), `report -o` and the tuning database alike.
source "$(dirname "$0")/../cli/lib.sh"

quick=(-d cpu -k vadd -n 64 --no-peak --reps 1 --warmup 1 --min-time 0)
cd "$TMP" || exit 1

# A character device of our own (the null device's numbers), never /dev/null itself.
if [ "$(id -u)" -eq 0 ]; then
    mknod "$TMP/nulldev" c 1 3 || fail "mknod"
    run "${quick[@]}" -o "$TMP/nulldev"
    expect_rc 0
    [ -c "$TMP/nulldev" ] || fail "-o on a device node replaced it: $(ls -l "$TMP/nulldev")"
    [ ! -e "$TMP/nulldev.journal" ] || fail "a device output got a journal"
    ls "$TMP" | grep -q '^nulldev\.' && fail "files left beside the device: $(ls "$TMP")"
fi

# A FIFO: read by a reader, still a FIFO after.
mkfifo "$TMP/fifo"
cat "$TMP/fifo" >"$TMP/fifo.read" &
reader=$!
run "${quick[@]}" --format json -o "$TMP/fifo"
expect_rc 0
wait "$reader"
[ -p "$TMP/fifo" ] || fail "-o on a FIFO replaced it: $(ls -l "$TMP/fifo")"
python3 -c 'import json,sys; assert json.load(open(sys.argv[1]))["rows"]' "$TMP/fifo.read" ||
    fail "the FIFO's reader did not get the run file"

# /dev/stdout: the run file on stdout; the name stays a link (it is the system's).
before=$(ls -l /dev/stdout)
"$CLBENCH" "${quick[@]}" --format json -o /dev/stdout >"$TMP/stdout.json" 2>"$TMP/stderr" ||
    fail "-o /dev/stdout: rc $?"
[ "$(ls -l /dev/stdout)" = "$before" ] || fail "/dev/stdout changed: $(ls -l /dev/stdout)"
python3 -c 'import json,sys; assert json.load(open(sys.argv[1]))["rows"]' "$TMP/stdout.json" ||
    fail "-o /dev/stdout did not write the run file to stdout"

# A link: its target replaced, the link kept.
echo '{}' >"$TMP/target.json"
ln -s target.json "$TMP/link.json"
run "${quick[@]}" -o "$TMP/link.json"
expect_rc 0
[ -L "$TMP/link.json" ] || fail "-o replaced the link with a file"
grep -q '"rows"' "$TMP/target.json" || fail "-o through a link did not write its target"

# A file keeps its mode; a read-only one is refused (as the shell refuses it) and left alone.
echo '{}' >"$TMP/private.json"
chmod 600 "$TMP/private.json"
run "${quick[@]}" -o "$TMP/private.json"
expect_rc 0
[ "$(stat -c %a "$TMP/private.json")" = 600 ] || fail "mode not kept: $(stat -c %a "$TMP/private.json")"
if [ "$(id -u)" -ne 0 ]; then
    echo keep >"$TMP/ro.json"
    chmod 444 "$TMP/ro.json"
    run "${quick[@]}" -o "$TMP/ro.json"
    expect_rc 1
    expect_stderr_has "read-only"
    [ "$(cat "$TMP/ro.json")" = keep ] || fail "a read-only output was replaced"
else
    # root may write it (as `>` may): replaced, still read-only.
    echo keep >"$TMP/ro.json"
    chmod 444 "$TMP/ro.json"
    run "${quick[@]}" -o "$TMP/ro.json"
    expect_rc 0
    [ "$(stat -c %a "$TMP/ro.json")" = 444 ] || fail "a read-only file became $(stat -c %a "$TMP/ro.json")"
fi

# report -o through a link, and onto a device node.
run "${quick[@]}" -o "$TMP/run.json"
expect_rc 0
ln -s report.md "$TMP/report-link.md"
echo old >"$TMP/report.md"
run report "$TMP/run.json" -o "$TMP/report-link.md"
expect_rc 0
[ -L "$TMP/report-link.md" ] && grep -q vadd "$TMP/report.md" || fail "report -o through a link"
if [ -c "$TMP/nulldev" ]; then
    run report "$TMP/run.json" -o "$TMP/nulldev"
    expect_rc 0
    [ -c "$TMP/nulldev" ] || fail "report -o replaced a device node"
fi

# The tuning database through a link: the target updated, the link kept; mode kept.
mkdir -p "$TMP/dbdir"
printf '{"schema": "clbench-tuned", "schema_version": 1, "entries": []}\n' >"$TMP/dbdir/real.json"
chmod 640 "$TMP/dbdir/real.json"
ln -s dbdir/real.json "$TMP/db-link.json"
run tune -d cpu -k vadd -n 64 --budget 2 --reps 1 --tuned "$TMP/db-link.json"
expect_rc 0
[ -L "$TMP/db-link.json" ] || fail "the database link became a file"
grep -q '"vadd"' "$TMP/dbdir/real.json" || fail "the database's target was not updated"
[ "$(stat -c %a "$TMP/dbdir/real.json")" = 640 ] || fail "the database's mode was not kept"
[ ! -e "$TMP/db-link.json.lock" ] || fail "the lock went beside the link, not the database"

# As an unprivileged user: -o /dev/null discards the run file (not "Permission denied").
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null &&
    setpriv --reuid=65534 --regid=65534 --clear-groups test -x "$CLBENCH"; then
    mkdir -p "$TMP/nobody" && chmod 777 "$TMP/nobody" "$TMP"
    setpriv --reuid=65534 --regid=65534 --clear-groups env HOME="$TMP/nobody" \
        XDG_CACHE_HOME="$TMP/nobody/cache" XDG_DATA_HOME="$TMP/nobody/data" POCL_CACHE_DIR="$TMP/nobody/pocl" \
        "$CLBENCH" "${quick[@]}" -o /dev/null >"$TMP/stdout" 2>"$TMP/stderr"
    RC=$? LAST_CMD="(as nobody) clbench ${quick[*]} -o /dev/null"
    expect_rc 0
    expect_stderr_lacks "error"
    # A read-only file of its own: refused, left as it was.
    echo keep >"$TMP/nobody/ro.json"
    chmod 444 "$TMP/nobody/ro.json" && chown 65534:65534 "$TMP/nobody/ro.json"
    setpriv --reuid=65534 --regid=65534 --clear-groups env HOME="$TMP/nobody" \
        XDG_CACHE_HOME="$TMP/nobody/cache" XDG_DATA_HOME="$TMP/nobody/data" POCL_CACHE_DIR="$TMP/nobody/pocl" \
        "$CLBENCH" "${quick[@]}" -o "$TMP/nobody/ro.json" >"$TMP/stdout" 2>"$TMP/stderr"
    RC=$? LAST_CMD="(as nobody) clbench ${quick[*]} -o ro.json (0444)"
    expect_rc 1
    expect_stderr_has "read-only"
    [ "$(cat "$TMP/nobody/ro.json")" = keep ] || fail "a read-only output was replaced"
fi

# root replacing another user's file gives it back to that user.
if [ "$(id -u)" -eq 0 ]; then
    echo '{}' >"$TMP/theirs.json"
    chown 65534:65534 "$TMP/theirs.json"
    run "${quick[@]}" -o "$TMP/theirs.json"
    expect_rc 0
    [ "$(stat -c %u:%g "$TMP/theirs.json")" = 65534:65534 ] || fail "owner not kept: $(stat -c %u:%g "$TMP/theirs.json")"
fi
exit 0
