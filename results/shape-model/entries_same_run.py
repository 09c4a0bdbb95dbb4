#!/usr/bin/env python3
"""The shipped planner's first choice against the tuning database's entries, both timed in one
GPU call: for each float matmul_fast entry of results/tuned.json whose shape the call's run
files hold, the entry's point and the planner's choice (bench/shape_model.py's planner, with the
constants of host/tune/shape_model_fit.h) as that call measured them.

    python3 results/shape-model/entries_same_run.py [--header FILE] RUN_FILE...
                                          (from the repository root; FILE: the constants)
"""
import argparse
import json
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "bench"))
import shape_model as sm  # noqa: E402


def main(paths, header):
    gpu = sm.read_header(header)[0]
    groups, devices = sm.group_rows(sm.load_rows(paths))
    timed = {k[2]: g for k, g in groups.items() if k[0] == "gpu" and k[3] == 4}
    if not timed:
        raise SystemExit("error: no float matmul_fast rows of a GPU in the run files given")
    dev = next(d for k, d in devices.items() if k[0] == "gpu")
    print("| shape | entry's point | entry ms | planner's choice | its ms | entry/planner |")
    print("|---|---|---|---|---|---|")
    ratios = []
    for shape, ce, _ in sm.fast_entries(json.load(open("results/tuned.json"))["entries"],
                                        dev["name"]):
        if shape not in timed:
            continue
        c, _ = sm.plan_gpu(sm.gpu_time, gpu, dev, shape)
        te, tc = timed[shape].get(ce), timed[shape].get(c)
        r = te / tc if te and tc else None
        if r:
            ratios.append(r)
        print("| %s | %s | %s | %s | %s | %s |" % (
            "x".join(map(str, shape)), sm.fmt_short(ce), "%.4f" % (te * 1e3) if te else "-",
            "the entry's point" if c == ce else sm.fmt_short(c),
            "%.4f" % (tc * 1e3) if tc else "not timed", "%.3f" % r if r else "-"))
    gm = math.exp(sum(map(math.log, ratios)) / len(ratios))
    print("\n%d shapes timed both ways: entry/planner geometric mean %.3f, worst %.3f; %d under "
          "0.97" % (len(ratios), gm, min(ratios), sum(r < 0.97 for r in ratios)))


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--header", default="host/tune/shape_model_fit.h")
    ap.add_argument("runs", nargs="+")
    a = ap.parse_args()
    main(a.runs, a.header)
