# --shard K/N splits a sweep: N=3 shards of one command line are disjoint and their union is
# exactly the unsharded set of rows; `clbench report` merges the parts.
source "$(dirname "$0")/lib.sh"
SWEEP=(-d cpu -k vadd,copy -D WGS=32,64,128,256 -n 64,128 "${QUICK[@]}" --no-tuned)

run "${SWEEP[@]}" -o "$TMP/all.json"
expect_rc 0
for k in 0 1 2; do
    run "${SWEEP[@]}" --shard "$k/3" -o "$TMP/part$k.json"
    expect_rc 0
done
python3 - "$TMP"/all.json "$TMP"/part{0,1,2}.json <<'PY' || fail "shards"
import json, sys
key = lambda r: (r["device"], r["kernel"], json.dumps(r["params"], sort_keys=True), tuple(r["size"]))
whole = [key(r) for r in json.load(open(sys.argv[1]))["rows"]]
parts = [[key(r) for r in json.load(open(p))["rows"]] for p in sys.argv[2:]]
assert len(whole) == len(set(whole)) == 16, len(whole)
union = [k for p in parts for k in p]
assert len(union) == len(set(union)), "shards overlap"
assert set(union) == set(whole), set(whole) ^ set(union)
assert all(len(p) >= 5 for p in parts), [len(p) for p in parts]
PY
run report "$TMP"/part{0,1,2}.json -f csv
expect_rc 0
[ "$(grep -c '^' "$TMP/stdout")" -ge 16 ] || fail "report of the merged shards"

run "${SWEEP[@]}" --shard 0/17
expect_rc 2
expect_one_error_line
expect_stderr_has "the sweep has only 16 rows, fewer than 17 shards"
run "${SWEEP[@]}" --shard 3/2
expect_rc 2 && expect_stderr_has "0 <= K < N"
run "${SWEEP[@]}" --shard 0/0
expect_rc 2 && expect_stderr_has "0 <= K < N"
# Tune shards run at once: disjoint points whose union is the whole space, and one database
# entry, the best of all shards (each merged its own best under the lock).
export XDG_DATA_HOME="$TMP/data"
TINY=(-d cpu -k matmul_regblock -n 32 -D TILE=4,8 -D RX=1,2 -D RY=1,2,4 --reps 2
      --strategy exhaustive --budget 100 --tuned "$TMP/shared.json")
pids=()
for k in 0 1 2; do
    "$CLBENCH" tune "${TINY[@]}" --shard "$k/3" -o "$TMP/tune$k.json" 2>"$TMP/tune$k.err" &
    pids+=($!)
done
for p in "${pids[@]}"; do wait "$p" || fail "a tune shard failed: $(cat "$TMP"/tune*.err)"; done
python3 - "$TMP/shared.json" "$TMP"/tune{0,1,2}.json <<'PY' || fail "tune shards"
import json, sys
(e,) = json.load(open(sys.argv[1]))["entries"]
rows = [r for p in sys.argv[2:] for r in json.load(open(p))["rows"]]
points = [tuple(sorted(r["params"].items())) for r in rows]
assert len(points) == len(set(points)) == 12, points
best = max((r for r in rows if r["status"] == "ok"), key=lambda r: r["gflops"])
assert e["params"] == best["params"], (e["params"], best["params"])
PY
echo "shard: ok"
