# The planner (docs/tuning.md, "The planner"): rows of matmul_cpu and matmul_fast without -D or
# a tuned entry take the shape model's choice (params_from model, why in params_note); --no-model
# gives the manifest's defaults; --autotune quick times the model's best points, runs the
# fastest and stores it as an exact entry, which the next run takes before the model; an exact
# entry beats the model; a bad --autotune value is refused.
source "$(dirname "$0")/lib.sh"
export XDG_DATA_HOME="$TMP/data" # never the user's database
DB="$TMP/tuned.json"

run -d cpu -k matmul_cpu -n 200x40x300 "${QUICK[@]}" --no-tuned -f json -o "$TMP/model.json"
expect_rc 0
run -d cpu -k matmul_cpu -n 200x40x300 "${QUICK[@]}" --no-tuned --no-model -f json \
    -o "$TMP/plain.json"
expect_rc 0
python3 - "$TMP/model.json" "$TMP/plain.json" <<'PY' || fail "params_from model and its note"
import json, sys
(m,) = json.load(open(sys.argv[1]))["rows"]
(p,) = json.load(open(sys.argv[2]))["rows"]
assert m["status"] == "ok" and m["params_from"] == "model", m
assert "work-group" in m["params_note"] and "compute units" in m["params_note"], m["params_note"]
assert "predicted" in m["params_note"], m["params_note"]
assert p["params_from"] == "device default" and "params_note" not in p, p
PY

# bench/planner_summary.py's check of the model alone against the lookup, on these two runs: one
# line per shape and a verdict.
python3 "$(dirname "$0")/../../bench/planner_summary.py" lookup "$TMP/plain.json" "$TMP/model.json" >"$TMP/lookup.txt" ||
    fail "planner_summary.py lookup exited $?"
grep -q '^ *200x40x300 entry .* ms (device default), model .* ms: ' "$TMP/lookup.txt" &&
    grep -Eq 'of 1 shapes slower with the model than with the lookup \(below 0.97x\): (PASS|FAIL)$' \
        "$TMP/lookup.txt" || fail "planner_summary.py lookup: $(cat "$TMP/lookup.txt")"

# Rounds (bench/planner_cpu.sh): a shape in several files takes the median of its ratios, each
# from one file's pair of rows, and prints that pair; a failed row counts as the worst.
python3 - "$TMP" <<'PY' || fail "rounds for planner_summary.py"
import json, sys
def rows(kernel_ms, library_ms, status="ok"):
    return {"rows": [dict(kernel=k, size=[64, 64, 64], type="float", status=st,
                          stats={"median_ms": ms}, gflops=1.0 / ms, params_from="model")
                     for k, ms, st in (("matmul_cpu", kernel_ms, status),
                                       ("sgemm_openblas", library_ms, "ok"))]}
for i, (k, lib) in enumerate(((4.0, 2.0), (3.0, 3.0), (1.0, 2.0))):  # ratios 0.5, 1, 2
    json.dump(rows(k, lib), open("%s/round-%d.json" % (sys.argv[1], i), "w"))
json.dump(rows(1.0, 1.0, "crashed"), open("%s/failed.json" % sys.argv[1], "w"))
PY
summary() { python3 "$(dirname "$0")/../../bench/planner_summary.py" matmul_cpu sgemm_openblas 0.9 0 "$@"; }
summary "$TMP"/round-*.json >"$TMP/rounds.txt" || fail "planner_summary.py exited $?"
grep -Eq '^64x64x64 +float +0\.3 +0\.3 +1\.000 .*\(median of 3 rounds\)$' "$TMP/rounds.txt" &&
    grep -q "geometric mean 1.000x, minimum 1.000x (targets 0.90x, 0.00x): PASS" "$TMP/rounds.txt" ||
    fail "rounds: $(cat "$TMP/rounds.txt")"
summary "$TMP"/round-*.json "$TMP/failed.json" >"$TMP/rounds.txt"
grep -q "matmul_cpu crashed / sgemm_openblas ok" "$TMP/rounds.txt" &&
    grep -q "minimum 0.000x (targets 0.90x, 0.00x): FAIL" "$TMP/rounds.txt" ||
    fail "a failed round: $(cat "$TMP/rounds.txt")"

# A shape past the kernels' int indexing: the model falls back and says why; the row is
# refused by the contract (invalid), never launched.
run -d cpu -k matmul_cpu -n 50000x50000x1 "${QUICK[@]}" --no-tuned -f json
expect_rc 1
python3 - "$TMP/stdout" <<'PY' || fail "the model's fallback"
import json, sys
(r,) = json.load(open(sys.argv[1]))["rows"]
assert r["params_from"] == "device default", r
assert "the model fell back to the defaults: a matrix of 2^31 elements" in r["params_note"], r
assert r["status"] == "invalid", r
PY

run -d cpu -k matmul_cpu -n 200x40x300 "${QUICK[@]}" --autotune quick --tuned "$DB" -f json \
    -o "$TMP/auto.json"
expect_rc 0
expect_stderr_has "added    matmul_cpu 200x40x300 float"
python3 - "$TMP/auto.json" "$DB" <<'PY' || fail "autotune's row and entry"
import json, re, sys
(r,) = json.load(open(sys.argv[1]))["rows"]
assert r["status"] == "ok" and r["params_from"] == "autotune", r
# PoCL builds one program after another: four candidates at most.
m = re.match(r"autotune: (\d+) of the model's best points", r["params_note"])
assert m and 2 <= int(m.group(1)) <= 4 and " s of builds" in r["params_note"], r
# A winner other than the first is timed again beside it, and the note says what both read.
w = re.search(r"candidate (\d+) fastest", r["params_note"])
assert w and (w.group(1) == "1") == ("against the first's" not in r["params_note"]), r
(e,) = json.load(open(sys.argv[2]))["entries"]
assert e["size"] == [200, 40, 300] and e["strategy"] == "autotune" and e["shape"], e
assert e["params"] == r["params"] and e["evaluations"] >= 2, (e, r["params"])
PY

# A first launch that compiles (PoCL with an empty kernel cache) is not judged by a candidate's
# short share of launches: the candidates run.
POCL_CACHE_DIR=$TMP/pocl-empty run -d cpu -k matmul_cpu -n 40x24x35 "${QUICK[@]}" --autotune quick \
    --tuned "$TMP/cold.json" -f json
expect_rc 0
python3 - "$TMP/stdout" <<'PY' || fail "autotune on an empty kernel cache"
import json, sys
(r,) = json.load(open(sys.argv[1]))["rows"]
assert r["params_from"] == "autotune" and "none of" not in r["params_note"], r["params_note"]
PY

# Where the driver builds in parallel (forced here on PoCL), eight candidates, every one's program
# built at once before any is timed, and the note says how many and what it cost.
CLBENCH_PARALLEL_BUILDS=1 run -d cpu -k matmul_cpu -n 40x24x33 "${QUICK[@]}" --autotune quick \
    --tuned "$TMP/parallel.json" -f json -o "$TMP/auto-parallel.json"
expect_rc 0
python3 - "$TMP/auto-parallel.json" "$TMP/parallel.json" <<'PY' || fail "autotune's parallel builds"
import json, re, sys
(r,) = json.load(open(sys.argv[1]))["rows"]
assert r["status"] == "ok" and r["params_from"] == "autotune", r
m = re.search(r"(\d+) programs of 1 rows built in parallel", r["params_note"])
(e,) = json.load(open(sys.argv[2]))["entries"]
assert m and int(m.group(1)) == 8 and 8 >= e["evaluations"] >= 2, (r["params_note"], e)
PY

# The next run takes the exact entry before the model.
run -d cpu -k matmul_cpu -n 200x40x300 "${QUICK[@]}" --tuned "$DB" -f json
expect_rc 0
python3 - "$TMP/stdout" "$DB" <<'PY' || fail "an exact entry must beat the model"
import json, sys
(r,) = json.load(open(sys.argv[1]))["rows"]
(e,) = json.load(open(sys.argv[2]))["entries"]
assert r["params_from"] == "tuned" and r["tuned_entry"]["match"] == "exact", r
assert r["params"] == e["params"], r
PY

# Rusticl's llvmpipe reports a kernel's local arrays twice over: the planner's matmul_fast must
# still fit its 32 KiB as the built kernel reports them.
if [ -e /usr/lib/x86_64-linux-gnu/libRusticlOpenCL.so.1 ] && [ -z "${ASAN_OPTIONS:-}" ]; then
    mkdir -p "$TMP/rusticl"
    echo libRusticlOpenCL.so.1 >"$TMP/rusticl/rusticl.icd"
    RUSTICL_ENABLE=llvmpipe OCL_ICD_VENDORS=$TMP/rusticl run -d llvmpipe -k matmul_fast -n 512,100x300x200 \
        "${QUICK[@]}" -f json
    expect_rc 0
    python3 - "$TMP/stdout" <<'PY' || fail "the planner's matmul_fast must fit llvmpipe"
import json, sys
rows = json.load(open(sys.argv[1]))["rows"]
assert len(rows) == 2, rows
for r in rows:
    assert r["status"] == "ok" and r["params_from"] == "model", (r["status"], r["reason"], r["params"])
PY
else
    echo "note: Rusticl not installed (or a sanitizer build): its case skipped"
fi

run -d cpu -k matmul_cpu -n 64 --autotune fast
expect_rc 2
expect_one_error_line
expect_stderr_has "--autotune takes quick or off, not 'fast'"
echo "planner: ok"
