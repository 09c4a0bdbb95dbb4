# A kernel file edited during a sweep: a worker started after the edit (here: the one that
# replaces a worker killed at its row's deadline) refuses to run the other text, and its rows
# say so; the rows run record the hash of the text they ran, so --resume then runs them again.
# A kernel file named by a file descriptor (/dev/stdin) is refused in one line: a worker would
# read its own control pipe there.
source "$(dirname "$0")/../cli/lib.sh"
K="$TMP/k.cl"
cp "$CLBENCH_SOURCE_DIR/tests/fault/crash/faults.cl" "$K"
hash=$(python3 -c 'import sys; h=0xcbf29ce484222325
for b in open(sys.argv[1],"rb").read(): h=((h^b)*0x100000001b3)&0xFFFFFFFFFFFFFFFF
print("fnv1a64:%016x"%h)' "$K")
sweep=(-d cpu -k "fault_modes@$K" -D MODE=2,0 --no-peak --reps 1 --warmup 1 --min-time 0
       --row-timeout 4 -o "$TMP/run.json")

"$CLBENCH" "${sweep[@]}" >"$TMP/stdout" 2>"$TMP/stderr" &
pid=$!
sleep 2 # the first worker has read the file and runs the endless MODE=2
printf '\n/* edited during the run */\n' >>"$K"
wait "$pid"
RC=$? LAST_CMD="clbench ${sweep[*]} (k.cl edited)"
expect_rc 1
python3 - "$TMP/run.json" "$hash" <<'PY' || fail "the rows of the edited kernel file"
import json, sys
rows = {r["params"]["MODE"]: r for r in json.load(open(sys.argv[1]))["rows"]}
assert rows[2]["status"] == "timed_out", rows[2]["status"]
assert rows[0]["status"] != "ok" and "changed during the run" in rows[0]["reason"], rows[0]
assert all(r["kernel_file_hash"] == sys.argv[2] for r in rows.values()), [r["kernel_file_hash"] for r in rows.values()]
PY

run -d cpu -k "fault_modes@$K" -D MODE=0 --no-peak --reps 1 --warmup 1 --min-time 0 \
    --resume "$TMP/run.json" -o "$TMP/again.json"
expect_rc 0
expect_stderr_has "run again: their kernel file has changed"

"$CLBENCH" -d cpu --kernel-file /dev/stdin -n 64 --no-peak <"$K" >"$TMP/stdout" 2>"$TMP/stderr"
RC=$? LAST_CMD="clbench --kernel-file /dev/stdin < k.cl"
expect_rc 2
expect_one_error_line
expect_stderr_has "/dev/stdin: names an open file descriptor"
exit 0
