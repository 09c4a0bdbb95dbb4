# The side-by-side: with several devices and no --size every device runs each kernel at one
# size, so every row has both devices: GPUs beside CPUs at the kernel's shared size (transpose
# 4096x4096), two CPU devices at the CPU default (2048x2048), as one device alone runs it.  A terminal narrower than the table gets the device groups
# in blocks under each other, every table line within its width.
source "$(dirname "$0")/lib.sh"

for pair in "pthread pthread" "pthread basic" "cpu cpu-minimal"; do
    if [ "$(POCL_DEVICES="$pair" "$CLBENCH" --list 2>/dev/null | grep -c '^  0:')" -eq 2 ]; then
        two="$pair"
        break
    fi
done
[ -n "${two:-}" ] || { echo "side_by_side: PoCL cannot make two devices here: skipped"; exit 0; }

POCL_DEVICES="$two" run -k transpose_naive "${QUICK[@]}" -o "$TMP/two.json"
expect_rc 0
python3 - "$TMP/two.json" <<'PY' || fail "shared sizes"
import json, sys
rows = json.load(open(sys.argv[1]))["rows"]
assert sorted((r["device"], tuple(r["size"])) for r in rows) == [
    ("0:0", (2048, 2048)), ("0:1", (2048, 2048))], rows
PY
run -d 0:0 -k transpose_naive "${QUICK[@]}" -o "$TMP/one.json"
expect_rc 0
python3 -c "import json,sys; assert [r['size'] for r in json.load(open(sys.argv[1]))['rows']] == [[2048, 2048]]" \
    "$TMP/one.json" || fail "one device: its own default"

# Wide enough: one block; 60 columns: one block per device, every table line within 60.
run report "$TMP/two.json"
[ "$(grep -c '^kernel ' "$TMP/stdout")" -eq 1 ] || fail "expected one block"
COLUMNS=60 run report "$TMP/two.json"
expect_rc 0
[ "$(grep -c '^kernel ' "$TMP/stdout")" -eq 2 ] || fail "expected a block per device"
awk '/ \| |^---/ && length($0) > 60 { bad = 1 } END { exit bad }' "$TMP/stdout" ||
    fail "a table line is wider than COLUMNS"
# The main job's budget per launch (CLBENCH_TEST_LAUNCH_MS, a test hook, makes it 50 ms): a
# 512^3 matmul over it makes its family smaller on both devices, said in one line; every row
# ok, each kernel at one size on both devices, under 512.
CLBENCH_TEST_LAUNCH_MS=50 POCL_DEVICES="$two" run -k matmul_naive,matmul_tiled,matmul_regblock \
    "${QUICK[@]}" -o "$TMP/budget.json"
expect_rc 0
expect_stderr_has "over the main job's 0.05 s a launch: the matmul family's rows of that size run at"
python3 - "$TMP/budget.json" <<'PY' || fail "the budget's sizes"
import json, sys
rows = json.load(open(sys.argv[1]))["rows"]
assert len(rows) == 6 and all(r["status"] == "ok" for r in rows), rows
sizes = {tuple(r["size"]) for r in rows}
assert len(sizes) == 1 and max(next(iter(sizes))) < 512, sizes
PY
# A size given is run as given, whatever it costs.
CLBENCH_TEST_LAUNCH_MS=1 POCL_DEVICES="$two" run -k matmul_naive -n 96 "${QUICK[@]}" -o "$TMP/given.json"
expect_rc 0
python3 -c "import json,sys; assert {tuple(r['size']) for r in json.load(open(sys.argv[1]))['rows']} == {(96, 96, 96)}" \
    "$TMP/given.json" || fail "a given size was changed"
echo "side_by_side: ok"
