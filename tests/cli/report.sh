# `clbench report`: run files from two "machines" merged side by side in every format, rows
# of one side only kept, the same device model on two hosts told apart, bad files refused
# with one line and exit code 2, and the live run on several devices printed the same way.
source "$(dirname "$0")/lib.sh"

run -d cpu -k vadd,vadd_local -n 1000,2048 "${QUICK[@]}" -o "$TMP/cpu.json"
expect_rc 0
# A second machine: the same rows on a "GPU" ten times faster, one row missing and one row
# of a kernel this binary does not know.
python3 - "$TMP" <<'PY' || fail "making the GPU file"
import json, sys
d = sys.argv[1]
run = json.load(open(d + "/cpu.json"))
run["host"] = "gpu-host"
dev = run["devices"][0]
dev.update(type="gpu", name="NVIDIA H100 80GB HBM3", platform="NVIDIA CUDA", driver="580.00")
rows = []
for r in run["rows"]:
    if r["kernel"] == "vadd_local" and r["size"] == [2048]:
        continue
    r["samples_ms"] = [x / 10 for x in r["samples_ms"]]
    r["stats"]["median_ms"] /= 10
    r["gbs"] *= 10
    rows.append(r)
future = json.loads(json.dumps(rows[0]))
future["kernel"] = "vadd_future"
future.pop("baseline", None)  # as a file that records none (older files)
rows.append(future)
run["rows"] = rows
json.dump(run, open(d + "/gpu.json", "w"))
other = json.load(open(d + "/cpu.json"))
other["host"] = "laptop"
json.dump(other, open(d + "/laptop.json", "w"))
PY

run report "$TMP/cpu.json" "$TMP/gpu.json"
expect_rc 0
expect_stdout_has "H100 80GB HBM3"
expect_stdout_has "driver 580.00; host gpu-host"
expect_stdout_has "vadd (GB/s)"
expect_stdout_has "vs base"
expect_stdout_has "GPU/CPU"
expect_stdout_has "vadd_future"
grep -qE '^vadd +1000 .*\| +10.0x$' "$TMP/stdout" || fail "GPU/CPU ratio of vadd at 1000"
grep -qE '^vadd_local +2048 .*\| +- *\| +-$' "$TMP/stdout" ||
    fail "the row only the CPU ran is not shown with '-' for the GPU"
# The answer after the tables: the GPU/CPU ratio of the family over the 3 rows both ran.
grep -qE '^vadd +10.0x \(3\)$' "$TMP/stdout" || fail "GPU/CPU ratio per family"
grep -qE '^local memory: .* on PoCL.*, .* on H100 80GB HBM3$' "$TMP/stdout" ||
    fail "local-memory verdict after the tables"

run report --format json "$TMP/cpu.json" "$TMP/gpu.json"
expect_rc 0
python3 - "$TMP" <<'PY' || fail "report json"
import json, sys
rep = json.load(open(sys.argv[1] + "/stdout"))
cpu = json.load(open(sys.argv[1] + "/cpu.json"))
assert rep["schema"] == "clbench-report"
labels = [d["label"] for d in rep["devices"]]
assert len(labels) == 2 and labels[1] == "H100 80GB HBM3", labels
(fam,) = rep["families"]
assert fam["family"] == "vadd" and fam["metric"] == "GB/s" and fam["baseline"] == "vadd"
keys = [(r["kernel"], r["size"]) for r in fam["rows"]]
assert keys == [("vadd", "1000"), ("vadd_local", "1000"), ("vadd_future", "1000"),
                ("vadd", "2048"), ("vadd_local", "2048")], keys
med = {(r["kernel"], r["size"][0]): r["stats"]["median_ms"] for r in cpu["rows"]}
for row in fam["rows"]:
    cells = row["devices"]
    if row["kernel"] == "vadd_local" and row["size"] == "2048":
        assert list(cells) == [labels[0]] and "gpu_cpu" not in row
        continue
    if row["kernel"] == "vadd_future":  # unknown here: shown, without a baseline
        assert list(cells) == [labels[1]] and "gpu_cpu" not in row
        assert "speedup_vs_baseline" not in cells[labels[1]]
        continue
    assert set(cells) == set(labels)
    (ratio,) = row["gpu_cpu"]
    assert ratio["gpu"] == labels[1] and abs(ratio["ratio"] - 10) < 1e-9
    if row["kernel"] == "vadd_local":
        sp = cells[labels[0]]["speedup_vs_baseline"]
        want = med[("vadd", int(row["size"]))] / med[("vadd_local", int(row["size"]))]
        assert abs(sp - want) < 1e-12, (sp, want)
PY

run report --format csv "$TMP/cpu.json" "$TMP/gpu.json"
expect_rc 0
head -1 "$TMP/stdout" | grep -q '^family,kernel,params,size,device,host,' || fail "csv header"
[ "$(wc -l <"$TMP/stdout")" -eq 9 ] || fail "csv: expected a header and 8 rows"

run report -o "$TMP/side.md" "$TMP/cpu.json" "$TMP/gpu.json"
expect_rc 0
expect_stdout_empty
grep -q '^| kernel | size | ' "$TMP/side.md" || fail "markdown table from the extension"
[ "$(ls "$TMP" | grep -c 'side.md')" -eq 1 ] || fail "a temporary file was left beside side.md"

# The same CPU model on two hosts: two columns, named by host.
run report "$TMP/cpu.json" "$TMP/laptop.json"
expect_rc 0
grep -qE '^  .*@laptop ' "$TMP/stdout" || fail "device on host laptop not labelled by host"

# Bad input: one line naming the file and the problem, exit code 2, no output file.
printf '' >"$TMP/empty.json"
head -c 200 "$TMP/cpu.json" >"$TMP/truncated.json"
echo 'not json' >"$TMP/text.json"
echo '{"schema": "something-else"}' >"$TMP/other.json"
python3 -c "
import json, sys
r = json.load(open('$TMP/cpu.json')); r['schema_version'] = 2
json.dump(r, open('$TMP/v2.json', 'w'))"
check_bad() {
    run report -o "$TMP/out.txt" "$TMP/cpu.json" "$1"
    expect_rc 2
    expect_one_error_line
    expect_stderr_has "$1"
    expect_stderr_has "$2"
    [ ! -e "$TMP/out.txt" ] || fail "an output file was written from bad input"
}
check_bad "$TMP/missing.json" "cannot read"
check_bad "$TMP/empty.json" "is empty"
check_bad "$TMP/truncated.json" "truncated"
check_bad "$TMP/text.json" "not valid JSON"
check_bad "$TMP/other.json" "not a clbench run file"
check_bad "$TMP/v2.json" "schema_version 2 is not supported"

run report
expect_rc 2
expect_one_error_line
run report --format xml "$TMP/cpu.json"
expect_rc 2
expect_stderr_has "unknown format 'xml'"
run report --help
expect_rc 0
expect_stdout_has "usage: clbench report"
expect_stdout_has "exit status:"
# Every option of the subcommand's help is documented in README.md or docs/.
for opt in $(grep -oE '^  (-., )?--[a-z-]+' "$TMP/stdout" | grep -oE -- '--[a-z-]+'); do
    grep -q -- "\`.*$opt" "$CLBENCH_SOURCE_DIR/README.md" "$CLBENCH_SOURCE_DIR"/docs/*.md ||
        fail "README.md and docs/ lack report $opt"
done

# The live run on several devices goes through the same view.  PoCL makes two CPU devices
# when asked (driver names differ between PoCL versions).
for pair in "pthread basic" "cpu cpu-minimal"; do
    if [ "$(POCL_DEVICES="$pair" "$CLBENCH" --list 2>/dev/null | grep -c '^  0:')" -eq 2 ]; then
        export POCL_DEVICES="$pair"
        break
    fi
done
if [ -n "${POCL_DEVICES:-}" ]; then
    run -k vadd,vadd_local -n 1000 "${QUICK[@]}"
    expect_rc 0
    expect_stdout_has "vs base"
    [ "$(grep -c '^vadd.* | .* | ' "$TMP/stdout")" -eq 2 ] || fail "not two device column groups"
    run -k vadd -n 1000 "${QUICK[@]}" --format md
    expect_rc 0
    grep -q '^| kernel | size | .* ms | ' "$TMP/stdout" || fail "live markdown"
    # One device: the same view, one column group.
    run -d 0:0 -k vadd -n 1000 "${QUICK[@]}"
    expect_rc 0
    expect_stdout_has "vadd (GB/s)"
    [ "$(grep -c '^vadd .* | ' "$TMP/stdout")" -eq 1 ] || fail "one device, one column group"
else
    echo "report: PoCL cannot make two devices here; live side-by-side not tested"
fi
echo "report: ok"
