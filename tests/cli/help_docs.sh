# Every option --help lists is documented in README.md, and every kernel of --list-kernels
# too (curl's test1139 idea: the table, the help and the docs stay in sync).
source "$(dirname "$0")/lib.sh"

run --help
expect_rc 0
expect_stdout_has "usage: clbench"
expect_stdout_has "exit status:"
options=$(grep -o -- '--[a-z][a-z-]*' "$TMP/stdout" | sort -u)
[ -n "$options" ] || fail "no options in --help"
for opt in $options; do
    grep -q -- "$opt" "$CLBENCH_SOURCE_DIR/README.md" || fail "README.md does not document $opt"
done

run --list-kernels
expect_rc 0
kernels=$(grep -oE '^  [a-z_0-9]+' "$TMP/stdout" | tr -d ' ')
[ -n "$kernels" ] || fail "no kernels listed"
for k in $kernels; do
    grep -q -- "\`$k\`" "$CLBENCH_SOURCE_DIR/README.md" || fail "README.md does not describe \`$k\`"
    grep -q "__kernel.* $k(" "$CLBENCH_SOURCE_DIR"/cl/*.cl ||
        grep -q "^$k(" "$CLBENCH_SOURCE_DIR"/cl/*.cl ||
        grep -q "\"$k\"" "$CLBENCH_SOURCE_DIR/host/kernels/registry.c" ||
        fail "kernel $k has no source"
done

run --version
expect_rc 0
grep -qE '^clbench [0-9]+\.[0-9]+\.[0-9]+$' "$TMP/stdout" || fail "--version"
echo "help_docs: ok"
