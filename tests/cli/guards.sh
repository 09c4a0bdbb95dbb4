# What is known to break a run is refused or worked around before it can: a work-group whose
# private arrays overflow PoCL's worker stack is over_limits (it crashed PoCL with SIGSEGV),
# and the limit follows ulimit -s; --tuned FILE that is not a tuning database is refused before
# any work and left as it was; the tuner says which entries it replaced and which it kept; an
# unusable XDG_CACHE_HOME moves PoCL's kernel cache for the run, with one warning.
source "$(dirname "$0")/lib.sh"
export XDG_DATA_HOME="$TMP/data" # never the user's database

# reason FILE KERNEL: the status and reason of the run file's rows of KERNEL.
reasons() {
    python3 - "$@" <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["rows"]:
    print(r["params"], r["status"], r.get("reason", ""))
PY
}

# --- Private memory against PoCL's worker stack ----------------------------------------------
# matmul_cpu -D WGM=256 holds 256 panels of 32 KiB: 8.3 MiB with an 8 MiB stack crashed PoCL.
(
    ulimit -s 8192
    run -d cpu -k matmul_cpu -n 64 "${QUICK[@]}" -D WGM=128,256 -o "$TMP/cpu.json"
    expect_rc 1
    reasons "$TMP/cpu.json" >"$TMP/reasons"
    grep -q "'WGM': 128.* ok" "$TMP/reasons" || fail "WGM=128 did not run: $(cat "$TMP/reasons")"
    grep -q "'WGM': 256.* over_limits a work-group's private arrays need 8464.0 KiB (256 \
work-items x 33856 bytes), over the 8064.0 KiB PoCL can hold: its worker threads' stack of \
8192 KiB (ulimit -s) less 128 KiB" "$TMP/reasons" || fail "WGM=256: $(cat "$TMP/reasons")"
    # The other crash of the issue: 4096 work-items of 2368 bytes.
    run -d cpu -k matmul_cached -n 256 "${QUICK[@]}" -D TILE=64 -D RX=32 -D RY=16
    expect_rc 1
    expect_stderr_has "over_limits: a work-group's private arrays need 9472.0 KiB"
    # A tune through such points refuses them and measures the rest.
    run tune -d cpu -k matmul_cpu -n 64 -D MR=8 -D VN=16 -D NV=2 -D RB=16 -D KB=256 \
        -D WGM=128,256,512 --reps 2 --budget 3 \
        --tuned "$TMP/cpu-db.json"
    expect_rc 0
    expect_stderr_has "1 measured, 2 refused of 3 points"
) || exit 1
# Twice the stack, twice the limit: the point that was refused runs.
(
    if ulimit -s 16384 2>/dev/null; then
        run -d cpu -k matmul_cpu -n 64 "${QUICK[@]}" -D WGM=256
        expect_rc 0
    else
        echo "note: the hard limit keeps the stack under 16 MiB: that case is not run" >&2
    fi
) || exit 1

# --- --tuned FILE that is not a tuning database -------------------------------------------
TINY=(-d cpu -k matmul_regblock -n 32 -D TILE=4 -D RX=1,2 -D RY=1 --reps 2)
run -d cpu -k vadd -n 1000 "${QUICK[@]}" -o "$TMP/run.json"
expect_rc 0
run -d cpu -k vadd -n 1000 "${QUICK[@]}" -f md -o "$TMP/report.md"
expect_rc 0
echo "a note" >"$TMP/notes.txt"
mkdir "$TMP/dir"
for target in run.json report.md notes.txt dir; do
    before=$(ls -l "$TMP/$target"; cksum "$TMP/$target" 2>/dev/null)
    for cmd in tune plain; do
        if [ "$cmd" = tune ]; then
            run tune "${TINY[@]}" --budget 2 --tuned "$TMP/$target" -o "$TMP/t.json"
        else
            run -d cpu -k vadd -n 1000 "${QUICK[@]}" --tuned "$TMP/$target" -o "$TMP/t.json"
        fi
        expect_rc 2
        expect_one_error_line
        [ "$(wc -l <"$TMP/stderr")" -eq 1 ] || fail "$cmd --tuned $target: more than one line"
        expect_stderr_has "pass --tuned a new file name or an existing tuning database"
        [ ! -e "$TMP/t.json" ] || fail "$cmd --tuned $target: work was done before the refusal"
        [ "$before" = "$(ls -l "$TMP/$target"; cksum "$TMP/$target" 2>/dev/null)" ] ||
            fail "$cmd --tuned $target: the file changed"
    done
done
run tune "${TINY[@]}" --budget 2 --tuned "$TMP/run.json"
expect_stderr_has "'$TMP/run.json' is a clbench run file (schema \"clbench-run\"), not a tuning"
run tune "${TINY[@]}" --budget 2 --tuned "$TMP/report.md"
expect_stderr_has "is not JSON (a report, a CSV file or other text?)"
run tune "${TINY[@]}" --budget 2 --tuned "$TMP/dir"
expect_stderr_has "is a directory"

# The summary: added, then kept when the stored entry is better, replaced when it is worse.
DB="$TMP/db.json"
run tune "${TINY[@]}" --budget 2 --tuned "$DB"
expect_rc 0
expect_stderr_has "clbench: tuning database '$DB':"
expect_stderr_has "  added    matmul_regblock 32x32x32 float on "
set_throughput() {
    python3 - "$DB" "$1" <<'PY'
import json, sys
db = json.load(open(sys.argv[1]))
db["entries"][0]["throughput"] = float(sys.argv[2])
db["entries"][0]["params"] = {"TILE": 4, "RX": 9, "RY": 9}
json.dump(db, open(sys.argv[1], "w"))
PY
}
set_throughput 1e9
run tune "${TINY[@]}" --budget 2 --tuned "$DB"
expect_rc 0
expect_stderr_has "  kept     matmul_regblock 32x32x32 float on "
expect_stderr_has ": the stored 1e+09 GFLOP/s beats this tune's "
grep -q '"RX":[[:space:]]*9' "$DB" || fail "the better stored entry was replaced"
set_throughput 1e-9
run tune "${TINY[@]}" --budget 2 --tuned "$DB"
expect_rc 0
expect_stderr_has "  replaced matmul_regblock 32x32x32 float on "
expect_stderr_has " GFLOP/s (was 1e-09)"
! grep -q '"RX":[[:space:]]*9' "$DB" || fail "the worse stored entry was kept"

# --- A cache that cannot break the driver ----------------------------------------------------
# CTest gives every test a PoCL cache of its own (POCL_CACHE_DIR); here PoCL must choose its
# place as a user's PoCL does, under XDG_CACHE_HOME.
unset POCL_CACHE_DIR
export TMPDIR="$TMP/tmpdir"
mkdir -p "$TMPDIR"
ROWS=(-d cpu -k vadd -n 4096 "${QUICK[@]}")
warnings() { grep -c "^clbench: warning:" "$TMP/stderr"; }
# unusable XDG WHAT: the run succeeds with one warning naming WHAT; PoCL's temporary cache is
# gone after it.
unusable() {
    XDG_CACHE_HOME=$1 run "${ROWS[@]}" -o "$TMP/cache-run.json"
    expect_rc 0
    [ "$(warnings)" -eq 1 ] || fail "$1: expected exactly one warning"
    expect_stderr_has "cache directory '$1/pocl/kcache' unusable ($2"
    expect_stderr_has "PoCL's kernel cache is in '$TMPDIR/clbench-pocl-"
    expect_stderr_has "and clbench runs without its own"
    [ -z "$(ls -A "$TMPDIR")" ] || fail "$1: PoCL's temporary cache outlived the run"
}
echo "a file" >"$TMP/regular"
unusable "$TMP/regular" "'$TMP/regular': Not a directory"
unusable "$TMP/regular/below" "'$TMP/regular': Not a directory"
# A read-only directory and a full file system, where this user may mount a tmpfs (root);
# a chmod'ed directory stops no one as root.
mkdir -p "$TMP/mnt"
# A failure between mount and umount must not leave the tmpfs mounted in the removed folder.
trap 'rc=$?; umount "$TMP/mnt" 2>/dev/null; (exit $rc); check_schemas_and_clean' EXIT
if mount -t tmpfs -o size=64k tmpfs "$TMP/mnt" 2>/dev/null; then
    unusable "$TMP/mnt" "'$TMP/mnt': only 64 KiB free"
    umount "$TMP/mnt"
    mount -t tmpfs -o ro,size=64m tmpfs "$TMP/mnt"
    unusable "$TMP/mnt" "'$TMP/mnt': Read-only file system"
    umount "$TMP/mnt"
elif [ "$(id -u)" -ne 0 ]; then
    mkdir -p "$TMP/ro" && chmod 555 "$TMP/ro"
    unusable "$TMP/ro" "'$TMP/ro': Permission denied"
    chmod 755 "$TMP/ro"
else
    echo "note: cannot mount a tmpfs here: the read-only and full cases are not run" >&2
fi
# The user's POCL_CACHE_DIR is the user's: left alone, and PoCL uses it; clbench's own cache
# (the profiling clock's check is kept there) says once that it is off, and nothing of PoCL.
POCL_CACHE_DIR="$TMP/pocl-mine" XDG_CACHE_HOME="$TMP/regular" run "${ROWS[@]}"
expect_rc 0
[ "$(warnings)" -eq 1 ] || fail "with POCL_CACHE_DIR: expected exactly one warning"
expect_stderr_has "cache directory '$TMP/regular/clbench': Not a directory: running without the cache"
[ -n "$(ls -A "$TMP/pocl-mine")" ] || fail "PoCL did not use the user's POCL_CACHE_DIR"
# A usable place: no warning, PoCL's cache where PoCL puts it.
XDG_CACHE_HOME="$TMP/fine" run "${ROWS[@]}"
expect_rc 0
[ "$(warnings)" -eq 0 ] || fail "a usable cache warned"
[ -d "$TMP/fine/pocl/kcache" ] || fail "PoCL's cache is not under XDG_CACHE_HOME"
