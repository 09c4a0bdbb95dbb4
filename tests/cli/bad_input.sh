# Every bad input a user can give, as one table: the exit code, a phrase of the message, and
# that nothing was left behind in the output directory (no partial file, no temporary, no
# journal).  Usage errors (exit 2) must be exactly one "clbench: error:" line.
#
# Columns, separated by " | ": exit code | what the output dir holds afterwards ("-": nothing,
# or a file name that must be a complete run file) | a phrase stderr must contain | arguments
# (word-split by the shell; @OUT is the output dir, @RUNS the run-file corpus, @OVERALLOC a
# double vadd size whose every buffer is half again the device's CL_DEVICE_MAX_MEM_ALLOC_SIZE,
# which PoCL sizes from the machine's memory, within the kernel's int index range).
source "$(dirname "$0")/lib.sh"
RUNS="$CLBENCH_SOURCE_DIR/tests/fuzz/corpus/fuzz_runfile"
mkdir -p "$TMP/empty" && : >"$TMP/afile" && echo "not json" >"$TMP/garbage"
ROW=(-d cpu -k vadd -n 100 "${QUICK[@]}")
OVERALLOC=$("$CLBENCH" -d cpu --list -f json 2>/dev/null |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["devices"][0]["max_alloc_bytes"] * 3 // 16)') ||
    fail "cannot read the device's max alloc"

cases=$(cat <<'TABLE'
2 | - | unknown option '--bogus'                     | --bogus -o @OUT/r.json
2 | - | unknown option '-Z'                          | -Z -o @OUT/r.json
2 | - | option '--reps' needs a value                | -o @OUT/r.json --reps
2 | - | unexpected argument 'vadd'                   | -o @OUT/r.json vadd
2 | - | did you mean 'vadd'?                         | -k vad -o @OUT/r.json
2 | - | did you mean 'vadd_local'?                   | -k vadd_locl -o @OUT/r.json
2 | - | unknown kernel 'qqqqqqqqqqqq'                | -k qqqqqqqqqqqq -o @OUT/r.json
2 | - | --kernel needs a kernel or family name       | -k , -o @OUT/r.json
2 | - | is not NAME=VALUE                            | -k vadd -D WGS -o @OUT/r.json
2 | - | is not a macro name                          | -k vadd -D 9X=1 -o @OUT/r.json
2 | - | WGS takes integers                           | -k vadd -D WGS=abc -o @OUT/r.json
2 | - | WGS=64 is given twice                        | -k vadd -D WGS=64,64 -o @OUT/r.json
2 | - | -D WGS is given twice                        | -k vadd -D WGS=64 -D WGS=32 -o @OUT/r.json
2 | - | -D WGS=2000 is not allowed for vadd (allowed: 1..1024) | -k vadd -D WGS=2000 -o @OUT/r.json
2 | - | -D WGS=0 is not allowed                      | -k vadd -D WGS=0 -o @OUT/r.json
2 | - | no selected kernel has a parameter TILE      | -k vadd -D TILE=16 -o @OUT/r.json
2 | - | sizes must be at least 1                     | -k vadd -n 0 -o @OUT/r.json
2 | - | expected a positive number at '-5'           | -k vadd -n -5 -o @OUT/r.json
2 | - | expected a positive number at 'abc'          | -k vadd -n abc -o @OUT/r.json
2 | - | unexpected '.'                               | -k vadd -n 1.5 -o @OUT/r.json
2 | - | at most 3 dimensions                         | -k vadd -n 2x2x2x2 -o @OUT/r.json
2 | - | has 2 dimensions but vadd takes N            | -k vadd -n 64x64 -o @OUT/r.json
2 | - | a size is larger than                        | -k vadd -n 99999999999999999 -o @OUT/r.json
2 | - | empty size                                   | -k vadd --size= -o @OUT/r.json
2 | - | unknown format 'xml'                         | -k vadd --format xml -o @OUT/r.json
2 | - | --reps must be at least 1                    | -k vadd --reps 0 -o @OUT/r.json
2 | - | --reps takes a whole number, not '-1'        | -k vadd --reps -1 -o @OUT/r.json
2 | - | --warmup must be at least 1                  | -k vadd --warmup 0 -o @OUT/r.json
2 | - | --min-time takes seconds                     | -k vadd --min-time soon -o @OUT/r.json
2 | - | --max-time takes seconds above 0             | -k vadd --max-time 0 -o @OUT/r.json
2 | - | --seed takes a whole number                  | -k vadd --seed 1e3 -o @OUT/r.json
2 | - | --output needs a file name                   | -k vadd --output=
1 | - | no device matches 'nosuchdevice'             | @ROW -d nosuchdevice -o @OUT/r.json
1 | - | no device matches '7:7'                      | @ROW -d 7:7 -o @OUT/r.json
1 | - | cannot write '/nonexistent/dir/r.json'       | @ROW -o /nonexistent/dir/r.json
1 | - | Not a directory                              | @ROW -o @TMP/afile/r.json
1 | - | cannot read --resume file                    | @ROW --resume @TMP/nonexistent -o @OUT/r.json
1 | - | is neither a clbench journal nor a run file  | @ROW --resume @TMP/garbage -o @OUT/r.json
1 | r.json | MiB exceeds CL_DEVICE_MAX_MEM_ALLOC_SIZE        | @ROW --type double -n @OVERALLOC -o @OUT/r.json
2 | - | empty/vadd.cl: cannot read the built-in kernels | @ROW --cl-dir @TMP/empty -o @OUT/r.json
2 | - | cannot read '@TMP/nonexistent.json'          | report @TMP/nonexistent.json -o @OUT/r.md
2 | - | cannot read '@TMP/empty': Is a directory     | report @TMP/empty -o @OUT/r.md
2 | - | is empty                                     | report @TMP/afile -o @OUT/r.md
2 | - | is not valid JSON                            | report @TMP/garbage -o @OUT/r.md
2 | - | is not valid JSON                            | report @RUNS/truncated.json -o @OUT/r.md
2 | - | not a clbench run file                       | report @RUNS/wrong_schema.json -o @OUT/r.md
2 | - | schema_version 99 is not supported           | report @RUNS/future_version.json -o @OUT/r.md
2 | - | 'params' is not an object                    | report @RUNS/wrong_types.json -o @OUT/r.md
2 | - | no run files given                           | report -o @OUT/r.md
TABLE
)

n=0
while IFS='|' read -r rc leaves phrase args; do
    rc=${rc// /} leaves=${leaves// /}
    phrase=$(echo "$phrase" | sed 's/^ *//; s/ *$//')
    out="$TMP/out$n"
    mkdir -p "$out"
    args=${args//@OUT/$out}
    args=${args//@TMP/$TMP}
    args=${args//@RUNS/$RUNS}
    args=${args//@OVERALLOC/$OVERALLOC}
    phrase=${phrase//@TMP/$TMP}
    # shellcheck disable=SC2206 # the table's arguments are words
    argv=($args)
    [ "${argv[0]}" = "@ROW" ] && argv=("${ROW[@]}" "${argv[@]:1}")
    run "${argv[@]}"
    expect_rc "$rc"
    expect_stderr_has "$phrase"
    [ "$rc" -ne 2 ] || expect_one_error_line
    grep -q "^clbench: error:" "$TMP/stderr" || fail "no error line"
    if [ "$leaves" = "-" ]; then
        [ -z "$(ls -A "$out")" ] || fail "left behind: $(ls -A "$out")"
    else
        [ "$(ls -A "$out")" = "$leaves" ] || fail "expected only $leaves, found: $(ls -A "$out")"
        python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["rows"]; assert r and all(x["status"] != "ok" for x in r)' \
            "$out/$leaves" || fail "$leaves is not a complete run file of failed rows"
    fi
    n=$((n + 1))
done <<<"$cases"
[ "$n" -ge 45 ] || fail "the table ran only $n cases"
echo "bad_input: $n cases ok"
