# The peak cache's entries that cannot serve (host/run/peak_cache.c, parse_entry): an entry from
# before a roof it must hold, a v1 entry (no checksum), one made for another key (another probe
# version), one that is not JSON, one with a field missing or of the wrong kind, one of another
# native ISA.  Each is refused with a warning that names why, measured again and replaced by a
# sound entry of the current schema.  Entries from before the launch probe, and a sound entry written without its
# layout, still serve.  An entry carries a checksum, so that a hand edit is refused (peaks.sh):
# this test signs its edits the way peak_cache.c does (entry_checksum: FNV-1a of the entry's
# unformatted JSON, as cJSON prints it, without the "checksum" member), and first checks that
# it signs a sound entry as clbench did.
source "$(dirname "$0")/lib.sh"

# A 1 GiB PoCL device: the bandwidth probes' buffers follow the device's memory, so each of the
# ten measurements below takes seconds instead of tens (this test is of the cache, not the roofs).
export POCL_MEMORY_LIMIT=1

PEAK=(-d cpu -k vadd -n 4096 --reps 2 --warmup 1 --min-time 0 -o "$TMP/run.json")
peak_field() {
    python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["devices"][0]["peak"].get(sys.argv[2]))' \
        "$TMP/run.json" "$1"
}
expect_no_warning() { ! grep -q "warning" "$TMP/stderr" || fail "unexpected warning"; }
run "${PEAK[@]}"
expect_rc 0
entry=$(find "$XDG_CACHE_HOME/clbench/peaks" -name '*.json')
[ -f "$entry" ] || fail "no peak entry stored"
cp "$entry" "$TMP/sound.json"

# entry HOW: writes to $entry the sound entry changed as HOW says, signed as clbench signs
# (but for `v1` and `truncated`); `check` signs nothing and fails where the test's sum of
# the sound entry is not clbench's, `sound` asserts that $entry is a sound, current entry.
entry() {
    python3 - "$1" "$TMP/sound.json" "$entry" <<'PY'
import json, sys

how, sound, path = sys.argv[1:]


class Raw(str):
    """A number as its text: cJSON prints a number it parsed back the same."""


def load(p):
    return json.load(open(p), parse_float=Raw, parse_int=Raw)


def unformatted(v):  # cJSON_PrintUnformatted
    if isinstance(v, dict):
        return "{" + ",".join(unformatted(k) + ":" + unformatted(x) for k, x in v.items()) + "}"
    if isinstance(v, Raw):
        return str(v)
    if isinstance(v, str):  # cJSON escapes what json does; other bytes pass through
        return json.dumps(v, ensure_ascii=False)
    raise TypeError(v)


def formatted(e):  # cJSON_Print's layout of an object of strings and numbers
    members = ("\t%s:\t%s" % (unformatted(k), unformatted(x)) for k, x in e.items())
    return "{\n" + ",\n".join(members) + "\n}"


def checksum(e):
    h = 0xCBF29CE484222325
    for b in unformatted({k: x for k, x in e.items() if k != "checksum"}).encode():
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % h


e = load(sound)
if how == "check":
    assert checksum(e) == e["checksum"], "this test does not sign an entry as clbench does"
    sys.exit(0)
if how == "sound":
    new = load(path)
    assert checksum(new) == new["checksum"] and new["key"] == e["key"], new
    assert new["schema"] == "clbench-peak" and new["schema_version"] == "2", new
    for k in ("gflops_fp64", "native_gflops_fp64", "read_gbs", "launch_event_us"):
        assert float(new[k]) > 0, (k, new)
    assert new["native_isa"] == e["native_isa"] and "busy" not in new, new
    sys.exit(0)
if how == "truncated":
    text = open(sound).read()
    open(path, "w").write(text[: len(text) // 2])
    sys.exit(0)
if how == "before-native-fp64":
    del e["native_gflops_fp64"]
elif how == "before-fp64":
    del e["gflops_fp64"]
elif how == "before-launch":
    del e["launch_event_us"], e["launch_wall_us"]
elif how == "v1":  # clbench-peak.v1: the same members, no checksum
    e["schema_version"] = Raw("1")
    del e["checksum"]
elif how == "other-probes":  # the probes' version at the key's end, under this entry's name
    key, _, version = e["key"].rpartition(":")
    e["key"] = "%s:%d" % (key, int(version) - 1)
elif how == "missing":
    del e["read_gbs"]
elif how == "other-isa":
    e["native_isa"] = "another-isa"
elif how == "busy-number":
    e["busy"] = Raw("5")
elif how != "layout":
    sys.exit("unknown edit " + how)
if how != "v1":
    e["checksum"] = checksum(e)
# "layout": the same entry on one line, as clbench never writes it: the sum is of the content.
open(path, "w").write(unformatted(e) if how == "layout" else formatted(e))
PY
}
entry check || fail "the test's checksum of a sound entry"

# Refused: a warning that names why, a new measurement, and a sound entry in its place.  The
# entry from before the native FP64 figure also in-process (CLBENCH_WORKERS=0), where the peak
# is obtained without a worker.
for case in "before-native-fp64:no native FP64 figure (an entry from before it)" \
    "before-native-fp64:no native FP64 figure (an entry from before it):inproc" \
    "before-fp64:no FP64 or FP16 roof (an entry from before them)" \
    "v1:no checksum" "other-probes:another key" "truncated:not JSON" \
    "missing:fields missing" "other-isa:native probe of another ISA" \
    "busy-number:busy note unreadable"; do
    how=${case%%:*} why=${case#*:} workers=1
    case $why in *:inproc) why=${why%:inproc} workers=0 ;; esac
    entry "$how" || fail "$how: could not write the entry"
    CLBENCH_WORKERS=$workers run "${PEAK[@]}"
    expect_rc 0
    expect_stderr_has "peak cache entry '$entry' for"
    expect_stderr_has "is unusable ($why): measuring again"
    [ "$(grep -c warning "$TMP/stderr")" -eq 1 ] || fail "$how: expected one warning"
    [ "$(peak_field source)" = measured ] || fail "$how: source $(peak_field source)"
    [ "$(peak_field native_gflops_fp64)" != None ] || fail "$how: no native FP64 figure"
    entry sound || fail "$how: the entry was not replaced by a sound one"
    python3 "$(dirname "$0")/validate_json.py" "$CLBENCH_SOURCE_DIR/results/schema" "$entry" ||
        fail "$how: the new entry does not match its schema"
done
# The replaced entry serves the next run.
run "${PEAK[@]}"
expect_rc 0
[ "$(peak_field source)" = cached ] || fail "a replaced entry was not reused"
expect_no_warning

# Served: an entry from before the launch probe (no launch-bound marks then), and a sound
# entry on one line.
entry before-launch || fail "before-launch: could not write the entry"
run "${PEAK[@]}"
expect_rc 0
expect_no_warning
[ "$(peak_field source)" = cached ] || fail "before-launch: source $(peak_field source)"
[ "$(peak_field launch_event_us)" = None ] || fail "before-launch: launch figures from nowhere"
[ "$(peak_field native_gflops_fp64)" != None ] || fail "before-launch: the roofs were not read"
entry layout || fail "layout: could not write the entry"
run "${PEAK[@]}"
expect_rc 0
expect_no_warning
[ "$(peak_field source)" = cached ] || fail "layout: source $(peak_field source)"
[ "$(peak_field launch_event_us)" != None ] || fail "layout: the launch figures were not read"
echo "peak_cache: ok"
