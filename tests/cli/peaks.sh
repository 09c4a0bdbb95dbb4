# The roofs (host/run/peak.c, native_peak.c, peak_cache.c): on a CPU device of this host each
# roof is the best of the OpenCL probes and the native probe and names its source; an edited
# peak-cache entry fails its checksum and is measured again; the busy-machine rule: a peak
# measured while the machine is busy is said, recorded and measured again by the next run,
# and two busy loops beside the probes make a peak busy, by the CPU time they took.
source "$(dirname "$0")/lib.sh"

export XDG_CACHE_HOME="$TMP/peaks"
PEAK=(-d cpu -k vadd -n 4096 --reps 2 --warmup 1 --min-time 0)
expect_no_warning() { ! grep -q "warning" "$TMP/stderr" || fail "unexpected warning"; }
peak_field() {
    python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["devices"][0]["peak"].get(sys.argv[2]))' \
        "$TMP/run.json" "$1"
}
POCL_CACHE_DIR="$TMP/pocl" run "${PEAK[@]}" -o "$TMP/run.json"
expect_rc 0
entry=$(find "$XDG_CACHE_HOME/clbench/peaks" -name '*.json')
[ -f "$entry" ] || fail "no peak entry stored"
# Each probe's program holds its probe alone, not the whole of cl/peak.cl.
expect_one_kernel_per_program "$TMP/pocl" peak_read peak_write peak_copy peak_fma peak_launch
# The roofs name their probe: on a CPU device of this host, the native probe ran beside the
# OpenCL ones, and each roof is at least what either measured.
python3 - "$TMP/run.json" <<'PY' || fail "roofs and their sources"
import json, sys
p = json.load(open(sys.argv[1]))["devices"][0]["peak"]
assert p["native_isa"] in ("avx512f", "avx2", "sse2", "generic"), p
assert p["native_threads"] >= 1, p
assert p["measured_gflops"] == max(p["opencl_gflops"], p["native_gflops"]), p
assert p["gflops_source"] == ("native " + p["native_isa"] if p["native_gflops"] > p["opencl_gflops"]
                              else "OpenCL peak_fma"), p
assert p["measured_gbs"] >= max(p["measured_read_gbs"], p["native_copy_gbs"]), p
PY
# PoCL's CPU device has cl_khr_fp64: peak_fma in double is its FP64 roof, and a double row's
# fraction of peak is of that roof, not of the FP32 one (docs/measurement.md, "Roofs").
run -d cpu -k matmul_tiled -n 64 --type double --reps 2 --warmup 1 --min-time 0 -o "$TMP/double.json"
expect_rc 0
python3 - "$TMP/double.json" <<'PY' || fail "the FP64 roof of a double row"
import json, sys
run = json.load(open(sys.argv[1]))
p = run["devices"][0]["peak"]
r = run["rows"][0]
assert p["measured_gflops_fp64"] > 0 and "measured_gflops_fp16" not in p, p
# At least the native probe's double chains, half its float rate on x86 SIMD: PoCL 3.1's own
# double probe read a quarter on AVX2, under what dgemm_openblas then ran at.
assert p["measured_gflops_fp64"] >= 0.35 * p["native_gflops"], p
assert p["measured_gflops_fp64"] >= p["native_gflops_fp64"] > 0, p
assert r["type"] == "double" and r["status"] == "ok", r
assert abs(r["fraction_of_peak"] * p["measured_gflops_fp64"] - r["gflops"]) < 1e-6 * r["gflops"], (r, p)
PY
# A user kernel's roof comes from its buffers, not --type: dgemm.cl's double buffers against the
# FP64 roof in a float run; an integer kernel that counts flops (box3_u8 with a flops line) has
# no compute roof, and its bound says why; one without flops lies under the bandwidth roof.
sed 's/^ \*   bytes      2 \* W \* H$/ *   bytes      2 * W * H\n *   flops      9 * W * H\n *   metric     gflops/' \
    "$CLBENCH_SOURCE_DIR/cl/examples/box3_u8.cl" >"$TMP/box_flops.cl"
run -d cpu --kernel-file "$CLBENCH_SOURCE_DIR/cl/examples/dgemm.cl" --kernel-file "$TMP/box_flops.cl" \
    --kernel-file "$CLBENCH_SOURCE_DIR/cl/examples/reduce_long.cl" \
    -k dgemm_tiled,box3_u8_local,reduce_long -n 33 --reps 2 --warmup 1 --min-time 0 \
    -o "$TMP/generic.json"
expect_rc 0
python3 - "$TMP/generic.json" <<'PY' || fail "the roofs of generic kernels"
import json, sys
run = json.load(open(sys.argv[1]))
p = run["devices"][0]["peak"]
rows = {r["kernel"]: r for r in run["rows"]}
d, b, l = rows["dgemm_tiled"], rows["box3_u8_local"], rows["reduce_long"]
assert d["status"] == "ok" and "type" not in d, d  # a user kernel's rows are of no --type
assert abs(d["fraction_of_peak"] * p["measured_gflops_fp64"] - d["gflops"]) < 1e-6 * d["gflops"], (d, p)
assert b["status"] == "ok" and b["gflops"] > 0 and b["fraction_of_peak"] is None, b
assert "no FMA roof measures an integer kernel" in b["bound_unavailable"], b
assert l["status"] == "ok" and l["bound"]["roof"] == "bandwidth", l
PY
# An edited value fails the entry's checksum: refused with a warning and measured again.  That
# measurement is taken as on a busy machine (CLBENCH_PEAK_BUSY=always): it serves its run with
# a warning and a "busy" note in the run file and the entry; the next run measures again (and
# keeps the higher roof of the two); the quiet measurement makes an entry later runs reuse.
busy_field() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("busy"))' "$entry"; }
python3 - "$entry" <<'PY'
import json, sys
e = json.load(open(sys.argv[1])); e["gflops"] = 12345.5
json.dump(e, open(sys.argv[1], "w"))
PY
CLBENCH_PEAK_BUSY=always run "${PEAK[@]}" -o "$TMP/run.json"
expect_rc 0
expect_stderr_has "peak cache entry '$entry' for"
expect_stderr_has "(checksum mismatch: edited or corrupt): measuring again"
[ "$(peak_field source)" = measured ] || fail "edited entry: source $(peak_field source)"
[ "$(peak_field measured_gflops)" != 12345.5 ] || fail "edited value was used"
! grep -q 12345.5 "$entry" || fail "edited entry not replaced"
expect_stderr_has "was measured while the machine was busy (CLBENCH_PEAK_BUSY=always)"
[ "$(peak_field busy)" = CLBENCH_PEAK_BUSY=always ] || fail "run file: busy $(peak_field busy)"
[ "$(busy_field)" = CLBENCH_PEAK_BUSY=always ] || fail "entry: busy $(busy_field)"
roof1=$(peak_field measured_gflops)
run "${PEAK[@]}" -o "$TMP/run.json"
expect_rc 0
expect_stderr_has "the cached peak of"
expect_stderr_has "was measured while the machine was busy (CLBENCH_PEAK_BUSY=always): measuring again"
[ "$(peak_field source)" = measured ] || fail "busy entry reused: source $(peak_field source)"
[ "$(peak_field busy)" = None ] || fail "quiet measurement still busy: $(peak_field busy)"
python3 -c 'import sys; assert float(sys.argv[2]) >= float(sys.argv[1])' "$roof1" \
    "$(peak_field measured_gflops)" || fail "the busy roof $roof1 was not kept as a floor"
[ "$(busy_field)" = None ] || fail "entry still busy after a quiet measurement"
run "${PEAK[@]}" -o "$TMP/run.json"
[ "$(peak_field source)" = cached ] || fail "quiet entry not reused"
expect_no_warning
# The rule itself: two busy loops on the host's cores are other processes' CPU time while the
# probes run, said as such (the native probe's threads' share alone would also trip).
spin() { while :; do :; done; }
spin & spinner1=$!
spin & spinner2=$!
CLBENCH_PEAK_BUSY=auto run "${PEAK[@]}" --peak measure -o "$TMP/run.json"
kill "$spinner1" "$spinner2"
wait "$spinner1" "$spinner2" 2>/dev/null
expect_rc 0
expect_stderr_has "was measured while the machine was busy (other processes used "
case "$(peak_field busy)" in
"other processes used "*" of $(grep -c '^cpu[0-9]' /proc/stat) cores while the probes ran") ;;
*) fail "a peak measured beside two busy loops: busy $(peak_field busy)" ;;
esac
[ "$(busy_field)" != None ] || fail "a contended entry was stored as a roof"
echo "peaks: ok"
