#!/usr/bin/env bash
# The portability matrix: every built-in and example kernel on every OpenCL implementation the
# ICD loader finds (Oclgrind included, named by its P:D since `all` leaves a simulator out), at
# odd sizes that are multiples of no tile (the smallest on a simulator: it interprets every
# work-item).  Writes one run file per device and kernel group into OUTDIR, provenance.txt
# (date, command, host, drivers) and matrix.md: kernel x implementation, each cell the status,
# the timer used and, for a kernel with a local-memory twin, the local-memory verdict (the twin
# without local memory over the kernel with it: above 1x local memory helps).
#
# usage: bench/portability.sh OUTDIR [clbench options...]
#   CLBENCH    the binary (default build/clbench)
#   Rusticl's llvmpipe device needs RUSTICL_ENABLE=llvmpipe in the environment.
set -uo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: bench/portability.sh OUTDIR [clbench options...]}
shift
clbench=${CLBENCH:-build/clbench}
mkdir -p "$out"
ex=cl/examples
settings=(--no-peak --reps 3 --warmup 1 --min-time 0.05 "$@")

"$clbench" --list --format json >"$out/devices.json" || exit 1
{
    echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "command: bench/portability.sh $out $*"
    echo "host: $(hostname); $(nproc) cores; $(uname -sr)"
    echo "OCL_ICD_VENDORS=${OCL_ICD_VENDORS:-} RUSTICL_ENABLE=${RUSTICL_ENABLE:-}"
    echo "clbench: $(git rev-parse --short HEAD 2>/dev/null)"
    python3 -c 'import json,sys
for d in json.load(open(sys.argv[1]))["devices"]:
    print("device %s: %s; %s; driver %s; %s" % (d["id"], d["name"], d["platform_version"] or d["platform"], d["driver"], d["opencl_c_version"]))' \
        "$out/devices.json"
} >"$out/provenance.txt"

python3 -c 'import json,sys
for d in json.load(open(sys.argv[1]))["devices"]:
    print(d["id"], "sim" if "oclgrind" in d["platform"].lower() else "hw")' \
    "$out/devices.json" | while read -r id kind; do
    if [ "$kind" = sim ]; then
        sizes=(17 9x7 5x3x7 5)
    else
        sizes=(1000001 511x509 129x127x125 129)
    fi
    tag=${id/:/-}
    parts=(
        "vector|-k vadd,copy -n ${sizes[0]}"
        "transpose|-k transpose -n ${sizes[1]}"
        "matmul|-k matmul -n ${sizes[2]}"
        "examples-1d|--kernel-file $ex/histogram.cl --kernel-file $ex/reduce.cl --kernel-file $ex/vadd4.cl --kernel-file $ex/wrong_vadd.cl -n ${sizes[0]}"
        "examples-2d|--kernel-file $ex/stencil.cl --kernel-file $ex/wrong_stencil.cl -n ${sizes[1]}"
        "examples-mm|--kernel-file $ex/student_matmul.cl -n ${sizes[3]}"
    )
    for part in "${parts[@]}"; do
        name=${part%%|*}
        echo "portability: device $id: $name" >&2
        # shellcheck disable=SC2086 # the part is a list of words
        "$clbench" -d "$id" ${part#*|} "${settings[@]}" -o "$out/run-$tag-$name.json" \
            >/dev/null 2>>"$out/stderr-$tag.txt"
    done
done

python3 - "$out" >"$out/matrix.md" <<'EOF'
import glob, json, os, sys
out = sys.argv[1]
cells, devices, kernels = {}, {}, []
for path in sorted(glob.glob(os.path.join(out, "run-*.json"))):
    run = json.load(open(path))
    devs = {d["id"]: d for d in run["devices"]}
    for r in run["rows"]:
        d = devs[r["device"]]
        col = "%s (%s)" % (d["name"].split(" (")[0], d["platform"])
        devices.setdefault(col, d)
        if r["kernel"] not in kernels:
            kernels.append(r["kernel"])
        cells[(r["kernel"], col)] = r
cols = list(devices)
print("| kernel | " + " | ".join(cols) + " |")
print("| --- |" + " --- |" * len(cols))
for k in kernels:
    line = []
    for c in cols:
        r = cells.get((k, c))
        if r is None:
            line.append("-")
            continue
        cell = "%s, %s" % (r["status"], r["timer"])
        twin = r.get("twin")
        t = cells.get((twin, c)) if twin else None
        if r["status"] == "ok" and t is not None and "oclgrind" in c.lower():
            cell += ", local memory: no verdict on a simulator"
        elif r["status"] == "ok" and t is not None and t["status"] == "ok":
            ratio = t["stats"]["median_ms"] / r["stats"]["median_ms"]
            cell += ", local memory %s (%.2fx)" % ("helps" if ratio > 1 else "hurts", ratio)
        if r.get("adjusted"):
            cell += ", params " + " ".join("%s=%s" % kv for kv in sorted(r["params"].items()))
        line.append(cell)
    print("| %s | %s |" % (k, " | ".join(line)))
EOF
echo "portability: $out/matrix.md" >&2
