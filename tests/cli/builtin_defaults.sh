# Every built-in kernel, declared by the manifests of cl/*.cl, builds and verifies with its
# defaults at small odd sizes on PoCL: the CPU defaults (no -D), and for the kernels that have
# CPU defaults the other set too (a -D naming one parameter at its default turns them off).
source "$(dirname "$0")/lib.sh"

run -d cpu -k vadd,transpose,copy,matmul -n 67 "${QUICK[@]}" -o "$TMP/cpu.json"
expect_rc 0
run -d cpu -k copy_ilp -D ILP=4 -n 67 "${QUICK[@]}" -o "$TMP/copy.json"
expect_rc 0
run -d cpu -k matmul_fast -D TSM=128 -n 67x45x31 "${QUICK[@]}" -o "$TMP/fast.json"
expect_rc 0
python3 - "$TMP/cpu.json" "$TMP/copy.json" "$TMP/fast.json" <<'PY' || fail "a built-in kernel's defaults did not verify"
import json, sys
rows = [r for f in sys.argv[1:] for r in json.load(open(f))["rows"]]
# Library baselines (the matmul family's sgemm_* rows) may be unavailable on this device.
bad = [(r["kernel"], r["status"], r.get("reason")) for r in rows
       if r["status"] != "ok" and not (r["kernel"].startswith("sgemm_") and r["status"] == "unavailable")]
assert not bad, bad
kernels = {r["kernel"] for r in rows}
assert len(kernels) >= 15, kernels
cpu_sets = {r["kernel"]: r.get("params_from") for r in json.load(open(sys.argv[1]))["rows"]}
# Kernels with device expressions: decided by the device (tests/cli/device_defaults.sh); the
# two the shape model knows: by the planner (tests/cli/planner.sh).
assert all(cpu_sets[k] == "device default" for k in ("vadd", "copy_ilp")), cpu_sets
assert all(cpu_sets[k] == "model" for k in ("matmul_fast", "matmul_cpu")), cpu_sets
PY
echo "builtin_defaults: ok"
