# Every kernel of cl/ and cl/examples/ builds with no warning in its build log, on every device
# of every OpenCL implementation present (PoCL here; Rusticl, Oclgrind and NVIDIA where they are
# registered), at the defaults each device resolves (device and CPU defaults) and, for the
# kernels that have such sets, at the plain defaults too (a -D naming one parameter at its
# default turns the sets off): the AVX-512 set must also build cleanly on an AVX2 machine.
# The drivers' own kernel caches are off, since a cache hit builds nothing and logs nothing.
source "$(dirname "$0")/lib.sh"
export POCL_KERNEL_CACHE=0 MESA_SHADER_CACHE_DISABLE=true
ALL=(-d all --no-cache --verify-max 64 "${QUICK[@]}" --reps 1)
CL="$CLBENCH_SOURCE_DIR/cl"

# The kernels of cl/: every registry row but the library baselines, which build nothing of ours.
"$CLBENCH" --list-kernels >"$TMP/list" || fail "--list-kernels"
kernels=$(sed -n 's/^  \([A-Za-z_][A-Za-z0-9_]*\) .*/\1/p' "$TMP/list" | grep -Ev '^[sd]gemm_' | paste -sd,)
run "${ALL[@]}" -k "$kernels" -n 67 -o "$TMP/defaults.json"
run "${ALL[@]}" -k vadd -D NT=0 -n 67 -o "$TMP/vadd.json"
run "${ALL[@]}" -k copy_ilp -D NT=0 -n 67 -o "$TMP/copy.json"
run "${ALL[@]}" -k matmul_fast -D PAD=0 -n 67x45x31 -o "$TMP/fast.json"
run "${ALL[@]}" -k matmul_cpu -D WGM=4 -n 67x45x31 -o "$TMP/cpu.json"
files=("$TMP"/defaults.json "$TMP"/vadd.json "$TMP"/copy.json "$TMP"/fast.json "$TMP"/cpu.json)
for f in "$CL"/examples/*.cl; do
    name=$(basename "$f" .cl)
    run "${ALL[@]}" --kernel-file "$f" -n 67 -o "$TMP/example-$name.json"
    files+=("$TMP/example-$name.json")
done
# The peak probes (cl/peak.cl) are no rows: their builds are checked by what PoCL prints on
# stderr ("N warnings generated.", clang's summary).
run -d all --no-cache --peak measure -k vadd -n 67 --reps 1 --warmup 1 --min-time 0 -o "$TMP/peak.json"
expect_stderr_lacks "warning"
python3 - "$kernels" "${files[@]}" <<'PY' || fail "a kernel's build log has warnings, or a kernel did not build"
import json, sys
rows = [r for f in sys.argv[2:] for r in json.load(open(f))["rows"]]
# Each program is built once; later rows of the same file and options have it from memory.
built = {r["kernel"] for r in rows if r.get("build_source") in ("built", "memory")}
missing = set(sys.argv[1].split(",")) - built
assert not missing, "not built: %s" % sorted(missing)
assert len(built) >= len(sys.argv[1].split(",")) + 10, sorted(built)  # and the examples'
assert not [r for r in rows if r.get("build_source") == "disk"], "a program came from a cache"
failed = [(r["kernel"], r["device"], r["reason"]) for r in rows if r["status"] == "build_failed"]
assert not failed, failed
warned = [(r["kernel"], r["device"], r["params"], r["build_warnings"]) for r in rows
          if r.get("build_warnings")]
for w in warned:
    print("%s on %s with %s:\n%s" % w, file=sys.stderr)
assert not warned, "%d rows built with warnings" % len(warned)
PY
echo "build_warnings: ok"
