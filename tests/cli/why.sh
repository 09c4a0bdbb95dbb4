# Why a row is as fast as it is: the run file carries each built kernel's resources
# (null with a reason where PoCL has no answer), --detail and report --detail show them, and
# report --findings puts registers, spills and occupancy beside the seed curves.
source "$(dirname "$0")/lib.sh"

# Two programs only: PoCL builds are the slow part of this test.
run -d cpu -k matmul_regblock,copy_ilp -n 64 "${QUICK[@]}" -o "$TMP/run.json"
expect_rc 0
python3 - "$TMP/run.json" <<'PY' || fail "run file fields"
import json, sys
run = json.load(open(sys.argv[1]))
assert run["rows"], "no rows"
for r in run["rows"]:
    ki = r["kernel_info"]
    for k in ("work_group_size", "preferred_work_group_multiple", "local_mem_bytes",
              "private_mem_bytes"):
        assert isinstance(ki[k], (int, float)) and ki[k] >= 0, (k, ki)
    for k in ("registers", "spill_store_bytes", "spill_load_bytes", "stack_frame_bytes"):
        assert ki[k] is None and "not an NVIDIA device" in ki["unavailable"][k], (k, ki)
    assert r["kernel_work_group_size"] == ki["work_group_size"]
    assert r["occupancy"] is None and "not an NVIDIA" in r["occupancy_unavailable"]
    # --no-peak: no roofs to place the row under, and it says so
    assert r["bound"] is None and "--no-peak" in r["bound_unavailable"], r
    assert "launch_overheads" not in r
tiled = [r for r in run["rows"] if r["kernel"] == "matmul_regblock"]
assert all(r["kernel_info"]["local_mem_bytes"] > 0 for r in tiled), "tiles live in local memory"
PY

run report --detail "$TMP/run.json"
expect_rc 0
for col in wg pref local_B priv_B regs spill_st/ld occupancy "of_roof" launches; do
    expect_stdout_has "$col"
done
expect_stdout_has "registers: not an NVIDIA device"
expect_stdout_has "bound: no measured peaks"
# The live run prints the same view.
run -d cpu -k copy_ilp -n 64 "${QUICK[@]}" --detail
expect_rc 0
expect_stdout_has "spill_st/ld"
expect_stdout_has "registers: not an NVIDIA device"

# An NVIDIA-shaped file: registers, spills, occupancy, a bound and a launch-bound row.
python3 - "$TMP" <<'PY' || fail "making the NVIDIA file"
import json, sys
d = sys.argv[1]
run = json.load(open(d + "/run.json"))
run["devices"][0].update(type="gpu", name="NVIDIA H100 80GB HBM3", platform="NVIDIA CUDA")
run["devices"][0]["peak"].update(measured_gbs=3000.0, measured_gflops=60000.0,
                                 launch_event_us=2.0, launch_wall_us=9.0)
tiled = next(r for r in run["rows"] if r["kernel"] == "matmul_regblock")
for rx in (1, 2):
    other = json.loads(json.dumps(tiled))
    other["params"]["RX"] = rx
    run["rows"].append(other)
run["rows"].remove(tiled)
for r in run["rows"]:
    if not r["stats"]:
        continue
    regs = 255 if r["params"].get("RX") == 2 else 40
    r["kernel_info"].update(registers=regs, spill_store_bytes=284 if regs == 255 else 0,
                            spill_load_bytes=532 if regs == 255 else 0, stack_frame_bytes=0)
    r["kernel_info"].pop("unavailable")
    r["occupancy"] = {"groups_per_cu": 6, "warps_per_cu": 48, "fraction": 0.75,
                      "limited_by": "registers"}
    r.pop("occupancy_unavailable")
    r["bound"] = {"intensity_flop_per_byte": 0.5, "ridge_flop_per_byte": 20.0,
                  "roof": "bandwidth", "roof_gflops": 1500.0, "fraction_of_roof": 0.25}
    r.pop("bound_unavailable")
    r["launch_overheads"], r["launch_bound"] = 3.0, True
json.dump(run, open(d + "/gpu.json", "w"))
PY
run report --detail "$TMP/gpu.json"
expect_rc 0
expect_stdout_has "empty-kernel launch 2 us (event), 9 us (enqueue+finish)"
expect_stdout_has "284/532"
expect_stdout_has "75% (48w)"
expect_stdout_has "bandwidth"
expect_stdout_has "3 !"
expect_stdout_lacks "registers: not an NVIDIA"
run report --findings "$TMP/gpu.json"
expect_rc 0
expect_stdout_has "[255r 284s]"
expect_stdout_has "[40r]"
expect_stdout_has "75% 48w registers"

# Bad input: one line, exit 2.
run -d cpu -k copy_ilp -n 64 --detail --format csv
expect_rc 2
expect_stderr_has "--detail is a table or md view"
run report --detail --findings "$TMP/run.json"
expect_rc 2
expect_stderr_has "separate views"
exit 0
