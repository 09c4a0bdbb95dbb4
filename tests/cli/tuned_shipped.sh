# The tuning database the repository ships (results/tuned.json, installed beside the binary):
# every entry names a built-in kernel and gives exactly that kernel's parameters.  A run skips
# an entry that lacks one (tuned_keys.sh), so a parameter added to a kernel without its value
# in the shipped entries would quietly turn every tuned GPU row back to the defaults.
source "$(dirname "$0")/lib.sh"

run --list-kernels
expect_rc 0
python3 - "$TMP/stdout" "$CLBENCH_SOURCE_DIR/results/tuned.json" <<'PY' || fail "results/tuned.json"
import json, re, sys
params, kernel = {}, None
for line in open(sys.argv[1]):
    m = re.match(r"  ([a-z][a-z0-9_]*) ", line)
    if m:
        kernel = m.group(1)
        params[kernel] = set()
    m = re.match(r"\s+-D ([A-Z][A-Z0-9_]*)=", line)
    if m and kernel:
        params[kernel].add(m.group(1))
entries = json.load(open(sys.argv[2]))["entries"]
assert entries, "no entries"
bad = []
for e in entries:
    want = params.get(e["kernel"])
    if want is None:
        bad.append(f"{e['kernel']}: not a built-in kernel")
    elif set(e["params"]) != want:
        bad.append(f"{e['kernel']} {e['size_class']} {e.get('type', 'float')} on {e['device']}: "
                   f"lacks {sorted(want - set(e['params']))}, extra {sorted(set(e['params']) - want)}")
assert not bad, "\n".join(bad)
print(len(entries), "entries, each with its kernel's parameters")
PY
echo "tuned_shipped: ok"
