# The conditions a row is timed in (docs/measurement.md): a library baseline rotates as many
# buffer sets as the kernel's row of its size, each set its own, and is verified on the set its
# last timed call used; a CPU device's cores are kept awake by one SCHED_IDLE thread per
# compute unit (at most the cores this process may use) while its rows run, but OpenBLAS's,
# whose threads spin on their own, and not with --no-keep-awake.
source "$(dirname "$0")/lib.sh"

kernels=matmul_naive
"$CLBENCH" --list-kernels | grep -qF "built without OpenBLAS" || kernels+=,sgemm_openblas
"$CLBENCH" --list-kernels | grep -qF "built without CLBlast" || kernels+=,sgemm_clblast
export KERNELS=$kernels CORES=$(nproc)
# Five timed launches over more than five sets: the last one ran on set 4, not set 0.
run -d cpu -k "$kernels" -n 96 --no-peak --reps 5 --warmup 1 --min-time 0 -o "$TMP/run.json"
expect_rc 0
python3 - "$TMP/run.json" <<'PY' || fail "library rows' buffer sets or the cores kept awake"
import json, os, sys
run = json.load(open(sys.argv[1]))
rows = run["rows"]
assert [r["kernel"] for r in rows] == os.environ["KERNELS"].split(","), rows
assert run["settings"]["keep_awake"] is True
(dev,) = run["devices"]
awake = min(dev["compute_units"], int(os.environ["CORES"]))
for r in rows:
    assert r["status"] == "ok" and r["verification"]["passed"], r
    assert r["buffer_sets"] == rows[0]["buffer_sets"] > 5, (r["kernel"], r["buffer_sets"])
    assert len(r["samples_ms"]) == 5
    # OpenBLAS's threads spin between its calls: its rows run without the threads.
    want = None if r["kernel"] == "sgemm_openblas" else awake
    assert r.get("kept_awake") == want, (r["kernel"], r.get("kept_awake"), want)
PY

run -d cpu -k "$kernels" -n 96 "${QUICK[@]}" --no-keep-awake -o "$TMP/run.json"
expect_rc 0
python3 - "$TMP/run.json" <<'PY' || fail "--no-keep-awake"
import json, sys
run = json.load(open(sys.argv[1]))
assert run["settings"]["keep_awake"] is False
assert all(r["status"] == "ok" and "kept_awake" not in r for r in run["rows"]), run["rows"]
PY
# PoCL's workers pinned one to a core (POCL_AFFINITY=1) unless the environment says otherwise,
# or the process may not use every CPU (pinning worker i to CPU i would leave that placement).
affinity() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["settings"]["pocl_affinity"])' "$TMP/run.json"; }
online=$(getconf _NPROCESSORS_ONLN)
unset POCL_AFFINITY # lib.sh sets it to 0 for the suite
run -d cpu -k vadd -n 1000 "${QUICK[@]}" -o "$TMP/run.json"
expect_rc 0
if [ "$(nproc)" = "$online" ]; then
    [ "$(affinity)" = "1 (set by clbench)" ] || fail "POCL_AFFINITY not set: $(affinity)"
fi
POCL_AFFINITY=0 run -d cpu -k vadd -n 1000 "${QUICK[@]}" -o "$TMP/run.json"
expect_rc 0
[ "$(affinity)" = "0 (from the environment)" ] || fail "the environment's POCL_AFFINITY: $(affinity)"
if [ "$online" -gt 1 ] && command -v taskset >/dev/null; then
    env -u POCL_AFFINITY taskset -c 0 "$CLBENCH" -d cpu -k vadd -n 1000 "${QUICK[@]}" -o "$TMP/run.json" 2>"$TMP/stderr" ||
        fail "clbench under taskset -c 0"
    case $(affinity) in "unset (this process may not run on every one of the $online online CPUs)") ;;
    *) fail "POCL_AFFINITY under taskset: $(affinity)" ;; esac
fi
echo "timing_conditions: ok"
