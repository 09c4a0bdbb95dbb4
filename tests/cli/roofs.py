"""roofs.py RESULTS_DIR: no `ok` row of a run file under RESULTS_DIR reads above 100% of its
device's roof by more than the roof's noise (library rows included), except in the files
results/superseded.txt lists, each of which must exist and must have such a row (the list
names exactly the files recorded against a roof that was not the row's own: the old, too low
CPU roofs, and cuBLAS DGEMM's tensor cores against the FP64 FMA roof).  The noise is the
device's recorded gflops_noise or gbs_noise for the row's metric, at least 5% (files from
before the native probe record none)."""
import glob
import json
import os
import sys

FLOOR = 0.05


def over_roof(path):
    """The rows of one run file above their roof by more than its noise, as text."""
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    if not isinstance(doc, dict) or doc.get("schema") != "clbench-run":
        return None
    peaks = {d["id"]: d.get("peak", {}) for d in doc.get("devices", [])}
    found = []
    for r in doc.get("rows", []):
        frac = r.get("fraction_of_peak") or 0
        if r.get("status") != "ok" or frac <= 1:
            continue
        peak = peaks.get(r["device"], {})
        noise = peak.get("gflops_noise" if r["metric"] == "GFLOP/s" else "gbs_noise", 0)
        if frac > 1 + max(noise, FLOOR):
            found.append("%s %s: %.0f%% of peak (noise %.0f%%)" %
                         (r["kernel"], "x".join(map(str, r["size"])), 100 * frac,
                          100 * max(noise, FLOOR)))
    return found


def main():
    results = sys.argv[1]
    listed = {}
    with open(os.path.join(results, "superseded.txt"), encoding="utf-8") as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                name, _, why = line.rstrip("\n").partition("\t")
                listed[name] = why
    bad = []
    checked = 0
    for path in sorted(glob.glob(os.path.join(results, "**", "*.json"), recursive=True)):
        rel = os.path.relpath(path, results)
        found = over_roof(path)
        if found is None:
            continue
        checked += 1
        if rel in listed and not found:
            bad.append("%s: listed as superseded but no row is above its roof" % rel)
        elif rel not in listed and found:
            bad.append("%s: %s" % (rel, "; ".join(found)))
    for rel in listed:
        if not os.path.exists(os.path.join(results, rel)):
            bad.append("%s: listed as superseded but missing" % rel)
    for b in bad:
        print(b)
    print("roofs: %d run file(s) checked, %d superseded, %d problem(s)" %
          (checked, len(listed), len(bad)))
    return 1 if bad else 0


sys.exit(main())
