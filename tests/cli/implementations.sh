# Every built-in and example kernel on every OpenCL implementation registered (PoCL, Rusticl's
# llvmpipe, Oclgrind as an ICD, ...: CTest leaves OCL_ICD_VENDORS as the caller has it and sets
# RUSTICL_ENABLE=llvmpipe), at small odd sizes (on a simulator: the smallest, and only
# vadd, copy and the first examples, which cli.oclgrind's cases include).  Every row must
# verify, or have a status explained by what it is: the wrong_* examples fail their check, the
# *_ref reference kernels have no check of their own (unverified), a library that is not there
# or does not serve the device is unavailable, and a device limit is over_limits with the
# limit named (a CL_ query, or llvmpipe's loop limit).  Every timed row must be plausible: samples positive, their sum neither above
# the host's time for them nor far below it for launches of a millisecond and more (the
# profiling clock checks of host/run/clock_check.c and run.c), and no CPU row beyond what any
# CPU moves or computes.
source "$(dirname "$0")/lib.sh"

QUICK=(--no-peak --reps 2 --warmup 1 --min-time 0)
EX="$CLBENCH_SOURCE_DIR/cl/examples"

# Under the sanitizers, Mesa's Clover (libMesaOpenCL) stays out: it offers no device here, the
# ICD loader unloads it, and LeakSanitizer then reports what it allocated while loading under
# no module name a suppression could match.  It has no device to test anyway.
if [ -n "${ASAN_OPTIONS:-}" ]; then
    mkdir -p "$TMP/icd"
    for icd in "${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}"/*.icd; do
        grep -q libMesaOpenCL "$icd" || cp "$icd" "$TMP/icd/"
    done
    export OCL_ICD_VENDORS=$TMP/icd
fi

run --list --format json
expect_rc 0
python3 -c 'import json,sys
for d in json.load(open(sys.argv[1]))["devices"]:
    print(d["id"], "sim" if "oclgrind" in d["platform"].lower() else "hw", d["name"])' \
    "$TMP/stdout" >"$TMP/devices"
[ -s "$TMP/devices" ] || fail "no device listed"

n=0
while read -r id kind name; do
    if [ "$kind" = sim ]; then
        sizes=(17 9x7 5x3x7 5)
    else
        sizes=(1001 37x29 33x29x17 33)
    fi
    cases=(
        "-k vadd,copy -n ${sizes[0]}"
        "-k transpose -n ${sizes[1]}"
        "-k matmul -n ${sizes[2]}"
        "--kernel-file $EX/histogram.cl --kernel-file $EX/reduce.cl --kernel-file $EX/vadd4.cl --kernel-file $EX/wrong_vadd.cl -n ${sizes[0]}"
        "--kernel-file $EX/stencil.cl --kernel-file $EX/wrong_stencil.cl -n ${sizes[1]}"
        "--kernel-file $EX/student_matmul.cl -n ${sizes[3]}"
        # matmul_cpu's blocks across N (and M) at a K where a work-item walking its 128 edge
        # rows one at a time looped past the 65535 iterations llvmpipe (Rusticl) lets all the
        # loops of a work-item run: the rows after it kept their NaN poison (verify_failed).
        # At K = 2048 its interior loops (RB + 1) * K times, past that limit at the default RB
        # = 32 (the manifest's, not the planner's): over_limits on llvmpipe (checked below)
        # instead of wrong sums, ok elsewhere.
        "-k matmul_cpu -n 128x8x600,133x21x600,128x16x2048 --no-model"
        # matmul_fast's CUTLASS loop (SCHED=1, the GPU double default), in 32 work-items, which
        # every implementation here allows: ok on each (checked below), with split-K.
        "-k matmul_fast -n ${sizes[2]} -D SCHED=1 -D TSM=16 -D TSN=32 -D TSK=8 -D WPTM=4 -D WPTN=4 -D VWM=2 -D VWN=2 -D KSPLIT=1,2"
    )
    # On the simulator, the first case and the examples' first: the ICD loader's path to it
    # and the timing checks below.  tests/cli/oclgrind.sh runs every kernel and example on it
    # with stricter checks (its reports, the exit codes, the rows' device).
    [ "$kind" = sim ] && cases=("${cases[0]}" "${cases[3]}")
    for c in "${cases[@]}"; do
        n=$((n + 1))
        # shellcheck disable=SC2086 # the case is a list of words
        run -d "$id" $c "${QUICK[@]}" -o "$TMP/run-$n.json"
        [ "$RC" -le 1 ] || fail "$name: exit code $RC"
        [ -s "$TMP/run-$n.json" ] || fail "$name: no run file for: $c"
        echo "$name|$c" >"$TMP/run-$n.case"
    done
done <"$TMP/devices"

python3 - "$TMP" "$n" <<'EOF' || fail "rows above"
import json, sys
tmp, count = sys.argv[1], int(sys.argv[2])
bad = 0
for i in range(1, count + 1):
    case = open(f"{tmp}/run-{i}.case").read().strip()
    run = json.load(open(f"{tmp}/run-{i}.json"))
    types = {d["id"]: d["type"] for d in run["devices"]}
    llvmpipe = {d["id"] for d in run["devices"] if "llvmpipe" in d["name"]}
    trusted = {d["id"]: (d.get("clock_check") or {}).get("timer") == "event"
               for d in run["devices"]}
    for r in run["rows"]:
        k, st, why = r["kernel"], r["status"], r["reason"]
        expected = (st == "ok"
                    or (st in ("verify_failed", "out_of_bounds") and k.startswith("wrong_"))
                    or (st == "unverified" and k.endswith("_ref"))
                    or (st == "unavailable" and why)
                    or (st == "over_limits" and ("CL_" in why
                                                 or "LP_MAX_TGSI_LOOP_ITERATIONS" in why)))
        loops = "LP_MAX_TGSI_LOOP_ITERATIONS" in why
        if (k == "matmul_cpu" and r["size"] == [128, 16, 2048]
                and (r["device"] in llvmpipe) != (st == "over_limits" and loops)):
            print(f"{case}: {k}: {st} at K = 2048: {why}")
            bad += 1
        if r["params"].get("SCHED") == 1 and st != "ok":
            print(f"{case}: {k}: {st} with SCHED=1: {why}")
            bad += 1
        if not expected:
            print(f"{case}: {k}: unexpected {st}: {why}")
            bad += 1
        if st not in ("ok", "unverified"):
            continue
        s = r["samples_ms"]
        total, wall = sum(s), r["wall_ms"]
        if min(s) <= 0:
            print(f"{case}: {k}: a sample of {min(s)} ms")
            bad += 1
        if r["timer"] == "event" and total > wall * 1.02 + 0.05:
            print(f"{case}: {k}: events {total} ms in {wall} ms of wall time")
            bad += 1
        # As clbench judges it: far under the host's time only counts where the device's clock
        # check did not pass (a tiny kernel on a busy host waits on the host most of a launch).
        if (r["timer"] == "event" and wall >= len(s) and total < 0.02 * wall
                and not trusted.get(r["device"], False)):
            print(f"{case}: {k}: events {total} ms for {wall} ms of millisecond launches")
            bad += 1
        if types[r["device"]] == "cpu" and (r.get("gbs", 0) > 2000 or r.get("gflops", 0) > 20000):
            print(f"{case}: {k}: {r.get('gbs')} GB/s, {r.get('gflops')} GFLOP/s on a CPU")
            bad += 1
sys.exit(1 if bad else 0)
EOF
# A user kernel that loops 70 000 times with no `loops` line: llvmpipe stops it at 65 535 and
# its row fails verification against PoCL's reference, naming the loop limit as the likely
# cause; every other device verifies it.
cat >"$TMP/long_loop.cl" <<'CL'
/* clbench:kernel long_loop
 *   contract   generic
 *   summary    one loop of REPS iterations per work-item
 *   dims       N
 *   size       cpu 64 gpu 64
 *   arg        n     int = N
 *   arg        reps  int = 70000
 *   arg        out   float[N] out
 *   global     N
 *   verify     long_loop_ref on cpu exact
 */
/* clbench:kernel long_loop_ref
 *   contract   generic
 *   summary    the same loop, the reference
 *   dims       N
 *   size       cpu 64 gpu 64
 *   arg        n     int = N
 *   arg        reps  int = 70000
 *   arg        out   float[N] out
 *   global     N
 */
__kernel void long_loop(const int n, const int reps, __global float *out)
{
    float s = 0;

    for (int k = 0; k < reps; k++)
        s += 1.0f;
    if (get_global_id(0) < n)
        out[get_global_id(0)] = s;
}
__kernel void long_loop_ref(const int n, const int reps, __global float *out)
{
    float s = 0;

    for (int k = 0; k < reps; k++)
        s += 1.0f;
    if (get_global_id(0) < n)
        out[get_global_id(0)] = s;
}
CL
while read -r id kind name; do
    [ "$kind" = sim ] && continue
    run -d "$id" --kernel-file "$TMP/long_loop.cl" -k long_loop "${QUICK[@]}" -o "$TMP/long-loop.json"
    python3 - "$TMP/long-loop.json" "$name" <<'PY' || fail "$name: the long loop's row"
import json, sys
(r,) = json.load(open(sys.argv[1]))["rows"]
hint = "loops more than 65535 times in all, that is the cause"
if "llvmpipe" in sys.argv[2]:
    assert r["status"] == "verify_failed" and "got 65535 want 70000" in r["reason"], r
    assert hint in r["reason"] and "declare `loops EXPR`" in r["reason"], r["reason"]
else:
    assert r["status"] == "ok" and hint not in r["reason"], r
PY
done <"$TMP/devices"
echo "PASS: every kernel on $(wc -l <"$TMP/devices") devices"
