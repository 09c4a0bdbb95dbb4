# --list-kernels against tests/golden/list-kernels.txt, made before the built-in kernels moved
# from the registry's table into their manifests in cl/*.cl: the same kernels, parameters,
# allowed values, defaults and sizes.  "not available in this build" lines depend on the
# libraries found at configure time, so they are left out of both sides.
source "$(dirname "$0")/lib.sh"

run --list-kernels
expect_rc 0
grep -v "not available in this build: " "$TMP/stdout" >"$TMP/listed"
diff -u "$CLBENCH_SOURCE_DIR/tests/golden/list-kernels.txt" "$TMP/listed" >"$TMP/diff" ||
    fail "--list-kernels differs from tests/golden/list-kernels.txt: $(cat "$TMP/diff")"
echo "list_kernels_golden: ok"
