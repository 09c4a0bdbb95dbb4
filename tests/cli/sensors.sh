# The device's state and energy per row (host/run/sensors.c), on PoCL's CPU device made to look
# like an NVIDIA GPU: the fake NVML of tests/fake_nvml (CLBENCH_FAKE_NVML, set by CTest) is
# loaded through CLBENCH_NVML_LIBRARY and matched by the PCI bus id CLBENCH_TEST_PCI_BUS_ID
# gives the device.  RAPL and cpufreq read fake sysfs trees (CLBENCH_POWERCAP_ROOT,
# CLBENCH_CPUFREQ_ROOT).  Every bad case is one line, the field absent with its reason, and the
# run goes on.
source "$(dirname "$0")/lib.sh"
: "${CLBENCH_FAKE_NVML:?set by CTest: the fake libnvidia-ml.so.1}"

# The machine's own sysfs stays out of it: absent unless a case builds a fake tree.
export CLBENCH_POWERCAP_ROOT="$TMP/no-powercap" CLBENCH_CPUFREQ_ROOT="$TMP/no-cpu"
ROW=(-d cpu -k vadd -n 4096 --no-peak --reps 3 --warmup 1)

# py FILE EXPR: asserts the Python expression over the run file (r: the run, row: its first row,
# st: its device_state, en: its energy, dev: its first device).
py() {
    python3 - "$@" <<'PY' || fail "run file check failed: $2"
import json, sys
r = json.load(open(sys.argv[1]))
row = r["rows"][0]
st = row.get("device_state", {})
en = row.get("energy", {})
dev = r["devices"][0]
ok = eval(sys.argv[2])
if not ok:
    print("false:", sys.argv[2], "\nrow:", json.dumps({k: row.get(k) for k in
          ("status", "device_state", "energy", "energy_absent", "stats")}, indent=1),
          "\ndevice:", dev.get("state_source"), file=sys.stderr)
    sys.exit(1)
PY
}

nvml() { # nvml MODE ARGS...: a run on the fake NVML in MODE
    local mode=$1
    shift
    FAKE_NVML_MODE=$mode CLBENCH_NVML_LIBRARY="$CLBENCH_FAKE_NVML" \
        CLBENCH_TEST_PCI_BUS_ID=0000:01:00.0 run "$@"
}

# A healthy GPU: clocks, power, temperature, no throttle reason, and the energy of the launches
# at the fake's 300 W (its instantaneous power 330 W).
nvml normal "${ROW[@]}" --min-time 0.3 -o "$TMP/normal.json"
expect_rc 0
expect_stderr_lacks "warning"
F=$TMP/normal.json
py "$F" 'dev["state_source"]["nvml"] == "matched by PCI bus id 0000:01:00.0"'
py "$F" 'st["source"] == "nvml" and st["samples"] >= 2'
py "$F" 'st["sm_clock_mhz"] == {"min": 1980, "median": 1980, "max": 1980}'
py "$F" 'st["mem_clock_mhz"]["median"] == 2619 and st["power_w"]["median"] == 330'
py "$F" 'st["temperature_c"]["max"] == 45 and st["throttle_reasons"] == []'
py "$F" 'st["throttled"] is False and st["clock_moved"] is False and "missing" not in st'
py "$F" 'en["source"] == "nvml" and en["launches"] == row["stats"]["count"]'
py "$F" 'en["min_time_extended"] is False and 0 < en["error_pct"] <= 10 and "approximate" not in en'
py "$F" 'abs(en["joules"] / (en["window_ms"] * 1e-3) / 300 - 1) < 0.05'
py "$F" 'abs(en["joules_per_launch"] * en["launches"] - en["joules"]) < 1e-6 * en["joules"]'
py "$F" 'abs(en["gb_per_joule"] - row["bytes"] * 1e-9 / en["joules_per_launch"]) < 1e-9'
py "$F" '"discarded_samples" not in st and "energy_absent" not in row'

# The same in this process (CLBENCH_WORKERS=0): the device opens its sensors there.
CLBENCH_WORKERS=0 nvml normal "${ROW[@]}" --min-time 0.3 -o "$TMP/inproc.json"
expect_rc 0
py "$TMP/inproc.json" 'st["source"] == "nvml" and en["source"] == "nvml"'

# At the power cap: the reason, and a clock that moved past the threshold.
nvml throttled "${ROW[@]}" --min-time 0.3 -o "$TMP/capped.json"
expect_rc 0
F=$TMP/capped.json
py "$F" 'st["throttle_reasons"] == ["power_cap"] and st["throttled"] is True'
py "$F" 'st["clock_moved"] is True and st["clock_moved_pct"] > 5'
py "$F" '1665 <= st["sm_clock_mhz"]["min"] < st["sm_clock_mhz"]["max"] <= 1890'
# The table marks the rows and says why; the device says what read it; the verdict has the
# energy per unit of work.
run report "$F"
expect_rc 0
grep -qE '^vadd +4096 \| [0-9.e-]+tc ' "$TMP/stdout" || fail "the throttled row is not marked"
expect_stdout_has "vadd NT=1 VEC=16 WGS=256 4096: throttled by power_cap; core clock 1"
expect_stdout_has "nvml: matched by PCI bus id 0000:01:00.0"
expect_stdout_has "Energy: work per joule"
grep -qE '^vadd +[0-9.e-]+ GB/J \(1, nvml\)' "$TMP/stdout" || fail "no energy per unit of work"
run report "$TMP/normal.json"
expect_stdout_lacks '"t" after a time'
# --resume carries a row's state and energy over.
nvml throttled "${ROW[@]}" --min-time 0.3 --resume "$F" -o "$TMP/resumed.json"
expect_rc 0
py "$TMP/resumed.json" 'row["resumed"] and st["throttle_reasons"] == ["power_cap"] and en["source"] == "nvml"'
# A threshold above the move: not flagged.
nvml throttled "${ROW[@]}" --min-time 0.3 --clock-threshold 50 -o "$TMP/loose.json"
py "$TMP/loose.json" 'st["clock_moved"] is False and st["throttled"] is True'
# --discard-throttled where every launch ran capped keeps them all and says so.
nvml throttled "${ROW[@]}" --min-time 0.2 --discard-throttled -o "$TMP/all.json"
py "$TMP/all.json" 'st["discarded_samples"] == 0 and "none discarded" in st["note"]'
py "$TMP/all.json" 'row["stats"]["count"] == en["launches"]'

# Capped every other 40 ms: --discard-throttled drops the launches it overlapped, and the
# statistics are of the others.
nvml intermittent "${ROW[@]}" --min-time 0.5 --discard-throttled -o "$TMP/some.json"
expect_rc 0
F=$TMP/some.json
py "$F" 'st["discarded_samples"] > 0 and row["stats"]["count"] > 0'
py "$F" 'row["stats"]["count"] + st["discarded_samples"] == en["launches"]'
py "$F" 'len(row["samples_ms"]) == row["stats"]["count"]'

# An energy counter updated every 100 ms (an H100's): a 0.2-s row spans fewer than 10 of its
# updates, so it is not lengthened and integrates the instantaneous power readings (the fake's
# 330 W, unlike the counter's and the average's 300 W), within the error it states.
FAKE_NVML_ENERGY_PERIOD_MS=100 nvml normal "${ROW[@]}" --min-time 0.2 -o "$TMP/short.json"
expect_rc 0
F=$TMP/short.json
py "$F" 'en["source"] == "nvml-power" and en["min_time_extended"] is False'
py "$F" 'en["window_ms"] < en["min_window_ms"] and en["power_readings"] >= 2'
py "$F" '"approximate" not in en and 5 <= en["error_pct"] < 10'
py "$F" 'abs(en["joules"] / (en["window_ms"] * 1e-3) / 330 - 1) < en["error_pct"] / 100'
# The row's power is the instantaneous one where the driver has it (the averaged reading
# trails a short row).
py "$F" 'st["power_w"]["median"] == 330'
py "$F" '"rising" not in en'
# Readings that rise through the window trail a load that has just started: a lower estimate,
# marked so, with no error claimed.
FAKE_NVML_ENERGY_PERIOD_MS=100 nvml ramp "${ROW[@]}" --min-time 0.2 -o "$TMP/ramp.json"
expect_rc 0
F=$TMP/ramp.json
py "$F" 'en["source"] == "nvml-power" and en["rising"] is True and en["approximate"] is True'
py "$F" '"error_pct" not in en'
# Where the driver has no instantaneous power, the averaged readings (a one-second mean on
# recent GPUs) stand in, marked approximate, with no error claimed.
FAKE_NVML_ENERGY_PERIOD_MS=100 FAKE_NVML_POWER_INSTANT=unsupported nvml normal "${ROW[@]}" \
    --min-time 0.2 -o "$TMP/average.json"
expect_rc 0
F=$TMP/average.json
py "$F" 'en["source"] == "nvml-power" and en["approximate"] is True and "error_pct" not in en'
py "$F" 'abs(en["joules"] / (en["window_ms"] * 1e-3) / 300 - 1) < 0.01'
py "$F" '"no instantaneous power (nvmlDeviceGetFieldValues(NVML_FI_DEV_POWER_INSTANT): not supported on this device)" in dev["state_source"]["nvml"]'
# A GPU without the counter (before Volta): every row integrates the power readings.
nvml no_counter "${ROW[@]}" --min-time 0.2 -o "$TMP/nocounter.json"
expect_rc 0
py "$TMP/nocounter.json" 'en["source"] == "nvml-power" and en["min_window_ms"] == 0'

# A counter updated every 20 ms under a row of 0.5 s (25 updates): the counter's difference,
# within the one update its error_pct states (and 1% for the host's clock).
FAKE_NVML_ENERGY_PERIOD_MS=20 nvml normal "${ROW[@]}" --min-time 0.5 -o "$TMP/long.json"
expect_rc 0
F=$TMP/long.json
py "$F" 'en["source"] == "nvml" and en["min_time_extended"] is False and en["error_pct"] <= 10'
py "$F" 'abs(en["error_pct"] - 10 * en["min_window_ms"] / en["window_ms"]) < 1e-6'
py "$F" 'abs(en["joules"] / (en["window_ms"] * 1e-3) / 300 - 1) < 20 / en["window_ms"] + 0.01'
# Beside the counter, the instantaneous readings over the same window (the fake's 330 W).
py "$F" 'abs(en["power_joules"] / (en["window_ms"] * 1e-3) / 330 - 1) < 0.02'
# --energy-window 25: the row runs past --min-time 0 to 25 updates, says so, and has the counter.
FAKE_NVML_ENERGY_PERIOD_MS=20 nvml normal "${ROW[@]}" --min-time 0 --energy-window 25 \
    -o "$TMP/period.json"
expect_rc 0
F=$TMP/period.json
py "$F" 'en["min_time_extended"] is True and 400 < en["min_window_ms"] < 700'
py "$F" 'en["window_ms"] >= en["min_window_ms"] and en["source"] == "nvml"'
py "$F" 'abs(en["joules"] / (en["window_ms"] * 1e-3) / 300 - 1) < 20 / en["window_ms"] + 0.01'
# Beside the counter, the instantaneous readings over the same window (the fake's 330 W).
py "$F" 'abs(en["power_joules"] / (en["window_ms"] * 1e-3) / 330 - 1) < 0.02'

# A counter that wraps inside the row: the difference is still the energy.
nvml wrap "${ROW[@]}" --min-time 0.2 -o "$TMP/wrap.json"
expect_rc 0
py "$TMP/wrap.json" 'abs(en["joules"] / (en["window_ms"] * 1e-3) / 300 - 1) < 0.05'

# Not supported (a MIG instance, an older GPU): the clocks stay, the rest is absent with why.
nvml not_supported "${ROW[@]}" --min-time 0 -o "$TMP/mig.json"
expect_rc 0
F=$TMP/mig.json
py "$F" 'st["sm_clock_mhz"]["median"] == 1980 and "power_w" not in st'
py "$F" '"not supported" in st["missing"]["power_w"] and "temperature_c" in st["missing"]'
py "$F" '"throttle_reasons" not in st and "not supported" in st["note"]'
py "$F" '"not supported" in row["energy_absent"] and "energy" not in row'
py "$F" '"no power reading either: NVML: nvmlDeviceGetPowerUsage: not supported" in row["energy_absent"]'

# NVML that fails to start, one that is not there, and a device it does not know: one line
# each, the rows run and say why they have no state.
nvml init_fails "${ROW[@]}" --min-time 0 -o "$TMP/init.json"
expect_rc 0
[ "$(grep -c 'warning' "$TMP/stderr")" -eq 1 ] || fail "expected one warning line"
expect_stderr_has "NVML: nvmlInit_v2 failed: Driver Not Loaded"
py "$TMP/init.json" 'row["status"] == "ok" and "device_state" not in row'
py "$TMP/init.json" 'dev["state_source"]["nvml"].startswith("absent: nvmlInit_v2 failed")'
FAKE_NVML_MODE=normal CLBENCH_NVML_LIBRARY="$TMP/none/libnvidia-ml.so.1" \
    CLBENCH_TEST_PCI_BUS_ID=0000:01:00.0 run "${ROW[@]}" --min-time 0 -o "$TMP/nolib.json"
expect_rc 0
expect_stderr_has "libnvidia-ml.so.1 could not be loaded"
py "$TMP/nolib.json" 'row["status"] == "ok" and "energy" not in row'
FAKE_NVML_MODE=normal CLBENCH_NVML_LIBRARY="$CLBENCH_FAKE_NVML" \
    CLBENCH_TEST_PCI_BUS_ID=0000:02:00.0 run "${ROW[@]}" --min-time 0 -o "$TMP/other.json"
expect_rc 0
expect_stderr_has "NVML has no device at PCI bus id 0000:02:00.0 (Not Found)"
py "$TMP/other.json" 'row["status"] == "ok" and "device_state" not in row'

# --no-sensors: nothing read, and the device says so.
nvml normal "${ROW[@]}" --min-time 0 --no-sensors -o "$TMP/off.json"
expect_rc 0
py "$TMP/off.json" '"device_state" not in row and "energy" not in row'
py "$TMP/off.json" 'dev["state_source"]["nvml"] == "absent: --no-sensors"'

# A CPU without cpufreq or powercap (most VMs): absent, with why, once on the device; no line.
run "${ROW[@]}" --min-time 0 -o "$TMP/vm.json"
expect_rc 0
expect_stderr_lacks "warning"
py "$TMP/vm.json" '"not present" in dev["state_source"]["rapl"] and "cpufreq" in dev["state_source"]["cpufreq"]'
py "$TMP/vm.json" '"device_state" not in row and row["energy_absent"].startswith("RAPL:")'
mkdir -p "$TMP/empty-powercap"
CLBENCH_POWERCAP_ROOT="$TMP/empty-powercap" run "${ROW[@]}" --min-time 0 -o "$TMP/nozone.json"
py "$TMP/nozone.json" '"no package zone" in row["energy_absent"]'

# RAPL and cpufreq: a fake package counter at 0.1 W (100 uJ per ms of the writer's clock,
# however often a loaded host lets it write: it records its longest gap, which bounds how far
# the counter lags at either end of a window), wrapping every 500 ms at its
# max_energy_range_uj; and two cores at 2.1 and 1.9 GHz.
PC=$TMP/powercap
mkdir -p "$PC/intel-rapl:0/intel-rapl:0:0" "$TMP/cpu/cpu0/cpufreq" "$TMP/cpu/cpu1/cpufreq"
echo 2100000 >"$TMP/cpu/cpu0/cpufreq/scaling_cur_freq"
echo 1900000 >"$TMP/cpu/cpu1/cpufreq/scaling_cur_freq"
echo package-0 >"$PC/intel-rapl:0/name"
echo 50000 >"$PC/intel-rapl:0/max_energy_range_uj"
echo 5 >"$PC/intel-rapl:0/intel-rapl:0:0/energy_uj" # a sub-zone: not added
echo 0 >"$PC/intel-rapl:0/energy_uj"
python3 - "$PC" <<'PY' &
import os, sys, time
pc = sys.argv[1]
t0 = last = time.monotonic()
gap = 0.0
while not os.path.exists(pc + "/stop"):
    now = time.monotonic()
    gap, last = max(gap, now - last), now
    with open(pc + "/energy.new", "w") as f:
        f.write("%d\n" % (int((now - t0) * 1e5) % 50000))
    os.replace(pc + "/energy.new", pc + "/intel-rapl:0/energy_uj")
    time.sleep(0.005)
with open(pc + "/gap.new", "w") as f:
    f.write("%.3f\n" % (gap * 1e3))
os.replace(pc + "/gap.new", pc + "/gap_ms")
PY
writer=$!
CLBENCH_POWERCAP_ROOT=$PC CLBENCH_CPUFREQ_ROOT=$TMP/cpu run "${ROW[@]}" --min-time 0.6 -o "$TMP/rapl.json"
rapl_rc=$RC
CLBENCH_POWERCAP_ROOT=$PC CLBENCH_CPUFREQ_ROOT=$TMP/cpu run "${ROW[@]}" --min-time 0 -o "$TMP/rapl0.json"
touch "$PC/stop"
wait "$writer"
[ "$rapl_rc" -eq 0 ] || fail "the RAPL run failed"
GAP_MS=$(cat "$PC/gap_ms")
F=$TMP/rapl.json
py "$F" 'st["source"] == "cpufreq" and st["sm_clock_mhz"]["median"] == 2000'
py "$F" '"throttle_reasons" not in st and "mem_clock_mhz" not in st'
py "$F" 'en["source"] == "rapl" and en["min_time_extended"] is False and en["error_pct"] <= 10'
# Within the writer's lag at both ends (and 1% for the host's clock); the wraps inside the window
# would otherwise make the difference negative or far off.
py "$F" "abs(en['joules'] - 1e-4 * en['window_ms']) <= 2e-4 * $GAP_MS + 0.01 * en['joules']"
py "$F" '"package zone" in dev["state_source"]["rapl"]'
# A row far shorter than the counter's updates: the counter's difference with its (large) error
# bound, or, past half, no energy and what would give it.
py "$TMP/rapl0.json" '("energy" in row and en["source"] == "rapl" and abs(en["error_pct"] - 10 * en["min_window_ms"] / en["window_ms"]) < 1e-6) or "--energy-window" in row["energy_absent"]'

# Bad values of --energy-window.
run "${ROW[@]}" --energy-window 1
expect_rc 2
expect_one_error_line
expect_stderr_has "--energy-window takes a number of counter updates from 2 to 1000"

# Bad values of --clock-threshold.
run "${ROW[@]}" --clock-threshold 0
expect_rc 2
expect_one_error_line
run "${ROW[@]}" --clock-threshold 5x
expect_rc 2
echo "sensors: ok"
