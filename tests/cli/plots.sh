# bench/plot.sh: one real run (vadd on PoCL, no peak so no roofline) plus synthetic run files
# for the families whose rows the figures need (matmul, transpose, copy), written below as
# test fixtures: their numbers are made up and only their shape matters.
. "$(dirname "$0")/lib.sh"
PLOT="${CLBENCH_SOURCE_DIR:?set by CTest}/bench/plot.sh"

# CI installs gnuplot-nox; a missing gnuplot is a broken setup, not a reason to skip.
command -v gnuplot >/dev/null || fail "gnuplot is not installed (apt install gnuplot-nox)"

run -k vadd,vadd_local -n 4096 "${QUICK[@]}" -o "$TMP/run.json"
expect_rc 0

python3 - "$TMP" <<'EOF' || fail "could not write the fixtures"
# Fixtures: gpu-fixture.json (a fake H100 with matmul, transpose, copy_ilp and vadd rows) and
# cpu-fixture.json (a fake CPU with matmul rows and one failed row, matmul_fast).
import json, sys

def device(name, driver, gflops, gbs):
    return {"id": "0:0", "type": "gpu" if "NVIDIA" in name else "cpu", "name": name,
            "platform": "fixture", "driver": driver,
            "peak": {"theoretical_gflops": None, "measured_gflops": gflops, "measured_gbs": gbs}}

def row(kernel, family, params, size, flops, nbytes, ms, peak_gbs, status="ok"):
    r = {"device": "0:0", "kernel": kernel, "family": family, "experiment": "fixture",
         "metric": "GB/s" if flops == 0 else "GFLOP/s", "params": params, "size": size,
         "status": status, "reason": "" if status == "ok" else "launch failed",
         "flops": flops, "bytes": nbytes}
    if status == "ok":
        gbs = nbytes / ms / 1e6
        r.update(stats={"median_ms": ms}, gflops=flops / ms / 1e6, gbs=gbs,
                 fraction_of_peak=gbs / peak_gbs if flops == 0 else None)
    return r

def run(host, dev, rows):
    return {"schema": "clbench-run", "schema_version": 1, "host": host,
            "devices": [dev], "rows": rows}

n = 4096
mm = (2 * n**3, 3 * n * n * 4)
gpu = [row("matmul_naive", "matmul", {}, [n, n], *mm, 30.0, 3000),
       row("matmul_tiled", "matmul", {"TILE": 16}, [n, n], *mm, 22.0, 3000),
       row("matmul_tiled", "matmul", {"TILE": 32}, [n, n], *mm, 20.0, 3000)]
for tile in (16, 32):
    for rx in (1, 2, 4, 6, 8):
        for ry in (1, 2, 4, 6, 8):
            # Seed 001: 6x6 with 32x32 blocks does not launch (too much local memory).
            status = "failed" if (tile, rx, ry) == (32, 6, 6) else "ok"
            gpu.append(row("matmul_regblock", "matmul", {"TILE": tile, "RX": rx, "RY": ry},
                           [n, n], *mm, 40.0 / (rx * ry) ** 0.5 + abs(rx - ry), 3000, status))
tp = (0, 2 * n * n * 4)
for i, k in enumerate(("transpose_naive", "transpose_copy", "transpose_tiled",
                       "transpose_padded", "transpose_diagonal")):
    gpu.append(row(k, "transpose", {"TILE": 32}, [n, n], *tp, [1.0, 0.06, 0.08, 0.07, 0.07][i],
                   3000))
for ilp in (1, 2, 4, 8):
    for vec in (1, 4):
        for occ in (0, 8, 16, 32, 48):
            cp = (0, 2 * 4 * (1 << 26))
            gpu.append(row("copy_ilp", "copy", {"ILP": ilp, "VEC": vec, "OCC_KIB": occ},
                           [1 << 26], *cp, 0.2 * (1 + occ / (8.0 * ilp * vec)), 3000))
# vadd from an older binary (no VEC parameter yet) beside one with VEC words.
va = (0, 3 * 4 * (1 << 26))
gpu.append(row("vadd", "vadd", {"WGS": 256}, [1 << 26], *va, 0.3, 3000))
gpu.append(row("vadd", "vadd", {"VEC": 2, "WGS": 256, "NT": 0}, [1 << 26], *va, 0.27, 3000))
# The same two at the real run's size, where the bars meet the PoCL device.
va = (0, 3 * 4 * 4096)
gpu.append(row("vadd", "vadd", {"WGS": 256}, [4096], *va, 0.005, 3000))
gpu.append(row("vadd", "vadd", {"VEC": 2, "WGS": 256, "NT": 0}, [4096], *va, 0.004, 3000))
json.dump(run("gpuhost", device("NVIDIA H100 80GB HBM3", "580.00", 50000, 3000), gpu),
          open(sys.argv[1] + "/gpu-fixture.json", "w"))

m = 1024
mm = (2 * m**3, 3 * m * m * 4)
# Also one row at the GPU's size: the bars compare the devices there, and leave 1024 out.
cpu = [row("matmul_naive", "matmul", {}, [m, m], *mm, 900.0, 20),
       row("matmul_tiled", "matmul", {"TILE": 16}, [m, m], *mm, 300.0, 20),
       row("matmul_tiled", "matmul", {"TILE": 16}, [n, n], (2 * n**3, 3 * n * n * 4)[0],
           3 * n * n * 4, 9000.0, 20),
       row("matmul_fast", "matmul", {}, [m, m], *mm, 1.0, 20, status="failed")]
json.dump(run("cpuhost", device("fixture-cpu", "5.0", 300, 20), cpu),
          open(sys.argv[1] + "/cpu-fixture.json", "w"))
EOF

LAST_CMD="bench/plot.sh run.json gpu-fixture.json cpu-fixture.json -o plots"
bash "$PLOT" "$TMP/run.json" "$TMP/gpu-fixture.json" "$TMP/cpu-fixture.json" -o "$TMP/plots" \
    >"$TMP/stdout" 2>"$TMP/stderr"
RC=$?
expect_rc 0
# The two failed fixture rows (one regblock cell, matmul_fast) are counted, not drawn.
expect_stderr_has "skipped 2 failed row(s)"
expect_stderr_has "no roofline"

# Devices go by clbench's short names, as in its tables.
pocl=$("$CLBENCH" report -f json "$TMP/run.json" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["devices"][0]["short_name"])')
case "$pocl" in PoCL*) ;; *) fail "short name of the PoCL device: '$pocl'" ;; esac
gpu="H100 80GB HBM3"
gslug=h100-80gb-hbm3

# expect_figure NAME TEXT...: NAME.svg and NAME.png exist, the PNG is a PNG, the SVG holds
# every TEXT (device names, variant names) and data/NAME.sources every run file *.json TEXT
# (kept out of the titles).
expect_figure() {
    local name=$1 text
    shift
    [ -s "$TMP/plots/$name.svg" ] || fail "$name.svg missing or empty"
    [ -s "$TMP/plots/$name.png" ] || fail "$name.png missing or empty"
    [ "$(head -c 8 "$TMP/plots/$name.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] ||
        fail "$name.png is not a PNG"
    for text in "$@"; do
        case "$text" in
        *.json) grep -qxF -- "$text" "$TMP/plots/data/$name.sources" ||
            fail "data/$name.sources lacks '$text'" ;;
        *) grep -qF -- "$text" "$TMP/plots/$name.svg" || fail "$name.svg lacks '$text'" ;;
        esac
    done
    ! grep -qF ".json" "$TMP/plots/$name.svg" || fail "$name.svg names a file"
}

expect_figure bars-vadd "$pocl" "$gpu" vadd vadd_local "VEC=2" run.json "at size 4096"
expect_figure bars-matmul "$gpu" fixture-cpu matmul_naive matmul_tiled "TILE=32" \
    "matmul_regblock" gpu-fixture.json cpu-fixture.json "log scale" "at size 4096x4096" \
    "1 other size(s) in the files are left out"
expect_figure bars-transpose "$gpu" transpose_naive transpose_copy transpose_diagonal
expect_figure bars-copy "$gpu" copy_ilp
expect_figure "heatmap-$gslug-tile16" "$gpu" "TILE=16" RX RY gpu-fixture.json
expect_figure "heatmap-$gslug-tile32" "$gpu" "TILE=32"
expect_figure "occupancy-$gslug" "$gpu" "ILP=8 VEC=4" "ILP=1 VEC=1" OCC_KIB "less occupancy"
expect_figure "roofline-$gslug" "$gpu" matmul_regblock "measured roof" \
    "without FLOPs (copies, transposes)"
expect_figure roofline-fixture-cpu fixture-cpu matmul_naive cpu-fixture.json

# Failed rows are never drawn: matmul_fast only ever failed.
! grep -qF matmul_fast "$TMP/plots/bars-matmul.svg" || fail "bars-matmul.svg shows a failed row"
! grep -qF matmul_fast "$TMP/plots/roofline-fixture-cpu.svg" || fail "roofline shows a failed row"
# The real run used --no-peak: no roofline for its device.
! ls "$TMP/plots"/roofline-pocl* >/dev/null 2>&1 || fail "roofline drawn without a peak"
exit 0
