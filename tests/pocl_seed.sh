# The PoCL kernel cache every CLI test starts from (tests/CMakeLists.txt, fixture pocl_seed):
# the main job's kernels at their defaults, the clock check and CLBlast's programs, which most
# scripts build and each would otherwise compile again into a cache of its own.  Run before
# them; lib.sh copies the folder into a test's empty POCL_CACHE_DIR.
source "$(dirname "$0")/cli/lib.sh"

run -d cpu -n 64 "${QUICK[@]}" -f csv -o "$TMP/seed.csv"
expect_rc 0
[ -n "$(find "$POCL_CACHE_DIR" -name '*.so' -print -quit)" ] ||
    fail "PoCL wrote no kernel into $POCL_CACHE_DIR"
echo "pocl_seed: ok"
