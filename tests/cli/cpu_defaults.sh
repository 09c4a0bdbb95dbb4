# A kernel's CPU defaults (matmul_fast's CPU shape, copy_ilp's streaming copy) apply as one
# set on CPU devices when no -D names any of its parameters, and not at all once one does
# (--no-model: without it the planner chooses matmul_fast's tiles, tests/cli/planner.sh;
# --no-tuned: the shipped database holds an entry for one 2-core EPYC's PoCL device, which
# would set the tiles wherever this test runs on such a machine).
source "$(dirname "$0")/lib.sh"

run --list-kernels
expect_rc 0
expect_stdout_has "-D TSM=128 (cpu: 32)"

run -d cpu -k matmul_fast -n 64 --no-model --no-tuned "${QUICK[@]}" -f json
expect_rc 0
python3 - "$TMP/stdout" <<'PY' || fail "the CPU set was not used"
import json, sys
(row,) = json.load(open(sys.argv[1]))["rows"]
assert row["status"] == "ok", row
assert row["params"] == {"TSM": 32, "TSN": 128, "TSK": 16, "WPTM": 8, "WPTN": 32, "VWM": 1,
                         "VWN": 16, "PAD": 0, "EDGE": 0, "KSPLIT": 1, "SCHED": 0}, row["params"]
assert "-DTSM=32 " in row["build_options"] and "-DVWN=16 " in row["build_options"]
PY

run -d cpu -k matmul_fast -n 64 -D TSK=8 --no-tuned "${QUICK[@]}" -f json
expect_rc 0
python3 - "$TMP/stdout" <<'PY' || fail "a -D must switch the CPU set off"
import json, sys
(row,) = json.load(open(sys.argv[1]))["rows"]
assert row["status"] == "ok", row
assert row["params"] == {"TSM": 128, "TSN": 128, "TSK": 8, "WPTM": 8, "WPTN": 8, "VWM": 4,
                         "VWN": 4, "PAD": 0, "EDGE": 0, "KSPLIT": 1, "SCHED": 0}, row["params"]
PY
run -d cpu -k copy_ilp -n 1000 --no-tuned "${QUICK[@]}" -f json
expect_rc 0
python3 - "$TMP/stdout" <<'PY' || fail "copy_ilp's CPU set was not used"
import json, sys
(row,) = json.load(open(sys.argv[1]))["rows"]
assert row["status"] == "ok", row
assert row["params"] == {"ILP": 8, "VEC": 16, "WGS": 256, "OCC_KIB": 0, "NT": 1}, row["params"]
PY
echo "cpu_defaults: ok"
