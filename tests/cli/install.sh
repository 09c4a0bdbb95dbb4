# `cmake --install` puts the binary and the kernels where the installed binary finds them,
# wherever it is run from; --cl-dir overrides; a missing kernel file is one clear error.
source "$(dirname "$0")/lib.sh"

build_dir=$(dirname "$CLBENCH")
cmake --install "$build_dir" --prefix "$TMP/prefix" >/dev/null || fail "cmake --install failed"
[ -x "$TMP/prefix/bin/clbench" ] || fail "no installed binary"
[ -f "$TMP/prefix/share/clbench/cl/vadd.cl" ] || fail "no installed kernels"

cd "$TMP" || exit 1
CLBENCH="$TMP/prefix/bin/clbench"
run -k vadd -n 64 "${QUICK[@]}" --format csv
expect_rc 0
expect_stdout_has ",vadd,"

# The installed binary reads its own kernels, not the source tree's: break the installed copy.
echo "this is not OpenCL" >"$TMP/prefix/share/clbench/cl/vadd.cl"
run -k vadd -n 64 "${QUICK[@]}" --format csv
expect_rc 1
expect_stderr_has "build_failed"

# --cl-dir overrides the default.
run -k vadd -n 64 "${QUICK[@]}" --format csv --cl-dir "$CLBENCH_SOURCE_DIR/cl"
expect_rc 0

mkdir -p "$TMP/empty"
run -k vadd -n 64 "${QUICK[@]}" --cl-dir "$TMP/empty"
expect_rc 1
expect_stderr_has "cannot read '$TMP/empty/vadd.cl': No such file or directory (use --cl-dir DIR)"
echo "install: ok"
