#!/usr/bin/env python3
"""Ratios of a kernel to its library baseline, per shape, from run files of the planner's
evidence scripts (bench/planner_gpu.sh, bench/planner_cpu.sh), and the verdict against targets.

  bench/planner_summary.py KERNEL LIBRARY GEOMEAN_TARGET MIN_TARGET RUN.json...
Prints one line per shape (both throughputs, the ratio, where the parameters came from) and a
last line: geometric mean and minimum of the ratios, and PASS or FAIL against the targets.  A
shape in several files (rounds of bench/planner_cpu.sh) takes the median of its ratios, each
from the two rows of one file (the lower middle one of an even count), and prints that pair.
  bench/planner_summary.py lookup LOOKUP.json MODEL.json
The model alone (MODEL.json, --no-tuned) against the database's lookup (LOOKUP.json, --no-model)
on the same shapes: per shape both times and the lookup's time over the model's, and the
verdict: PASS where no shape is slower with the model than with the lookup beyond noise (0.97x).
Exits 0 either way (the verdict is data), 1 when a file has no pair of ok rows to compare."""
import json
import math
import sys

NOISE = 0.97


def lookup(db_file, model_file):
    a = {tuple(r["size"]): r for r in json.load(open(db_file))["rows"] if r["status"] == "ok"}
    b = {tuple(r["size"]): r for r in json.load(open(model_file))["rows"] if r["status"] == "ok"}
    print("## the model alone against the database's entries, on their own shapes")
    rs = []
    for s in sorted(a):
        if s in b:
            r = a[s]["stats"]["median_ms"] / b[s]["stats"]["median_ms"]
            rs.append(r)
            print("%18s entry %.4g ms (%s), model %.4g ms: %.3fx" % (
                "x".join(map(str, s)), a[s]["stats"]["median_ms"], a[s].get("params_from"),
                b[s]["stats"]["median_ms"], r))
    if not rs:
        print("no shape has an ok row in both files")
        return 1
    slower = sum(r < NOISE for r in rs)
    print("model/entry speed: geometric mean %.3fx, worst %.3fx; %d of %d shapes slower with the "
          "model than with the lookup (below %.2fx): %s"
          % (math.exp(sum(map(math.log, rs)) / len(rs)), min(rs), slower, len(rs), NOISE,
             "PASS" if slower == 0 else "FAIL"))
    return 0


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "lookup":
        return lookup(sys.argv[2], sys.argv[3])
    kernel, library, gm_target, min_target = sys.argv[1], sys.argv[2], float(sys.argv[3]), \
        float(sys.argv[4])
    pairs = {}
    for f in sys.argv[5:]:
        by = {}
        for r in json.load(open(f))["rows"]:
            by.setdefault((tuple(r["size"]), r.get("type", "float")), {})[r["kernel"]] = r
        for key, pair in by.items():
            if kernel in pair and library in pair:
                pairs.setdefault(key, []).append(pair)
    ratios = []
    print("%-18s %-6s %10s %10s %7s  %s" % ("shape", "type", kernel[:10], library[:10], "ratio",
                                            "params_from: note"))
    for key in sorted(pairs, key=lambda k: (k[1], k[0])):
        shape = "x".join(map(str, key[0]))
        ok = [p for p in pairs[key] if p[kernel]["status"] == "ok" and p[library]["status"] == "ok"]
        for p in pairs[key]:
            k, lib = p[kernel], p[library]
            if k["status"] != "ok" or lib["status"] != "ok":
                print("%-18s %-6s %s %s / %s %s" % (shape, key[1], kernel, k["status"], library,
                                                   lib["status"]))
                if k["status"] != "ok" and lib["status"] == "ok":
                    ok = []
                    ratios.append(1e-9)  # a failed row counts as the worst
                    break
        if not ok:
            continue
        ok.sort(key=lambda p: p[library]["stats"]["median_ms"] / p[kernel]["stats"]["median_ms"])
        k, lib = ok[(len(ok) - 1) // 2][kernel], ok[(len(ok) - 1) // 2][library]
        ratio = lib["stats"]["median_ms"] / k["stats"]["median_ms"]
        ratios.append(ratio)
        rounds = " (median of %d rounds)" % len(ok) if len(ok) > 1 else ""
        print("%-18s %-6s %10.1f %10.1f %7.3f  %s: %s%s" % (
            shape, key[1], k["gflops"], lib["gflops"], ratio, k.get("params_from"),
            (k.get("params_note") or "")[:150], rounds))
    if not ratios:
        print("no shape has both %s and %s" % (kernel, library))
        return 1
    gm = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
    ok = gm >= gm_target and min(ratios) >= min_target
    print("%s / %s over %d shapes: geometric mean %.3fx, minimum %.3fx (targets %.2fx, %.2fx): %s"
          % (kernel, library, len(ratios), gm, min(ratios), gm_target, min_target,
             "PASS" if ok else "FAIL"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
