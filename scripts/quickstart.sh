#!/usr/bin/env bash
# The README's two commands.
#   scripts/quickstart.sh run    install what is missing, build, run the main job
#   scripts/quickstart.sh test   install what is missing, build, run every test
#   scripts/quickstart.sh test --sanitizers   and the sanitizer and fuzzing steps after them
# QUICKSTART_DRY_RUN=1 prints the packages it needs and the commands it would run, and does
# nothing (tests/cli/quickstart.sh).
# On a fresh Debian 12 or Ubuntu 24.04 machine: packages come from apt-get (through sudo when
# not root). Without a GPU driver the main job runs on the CPU through PoCL.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=${1:-}
sanitizers=${2:-}
case "$# $mode $sanitizers" in
"1 run " | "1 test " | "2 test --sanitizers") ;;
*)
    echo "usage: scripts/quickstart.sh run|test [--sanitizers]" >&2
    exit 2
    ;;
esac

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

packages=(build-essential cmake git pkg-config ocl-icd-opencl-dev opencl-headers
    pocl-opencl-icd clinfo libcjson-dev libclblast-dev libopenblas-dev)
if [ "$mode" = test ]; then
    # The figures need gnuplot;
    # the end-to-end tests python3, and python3-jsonschema to check every JSON file they make
    # against results/schema; the memcheck test valgrind; the man page test groff; the
    # simulator test oclgrind; the test of every kernel on every implementation Mesa's
    # Rusticl (mesa-opencl-icd) and Oclgrind's ICD beside PoCL; the cluster test a one-node
    # SLURM (slurm-wlm: slurmctld, slurmd and the client commands; munge for its
    # authentication); the HTML report's test a headless browser (chromium); the shape
    # model's tile fit numpy.
    packages+=(python3 python3-jsonschema python3-numpy gnuplot-nox valgrind groff-base oclgrind
        mesa-opencl-icd slurm-wlm munge chromium)
fi
# The sanitizer build and the fuzzers need clang and its runtime.
[ -z "$sanitizers" ] || packages+=(clang)
configure=(cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCLBENCH_WERROR=ON)
if [ "$mode" = run ]; then last=(./build/clbench); else last=(scripts/run-tests.sh ${sanitizers:+"$sanitizers"}); fi
if [ "${QUICKSTART_DRY_RUN:-0}" = 1 ]; then
    echo "packages: ${packages[*]}"
    echo "configure: ${configure[*]}"
    echo "then: ${last[*]}"
    exit 0
fi
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
    echo "quickstart: installing ${missing[*]}" >&2
    as_root apt-get update -qq
    # The packages' scripts would start (and enable) munge, slurmctld and slurmd as system
    # services; the cluster test starts its own, so none is started while they install
    # (policy-rc.d answers "not now" to invoke-rc.d and deb-systemd-invoke), and none that this
    # install added is left enabled.
    policy=""
    if [ ! -e /usr/sbin/policy-rc.d ]; then
        policy=/usr/sbin/policy-rc.d
        printf '#!/bin/sh\nexit 101\n' | as_root tee "$policy" >/dev/null
        as_root chmod 755 "$policy"
    fi
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        "${missing[@]}" >/dev/null
    [ -z "$policy" ] || as_root rm -f "$policy"
    services=()
    [[ " ${missing[*]} " != *" munge "* ]] || services+=(munge)
    [[ " ${missing[*]} " != *" slurm-wlm "* ]] || services+=(slurmctld slurmd)
    if [ "${#services[@]}" -gt 0 ] && [ -d /run/systemd/system ]; then
        as_root systemctl disable --now "${services[@]}" >/dev/null 2>&1 || true
    fi
fi
if [ -n "$sanitizers" ]; then
    # libFuzzer and the sanitizer runtimes ship apart from clang on Debian and Ubuntu.
    clang_major=$(clang -dumpversion | cut -d. -f1)
    rt="libclang-rt-${clang_major}-dev"
    if ! dpkg-query -W -f='${Status}' "$rt" 2>/dev/null | grep -q "install ok installed"; then
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$rt" >/dev/null
    fi
fi

if [ "$mode" = test ] && [ -e /usr/lib/oclgrind/liboclgrind-rt-icd.so ] &&
    ! grep -qs liboclgrind-rt-icd /etc/OpenCL/vendors/*.icd; then
    # Debian ships Oclgrind's ICD library without registering it.
    echo /usr/lib/oclgrind/liboclgrind-rt-icd.so | as_root tee /etc/OpenCL/vendors/oclgrind.icd >/dev/null
fi

jobs=$(nproc)
"${configure[@]}" >/dev/null
cmake --build build -j "$jobs"
exec "${last[@]}"
