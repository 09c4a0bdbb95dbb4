# The manual covers the program: every option of `clbench --help`, `clbench report --help` and
# `clbench tune --help`, every manifest key and every row status appears in README.md or docs/
# (docs_check.py).  The lists come from the binary and the run-file schema, not from this test,
# so a new option, key or status without documentation fails it.
source "$(dirname "$0")/lib.sh"
CHECK=(python3 "$(dirname "$0")/docs_check.py")

: >"$TMP/options"
for cmd in "" report tune; do
    # shellcheck disable=SC2086 # an empty $cmd is no argument
    run $cmd --help
    expect_rc 0
    expect_stdout_has "usage: clbench"
    grep -oE -- '^ +(-[a-zA-Z], )?--[a-z][a-z-]*' "$TMP/stdout" | grep -oE -- '--[a-z-]+' \
        >>"$TMP/options"
done
sort -u -o "$TMP/options" "$TMP/options"
[ "$(wc -l <"$TMP/options")" -ge 30 ] || fail "too few options read from the help: $(cat "$TMP/options")"

# The manifest keys: the binary lists its key table when a manifest uses a key it lacks.
cat >"$TMP/keys.cl" <<'CL'
/* clbench:kernel docs_probe
 *   contract   vadd
 *   no_such_key 1
 */
__kernel void docs_probe(const int n, __global const float *a, __global const float *b,
                         __global float *c) { }
CL
run --kernel-file "$TMP/keys.cl" --list-kernels
expect_rc 2
expect_stderr_has "unknown key 'no_such_key'"
sed -n 's/.*(keys: \(.*\))$/\1/p' "$TMP/stderr" | sed 's/generic only://' | tr ',;' '\n\n' |
    tr -d ' ' | grep -v '^$' | sort -u >"$TMP/keys"
grep -qx contract "$TMP/keys" && grep -qx verify "$TMP/keys" ||
    fail "cannot read the manifest keys from: $(cat "$TMP/stderr")"

# The row statuses: the run-file schema's enum, which every run file is checked against.
python3 - "$CLBENCH_SOURCE_DIR/results/schema/clbench-run.v1.schema.json" >"$TMP/statuses" <<'PY' ||
import json, sys
schema = json.load(open(sys.argv[1]))
print("\n".join(schema["$defs"]["row"]["properties"]["status"]["enum"]))
PY
    fail "cannot read the statuses from the run-file schema"
grep -qx verify_failed "$TMP/statuses" || fail "no verify_failed among the statuses"

lists=(--options "$TMP/options" --keys "$TMP/keys" --statuses "$TMP/statuses")
"${CHECK[@]}" "$CLBENCH_SOURCE_DIR" "${lists[@]}" >"$TMP/out" 2>&1 || fail "$(cat "$TMP/out")"

# The check can fail: a copy of the docs with one mention of each kind taken out must fail
# it, naming what went missing.
mkdir -p "$TMP/src/docs"
cp "$CLBENCH_SOURCE_DIR/README.md" "$TMP/src/"
cp "$CLBENCH_SOURCE_DIR"/docs/*.md "$TMP/src/docs/"
for gone in "option --shard" "manifest key loops" "status timed_out"; do
    name=${gone##* }
    rm -rf "$TMP/cut" && cp -r "$TMP/src" "$TMP/cut"
    sed -i "s/$name/REMOVED/g" "$TMP/cut/README.md" "$TMP/cut"/docs/*.md
    if "${CHECK[@]}" "$TMP/cut" "${lists[@]}" >"$TMP/out" 2>&1; then
        fail "docs_check.py passed with every '$name' taken out of the docs"
    fi
    grep -qx "not documented in README.md or docs/: $gone" "$TMP/out" ||
        fail "docs_check.py did not name '$gone': $(cat "$TMP/out")"
done
echo "docs: ok"
