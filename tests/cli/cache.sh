# The per-user cache (host/run/cache_dir.c): a second run reuses the measured peak and the
# built programs and says so in the run file; --no-cache writes nothing; garbage, truncated,
# corrupt or foreign entries are rebuilt with a warning and the results still verify; an
# unusable cache directory is one warning and a run that succeeds; two runs at once both
# succeed and leave a cache a third run uses without a warning.
source "$(dirname "$0")/lib.sh"

# build_sources FILE: every row's status and build_source, one line per row.
build_sources() {
    python3 - "$1" <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["rows"]:
    print(r["kernel"], r["status"], r.get("build_source"))
PY
}
expect_sources() {
    local got
    got=$(build_sources "$TMP/run.json" | awk '{print $2, $3}' | sort -u | tr '\n' ' ')
    [ "$got" = "$1" ] || fail "rows' status and build_source: '$got', expected '$1'"
}
expect_no_warning() { ! grep -q "warning" "$TMP/stderr" || fail "unexpected warning"; }
warnings() { grep -c "^clbench: warning:" "$TMP/stderr"; }

ROWS=(-d cpu -k vadd,copy -n 4096 --reps 2 --warmup 1 --min-time 0 --no-peak)
export XDG_CACHE_HOME="$TMP/xdg"
# PoCL keeps its programs itself, so clbench leaves them to it: unless PoCL's own kernel cache
# is off, as here, to test clbench's.  The first run shows the default.
run "${ROWS[@]}" -o "$TMP/run.json"
expect_rc 0
expect_sources "ok built "
[ ! -e "$XDG_CACHE_HOME/clbench/programs" ] || fail "programs cached on disk beside PoCL's cache"
export POCL_KERNEL_CACHE=0
PROGRAMS="$XDG_CACHE_HOME/clbench/programs"

# First run builds and stores; the second loads every program from disk, and verifies.
run "${ROWS[@]}" -o "$TMP/run.json"
expect_rc 0
expect_sources "ok built "
expect_no_warning
[ "$(find "$PROGRAMS" -name '*.bin' | wc -l)" -eq 2 ] || fail "expected 2 program entries"
[ -z "$(find "$PROGRAMS" -name '*.bin.*')" ] || fail "a temporary file was left behind"
run "${ROWS[@]}" -o "$TMP/run.json"
expect_rc 0
expect_sources "ok disk "
expect_no_warning

# --no-cache: nothing read, nothing written.
XDG_CACHE_HOME="$TMP/none" run "${ROWS[@]}" --no-cache -o "$TMP/run.json"
expect_rc 0
expect_sources "ok built "
[ ! -e "$TMP/none" ] || fail "--no-cache wrote into the cache"

# Entries that must not be trusted: each is rebuilt with a warning naming why, the rows verify,
# and the entry is replaced by a sound one.
entries=$(find "$PROGRAMS" -name '*.bin' | sort)
first=$(echo "$entries" | head -1)
second=$(echo "$entries" | tail -1)
damage() { # damage HOW: garbage | truncated | corrupt | foreign | refused
    python3 - "$1" "$first" "$second" <<'PY'
import sys
how, first, second = sys.argv[1:]
data = open(first, "rb").read()
if how == "garbage":
    data = b"\x00garbage, not a program\n" * 10
elif how == "truncated":
    data = data[: len(data) // 2]
elif how == "corrupt":
    data = data[:-20] + bytes(b ^ 0xFF for b in data[-20:-5]) + data[-5:]
elif how == "foreign":
    first = second  # the other entry's name, this entry's key
elif how == "refused":
    # A sound entry (key, checksum, end marker) whose binary the driver cannot load.
    head, _, rest = data.partition(b"\nbinary ")
    body = b"this is no program binary" * 8
    h = 0xcbf29ce484222325
    for b in body:
        h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    data = head + b"\nbinary %d %016x\n" % (len(body), h) + body + b"\nend\n"
open(first, "wb").write(data)
PY
}
for how in garbage truncated corrupt foreign refused; do
    cp -r "$XDG_CACHE_HOME" "$TMP/sound"
    damage "$how"
    run "${ROWS[@]}" -o "$TMP/run.json"
    expect_rc 0
    expect_stderr_has "is unusable ("
    expect_stderr_has ": building from source"
    [ "$(warnings)" -eq 1 ] || fail "$how: expected one warning"
    case $how in
    garbage) expect_stderr_has "not a clbench program entry" ;;
    truncated) expect_stderr_has "truncated" ;;
    corrupt) expect_stderr_has "checksum mismatch" ;;
    foreign) expect_stderr_has "made for another device, driver, source or options" ;;
    refused) grep -qE "the driver refuses it|clBuildProgram on it" "$TMP/stderr" ||
        fail "refused: no driver error named" ;;
    esac
    [ "$(build_sources "$TMP/run.json" | grep -c ' ok built')" -ge 1 ] || fail "$how: no rebuild"
    [ "$(build_sources "$TMP/run.json" | grep -vc ' ok ')" -eq 0 ] || fail "$how: a row failed"
    run "${ROWS[@]}" -o "$TMP/run.json"
    expect_sources "ok disk "
    expect_no_warning
    rm -rf "$XDG_CACHE_HOME"
    mv "$TMP/sound" "$XDG_CACHE_HOME"
done

# A cache directory that cannot be used: one warning, and the run goes on.
mkdir -p "$TMP/file-not-dir"
echo garbage >"$TMP/file-not-dir/clbench"
for xdg in "$TMP/file-not-dir" /proc/clbench-cannot-write-here; do
    XDG_CACHE_HOME=$xdg run "${ROWS[@]}" -o "$TMP/run.json"
    expect_rc 0
    expect_sources "ok built "
    [ "$(warnings)" -eq 1 ] || fail "$xdg: expected exactly one warning"
    expect_stderr_has "running without the cache"
done
mkdir -p "$TMP/kind-not-dir/clbench"
echo garbage >"$TMP/kind-not-dir/clbench/programs"
XDG_CACHE_HOME="$TMP/kind-not-dir" run "${ROWS[@]}" -o "$TMP/run.json"
expect_rc 0
[ "$(warnings)" -eq 1 ] || fail "programs/ a file: expected exactly one warning"

# Two runs at once on an empty cache: both succeed; a third finds sound entries only.
export XDG_CACHE_HOME="$TMP/shared"
# PoCL's own kernel cache is not what is tested here, and two processes linking the same
# kernel in one PoCL cache folder at once can fail inside PoCL ("Final linking of kernel
# copy_ilp failed", seen in CI): each run gets a PoCL cache of its own.
POCL_CACHE_DIR="$TMP/pocl-a" "$CLBENCH" "${ROWS[@]}" -o "$TMP/a.json" 2>"$TMP/a.err" &
pid_a=$!
POCL_CACHE_DIR="$TMP/pocl-b" "$CLBENCH" "${ROWS[@]}" -o "$TMP/b.json" 2>"$TMP/b.err" &
pid_b=$!
wait "$pid_a" || fail "concurrent run A failed: $(cat "$TMP/a.err")"
wait "$pid_b" || fail "concurrent run B failed: $(cat "$TMP/b.err")"
! grep -q warning "$TMP/a.err" "$TMP/b.err" || fail "concurrent runs warned"
[ -z "$(find "$XDG_CACHE_HOME" -name '*.bin.*')" ] || fail "a temporary file was left behind"
run "${ROWS[@]}" -o "$TMP/run.json"
expect_sources "ok disk "
expect_no_warning

# Peaks: the first run measures (and says so), the second reuses the stored figures and date.
export XDG_CACHE_HOME="$TMP/peaks"
# A 1 GiB PoCL device: the bandwidth probes' buffers follow the device's memory, so each
# measurement below takes seconds instead of tens (this part is of the cache, not the roofs).
export POCL_MEMORY_LIMIT=1
PEAK=(-d cpu -k vadd -n 4096 --reps 2 --warmup 1 --min-time 0)
run "${PEAK[@]}" -o "$TMP/run.json"
expect_rc 0
expect_stderr_has "no cached peak for"
peak_field() {
    python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["devices"][0]["peak"].get(sys.argv[2]))' \
        "$TMP/run.json" "$1"
}
[ "$(peak_field source)" = measured ] || fail "first run: peak source $(peak_field source)"
date1=$(peak_field measured_date)
entry=$(find "$XDG_CACHE_HOME/clbench/peaks" -name '*.json')
[ -f "$entry" ] || fail "no peak entry stored"
python3 "$(dirname "$0")/validate_json.py" "$CLBENCH_SOURCE_DIR/results/schema" "$entry" \
    >"$TMP/out" 2>&1 || fail "peak entry: $(cat "$TMP/out")"
grep -q "1 file(s) checked, 0 invalid" "$TMP/out" || fail "peak entry not checked"
run "${PEAK[@]}" -o "$TMP/run.json"
expect_rc 0
! grep -q "no cached peak" "$TMP/stderr" || fail "second run measured the peak again"
expect_no_warning
[ "$(peak_field source)" = cached ] || fail "second run: peak source $(peak_field source)"
[ "$(peak_field measured_date)" = "$date1" ] || fail "cached peak lost its date"
for f in gflops_source gbs_source gflops_noise opencl_gflops; do
    [ "$(peak_field $f)" != None ] || fail "cached peak lost its $f"
done
# peaks.sh tests the roofs' sources, the entry's checksum and the busy-machine rule.
# --peak measure: measured again (no note: it was asked for), and the entry replaced.
run "${PEAK[@]}" --peak measure -o "$TMP/run.json"
expect_rc 0
! grep -q "no cached peak" "$TMP/stderr" || fail "--peak measure said nothing was cached"
[ "$(peak_field source)" = measured ] || fail "--peak measure: source $(peak_field source)"
[ "$(peak_field measured_date)" != "$date1" ] || fail "--peak measure used the cache"
# --peak off and --no-peak: no probes, no source.
run "${PEAK[@]}" --peak off -o "$TMP/run.json"
[ "$(peak_field source)" = None ] || fail "--peak off still has a peak source"
run "${PEAK[@]}" --peak sometimes
expect_rc 2
expect_one_error_line
expect_stderr_has "unknown --peak mode 'sometimes' (use cached, measure or off)"
# A garbage peak entry: measured again with a warning, and replaced.
echo '{"key": 3' >"$entry"
run "${PEAK[@]}" -o "$TMP/run.json"
expect_rc 0
expect_stderr_has "peak cache entry '$entry'"
[ "$(peak_field source)" = measured ] || fail "garbage peak entry: source $(peak_field source)"
python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$entry" || fail "entry not replaced"

echo "cache: ok"
