# Workers see the drivers their supervisor saw, whatever a driver does to the process's
# environment while it is enumerated: a fake driver registered beside PoCL cuts OCL_ICD_VENDORS
# short in place (CUDA 13's libOpenCL.so.1 cuts OCL_ICD_FILENAMES at its first ':'), and the
# rows still run in workers on PoCL.
source "$(dirname "$0")/lib.sh"

vendors=${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}
pocl_icd=$(grep -l pocl "$vendors"/*.icd 2>/dev/null | head -n 1)
[ -n "$pocl_icd" ] || fail "no PoCL registration in $vendors"
mkdir -p "$TMP/vendors"
cp "$pocl_icd" "$TMP/vendors/pocl.icd"
cc -shared -fPIC -o "$TMP/libtruncating_icd.so" \
    "$CLBENCH_SOURCE_DIR/tests/fault/icd_env/truncating_icd.c" || fail "cannot build the fake driver"
echo "$TMP/libtruncating_icd.so" >"$TMP/vendors/0-truncating.icd"

# In process (no workers): the loader read the folder before the fake driver cut its name.
OCL_ICD_VENDORS=$TMP/vendors CLBENCH_WORKERS=0 run -d cpu -k vadd -n 1001 "${QUICK[@]}"
expect_rc 0
expect_stdout_has "vadd"

# With workers: each started with the environment from before the drivers, so it finds PoCL.
OCL_ICD_VENDORS=$TMP/vendors run -d cpu -k vadd,copy -n 1001 "${QUICK[@]}" -o "$TMP/run.json"
expect_rc 0
python3 - "$TMP/run.json" <<'PY' || fail "a row did not run on PoCL"
import json, sys
rows = json.load(open(sys.argv[1]))["rows"]
assert [r["status"] for r in rows] == ["ok", "ok"], [(r["kernel"], r["status"], r.get("reason")) for r in rows]
PY
echo "ok"
