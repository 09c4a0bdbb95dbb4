#!/usr/bin/env python3
"""Terms tried on the shape model for 4096x96x4096 (results/shape-model/skinny.md), each refit.

  results/shape-model/variants.py POINTS VARIANT[+VARIANT...] [--no-fit]

POINTS: a points file (bench/shape_model.py points --points FILE); VARIANT: base (the model of
bench/shape_model.py before tail and edge were taken into it, main 0f1e912) or a '+'-joined set
of the terms below. Fits the GPU constants as `bench/shape_model.py fit --only gpu` does
(starting from host/tune/shape_model_fit.h's), and prints the regret summary of the training and
validation shapes, the pick among the recorded points of the shapes named in SHOW, and the
constants. Run from the repository root.

  tail   the busiest unit pays its latency once a round, a partial last round in full
         (full * gpc / hide(gpc warps) + last / hide(last warps)), not per_cu / gpc rounds
  pow    the latency hiding's curve gets a fitted exponent: hide = ilp^p / (1 + ilp^p)
  sub    the latency hiding counts warps a scheduler holds: ilp / (1 + s / (warps / 4))
  gldi   issue pays for the global loads of a k-step: a fitted cost per load and warp
  lat    a k-step pays a fitted, unhidden latency per global load of a work-item
  stsbw  local memory's bandwidth term counts the stores of the tiles, A's transposed scalar
         stores TSK/4-way bank conflicted (its rows are a multiple of 32 banks apart)
  edge   EDGE=0's cost is the busiest unit's share of edge groups, not all groups'
  wf     local memory's bandwidth term counts 128-byte wavefronts a k-step (local_wavefronts:
         fragments' loads with a warp's broadcast, A's bank-conflicted stores, B's stores)
"""
import math
import os
import sys

sys.path.insert(0, "bench")
import shape_model as sm  # noqa: E402
from shape_model import (LOCAL_MEM_HEADROOM, ceil_div, dev_lanes, gpu_reg_alloc,  # noqa: E402
                         gpu_reg_cap, gpu_regs, occupancy)

SHOW = [((4096, 96, 4096), 4), ((1500, 1500, 1500), 4), ((2047, 2047, 2047), 4),
        ((3000, 100, 5000), 4), ((4096, 4096, 4096), 8)]


def local_wavefronts(tsm, tsn, tsk, wptm, wptn, vwm, vwn, elem):
    """Local memory's 128-byte wavefronts a warp takes a k-step: the fragments' vector loads
    (the work-items of a warp share rows of A and columns of B: broadcast), A's transposed
    scalar stores (TSK/4-way bank conflicts: its rows lie a multiple of 32 banks apart) and B's
    vector stores."""
    rtsm, rtsn = tsm // wptm, tsn // wptn
    threads = rtsm * rtsn
    vmax = 16 // elem
    va, vb = min(vwm, vmax), min(vwn, vmax)
    rows = max(1, 32 // rtsn) if rtsn < 32 else 1      # distinct ty in a warp
    cols = min(32, rtsn)                                 # distinct tx in a warp
    a_frag = wptm // va * max(1, ceil_div(rows * va * elem, 128))
    b_frag = wptn // vb * max(1, ceil_div(cols * vb * elem, 128))
    lpta = tsm * tsk / 4 / threads
    lptb = tsn * tsk / 4 / threads
    a_store = lpta * 4 * max(1, tsk // 4) * elem / 4
    b_store = lptb * 4 * elem / 4
    return tsk * (a_frag + b_frag) + a_store + b_store


def make_time(terms):
    def gpu_time(th, dev, shape, c, elem, explain=None):
        m, n, k = shape
        tsm, tsn, tsk, wptm, wptn, vwm, vwn, edge, ks, sched = c
        threads = (tsm // wptm) * (tsn // wptn)
        warps = ceil_div(threads, 32)
        steps = ceil_div(k, tsk)
        if ks > steps:
            return None
        tm, tn = ceil_div(m, tsm), ceil_div(n, tsn)
        groups = tm * tn * ks
        need = math.ceil(gpu_regs(th, c, elem))
        cap = gpu_reg_cap(dev["lim"], threads)
        spill = max(0.0, (need - cap) / cap)
        lmem = 2 * tsk * (tsm + tsn) * elem
        if lmem > dev["local_mem"] - LOCAL_MEM_HEADROOM or threads > dev["max_wg"]:
            return None
        regs = gpu_reg_alloc(dev["lim"], need, lmem, threads)
        gpc = occupancy(dev["lim"], regs, lmem, threads)
        if gpc == 0:
            return None
        cu = dev["cu"]
        per_cu = ceil_div(groups, cu)
        vmax = 16 // elem
        extra = th[20] if len(th) > 20 else 0.0
        lpt = (tsm + tsn) * tsk / 4 / threads  # float4 global loads a work-item, a k-step
        lds_instr = tsk * warps * (wptm / min(vwm, vmax) + wptn / min(vwn, vmax))
        sts_instr = tsk * (tsm + tsn / 4.0) / 32.0
        pipe = warps * 32 * wptm * wptn * tsk / dev_lanes(dev, elem)
        pipe *= (1 + (th[16] if elem == 4 else 0) * sched +
                 (th[17] if elem == 8 else 0) * (1 - sched))
        issue = (warps * wptm * wptn * tsk + th[4] * lds_instr + th[5] * sts_instr +
                 (extra * lpt * warps if "gldi" in terms else 0)) / 4.0
        lds_bytes = tsk * (threads * (wptm + wptn) + tsm + tsn) * elem / 128.0
        if "wf" in terms:
            lds_bytes = local_wavefronts(tsm, tsn, tsk, wptm, wptn, vwm, vwn, elem) * warps
        if "stsbw" in terms:
            lds_bytes += tsm * tsk / 32.0 * max(1, tsk // 4) + tsn * tsk * elem / 128.0
        step = (max(pipe, issue, th[18] * lds_bytes) + th[19] * lds_instr +
                th[6] * (tsm + tsn) * tsk * elem / 128.0 + th[7] +
                (extra * lpt if "lat" in terms else 0))
        group = ceil_div(steps, ks) * step + th[9] + th[10] * tsm * tsn * elem / 128.0
        full = (m // tsm) * (n // tsn)
        edge_frac = 1.0 - full / (tm * tn)
        if "edge" in terms:
            e_groups = (tm * tn - full) * ks
            edge_frac = ceil_div(e_groups, cu) / per_cu if e_groups else 0.0
        ef = 1 + th[12] if edge else 1 + th[11] * edge_frac

        def hide(res_warps):
            ilp = res_warps * min(wptm * wptn, 64) / th[8]
            if "pow" in terms:
                ilp = ilp ** extra
            if "sub" in terms:
                ilp = ilp / (1 + extra / (res_warps / dev["lim"]["subp"]))
            return ilp / (1 + ilp)

        if "tail" in terms:
            rounds, last = divmod(per_cu, gpc)
            w = rounds * gpc / hide(gpc * warps) + (last / hide(last * warps) if last else 0)
        else:
            w = per_cu / hide(min(per_cu, gpc) * warps)
        cycles = group * ef * (1 + th[13] * spill) * w
        bw = th[14] * cu
        mem = (m * k + k * n + ks * m * n) * elem / bw
        hz = dev["clock_mhz"] * 1e6
        t = max(cycles, mem) / hz + th[15] * 1e-6
        if ks > 1:
            t += (ks + 1) * m * n * elem / bw / hz + th[15] * 1e-6
        return t
    return gpu_time


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    points, variant = sys.argv[1], sys.argv[2]
    terms = set() if variant == "base" else set(variant.split("+"))
    known = {"tail", "pow", "sub", "gldi", "lat", "stsbw", "edge", "wf"}
    if terms - known:
        raise SystemExit("error: unknown term(s) %s; known: %s" % (
            ", ".join(sorted(terms - known)), ", ".join(sorted(known))))
    sm.gpu_time = make_time(terms)
    groups, devices = sm.group_rows(list(sm.load_points(points)))
    start = list(sm.read_header("host/tune/shape_model_fit.h")[0])
    if terms & {"pow", "sub", "gldi", "lat"}:
        start.append(1.0 if "pow" in terms else 0.5)
    th = start
    if "--no-fit" not in sys.argv:
        th, _ = sm.fit("gpu", groups, devices, start, fixed={0, 1, 2, 3})
    print("variant %s%s" % (variant, " (constants not refit)" if "--no-fit" in sys.argv else ""))
    for which in ("train", "validation"):
        print(sm.ranking("gpu", th, groups, devices, which)[-1].strip())
    for shape, elem in SHOW:
        key = [k for k in groups if k[0] == "gpu" and k[2] == shape and k[3] == elem][0]
        g = groups[key]
        preds = {c: sm.gpu_time(th, devices[key], shape, c, elem) for c in g}
        pick = min((c for c in preds if preds[c]), key=preds.get)
        print("  %s %s: picks %s, %.4g ms (best recorded %.4g ms)" % (
            "x".join(map(str, shape)), "double" if elem == 8 else "float",
            sm.fmt_config("gpu", pick), g[pick] * 1e3, min(g.values()) * 1e3))
    print("  constants: " + " ".join("%.4g" % x for x in th))
    return 0


if __name__ == "__main__":
    sys.exit(main())
