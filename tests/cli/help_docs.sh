# Every option --help lists is documented in README.md or docs/, and every kernel of
# --list-kernels too (curl's test1139 idea: the table, the help and the docs stay in sync).
source "$(dirname "$0")/lib.sh"

run --help
expect_rc 0
expect_stdout_has "usage: clbench"
expect_stdout_has "exit status:"
options=$(grep -o -- '--[a-z][a-z-]*' "$TMP/stdout" | sort -u)
[ -n "$options" ] || fail "no options in --help"
DOCS=("$CLBENCH_SOURCE_DIR/README.md" "$CLBENCH_SOURCE_DIR"/docs/*.md)
for opt in $options; do
    grep -q -- "$opt" "${DOCS[@]}" || fail "README.md and docs/ do not document $opt"
done

run --list-kernels
expect_rc 0
kernels=$(grep -oE '^  [a-z_0-9]+' "$TMP/stdout" | tr -d ' ')
[ -n "$kernels" ] || fail "no kernels listed"
for k in $kernels; do
    grep -q -- "\`$k\`" "${DOCS[@]}" || fail "README.md and docs/ do not describe \`$k\`"
    grep -q "__kernel.* $k(" "$CLBENCH_SOURCE_DIR"/cl/*.cl ||
        grep -q "^$k(" "$CLBENCH_SOURCE_DIR"/cl/*.cl ||
        grep -q "\"$k\"" "$CLBENCH_SOURCE_DIR/host/kernels/registry.c" ||
        fail "kernel $k has no source"
done

# The worked example of docs/kernel-files.md is the whole example file (less its top comment), so that a
# newcomer can paste it: it once showed bodies cut to `/* ... */`, a kernel that writes nothing.
python3 - "$CLBENCH_SOURCE_DIR/docs/kernel-files.md" "$CLBENCH_SOURCE_DIR/cl/examples/student_matmul.cl" <<'PY' ||
import sys
readme, example = (open(p).read() for p in sys.argv[1:])
section = readme[readme.index("### A worked example, from an empty file"):]
block = section[section.index("```c\n") + 5:]
block = block[:block.index("```\n")]
assert block.startswith("/* clbench:kernel student_mm\n"), block[:80]
assert example.endswith(block), "the worked example of docs/kernel-files.md is not cl/examples/student_matmul.cl"
PY
    fail "docs/kernel-files.md's worked example and cl/examples/student_matmul.cl differ"

run --version
expect_rc 0
grep -qE '^clbench [0-9]+\.[0-9]+\.[0-9]+$' "$TMP/stdout" || fail "--version"
echo "help_docs: ok"
