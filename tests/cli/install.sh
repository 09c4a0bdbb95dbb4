# `cmake --install` puts the binary and the kernels where the installed binary finds them,
# wherever it is run from; --cl-dir overrides; a missing kernel file or header is one clear
# error, and an edited header (cl/real.h) rebuilds the families that include it.  It
# also installs the man page (every option of both --help texts in it), the bash completion
# (options, kernel names, formats, devices) and the JSON Schemas.
source "$(dirname "$0")/lib.sh"

build_dir=$(dirname "$CLBENCH")
cmake --install "$build_dir" --prefix "$TMP/prefix" >/dev/null || fail "cmake --install failed"
[ -x "$TMP/prefix/bin/clbench" ] || fail "no installed binary"
[ -f "$TMP/prefix/share/clbench/cl/vadd.cl" ] || fail "no installed kernels"
[ -f "$TMP/prefix/share/clbench/cl/real.h" ] || fail "no installed cl/real.h"

man_page="$TMP/prefix/share/man/man1/clbench.1"
[ -f "$man_page" ] || fail "no installed man page"
"$CLBENCH" --help >"$TMP/help.txt"
"$CLBENCH" report --help >>"$TMP/help.txt"
for opt in $(grep -oE -- '--[a-z][a-z-]*' "$TMP/help.txt" | sort -u); do
    grep -qF -- "${opt//-/\\-}" "$man_page" || fail "man page lacks $opt"
done
grep -q '^\.TH CLBENCH 1 ' "$man_page" || fail "man page has no .TH header"
if command -v groff >/dev/null; then
    groff -man -Tutf8 -ww -z "$man_page" 2>"$TMP/groff.err" || fail "groff failed on the man page"
    [ ! -s "$TMP/groff.err" ] || fail "groff warns: $(head -5 "$TMP/groff.err")"
fi
# The manual: README.md and every page of docs/, each named in the man page's SEE ALSO.
doc_dir="$TMP/prefix/share/doc/clbench"
[ -f "$doc_dir/README.md" ] || fail "no installed README.md"
grep -q '^\.SH SEE ALSO' "$man_page" || fail "man page has no SEE ALSO"
for page in "$CLBENCH_SOURCE_DIR"/docs/*.md; do
    name=$(basename "$page")
    [ -f "$doc_dir/docs/$name" ] || fail "docs/$name not installed"
    [ "$name" = README.md ] || grep -qF -- "${name//-/\\-}" "$man_page" ||
        fail "the man page's SEE ALSO does not name docs/$name"
done
for schema in clbench-run clbench-report clbench-compare clbench-peak; do
    [ -f "$TMP/prefix/share/clbench/schema/$schema.v1.schema.json" ] || fail "no $schema schema"
done

# Bash completion, run as bash would: COMP_WORDS and COMP_CWORD in, COMPREPLY out.
completion="$TMP/prefix/share/bash-completion/completions/clbench"
[ -f "$completion" ] || fail "no installed bash completion"
(
    source "$completion"
    complete_words() { # complete_words WORD...: COMPREPLY for the last word, one per line
        COMP_WORDS=("$TMP/prefix/bin/clbench" "$@")
        COMP_CWORD=$#
        _clbench
        printf '%s\n' "${COMPREPLY[@]}"
    }
    complete_words --no-c | grep -qx -- --no-cache || fail "completion: --no-c"
    complete_words -k matmul_t | grep -qx matmul_tiled || fail "completion: -k matmul_t"
    complete_words -k vadd,co | grep -qx vadd,copy || fail "completion: -k vadd,co"
    complete_words --kernel matm | grep -qx matmul || fail "completion: family names"
    [ "$(complete_words -f "")" = "$(printf 'table\ncsv\njson\nmd')" ] || fail "completion: -f"
    complete_words -d g | grep -qx gpu || fail "completion: -d g"
    complete_words --peak c | grep -qx cached || fail "completion: --peak c"
    complete_words rep | grep -qx report || fail "completion: report"
    complete_words report --base | grep -qx -- --baseline || fail "completion: report --base"
) || exit 1

cd "$TMP" || exit 1
CLBENCH="$TMP/prefix/bin/clbench"
run -k vadd -n 64 "${QUICK[@]}" --format csv
expect_rc 0
expect_stdout_has ",vadd,"

# The installed binary reads its own kernels, not the source tree's: break the installed copy
# (its manifests declare the built-in kernels, so that a copy without them is refused).
cp "$TMP/prefix/share/clbench/cl/vadd.cl" "$TMP/vadd.cl.installed"
echo "this is not OpenCL" >"$TMP/prefix/share/clbench/cl/vadd.cl"
run -k vadd -n 64 "${QUICK[@]}" --format csv
expect_rc 2
expect_stderr_has "$TMP/prefix/bin/../share/clbench/cl/vadd.cl: no kernel manifest"
# ... and builds them from there: the manifests kept, the code broken.
{ cat "$TMP/vadd.cl.installed"; echo "this is not OpenCL"; } >"$TMP/prefix/share/clbench/cl/vadd.cl"
run -k vadd -n 64 "${QUICK[@]}" --format csv
expect_rc 1
expect_stderr_has "build_failed"

# --cl-dir overrides the default.
run -k vadd -n 64 "${QUICK[@]}" --format csv --cl-dir "$CLBENCH_SOURCE_DIR/cl"
expect_rc 0

mkdir -p "$TMP/empty"
run -k vadd -n 64 "${QUICK[@]}" --cl-dir "$TMP/empty"
expect_rc 2
expect_one_error_line
expect_stderr_has "$TMP/empty/vadd.cl: cannot read the built-in kernels: No such file or directory (use --cl-dir DIR)"

# Every built-in file includes cl/real.h: a --cl-dir without it is one line, before any row.
mkdir -p "$TMP/nohdr"
cp "$CLBENCH_SOURCE_DIR"/cl/*.cl "$TMP/nohdr/"
run -k vadd -n 64 "${QUICK[@]}" --cl-dir "$TMP/nohdr"
expect_rc 2
expect_one_error_line
expect_stderr_has "$TMP/nohdr/vadd.cl:"
expect_stderr_has ': #include "real.h": no such file beside it (use --cl-dir DIR)'

# The program cache (PoCL keeps its own unless POCL_KERNEL_CACHE=0) keys on the header too:
# an edit of it rebuilds, an unedited one does not.
export POCL_KERNEL_CACHE=0
cp "$CLBENCH_SOURCE_DIR"/cl/real.h "$TMP/nohdr/"
build_source() {
    python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["rows"][0]["build_source"])' "$1"
}
for i in 1 2 3; do
    [ "$i" = 3 ] && echo '#define CLBENCH_EDITED 1' >>"$TMP/nohdr/real.h"
    run -d cpu -k vadd -n 64 "${QUICK[@]}" --cl-dir "$TMP/nohdr" -o "$TMP/hdr$i.json"
    expect_rc 0
done
[ "$(build_source "$TMP/hdr2.json")" = "disk" ] || fail "the unedited header rebuilt"
[ "$(build_source "$TMP/hdr3.json")" = "built" ] || fail "an edited cl/real.h reused the program"
echo "install: ok"
