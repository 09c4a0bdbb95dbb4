# clbench tune on PoCL with a tiny space and an evaluations budget: the rows, the database,
# params_from in a later plain run, --no-tuned, --export, --resume, and the bad inputs.
source "$(dirname "$0")/lib.sh"
export XDG_DATA_HOME="$TMP/data" # never the user's database
TINY=(-d cpu -k matmul_regblock -n 32 -D TILE=4,8 -D RX=1,2 -D RY=1,2 --reps 2)
DB="$TMP/data/clbench/tuned.json"

# 8 points fit a budget of 8: swept whole, each a row of the run file.
run tune "${TINY[@]}" --budget 8 -o "$TMP/tune.json"
expect_rc 0
expect_stderr_has "(exhaustive, 8 measured, 0 refused of 8 points)"
expect_stderr_has "clbench: tuning database '$DB':"
expect_stderr_has "  added    matmul_regblock 32x32x32 float on "
[ ! -e "$TMP/tune.json.journal" ] || fail "the journal outlived a complete tune"
python3 - "$TMP/tune.json" "$DB" <<'PY' || fail "tune run file and database"
import json, sys
run, db = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
rows = run["rows"]
assert len(rows) == 8 and all(r["params_from"] == "tuning" for r in rows), rows
keys = {tuple(sorted(r["params"].items())) for r in rows}
assert len(keys) == 8
best = min((r for r in rows if r["status"] == "ok"), key=lambda r: r["stats"]["median_ms"])
assert db["schema"] == "clbench-tuned" and db["schema_version"] == 1
(e,) = db["entries"]
assert e["kernel"] == "matmul_regblock" and e["size_class"] == "32x32x32", e
assert e["size"] == [32, 32, 32] and e["shape"] == "square", e
assert e["params"] == best["params"] and e["median_ms"] == best["stats"]["median_ms"]
assert e["strategy"] == "exhaustive" and e["budget"] == "8" and e["evaluations"] == 8
assert e["device"] == run["devices"][0]["name"] and e["driver"] == run["devices"][0]["driver"]
assert e["clbench_commit"] == run["git_commit"] and e["samples"] >= 2
PY
tuned=$(python3 -c 'import json,sys; e=json.load(open(sys.argv[1]))["entries"][0]["params"]; print(" ".join(f"{k}={v}" for k,v in e.items()))' "$DB")

# A tune starts where a plain run of its shape would: at 30 the first (here the only) point it
# measures is the 32^3 entry's, taken as the class entry, not the defaults.
cp "$DB" "$TMP/start.json"
run tune "${TINY[@]}" -n 30 --strategy climb --budget 1 --tuned "$TMP/start.json" -o "$TMP/start-run.json"
expect_rc 0
expect_stderr_has "clbench: tune matmul_regblock 30x30x30 float: starting from the database's class entry (32x32x32)"
python3 - "$TMP/start-run.json" "$DB" <<'PY' || fail "the tune's first point is the entry's"
import json, sys
rows, e = json.load(open(sys.argv[1]))["rows"], json.load(open(sys.argv[2]))["entries"][0]
assert len(rows) == 1 and rows[0]["params"] == e["params"], (rows, e)
PY

# Merging a database into a copy of itself keeps each entry, said as the same one (not "beats").
cp "$DB" "$TMP/again.json"
run tune --merge --tuned "$TMP/again.json" "$DB"
expect_rc 0
expect_stderr_has "  kept     matmul_regblock 32x32x32 float on "
expect_stderr_has "GFLOP/s, is this one"
expect_stderr_lacks "beats"

# A plain run without -D takes the tuned point: at 30 as the entry of its size class and shape
# (30 rounds up to 32), at 64 as the nearest square entry; -D and --no-tuned do not.
run -d cpu -k matmul_regblock -n 30,64 "${QUICK[@]}" -f json
expect_rc 0
python3 - "$TMP/stdout" "$DB" <<'PY' || fail "params_from in plain runs"
import json, sys
rows, e = json.load(open(sys.argv[1]))["rows"], json.load(open(sys.argv[2]))["entries"][0]
assert rows[0]["params_from"] == "tuned" and rows[0]["params"] == e["params"], rows[0]
assert rows[0]["tuned_date"] == e["date"]
assert rows[0]["tuned_entry"] == {"match": "class", "size": "32x32x32", "shape": "square",
                                  "type": "float"}
assert rows[1]["params_from"] == "tuned" and rows[1]["params"] == e["params"], rows[1]
assert rows[1]["tuned_entry"]["match"] == "nearest", rows[1]
PY
run -d cpu -k matmul_regblock -n 32 "${QUICK[@]}" -f json --no-tuned
expect_stdout_has '"params_from":	"default"'
expect_stdout_lacks '"tuned"'
run -d cpu -k matmul_regblock -n 32 -D RX=1 "${QUICK[@]}" -f json
expect_stdout_has '"params_from":	"command line"'

# --type double: the entry is of that type; a double run uses it, a float run does not (the
# float rows keep their defaults with no other entry).
run tune -d cpu -k matmul_regblock -n 32 -D TILE=4,8 -D RX=1 -D RY=1 --reps 2 --budget 2 \
    --type double --tuned "$TMP/double.json"
expect_rc 0
expect_stderr_has "  added    matmul_regblock 32x32x32 double on "
run -d cpu -k matmul_regblock -n 32 --type float,double "${QUICK[@]}" --tuned "$TMP/double.json" \
    -f json
expect_rc 0
python3 - "$TMP/stdout" "$TMP/double.json" <<'PY' || fail "a double tune used by double rows only"
import json, sys
rows, (e,) = json.load(open(sys.argv[1]))["rows"], json.load(open(sys.argv[2]))["entries"]
assert e["type"] == "double" and e["params"]["RX"] == 1, e
f, d = rows
assert f["type"] == "float" and f["params_from"] == "default" and "tuned_entry" not in f, f
assert d["type"] == "double" and d["params_from"] == "tuned" and d["params"] == e["params"], d
assert d["tuned_entry"] == {"match": "exact", "size": "32x32x32", "shape": "square",
                            "type": "double"}, d
PY
run tune -d cpu -k matmul_regblock -n 32 --type quad --budget 1
expect_rc 2
expect_stderr_has "unknown --type 'quad'"
# A type the kernel does not take: one line with the reason, nothing searched.
cat >"$TMP/float_only.cl" <<'CL'
/* clbench:kernel float_only
 *   contract vadd
 *   types    float
 *   global   N
 *   param    U = 1 in 1,2
 */
__kernel void float_only(const int n, __global const float *a, __global const float *b,
                         __global float *c)
{
    const int i = get_global_id(0);

    if (i < n)
        c[i] = a[i] + b[i];
}
CL
run tune -d cpu -k "float_only@$TMP/float_only.cl" -n 64 --type double --budget 2 \
    --tuned "$TMP/double.json"
expect_rc 1
expect_stderr_has "tune float_only 64 double: float_only does not take --type double"
expect_stderr_lacks "measured"

# --export: a header and a one-entry database.
run tune -d cpu -k matmul_regblock -n 32 --export "$TMP/params.h"
expect_rc 0
for kv in $tuned; do grep -qx "#define ${kv%=*} ${kv#*=}" "$TMP/params.h" || fail "export lacks $kv"; done
run tune -d cpu -k matmul_regblock -n 32 --export "$TMP/params.json"
expect_rc 0
run -d cpu -k matmul_regblock -n 32 "${QUICK[@]}" -f json --tuned "$TMP/params.json"
expect_stdout_has '"params_from":	"tuned"'
run tune -d cpu -k matmul_regblock -n 512 --export "$TMP/none.h"
expect_rc 1
expect_stderr_has "no tuned entry"

# --resume: the points of the first tune are carried over, only the rest are measured.
run tune "${TINY[@]}" --budget 3 --strategy random -o "$TMP/part.json" --tuned "$TMP/db2.json"
expect_rc 0
run tune "${TINY[@]}" --budget 8 --strategy random -o "$TMP/whole.json" --tuned "$TMP/db2.json" \
    --resume "$TMP/part.json"
expect_rc 0
expect_stderr_has "resuming: 3 points already measured"
python3 - "$TMP/part.json" "$TMP/whole.json" <<'PY' || fail "resumed tune"
import json, sys
part, whole = (json.load(open(p))["rows"] for p in sys.argv[1:])
assert len(whole) == 8 and sum(1 for r in whole if r.get("resumed")) == 3, len(whole)
assert [r["samples_ms"] for r in whole[:3]] == [r["samples_ms"] for r in part]
PY

# A tune killed half way: every finished point is in the journal; --resume measures only the
# rest (slow rows from tests/fault/slow, so that the kill lands mid-tune).
SLOW=(-d cpu --cl-dir "$CLBENCH_SOURCE_DIR/tests/fault/slow" -k vadd -n 256 -D WGS=16,32,64,128,256
      -D VEC=1 -D NT=0 --reps 2 --budget 5 --strategy exhaustive --tuned "$TMP/db3.json"
      -o "$TMP/slow.json")
journal="$TMP/slow.json.journal"
LAST_CMD="clbench tune ${SLOW[*]} (killed)"
"$CLBENCH" tune "${SLOW[@]}" >"$TMP/stdout" 2>"$TMP/stderr" &
pid=$!
for _ in $(seq 600); do
    [ "$(journal_rows "$journal" '"status":"ok"')" -ge 2 ] && break
    sleep 0.05
done
kill -KILL "$pid"
wait "$pid" 2>/dev/null
done_ok=$(journal_rows "$journal" '"status":"ok"')
[ "$done_ok" -ge 2 ] && [ "$done_ok" -lt 5 ] || fail "expected a tune killed half way, got $done_ok"
[ ! -e "$TMP/slow.json" ] || fail "a killed tune left its output"
cp "$journal" "$TMP/slow-killed.journal"
run tune "${SLOW[@]}" --resume "$journal"
expect_rc 0
python3 - "$TMP/slow.json" "$TMP/slow-killed.journal" <<'PY' || fail "resumed killed tune"
import json, sys
rows = json.load(open(sys.argv[1]))["rows"]
done = [json.loads(l) for l in open(sys.argv[2]) if l.rstrip().endswith("}")]
done_ok = {r["params"]["WGS"]: r for r in done if r["status"] == "ok"}
assert len(rows) == 5 and len({r["params"]["WGS"] for r in rows}) == 5, rows
for r in rows:
    if r["params"]["WGS"] in done_ok:  # carried over: the very samples of the killed tune
        assert r.get("resumed") and r["samples_ms"] == done_ok[r["params"]["WGS"]]["samples_ms"]
# The point running at the kill is a failed row saying so, or (killed between points) absent
# from the journal and measured now.
killed = [r for r in rows if r["status"] != "ok"]
assert all("process ended" in r["reason"] for r in killed) and len(killed) <= 1, killed
PY

# A point journaled as started but never finished (the driver took the process down) is not
# run again by --resume: it stays a failed row, and the other points are measured.
python3 - "$TMP/part.json" "$TMP/crashed.journal" <<'PY' || fail "making a crashed journal"
import json, sys
rows = json.load(open(sys.argv[1]))["rows"]
crashed = dict(rows[0], status="launch_failed", reason="the process ended while this point ran",
               samples_ms=[], params={"TILE": 8, "RX": 2, "RY": 2})
crashed.pop("stats", None)
with open(sys.argv[2], "w") as f:
    for r in rows[1:] + [crashed]:
        f.write(json.dumps(r) + "\n")
    f.write('{"device": "0:0", "kernel": "matmul_re')  # a line cut short by the crash
PY
run tune "${TINY[@]}" --budget 8 --strategy exhaustive -o "$TMP/after-crash.json" \
    --tuned "$TMP/db2.json" --resume "$TMP/crashed.journal"
expect_rc 0
expect_stderr_has "resuming: 3 points already measured"
python3 - "$TMP/after-crash.json" <<'PY' || fail "a crashed point was run again"
import json, sys
rows = json.load(open(sys.argv[1]))["rows"]
assert len(rows) == 8, len(rows)
(c,) = [r for r in rows if r["params"] == {"TILE": 8, "RX": 2, "RY": 2}]
assert c["status"] == "launch_failed" and c.get("resumed") and "process ended" in c["reason"], c
assert sum(1 for r in rows if r["status"] == "ok") == 7
PY

# An unreadable or newer database: one warning, defaults used, nothing overwritten.
echo '{"schema":"clbench-tuned","schema_version":9,"entries":[]}' >"$TMP/newer.json"
run -d cpu -k matmul_regblock -n 32 "${QUICK[@]}" -f json --tuned "$TMP/newer.json"
expect_rc 0
[ "$(grep -c 'warning: ignoring the tuning database' "$TMP/stderr")" -eq 1 ] || fail "one warning"
expect_stderr_has "written by a newer clbench (schema_version 9"
# A tune that would update it is refused before it measures anything (exit 2).
run tune "${TINY[@]}" --budget 1 --tuned "$TMP/newer.json"
expect_rc 2
expect_stderr_has "not updating the tuning database"
expect_stderr_lacks "tune matmul_regblock"
grep -q '"schema_version":9' "$TMP/newer.json" || fail "a newer database was overwritten"
# Not JSON as the default database: one warning, defaults used; named by --tuned: refused
# before any work (tests/cli/guards.sh has the rest).
echo "not json" >"$TMP/junk.json"
mkdir -p "$TMP/junk-data/clbench" && cp "$TMP/junk.json" "$TMP/junk-data/clbench/tuned.json"
XDG_DATA_HOME="$TMP/junk-data" run -d cpu -k matmul_regblock -n 32 "${QUICK[@]}" -f json
expect_rc 0
expect_stderr_has "ignoring the tuning database '$TMP/junk-data/clbench/tuned.json': not JSON"
run -d cpu -k matmul_regblock -n 32 "${QUICK[@]}" -f json --tuned "$TMP/junk.json"
expect_rc 2
expect_stderr_has "'$TMP/junk.json' is not JSON"

# Bad input.
run tune "${TINY[@]}" --budget 0
expect_rc 2 && expect_one_error_line && expect_stderr_has "not a budget above 0"
run tune "${TINY[@]}" --budget soon
expect_rc 2 && expect_stderr_has "is not a budget"
run tune "${TINY[@]}" --shard 3/2
expect_rc 2 && expect_stderr_has "0 <= K < N"
run tune "${TINY[@]}" --shard 0/0
expect_rc 2 && expect_stderr_has "0 <= K < N"
run tune "${TINY[@]}" --shard 0/9 --strategy exhaustive
expect_rc 2 && expect_stderr_has "has only 8 points, fewer than 9 shards"
run tune -d cpu -k sgemm_clblast --budget 5
expect_rc 2 && expect_stderr_has "sgemm_clblast has no -D parameter to tune"
run tune -d cpu --budget 5
expect_rc 2 && expect_stderr_has "give -k NAME"
run tune "${TINY[@]}" --strategy greedy
expect_rc 2 && expect_stderr_has "unknown strategy 'greedy'"
# TSM is never a multiple of WPTM here: every point is refused, before any build.
run tune -d cpu -k matmul_fast -n 64 -D TSM=4 -D WPTM=8 --budget 5 -o "$TMP/refused.json"
expect_rc 1
expect_stderr_has "points was refused before building"
expect_stderr_has "TSM must be a multiple of WPTM"
echo "tune: ok"
