# The tuning database's keys: a run takes the entry of its exact size over the size class's,
# else the nearest of its class and shape, else the nearest of its shape; each row says which
# (run file, detail view, the table's parameter notes); an entry the kernel refuses is skipped
# with one warning and the defaults are used.
source "$(dirname "$0")/lib.sh"
export XDG_DATA_HOME="$TMP/data" # never the user's database
DB="$TMP/tuned.json"

run -d cpu -k matmul_regblock -n 32 "${QUICK[@]}" --no-tuned -f json -o "$TMP/probe.json"
expect_rc 0
python3 - "$TMP/probe.json" "$DB" <<'PY' || fail "writing the database"
import json, sys
dev = json.load(open(sys.argv[1]))["devices"][0]
def entry(size, params, shape=True):
    e = {"device": dev["name"], "platform": dev["platform"], "driver": dev["driver"],
         "kernel": "matmul_regblock", "size_class": "64x64x64", "size": [size] * 3,
         "params": params, "median_ms": 1.0, "throughput": 10.0, "metric": "GFLOP/s",
         "samples": 5, "strategy": "climb", "budget": "10", "evaluations": 10,
         "date": f"2026-11-0{size % 9 + 1}T00:00:00Z", "clbench_commit": "x",
         "clbench_version": "0.1.0", "host": "h"}
    if shape:
        e["shape"] = "square"
    return e
entries = [entry(64, {"TILE": 8, "RX": 2, "RY": 2}, shape=False),  # an older database's
           entry(48, {"TILE": 4, "RX": 1, "RY": 1}),
           entry(40, {"TILES": 4, "RX": 1, "RY": 1})]                 # a renamed parameter
json.dump({"schema": "clbench-tuned", "schema_version": 1, "entries": entries},
          open(sys.argv[2], "w"))
PY

run -d cpu -k matmul_regblock -n 48,50,256,40,36 "${QUICK[@]}" --tuned "$DB" -o "$TMP/run.json"
expect_rc 0
[ "$(grep -c "skipping the tuning database entry matmul_regblock 40x40x40" "$TMP/stderr")" = 1 ] ||
    fail "the refused entry is not warned about exactly once"
expect_stderr_has "matmul_regblock has no parameter TILES; using the defaults"
python3 - "$TMP/run.json" <<'PY' || fail "the rows' tuned entries"
import json, sys
rows = {r["size"][0]: r for r in json.load(open(sys.argv[1]))["rows"]}
def used(n, match, size, params):
    r = rows[n]
    assert r["params_from"] == "tuned", r
    assert r["tuned_entry"] == {"match": match, "size": size, "shape": "square", "type": "float"}, r
    assert r["params"] == params, r
used(48, "exact", "48x48x48", {"TILE": 4, "RX": 1, "RY": 1})
used(50, "class", "48x48x48", {"TILE": 4, "RX": 1, "RY": 1})   # nearer than 64 in its class
used(256, "nearest", "64x64x64", {"TILE": 8, "RX": 2, "RY": 2})
for n in (40, 36):
    r = rows[n]
    assert r["params_from"] == "default" and "tuned_entry" not in r, r
    assert "TILES" in r["tuned_skipped"] and "40x40x40" in r["tuned_skipped"], r
PY

run report "$TMP/run.json" --detail
expect_rc 0
expect_stdout_has "params_from"
expect_stdout_has "tuned (exact entry 48x48x48)"
expect_stdout_has "tuned (class+shape entry 48x48x48, square)"
expect_stdout_has "tuned (nearest entry 64x64x64, square)"
expect_stdout_has "default (tuned entry refused)"
expect_stdout_has "tuning database entries refused (defaults used):"
run report "$TMP/run.json"
expect_rc 0
expect_stdout_has "params from: "
expect_stdout_has "48x48x48 tuned (exact entry 48x48x48)"
expect_stdout_has "256x256x256 tuned (nearest entry 64x64x64, square)"

# Another shape finds none of these square entries: the defaults, with nothing refused.
run -d cpu -k matmul_regblock -n 256x256x16 "${QUICK[@]}" --tuned "$DB" -f json
expect_rc 0
expect_stdout_has '"params_from":	"default"'
expect_stdout_lacks '"tuned_'
