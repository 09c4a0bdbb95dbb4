# bench/gpu_host_acceptance.sh on a machine without a GPU: its options (bad ones exit 2 with
# one line), the environments it cannot make here skipped with a line, the run files and the
# summary it records, and its checker: a run file with a failed row, or without a GPU row
# where one is required, fails it.
source "$(dirname "$0")/lib.sh"

script=$CLBENCH_SOURCE_DIR/bench/gpu_host_acceptance.sh
acc() {
    LAST_CMD="gpu_host_acceptance.sh $*"
    bash "$script" "$@" >"$TMP/stdout" 2>"$TMP/stderr"
    RC=$?
}

acc --bogus
expect_rc 2
expect_stderr_has "unknown option '--bogus'"
acc -n 0
expect_rc 2
expect_stderr_has "-n needs a count of 1 or more"
acc --check
expect_rc 2
expect_stderr_has "--check needs run files"
acc --help
expect_rc 0
expect_stdout_has "cuda-first   CUDA's lib64"

# Degenerate, CPU only: no CUDA folder, /etc left alone, two main jobs per environment.
acc -o "$TMP/acc" -n 2 --no-gpu --no-etc --cuda "$TMP/no-cuda" -- -k vadd -n 1001 "${QUICK[@]}"
expect_rc 0
expect_stderr_has "cuda-first  skipped: no CUDA library folder $TMP/no-cuda"
expect_stderr_has "etc  skipped: --no-etc"
for f in vendors/list.txt vendors/main-1.json vendors/main-2.json summary.txt; do
    [ -s "$TMP/acc/$f" ] || fail "no $f"
done
[ "$(grep -c "^vendors .* exit 0, [0-9.]* s, ok$" "$TMP/acc/summary.txt")" = 2 ] ||
    fail "summary: $(cat "$TMP/acc/summary.txt")"

# The checker: the good run file passes; a row that failed, or no GPU row, fails it.
good=$TMP/acc/vendors/main-1.json
acc --check --no-gpu "$good"
expect_rc 0
python3 - "$good" "$TMP/bad.json" <<'PY'
import json, sys
run = json.load(open(sys.argv[1]))
run["rows"][0]["status"] = "verify_failed"
run["rows"][0]["reason"] = "1 of 1001 checked elements wrong"
json.dump(run, open(sys.argv[2], "w"))
PY
acc --check --no-gpu "$good" "$TMP/bad.json"
expect_rc 1
expect_stdout_has "bad.json: 0:0 vadd [1001]: verify_failed: 1 of 1001 checked elements wrong"
acc --check "$good"
expect_rc 1
expect_stdout_has "main-1.json: no GPU row (devices: cpu)"
echo "gpu_host_acceptance: ok"
