# Library baselines say what they ran (host/kernels/openblas.c and the row's "library"): the
# version, the configuration, OpenBLAS's core type, who chose it and the threads.  With
# OPENBLAS_CORETYPE forced to a core older than the CPU's ISA, the row carries a warning with
# the fix, the run says it once on stderr, the table's "vs lib" is marked "!" with the warning
# under it, and the detail view lists it.  OpenBLAS is loaded at run time: where it cannot be,
# the rows are unavailable with one line that says how to fix it, and the run goes on; where
# clbench sets OPENBLAS_CORETYPE it does so before loading OpenBLAS, never by starting itself
# again.  Skipped (77) where OpenBLAS is not built in or not installed.
source "$(dirname "$0")/lib.sh"

ROWS=(-d cpu -k matmul_naive,sgemm_openblas -n 96,112 "${QUICK[@]}")
library() {
    python3 - "$TMP/run.json" "$@" <<'PY'
import json, sys
rows = [r for r in json.load(open(sys.argv[1]))["rows"] if r["kernel"] == "sgemm_openblas"]
for r in rows:
    lib = r.get("library", {})
    print(r["status"], *(lib.get(k) for k in sys.argv[2:]), sep="|")
PY
}

if "$CLBENCH" --list-kernels | grep -qF "built without OpenBLAS"; then
    echo "SKIP: built without OpenBLAS"
    exit 77
fi
# OpenBLAS missing: both rows unavailable with the reason, said once, the other rows run.
CLBENCH_OPENBLAS="$TMP/none/libopenblas.so.0" run "${ROWS[@]}" -o "$TMP/run.json"
expect_rc 0
[ "$(library | sort -u)" = "unavailable" ] || fail "rows without OpenBLAS: $(library)"
python3 - "$TMP/run.json" <<'PY' || fail "rows without OpenBLAS"
import json, sys
rows = json.load(open(sys.argv[1]))["rows"]
assert {r["status"] for r in rows if r["kernel"] == "matmul_naive"} == {"ok"}, rows
for r in rows:
    if r["kernel"] == "sgemm_openblas":
        assert r["reason"].startswith("OpenBLAS could not be loaded (") and \
            "libopenblas.so.0" in r["reason"] and "CLBENCH_OPENBLAS" in r["reason"], r["reason"]
PY
[ "$(grep -c "OpenBLAS could not be loaded" "$TMP/stderr")" = 2 ] ||
    fail "not one line per row: $(cat "$TMP/stderr")"

run "${ROWS[@]}" -o "$TMP/run.json"
expect_rc 0
if library | grep -q '^unavailable'; then
    echo "SKIP: OpenBLAS is not installed ($(grep -m1 -o "OpenBLAS could not.*" "$TMP/stderr"))"
    exit 77
fi
# As OpenBLAS chose itself (or as clbench chose for it where OpenBLAS picked an older core):
# the CPU's best, so no warning.
[ "$(library name | sort -u)" = "ok|OpenBLAS" ] || fail "library name: $(library name)"
library version config core core_from threads warning >"$TMP/lib"
python3 - "$TMP/lib" <<'PY' || fail "library fields: $(cat "$TMP/lib")"
import sys
for line in open(sys.argv[1]):
    status, version, config, core, core_from, threads, warning = line.rstrip("\n").split("|")
    assert status == "ok" and version[0].isdigit(), line
    assert config.startswith("OpenBLAS " + version) and core in config, line
    assert core_from in ("OpenBLAS's CPU detection",) or "set by clbench" in core_from, line
    assert int(threads) >= 1 and warning == "None", line
PY
! grep -q "OPENBLAS_CORETYPE" "$TMP/stderr" || fail "a warning without a forced core"

# clbench never starts itself again: the dynamic loader hands control to a program once.
LD_DEBUG=files CLBENCH_WORKERS=0 run "${ROWS[@]}" -o "$TMP/run.json"
expect_rc 0
[ "$(grep -c "transferring control" "$TMP/stderr")" = 1 ] ||
    fail "clbench started itself again: $(grep "transferring control" "$TMP/stderr")"
[ "$(library name | sort -u)" = "ok|OpenBLAS" ] || fail "in one process: $(library name)"

# What clbench leaves where it chose the core (workers inherit it): the core it set, and the
# one OpenBLAS had picked.
OPENBLAS_CORETYPE=Prescott CLBENCH_OPENBLAS_PICKED=Prescott run "${ROWS[@]}" -o "$TMP/run.json"
expect_rc 0
library core_from | grep -qF "ok|OPENBLAS_CORETYPE=Prescott set by clbench (OpenBLAS picked Prescott)" ||
    fail "restart not recorded: $(library core_from)"

# The CPU's best core set by the user: respected, and said once.
best=$(python3 -c 'import re; f=open("/proc/cpuinfo").read().split(); print("SkylakeX" if {"avx512f","avx512bw","avx512dq","avx512vl"} <= set(f) else "Haswell" if {"avx2","fma"} <= set(f) else "Sandybridge" if "avx" in f else "Prescott")')
OPENBLAS_CORETYPE=$best run "${ROWS[@]}" -o "$TMP/run.json"
expect_rc 0
[ "$(library core core_from | sort -u)" = "ok|$best|OPENBLAS_CORETYPE=$best" ] ||
    fail "the user's core: $(library core core_from)"
[ "$(grep -c "note: OpenBLAS ran its $best kernels as OPENBLAS_CORETYPE=$best in the environment says" "$TMP/stderr")" = 1 ] ||
    fail "the user's core not said once: $(cat "$TMP/stderr")"

# An old core forced by hand: said once for the run, in every row, in both views.
cpu_level=$(python3 -c 'import re; f=open("/proc/cpuinfo").read().split(); print("avx512" if {"avx512f","avx512bw","avx512dq","avx512vl"} <= set(f) else "avx2" if {"avx2","fma"} <= set(f) else "avx" if "avx" in f else "old")')
if [ "$cpu_level" = old ]; then
    echo "baselines: ok (a CPU without AVX has no core type newer than Prescott to check against)"
    exit 0
fi
OPENBLAS_CORETYPE=Prescott run "${ROWS[@]}" -o "$TMP/run.json"
expect_rc 0
[ "$(library core | sort -u)" = "ok|Prescott" ] || fail "forced core not recorded: $(library core)"
library warning >"$TMP/lib"
[ "$(wc -l <"$TMP/lib")" = 2 ] || fail "expected two sgemm_openblas rows"
grep -v -q "on a CPU with AVX.*run with OPENBLAS_CORETYPE=" "$TMP/lib" &&
    fail "a row without the warning: $(cat "$TMP/lib")"
[ "$(grep -c "OpenBLAS runs its Prescott kernels (OPENBLAS_CORETYPE=Prescott)" "$TMP/stderr")" = 1 ] ||
    fail "the run did not say it exactly once: $(cat "$TMP/stderr")"
run report "$TMP/run.json"
expect_rc 0
grep -E "^matmul_naive +96x96x96 .*x !$" "$TMP/stdout" >/dev/null || fail "vs lib not marked: $(cat "$TMP/stdout")"
expect_stdout_has "sgemm_openblas 96x96x96: OpenBLAS "
expect_stdout_has "Prescott kernels (OPENBLAS_CORETYPE=Prescott), "
expect_stdout_has "! not the library at its best (\"vs lib\" marked !): OpenBLAS runs its Prescott kernels"
run report --detail "$TMP/run.json"
expect_rc 0
expect_stdout_has "libraries:"
expect_stdout_has "  ! OpenBLAS runs its Prescott kernels"
echo "baselines: ok"
