# The JSON run file parsed back and checked field by field.
source "$(dirname "$0")/lib.sh"

# vadd's defaults come from the device (docs/kernel-files.md, "The manifest"): on a CPU a SIMD register of
# floats, 16 where PoCL's native float width is 16 (AVX-512), else 8, and non-temporal stores.
run -l -f json
VEC=$(python3 -c 'import json,sys; print(16 if json.load(open(sys.argv[1]))["devices"][0]["native_vector_width_float"] >= 16 else 8)' "$TMP/stdout")
export VEC
run -d cpu -k vadd,vadd_local -n 1000 --reps 3 --warmup 2 --min-time 0 -o "$TMP/run.json"
expect_rc 0
expect_stdout_empty # the report went to the file
python3 - "$TMP/run.json" <<'PY' || fail "run file fields"
import json, os, sys, re
run = json.load(open(sys.argv[1]))
assert run["schema"] == "clbench-run" and run["schema_version"] == 1
assert re.match(r"\d+\.\d+\.\d+$", run["clbench_version"])
assert run["git_commit"]
assert run["host"]
assert re.match(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$", run["date"])
assert run["command_line"].endswith("-o " + sys.argv[1])
s = run["settings"]
assert s["warmup"] == 2 and s["reps"] == 3 and s["min_time_s"] == 0 and s["seed"] == 1
(dev,) = run["devices"]
assert dev["id"] == "0:0" and dev["type"] == "cpu"
for key in ("platform", "platform_version", "name", "vendor", "driver", "device_version",
            "opencl_c_version"):
    assert isinstance(dev[key], str) and dev[key], key
peak = dev["peak"]
# Every probe ran and verified (on a CPU: float16 words, non-temporal stores).
assert min(peak["measured_read_gbs"], peak["measured_write_gbs"], peak["measured_copy_gbs"],
           peak["measured_gflops"]) > 0
# The roofs: the best of the OpenCL probes and, on a CPU of this host, the native probe.
assert peak["measured_gbs"] == max(peak["measured_read_gbs"], peak["measured_write_gbs"],
                                   peak["measured_copy_gbs"], peak["native_copy_gbs"])
assert peak["measured_gflops"] == max(peak["opencl_gflops"], peak["native_gflops"])
assert peak["native_threads"] == dev["compute_units"]
assert [r["kernel"] for r in run["rows"]] == ["vadd", "vadd_local"]
for r in run["rows"]:
    assert r["device"] == "0:0" and r["family"] == "vadd" and r["metric"] == "GB/s"
    assert r["experiment"].startswith("004")
    vec = int(os.environ["VEC"])
    assert r["params"] == {"VEC": vec, "WGS": 256, "NT": 1} and r["size"] == [1000]
    assert r["params_from"] == "device default" and "params_note" not in r
    assert r["build_options"] == "-cl-std=CL1.2 -DREAL=float -DVEC=%d -DWGS=256 -DNT=1" % vec
    assert r["status"] == "ok" and r["reason"] == "" and r["timer"] == "event"
    assert r["global"][0] % 256 == 0 and r["global"][0] >= 1000 // vec and r["local"] == [256]
    assert r["flops"] == 1000 and r["bytes"] == 12000
    samples = r["samples_ms"]
    assert len(samples) == 3 and all(x > 0 for x in samples)
    st = r["stats"]
    assert st["count"] == 3
    assert st["min_ms"] == min(samples) and st["max_ms"] == max(samples)
    assert st["median_ms"] == sorted(samples)[1]
    assert abs(st["mean_ms"] - sum(samples) / 3) < 1e-12
    assert abs(r["gbs"] - 12000 / (st["median_ms"] * 1e-3) / 1e9) < 1e-9 * r["gbs"]
    assert abs(r["fraction_of_peak"] - r["gbs"] / peak["measured_gbs"]) < 1e-12
    assert r["wall_ms"] >= sum(samples)
    v = r["verification"]
    assert v["passed"] and v["checked"] == 1000 and v["output_elements"] == 1000
    assert not v["sampled"] and v["failures"] == 0 and v["max_rel_err"] <= v["tolerance"]
    assert r["buffer_sets"] >= 1 and r["footprint_bytes"] == 12000
PY

# --format wins over the extension; csv and md views carry the same rows.
run -d cpu -k vadd -n 100 "${QUICK[@]}" -o "$TMP/run.txt" --format md
expect_rc 0
grep -q "^| vadd | 100 | " "$TMP/run.txt" || fail "markdown row missing"
grep -q "^- vadd: NT=1 VEC=$VEC WGS=256$" "$TMP/run.txt" || fail "markdown parameters missing"
run -d cpu -k vadd -n 100 "${QUICK[@]}" -o "$TMP/run.csv"
expect_rc 0
head -1 "$TMP/run.csv" | grep -q "^schema,device_id,platform,device,driver,kernel," ||
    fail "csv header"
echo "runfile: ok"
