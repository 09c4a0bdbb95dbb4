#!/usr/bin/env python3
"""The gates of a refit of the GPU constants for the skinny shapes (results/shape-model/skinny.md).

  python3 results/shape-model/gates.py VARIANT [--val96] [--no-fit] [--plan]
  python3 results/shape-model/gates.py model --before SCRIPT --before-header FILE [--plan]

VARIANT: base or a '+'-joined set of variants.py's terms. Fits the GPU constants on the points
file (results/shape-model/points.json) as variants.py does, with the seven validation shapes of
bench/shape_model.py held out (and 4096x96x4096 with --val96), and compares the model's first
choice among each shape's recorded points with the model as it is (bench/shape_model.py's
gpu_time with host/tune/shape_model_fit.h's constants, not refit) on the same points. A refit
passes where: the planner's first choice over its whole space at 4096x96x4096 was measured under
0.14 ms, the geometric-mean regret over the seven validation shapes is at most 0.5 point worse,
no shape's regret is more than 10 points worse, and DGEMM 4096^3's choice keeps vectors of two
doubles. --plan: then the planner's first choices before and after for bench/planner_gpu.sh's
shapes, the skinny ones and 1500^3 (as bench/shape_model.py plan). VARIANT model: no refit;
the model of bench/shape_model.py with host/tune/shape_model_fit.h's constants (as fitted)
against another version's script and header (from `git show`) in place of "as it is". Run from
the repository root.
"""
import math
import sys

sys.path.insert(0, "bench")
sys.path.insert(0, "results/shape-model")
import shape_model as sm  # noqa: E402
import variants as vs  # noqa: E402

VALIDATION = set(sm.HELD_OUT)
SKINNY = [(4096, 64, 4096), (4096, 96, 4096), (4096, 128, 4096)]


def regrets(time_of, th, groups, devices):
    out = {}
    for key, g in groups.items():
        if key[0] != "gpu" or len(g) < 4:
            continue
        preds = {c: time_of(th, devices[key], key[2], c, key[3]) for c in g}
        pick = min((c for c in preds if preds[c]), key=preds.get)
        out[(key[2], key[3])] = (g[pick] / min(g.values()) - 1, pick, g[pick])
    return out


def gm(reg, keys):
    rs = [reg[k][0] for k in keys if k in reg]
    return math.exp(sum(math.log(1 + r) for r in rs) / len(rs)) - 1


def option(name):
    if name not in sys.argv or sys.argv.index(name) + 1 >= len(sys.argv):
        raise SystemExit("error: '%s' needs a value\n%s" % (name, __doc__))
    return sys.argv[sys.argv.index(name) + 1]


def main():
    args = [a for i, a in enumerate(sys.argv[1:]) if not a.startswith("--") and
            sys.argv[i] not in ("--before", "--before-header")]
    if len(args) != 1:
        raise SystemExit(__doc__)
    if "--val96" in sys.argv:
        sm.HELD_OUT = VALIDATION | {(4096, 96, 4096)}
    groups, devices = sm.group_rows(list(sm.load_points(sm.POINTS)))
    if args[0] == "model":
        import importlib.util
        spec = importlib.util.spec_from_file_location("shape_model_before", option("--before"))
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        current, before = mod.gpu_time, mod.read_header(option("--before-header"))[0]
        time_of, th = sm.gpu_time, sm.read_header("host/tune/shape_model_fit.h")[0]
    else:
        terms = set() if args[0] == "base" else set(args[0].split("+"))
        before = sm.read_header("host/tune/shape_model_fit.h")[0]
        th = list(before)
        if terms & {"pow", "sub", "gldi", "lat"}:
            th.append(1.0 if "pow" in terms else 0.5)
        time_of = vs.make_time(terms)
        current = sm.gpu_time
        sm.gpu_time = time_of
        if "--no-fit" not in sys.argv:
            th, _ = sm.fit("gpu", groups, devices, th, fixed={0, 1, 2, 3})
    old = regrets(current, before, groups, devices)
    new = regrets(time_of, th, groups, devices)
    dev = next(d for k, d in devices.items() if k[0] == "gpu")
    for k in sorted(new, key=lambda k: (k[0] not in sm.HELD_OUT, k)):
        print("%-10s %-6s %-16s %5.1f%% -> %5.1f%%  %s" % (
            "validation" if k[0] in sm.HELD_OUT else "train", "double" if k[1] == 8 else "float",
            "x".join(map(str, k[0])), 100 * old[k][0], 100 * new[k][0],
            sm.fmt_config("gpu", new[k][1]) if new[k][1] != old[k][1] else ""))
    train = [k for k in new if k[0] not in sm.HELD_OUT]
    val = [(s, 4) for s in VALIDATION]
    worst = max((new[k][0] - old[k][0], k) for k in new)
    c96, t96 = sm.plan_gpu(time_of, th, dev, (4096, 96, 4096))
    m96 = groups[("gpu", dev["key"], (4096, 96, 4096), 4)].get(c96)
    cd, _ = sm.plan_gpu(time_of, th, dev, (4096, 4096, 4096), 8)
    print("training: %.1f%% -> %.1f%%; the seven validation shapes: %.1f%% -> %.1f%%"
          % (100 * gm(old, train), 100 * gm(new, train), 100 * gm(old, val), 100 * gm(new, val)))
    print("4096x96x4096 plans %s, predicted %.4g ms, measured %s" % (
        sm.fmt_config("gpu", c96), t96 * 1e3, "%.4g ms" % (m96 * 1e3) if m96 else "never"))
    print("DGEMM 4096^3 plans %s" % sm.fmt_config("gpu", cd))
    gates = [("4096x96x4096's plan measured under 0.14 ms", m96 is not None and m96 < 0.14e-3),
             ("validation no worse than 0.5 point", gm(new, val) - gm(old, val) <= 0.005),
             ("no shape 10 points worse (worst: %.1f at %s)" % (
                 100 * worst[0], "x".join(map(str, worst[1][0]))), worst[0] <= 0.10),
             ("DGEMM vectors of two", cd[5] == 2 and cd[6] == 2)]
    for name, ok in gates:
        print("%s: %s" % ("pass" if ok else "FAIL", name))
    print("constants: " + " ".join("%.6g" % x for x in th))
    if "--plan" in sys.argv:
        models = [("before", current, before), ("after", time_of, th)]
        shapes = sm.planner_shapes()
        shapes += [s for s in SKINNY + [(1500, 1500, 1500)] if s not in shapes]
        for line in sm.plan_table(models, shapes, groups, devices):
            print(line)
    return 0 if all(ok for _, ok in gates) else 1


if __name__ == "__main__":
    sys.exit(main())
