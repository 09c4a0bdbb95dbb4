# Never flaky: every built-in kernel and every example kernel (but the wrong_* ones, wrong on
# purpose) at odd sizes, each row three times in one process per device, on PoCL, Rusticl's
# llvmpipe and Oclgrind (where registered; on the simulator the local-memory matmuls at the
# smallest size only): no row may fail to verify, whatever ran before it in the same worker.
# Then rows of different kernels in one worker, and in clbench itself (CLBENCH_WORKERS=0),
# with the local-memory matmuls after the naive one at an odd size, every row ok.
source "$(dirname "$0")/lib.sh"

EX="$CLBENCH_SOURCE_DIR/cl/examples"
files=()
names=vadd,transpose,copy,matmul
for f in "$EX"/*.cl; do
    case "$(basename "$f")" in wrong_*) continue ;; esac
    files+=(--kernel-file "$f")
    for k in $(sed -n 's/^.*clbench:kernel \([a-z_0-9]*\).*$/\1/p' "$f"); do
        names=$names,$k
    done
done

# soak_check RUN.json REPEATS: every row ok (or a status that is no failure of the kernel),
# every (kernel, size, device) REPEATS times.
soak_check() {
    python3 - "$1" "$2" <<'PY'
import collections, json, sys
run, repeats = json.load(open(sys.argv[1])), int(sys.argv[2])
seen, bad = collections.Counter(), 0
for r in run["rows"]:
    st, why = r["status"], r["reason"]
    seen[(r["device"], r["kernel"], tuple(r["size"]))] += 1
    if not (st in ("ok", "unverified")
            or (st in ("unavailable", "unsupported") and why)
            or (st == "over_limits" and ("CL_" in why or "LP_MAX_TGSI_LOOP_ITERATIONS" in why))):
        print(f"{r['device']} {r['kernel']} {r['size']}: {st}: {why}")
        bad += 1
for key, n in seen.items():
    if n != repeats:
        print(f"{key}: {n} rows, not {repeats}")
        bad += 1
sys.exit(1 if bad else 0)
PY
}

run --list --format json
expect_rc 0
python3 -c 'import json,sys
for d in json.load(open(sys.argv[1]))["devices"]:
    print(d["id"], "sim" if "oclgrind" in d["platform"].lower() else "hw")' \
    "$TMP/stdout" >"$TMP/devices"
[ -s "$TMP/devices" ] || fail "no device listed"
n=0
while read -r id kind; do
    n=$((n + 1))
    if [ "$kind" = sim ]; then
        run -d "$id" -k matmul_tiled,matmul_regblock,matmul_cached -n 9,9,9 "${QUICK[@]}" \
            -o "$TMP/soak-$n.json"
    else
        run -d "$id" "${files[@]}" -k "$names" -n 67,67,67 "${QUICK[@]}" -o "$TMP/soak-$n.json"
    fi
    [ "$RC" -le 1 ] || fail "device $id: exit code $RC"
    soak_check "$TMP/soak-$n.json" 3 || fail "device $id: rows above"
done <"$TMP/devices"

# The sequence that once came back NaN on PoCL 5.0: each program freshly built, in one worker.
for workers in 1 0; do
    CLBENCH_WORKERS=$([ "$workers" = 0 ] && echo 0 || echo 1) \
        run -d cpu --no-cache -k matmul_naive,matmul_tiled,matmul_regblock,matmul_cached \
        -n 67,129x67x33 "${QUICK[@]}" -o "$TMP/mixed-$workers.json"
    expect_rc 0
    soak_check "$TMP/mixed-$workers.json" 1 || fail "rows of different kernels (workers: $workers)"
done
echo "soak: ok"
