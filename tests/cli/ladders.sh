# bench/matmul_ladder.sh, bench/memory_ladder.sh, bench/gpu_matmul.sh and bench/types.sh (the
# last two: their CPU steps, as on any machine without a GPU) on PoCL at small sizes: one run file per
# step, named by the date and the commit the binary was built from, each with the step's
# kernels and every row ok; a failing step sets the exit status; a selection that matches no
# device is refused.  The steps' -D sweeps at their first values (LADDER_SMOKE=1, what the
# test needs of them: each step's kernels once).  --help prints a script's own header,
# gpu_splitk.sh's too.
source "$(dirname "$0")/lib.sh"
export CLBENCH LADDER_SMOKE=1

# ladder SCRIPT ARGS...: runs a ladder script; RC, $TMP/stdout and $TMP/stderr as for `run`.
ladder() {
    LAST_CMD="$*"
    bash "$CLBENCH_SOURCE_DIR/bench/$1" "${@:2}" >"$TMP/stdout" 2>"$TMP/stderr"
    RC=$?
}

# check_steps DIR PREFIX STEP:KERNELS...: DIR holds exactly these run files, in each only the
# step's kernels, every row ok.
check_steps() {
    python3 - "$@" <<'PY' || fail "unexpected ladder run files"
import glob, json, os, subprocess, sys
folder, prefix, steps = sys.argv[1], sys.argv[2], sys.argv[3:]
files = sorted(glob.glob(os.path.join(folder, "*", "*.json")))
assert len(files) == len(steps), files
commit = json.load(open(files[0]))["git_commit"]
commit = commit[:7] + ("-dirty" if commit.endswith("-dirty") else "")
for step in steps:
    tag, kernels = step.split(":")
    name = [f for f in files if f.endswith(f"-{commit}-{prefix}-{tag}.json")]
    assert len(name) == 1, (tag, files)
    run = json.load(open(name[0]))
    assert run["devices"][0]["type"] == "cpu", run["devices"]
    assert {r["kernel"] for r in run["rows"]} == set(kernels.split(",")), (tag, run["rows"])
    for r in run["rows"]:
        ok = r["status"] == "ok" or (r["kernel"] == "sgemm_clblast" and "CLBlast" in r["reason"])
        assert ok, (tag, r["kernel"], r["params"], r["status"], r["reason"])
PY
}

T=transpose_naive,transpose_copy,transpose_tiled,transpose_padded,transpose_diagonal,transpose_aligned
ladder memory_ladder.sh -d cpu -o "$TMP/memory" -n 70 "${QUICK[@]}"
# (-n 70 replaces every step's sizes: 70x70 transposes, 70-float copies.)
expect_rc 0
check_steps "$TMP/memory" memory "1-transpose:$T" "1-transpose-64:$T" \
    "2-copy-grid:copy_ilp,vadd" "3-copy-occ:copy_ilp"
python3 - "$TMP/memory" <<'PY' || fail "LADDER_SMOKE did not keep each sweep's first value"
import glob, json, sys
run = json.load(open(glob.glob(sys.argv[1] + "/*/*-memory-2-copy-grid.json")[0]))
rows = {r["kernel"]: r["params"] for r in run["rows"]}
assert len(run["rows"]) == 2, run["rows"]
assert (rows["copy_ilp"]["ILP"], rows["copy_ilp"]["VEC"], rows["copy_ilp"]["NT"]) == (1, 1, 0), rows
PY

MATMUL_SIZE=40x24x16 ladder matmul_ladder.sh -d cpu -o "$TMP/matmul" "${QUICK[@]}"
check_steps "$TMP/matmul" matmul 1-naive-1x128:matmul_naive 2-naive-128x1:matmul_naive \
    3-tiled:matmul_naive,matmul_tiled 4-regblock-cached:matmul_regblock,matmul_cached \
    5-rank1:matmul_rank1 6-fast:matmul_fast 7-clblast:sgemm_clblast

# No GPU here: gpu_matmul.sh and types.sh say so once and run their CPU steps (types.sh -n:
# its own small sizes).
ladder gpu_matmul.sh -o "$TMP/gpu_matmul" -n 40x24x16 "${QUICK[@]}"
expect_rc 0
expect_stderr_has "gpu_matmul.sh: no GPU device: only the CPU steps run"
check_steps "$TMP/gpu_matmul" gpu-matmul cpu:matmul_cpu,matmul_fast,sgemm_openblas \
    cpu-sweep:matmul_cpu
ladder types.sh -n -o "$TMP/types" "${QUICK[@]}"
expect_rc 0
expect_stderr_has "types.sh: no GPU device: only the CPU steps run"
check_steps "$TMP/types" types dgemm-cpu:matmul_cpu,matmul_fast,dgemm_openblas \
    stream-cpu:copy_ilp,vadd
python3 - "$TMP/types" <<'PY' || fail "types.sh's rows are not of its types"
import glob, json, sys
for step, types in (("dgemm-cpu", {"double"}), ("stream-cpu", {"float", "double"})):
    run = json.load(open(glob.glob(f"{sys.argv[1]}/*/*-types-{step}.json")[0]))
    assert {r.get("type", "float") for r in run["rows"]} == types, (step, run["rows"])
PY

# Steps that clbench refuses: exit status 1, and no step claims a file it did not write.
MATMUL_SIZE=16 ladder matmul_ladder.sh -d cpu -o "$TMP/refused" -D TILE=3 "${QUICK[@]}"
expect_rc 1
grep -q "^wrote" "$TMP/stderr" && fail "a refused step said it wrote a file"

ladder memory_ladder.sh -d no-such-device -o "$TMP/none"
expect_rc 2
expect_stderr_has "memory_ladder.sh: no device matches 'no-such-device'"
[ ! -e "$TMP/none" ] || fail "a run folder for no device"
ladder matmul_ladder.sh --help
expect_rc 0
expect_stdout_has "MATMUL_SIZE"
# The scripts whose own -n is their smoke switch (ladder_smoke_options) keep their own help.
for script in types.sh gpu_splitk.sh; do
    ladder $script --help
    expect_rc 0
    expect_stdout_has "bench/$script [-o DIR] [-n] [clbench options...]"
    expect_stdout_has "-n (smoke): every step"
done
echo "ladders: ok"
