#!/bin/sh
# The CPU FMA roof clbench records against a plain C loop of FMAs on the same cores, measured
# back to back three times (issue 17's target: within 10%).  Run from the repository root with
# a build in build/; prints load, the loop's best and clbench's roofs with their sources.
set -e
cc -O3 -march=native -pthread results/native/fma_loop.c -o /tmp/clbench-fma-loop
for i in 1 2 3; do
    echo "== round $i, $(date -u +%H:%M:%SZ), load $(cut -d' ' -f1-3 /proc/loadavg)"
    /tmp/clbench-fma-loop "$(nproc)" | tail -1
    XDG_CACHE_HOME=$(mktemp -d) CLBENCH_PEAK_BUSY=auto ./build/clbench -d cpu -k vadd -n 1M \
        --reps 2 --warmup 1 --min-time 0 -o /tmp/clbench-roof.json 2>/dev/null || true
    python3 -c 'import json; p = json.load(open("/tmp/clbench-roof.json"))["devices"][0]["peak"]; print("clbench roof %.1f GFLOP/s (%s; OpenCL peak_fma %.1f, native %.1f), %.1f GB/s (%s), busy: %s" % (p["measured_gflops"], p["gflops_source"], p["opencl_gflops"], p.get("native_gflops", 0), p["measured_gbs"], p["gbs_source"], p.get("busy")))'
done
