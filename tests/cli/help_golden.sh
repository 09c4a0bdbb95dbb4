# The three commands' --help, the man page's option sections and the message of each kind of
# refused value, against tests/golden/: all of them are made from the option tables
# (host/cli/options.c), so a row that changes shows here.  A change on purpose updates the
# golden file in the same commit.
source "$(dirname "$0")/lib.sh"

GOLDEN=$CLBENCH_SOURCE_DIR/tests/golden

same() { # NAME FILE: FILE against tests/golden/NAME
    diff -u "$GOLDEN/$1" "$2" >"$TMP/diff" || fail "$1 differs from tests/golden/$1: $(cat "$TMP/diff")"
}

run --help
expect_rc 0
same help.txt "$TMP/stdout"
run tune --help
expect_rc 0
same tune-help.txt "$TMP/stdout"
run report --help
expect_rc 0
same report-help.txt "$TMP/stdout"
# The options and report options of the man page; its title line carries the version.
run --help-man
expect_rc 0
sed -n '/^\.SH OPTIONS$/,/^\.SH EXIT STATUS$/p' "$TMP/stdout" >"$TMP/man"
same man-options.txt "$TMP/man"

# One refusal per kind of row and per command: "clbench ARGS" then its stderr and exit code.
: >"$TMP/refusals"
while IFS= read -r line; do
    eval "set -- $line"
    { echo "\$ clbench $line"; "$CLBENCH" "$@" 2>&1 >/dev/null; echo "exit $?"; } >>"$TMP/refusals"
done <<'ARGS'
--reps 0
--reps 1000001
--reps x
--warmup 0
--seed 99999999999999999999
--energy-window 1
--max-time 0
--min-time -1
--row-timeout x
--clock-threshold 100
--output ''
--tuned ''
--peak never
--autotune slow
--format xml
--type float,float
--shard 3/2
--size 0
-D 1=2
--bogus
-r
extra
tune --seed x
tune --export ''
tune --strategy best
tune --budget 0
tune --reps 0
tune -Z
report --alpha 1 a.json
report --threshold -1 a.json
report --html '' a.json
report --format xml a.json
report -b
ARGS
same option-refusals.txt "$TMP/refusals"
echo "help_golden: ok"
