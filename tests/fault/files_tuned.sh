# The tuning database keeps what this clbench cannot read: entries of an unknown type, without
# a median, of four dimensions or with a parameter name too long, and unknown fields, stay
# exactly as they were through a tune and a `tune --merge`, counted in one line.  A newer
# database, or one whose entries are no list, is refused before the tune spends its budget.
# Kernel names up to the manifest's limit are tuned and used, two sharing a long prefix apart.
source "$(dirname "$0")/../cli/lib.sh"
export XDG_DATA_HOME="$TMP/data"
DB="$TMP/db.json"
tune=(tune -d cpu -k vadd -n 64 --budget 2 --reps 1 --tuned "$DB")

python3 - "$DB" "$TMP/part.json" <<'PY' || fail "writing the databases"
import json, sys
def entry(**kw):
    e = {"device": "another device", "platform": "p", "driver": "d", "kernel": "vadd",
         "size_class": "64", "size": [64], "shape": "square", "params": {"WGS": 64},
         "median_ms": 1.0, "throughput": 10.0, "metric": "GB/s", "samples": 5,
         "strategy": "climb", "budget": "10", "evaluations": 10, "date": "2026-11-01T00:00:00Z",
         "clbench_commit": "x", "clbench_version": "0.1.0", "host": "h"}
    e.update(kw)
    return e
unread = [entry(type="bfloat16"), entry(size=[4, 4, 4, 4], size_class="4x4x4x4"),
          entry(params={"A_PARAMETER_NAME_LONGER_THAN_THIRTY_ONE": 1})]
no_median = entry(kernel="copy")
del no_median["median_ms"]
unread.append(no_median)
known = entry(kernel="transpose", future_field={"kept": [1, 2, 3]})
json.dump({"schema": "clbench-tuned", "schema_version": 1, "written_by": "a newer clbench",
           "entries": unread + [known]}, open(sys.argv[1], "w"), indent=1)
json.dump({"schema": "clbench-tuned", "schema_version": 1,
           "entries": [entry(kernel="matmul", type="int4")]}, open(sys.argv[2], "w"))
PY
cp "$DB" "$TMP/db.before"
keep_all() { # every entry of the first file is in the second, exactly as it was
    python3 - "$1" "$2" <<'PY' || fail "entries of the database were dropped or changed"
import json, sys
before, after = (json.load(open(p)) for p in sys.argv[1:3])
for e in before["entries"]:
    assert after["entries"].count(e) == 1, (e, after["entries"])
assert "written_by" not in before or after["written_by"] == before["written_by"]
PY
}

run "${tune[@]}"
expect_rc 0
expect_stderr_has "kept     4 entries this clbench cannot read"
keep_all "$TMP/db.before" "$DB"
python3 -c 'import json,sys; assert any(e["kernel"]=="vadd" and e["device"]!="another device" for e in json.load(open(sys.argv[1]))["entries"])' \
    "$DB" || fail "the tune's entry is missing"

# A merge carries a part's unreadable entry over once, however often it runs.
cp "$DB" "$TMP/db.tuned"
for _ in 1 2; do
    run tune --merge --tuned "$DB" "$TMP/part.json"
    expect_rc 0
done
keep_all "$TMP/db.tuned" "$DB"
keep_all "$TMP/part.json" "$DB"

# Refused before any work: a newer schema, entries that are no list.
for bad in '"schema_version": 99, "entries": []' '"schema_version": 1, "entries": {}'; do
    printf '{"schema": "clbench-tuned", %s}\n' "$bad" >"$TMP/bad.json"
    cp "$TMP/bad.json" "$TMP/bad.before"
    start=$(date +%s)
    run tune -d cpu -k vadd -n 64 --budget 1m --reps 1 --tuned "$TMP/bad.json"
    expect_rc 2
    expect_stderr_has "not updating the tuning database"
    expect_stderr_lacks "best"
    [ $(($(date +%s) - start)) -lt 30 ] || fail "the refusal came after the budget was spent"
    cmp -s "$TMP/bad.json" "$TMP/bad.before" || fail "a refused database changed"
done

# Two kernels of 100-character names sharing their first 90: each tuned, each used, apart.
prefix=$(printf 'k%.0s' $(seq 90))
for tail in aaaaaaaaa bbbbbbbbb; do
    cat >>"$TMP/long.cl" <<EOF
/* clbench:kernel ${prefix}_${tail}
 *   contract   vadd
 *   param      WGS = 64 in 16,32,64 "work-group size"
 *   global     round_up(N, WGS)
 *   local      WGS
 */
__kernel void ${prefix}_${tail}(const int n, __global const float *a, __global const float *b,
                                __global float *c)
{
    const int i = get_global_id(0);

    if (i < n)
        c[i] = a[i] + b[i];
}
EOF
done
LONG="$TMP/long-db.json"
run tune -d cpu -k "${prefix}_aaaaaaaaa@$TMP/long.cl,${prefix}_bbbbbbbbb" -n 64 \
    --budget 3 --reps 1 --tuned "$LONG"
expect_rc 0
python3 - "$LONG" "$prefix" <<'PY' || fail "the long names' entries"
import json, sys
names = sorted(e["kernel"] for e in json.load(open(sys.argv[1]))["entries"])
assert names == [sys.argv[2] + "_aaaaaaaaa", sys.argv[2] + "_bbbbbbbbb"], names
PY
run -d cpu --kernel-file "$TMP/long.cl" -n 64 --no-peak --reps 1 --tuned "$LONG" -o "$TMP/long.json"
expect_rc 0
python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["rows"]; assert len(r)==2 and all(x["params_from"]=="tuned" for x in r), r' \
    "$TMP/long.json" || fail "the long names' tuned entries were not used"
exit 0
