# The main job's order and its background warm-ups (docs/isolation.md, "Order and warm-ups"):
# devices that are not CPUs run first, and while they do, each later CPU device is warmed up in a
# worker of its own, so that its rows find their programs built.  This machine has no GPU: the
# test hook CLBENCH_TEST_NOT_CPU counts one of two CPU implementations (PoCL, Rusticl's
# llvmpipe) as not a CPU.  Every cache starts empty, so that "built" and "disk" tell a program
# the row compiled from one the warm-up left.
source "$(dirname "$0")/lib.sh"

export RUSTICL_ENABLE=llvmpipe
if ! "$CLBENCH" --list 2>/dev/null | grep -q "llvmpipe"; then
    echo "overlap: no Rusticl llvmpipe device here: skipped"
    exit 0
fi
args=(-d all -k vadd,transpose_tiled -n 64 "${QUICK[@]}")

# rows FILE: "platform kernel status build_source" per row, in the run file's order.
rows() {
    python3 - "$1" <<'PY'
import json, sys
run = json.load(open(sys.argv[1]))
platform = {d["id"]: d["platform"] for d in run["devices"]}
for r in run["rows"]:
    name = "rusticl" if platform[r["device"]] == "rusticl" else "pocl"
    print(name, r["kernel"], r["status"], r.get("build_source"))
PY
}

# PoCL counted as not a CPU: it runs first (as it would anyway), and Rusticl, warmed up
# meanwhile, finds every program in clbench's cache.
export POCL_CACHE_DIR=$TMP/pocl-a XDG_CACHE_HOME=$TMP/xdg-a
CLBENCH_TEST_NOT_CPU="Portable Computing Language" run "${args[@]}" -o "$TMP/a.json"
expect_rc 0
rows "$TMP/a.json" >"$TMP/a.rows"
[ "$(grep -c ' ok ' "$TMP/a.rows")" = 4 ] || fail "not every row verified: $(cat "$TMP/a.rows")"
[ "$(grep -c '^rusticl .* ok disk$' "$TMP/a.rows")" = 2 ] ||
    fail "Rusticl's rows did not find the warm-up's programs: $(cat "$TMP/a.rows")"
grep -q "warming up" "$TMP/stderr" && fail "a warm-up failed"

# Without the hook both are CPUs: nothing runs beside another, and Rusticl builds its own.
export POCL_CACHE_DIR=$TMP/pocl-b XDG_CACHE_HOME=$TMP/xdg-b
run -d all -k vadd -n 64 "${QUICK[@]}" -o "$TMP/b.json"
expect_rc 0
rows "$TMP/b.json" >"$TMP/b.rows"
[ "$(grep -c '^rusticl .* ok built$' "$TMP/b.rows")" = 1 ] ||
    fail "Rusticl's rows were warmed up with no device that is not a CPU: $(cat "$TMP/b.rows")"

# Rusticl counted as not a CPU runs first (the progress line on a terminal shows the order);
# the run file keeps the rows in the devices' order, PoCL's first; PoCL's rows verify.
if command -v script >/dev/null; then
    export POCL_CACHE_DIR=$TMP/pocl-c XDG_CACHE_HOME=$TMP/xdg-c
    LAST_CMD="CLBENCH_TEST_NOT_CPU=rusticl script -qec \"clbench ${args[*]} -o c.json\""
    CLBENCH_TEST_NOT_CPU=rusticl script -qec \
        "'$CLBENCH' ${args[*]} -o '$TMP/c.json' >/dev/null" /dev/null >"$TMP/stderr" </dev/null
    RC=$?
    : >"$TMP/stdout"
    expect_rc 0
    grep -q '\[1/4\] vadd on Rusticl' "$TMP/stderr" || fail "Rusticl did not run first"
    grep -q '\[3/4\] vadd on PoCL' "$TMP/stderr" || fail "PoCL did not run after Rusticl"
    rows "$TMP/c.json" >"$TMP/c.rows"
    [ "$(cut -d' ' -f1,3 "$TMP/c.rows" | tr '\n' ' ')" = "pocl ok pocl ok rusticl ok rusticl ok " ] ||
        fail "the run file's rows: $(cat "$TMP/c.rows")"
fi
echo "overlap: ok"
