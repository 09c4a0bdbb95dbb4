#!/usr/bin/env python3
"""The shape model of matmul_fast (GPUs) and matmul_cpu (CPUs), fitted to recorded sweeps.

The model predicts a row's time from its shape, its parameters and the device's properties
(docs/tuning.md, "The planner"); host/tune/shape_model.c is the same model in C, and reads the
constants this script fits from host/tune/shape_model_fit.h, which it writes.  The C unit test
checks C's predictions against the test vectors written beside the constants, so the two
cannot drift apart.

  bench/shape_model.py fit [--results DIR] [--header FILE]
      reads every run file under DIR (results/), fits the constants on the training shapes,
      prints how the model ranks the recorded points of the training and the validation
      shapes (first choice within 5% of the best recorded, regret), writes FILE
      (host/tune/shape_model_fit.h)
  bench/shape_model.py check RUNFILE...
      the same ranking report on run files of sweeps (bench/planner_train.sh)
  bench/shape_model.py points [--results DIR] [--points FILE]
      collects the recorded points (ok rows of matmul_fast on GPUs with a compute capability,
      matmul_cpu on CPUs) of every run file under DIR into FILE
      (results/shape-model/points.json), the evidence fit reads: run files come and go, the
      points stay with the constants fitted on them (FILE's points whose run file is gone are
      kept)
  bench/shape_model.py regret [--points FILE] [--header FILE]
      per recorded shape, the model's first choice among its recorded points against the best
      of them (a Markdown table; results/shape-model/regret.md keeps them)
  bench/shape_model.py plan [--header FILE] [--before SCRIPT --before-header FILE] [SHAPE...]
      the planner's first choice over its whole space for each shape (those of
      bench/planner_gpu.sh by default) on the GPU of the points file, its predicted time, and
      the first choice among the shape's recorded points with its measured time; with
      --before, the same by another version of this script and its header, side by side (a
      Markdown table).  The kernel's own checks after the ranking are not applied here.
  bench/shape_model.py vectors [--header FILE]
      writes FILE again from its own constants, with the test vectors and the planner's first
      choices that its search (PLAN_TILES, PLAN_SPLITS, refine_split) gives now: after a change
      to the search, not to the fit
  bench/shape_model.py lookup [--tuned FILE] [--header FILE] [--before SCRIPT --before-header FILE]
      per float matmul_fast entry of FILE (results/tuned.json) for the GPU of the points file:
      the entry's recorded time (its point's best median among the recorded points, else the
      entry's own), the planner's first choice over its whole space for the entry's shape, and
      that point's recorded time where a sweep recorded it; with --before, the same by another
      version beside it (a Markdown table; results/shape-model/lookup-estimate.md keeps it)
"""
import argparse
import glob
import json
import math
import os
import sys

# Shapes held out of the fit: the validation set of the recorded sweeps (odd squares, a
# rectangle, flat, skinny), chosen before fitting.
# The recorded points the constants are fitted on (bench/shape_model.py points writes it).
POINTS = "results/shape-model/points.json"

HELD_OUT = {(1000, 1000, 1000), (3000, 100, 5000), (4096, 333, 4096), (2047, 2047, 2047),
            (8192, 8192, 512), (1500, 1500, 1500), (2048, 128, 8192)}

# ---------------------------------------------------------------------------------------------
# Device limits (as host/run/occupancy.c, for the compute capabilities of recorded sweeps and a
# generic GPU where none is known).
SM_LIMITS = {
    (7, 0): dict(max_warps=64, max_groups=32, regs=65536, unit=256, subp=4, smem=96 * 1024,
                 smem_group=96 * 1024, smem_unit=256, smem_res=0),
    (8, 0): dict(max_warps=64, max_groups=32, regs=65536, unit=256, subp=4, smem=164 * 1024,
                 smem_group=163 * 1024, smem_unit=128, smem_res=1024),
    (9, 0): dict(max_warps=64, max_groups=32, regs=65536, unit=256, subp=4, smem=228 * 1024,
                 smem_group=227 * 1024, smem_unit=128, smem_res=1024),
}
GENERIC_GPU = dict(max_warps=48, max_groups=16, regs=65536, unit=256, subp=4, smem=64 * 1024,
                   smem_group=48 * 1024, smem_unit=256, smem_res=0)


def ceil_div(a, b):
    return -(-a // b)


def round_up(x, unit):
    return ceil_div(x, unit) * unit


def occupancy(lim, regs, lmem, threads):
    """Work-groups per SM, as cb_occupancy_compute (host/run/occupancy.c)."""
    warps = ceil_div(threads, 32)
    by_warps = lim["max_warps"] // warps
    per_warp = round_up(regs * 32, lim["unit"])
    if regs > 255 or per_warp * round_up(warps, lim["subp"]) > lim["regs"]:
        by_regs = 0
    else:
        by_regs = (lim["regs"] // lim["subp"] // per_warp) * lim["subp"] // warps
    if lmem > lim["smem_group"]:
        by_lmem = 0
    else:
        per = round_up(lmem + lim["smem_res"], lim["smem_unit"])
        by_lmem = lim["smem"] // per
    return min(by_warps, lim["max_groups"], by_regs, by_lmem)


# ---------------------------------------------------------------------------------------------
# The constants, in the order of the C arrays (shape_model_fit.h).
GPU_NAMES = ["r0", "r1", "r2", "r3",          # registers per work-item: base, acc, loads, frags
             "lds", "sts", "gld", "bar",      # issue of local loads, stores; 128 B; k-step
             "warps", "grp", "epi",           # latency hiding, a group's start, its C store
             "edge0", "edge1", "spill",       # edge groups (EDGE 0), EDGE 1, spilled registers
             "bw", "launch_us", "sched_f", "sched_d", "ldsbw",
             "ldsi"]                          # a local load's latency not hidden by the FMAs
GPU_START = [20, 1.0, 1.0, 1.0, 1.0, 1.0, 0.1, 20, 64, 500, 1.0, 0.3, 0.05, 1.0, 12, 4, 0.1,
             0.2, 1.0, 0.1]

# The compiler holds a work-item to the registers of the next occupancy level when its need is
# at most this much above them (the build reports of the recorded sweeps: the registers
# reported predict the occupancy best with 10%).
REG_SNAP = 0.10
# A build's report of at least this share of the cap says the compiler capped the work-item
# (it may have spilled): the need is the regression's (fit_registers skips these rows too).
REPORTED_MAX = 0.9
# The inner loop's fitted factor: a configuration of the k-step loop on one tile (inner_key)
# gets a factor on its k-step cost where the training points hold at least INNER_MIN_POINTS points of it over
# at least INNER_MIN_SHAPES shapes (fewer shapes cannot tell the loop from a shape's own terms);
# the fit pulls each factor's log toward 0 with weight INNER_RIDGE (chosen by the validation
# shapes' regret; docs/tuning.md), so thin data stays near the analytic terms. Any other
# configuration: 1.
INNER_MIN_POINTS = 8
INNER_MIN_SHAPES = 3
INNER_RIDGE = 0.3
# A loop's code moves the k-step's cost by at most this factor either way: a larger fitted
# effect (16x8 work per item) is another term's error, the latency hiding of one resident
# work-group at large tiles, which a factor per loop would carry wrongly to small tiles.
INNER_BOUND = 0.9
# Each shape's points of one tile shape, K depth and split share a free offset in the fit, so
# that a factor compares loops at equal tiles, where the analytic terms of the tiles (waves,
# occupancy, edges) cancel; False: one offset per shape (a worse validation regret, and a
# factor for 8x8 VW 8,4 EDGE=1 that its points at equal tiles contradict).
INNER_PAIRED = True
# The kernel's default loop (WPT 8x8, VW 4,4, SCHED 0, EDGE 0), the most recorded: the reference the
# analytic terms are fitted on, factor 1 as every configuration outside the table, so that a
# configuration the sweeps never measured ranks as the default loop would, not as the mean.
INNER_REFERENCE = (8, 8, 4, 4, 0, 0)
# The loop part of inner_key (after element bytes and the tile): what INNER_REFERENCE names.
INNER_LOOP = slice(4, None)
# A tile's factor on its work-groups' time (tile_key): what the analytic terms miss of a tile at
# every shape (one resident 256-item group of 128x256x8 hides more latency than they say).
# Fitted last, on the residuals of the constants and the inner-loop factors, with a free offset
# per shape, so that tiles compare at equal shapes; the ridge TILE_RIDGE pulls each factor's log
# toward 0 (chosen by the regret with each shape left out of the menu and the fit), TILE_BOUND
# bounds it, TILE_HUBER is where a residual starts to weigh less.  A tile of fewer than
# TILE_MIN_POINTS points or TILE_MIN_SHAPES shapes: 1.
TILE_MIN_POINTS = 8
TILE_MIN_SHAPES = 3
TILE_RIDGE = 0.3
TILE_BOUND = 0.25
TILE_HUBER = 0.1
# The planner's menu: the tiles and loops (element bytes, TSM, TSN, TSK, WPTM, WPTN, VWM, VWN,
# EDGE, SCHED) that the training sweeps found within MENU_TOLERANCE of a shape's best; the
# planner ranks them at every split and searches the whole space only where none fits the
# device.  Over the whole space the argmin picks the model's errors: points no sweep measured,
# slower there than the database's entries (results/README.md, "The planner against the
# database's entries in one call").
MENU_TOLERANCE = 0.03


class GpuConstants(list):
    """The GPU constants in GPU_NAMES' order, with the inner loop's factors
    {inner_key: factor} as .inner, the planner's menu (menu_points) as .menu, the registers
    its points' builds reported (menu_registers) as .regs, on compute capability .regs_cc, and
    the tiles' factors {tile_key: factor} as .tiles."""

    def __init__(self, values, inner=None, menu=None, regs=None, regs_cc=None, tiles=None):
        super().__init__(values)
        self.inner = dict(inner or {})
        self.menu = list(menu or [])
        self.regs = dict(regs or {})
        self.regs_cc = regs_cc
        self.tiles = dict(tiles or {})

    def like(self, values, inner=None, tiles=None):
        """values with this one's menu and registers; the inner-loop and tile factors given."""
        return GpuConstants(values, inner, self.menu, self.regs, self.regs_cc, tiles)


def menu_key(c, elem):
    """A point's entry in the menu: all but its split."""
    return (elem,) + tuple(c[:8]) + (c[9],)


def menu_points(groups):
    """The menu (MENU_TOLERANCE), sorted, from the GPU training shapes."""
    menu = set()
    for key, g in groups.items():
        if key[0] != "gpu" or key[2] in HELD_OUT:
            continue
        best = min(g.values())
        menu.update(menu_key(c, key[3]) for c, t in g.items()
                    if t <= best * (1 + MENU_TOLERANCE))
    return sorted(menu)


def menu_registers(rows, menu):
    """({menu point + (split > 1,): registers}, (major, minor)): the median of what the builds
    of each menu point reported, without and with split-K (its partial sums' store is other
    code), on the compute capability with the most reports.  The regression of gpu_regs is
    coarser and has no term for EDGE=1's clamps, which can cost a point a resident work-group
    (docs/tuning.md, "The planner")."""
    import statistics
    menu, by_cc = set(menu), {}
    for kind, dev, shape, c, elem, t, regs, f in rows:
        if kind != "gpu" or not regs or not dev.get("cc"):
            continue
        key = menu_key(c, elem)
        if key in menu:
            by_cc.setdefault(dev["cc"], {}).setdefault(key + (c[8] > 1,), []).append(regs)
    if not by_cc:
        return {}, None
    cc = max(by_cc, key=lambda x: sum(len(v) for v in by_cc[x].values()))
    return {k: int(statistics.median(v)) for k, v in by_cc[cc].items()}, cc


def inner_key(c, elem):
    """(element bytes, TSM, TSN, TSK, WPTM, WPTN, VWM, VWN, SCHED, EDGE): what shapes the k-step
    loop's code (EDGE=0 guards an edge group's loads, EDGE=1 clamps every group's), on its tile:
    the same loop runs at another speed on other tiles (VWM=8 VWN=2 is faster than the default
    loop at 128x128x16 and slower at 64x128x8 on the H100), so a factor holds for its tile only."""
    return (elem, c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[9], c[7])


def inner_factor(th, c, elem):
    inner = getattr(th, "inner", None)
    return inner.get(inner_key(c, elem), 1.0) if inner else 1.0


def tile_key(c, elem):
    """(element bytes, TSM, TSN, TSK): the tile whose factor (TILE_RIDGE) a point takes."""
    return (elem, c[0], c[1], c[2])


def tile_factor(th, c, elem):
    tiles = getattr(th, "tiles", None)
    return tiles.get(tile_key(c, elem), 1.0) if tiles else 1.0


CPU_NAMES = ["fma", "ld", "spill", "panel", "crel", "strided", "edge", "grp_us", "launch_us",
             "l1", "a"]
CPU_START = [0.5, 0.5, 2.0, 1.0, 1.0, 2.0, 1.0, 5.0, 20.0, 0.5, 0.3]


def dev_lanes(dev, elem):
    """FMA lanes per compute unit in the row's type."""
    lanes = dev["peak_gflops"] * 1e3 / (2 * dev["cu"] * dev["clock_mhz"])
    if elem == 8:
        lanes *= dev.get("fp64_ratio", 0.5)
    return lanes


def gpu_regs(th, c, elem):
    """Registers a work-item needs (before the compiler's cap)."""
    tsm, tsn, tsk, wptm, wptn, vwm, vwn, edge, ks, sched = c
    threads = (tsm // wptm) * (tsn // wptn)
    w = elem / 4.0
    return (th[0] + th[1] * wptm * wptn * w + th[2] * (tsm + tsn) * tsk / threads * w +
            th[3] * (wptm + wptn) * w * (1 + 2 * sched))


def gpu_reg_cap(lim, threads):
    """What the compiler allows a work-item under reqd_work_group_size: the register file over
    the work-group, at most 255."""
    return min(255, lim["regs"] // round_up(threads, 32) // 8 * 8)


def gpu_reg_alloc(lim, need, lmem, threads):
    """The registers the compiler gives a work-item that needs `need`: at most the cap, and
    those of the next occupancy level where that is within REG_SNAP of the need."""
    cap = gpu_reg_cap(lim, threads)
    regs = min(need, cap)
    groups = occupancy(lim, regs, lmem, threads)
    low = int(regs / (1 + REG_SNAP))
    if occupancy(lim, low, lmem, threads) <= groups:
        return regs
    r = (regs - 1) // 8 * 8  # the register file's allocation unit: 8 a work-item
    while r > low and occupancy(lim, r, lmem, threads) <= groups:
        r -= 8
    return max(r, low)


def gpu_time(th, dev, shape, c, elem, explain=None):
    """Predicted seconds of matmul_fast with parameters c at shape on a GPU; None: does not fit."""
    m, n, k = shape
    tsm, tsn, tsk, wptm, wptn, vwm, vwn, edge, ks, sched = c
    threads = (tsm // wptm) * (tsn // wptn)
    warps = ceil_div(threads, 32)
    steps = ceil_div(k, tsk)
    if ks > steps:
        return None
    slice_steps = ceil_div(steps, ks)
    tm, tn = ceil_div(m, tsm), ceil_div(n, tsn)
    groups = tm * tn * ks
    need = math.ceil(gpu_regs(th, c, elem))
    cap = gpu_reg_cap(dev["lim"], threads)
    spill = max(0.0, (need - cap) / cap)
    lmem = 2 * tsk * (tsm + tsn) * elem
    if lmem > dev["local_mem"] - LOCAL_MEM_HEADROOM or threads > dev["max_wg"]:
        return None
    # Where the menu's builds reported the point's registers on this compute capability, those
    # (a report at the cap may hide a spill: the regression's need then).
    reported = getattr(th, "regs", {}).get(menu_key(c, elem) + (ks > 1,)) \
        if dev.get("cc") == getattr(th, "regs_cc", None) else None
    if reported and reported < REPORTED_MAX * cap:
        regs, need, spill = reported, reported, 0.0
    else:
        regs = gpu_reg_alloc(dev["lim"], need, lmem, threads)
    gpc = occupancy(dev["lim"], regs, lmem, threads)
    if gpc == 0:
        return None
    cu = dev["cu"]
    per_cu = ceil_div(groups, cu)
    vmax = 16 // elem
    # A warp issues for 32 lanes however few of them hold a work-item: a work-group of fewer
    # work-items (or not a multiple of 32) pays for the whole warp.
    lanes_used = warps * 32
    fma_instr = warps * wptm * wptn * tsk
    lds_instr = tsk * warps * (wptm / min(vwm, vmax) + wptn / min(vwn, vmax))
    sts_instr = tsk * (tsm + tsn / 4.0) / 32.0
    pipe = lanes_used * wptm * wptn * tsk / dev_lanes(dev, elem)
    pipe *= 1 + (th[16] if elem == 4 else 0) * sched + (th[17] if elem == 8 else 0) * (1 - sched)
    issue = (fma_instr + th[4] * lds_instr + th[5] * sts_instr) / 4.0
    lds_bytes = tsk * (threads * (wptm + wptn) + tsm + tsn) * elem / 128.0
    step = (max(pipe, issue, th[18] * lds_bytes) + th[19] * lds_instr +
            th[6] * (tsm + tsn) * tsk * elem / 128.0 + th[7])
    # What the analytic terms do not see of the compiled loop (operand reuse, register banks):
    # the configuration's fitted factor, never below the FMA pipe's own cycles.
    step = max(pipe, inner_factor(th, c, elem) * step)
    group = slice_steps * step + th[9] + th[10] * tsm * tsn * elem / 128.0
    # EDGE=0's guarded loads cost the busiest unit its share of the groups that cross an edge.
    full = (m // tsm) * (n // tsn)
    edge_groups = (tm * tn - full) * ks
    edge_frac = ceil_div(edge_groups, cu) / per_cu if edge_groups else 0.0
    ef = 1 + th[12] if edge else 1 + th[11] * edge_frac

    def hide(res_warps):
        ilp = res_warps * min(wptm * wptn, 64) / th[8]
        return ilp / (1 + ilp)

    # The busiest unit runs its groups in rounds of gpc resident ones, each hiding its latency
    # by its own warps: a partial last round hides less.
    rounds, last = divmod(per_cu, gpc)
    w = rounds * gpc / hide(gpc * warps) + (last / hide(last * warps) if last else 0)
    cycles = group * ef * (1 + th[13] * spill) * w * tile_factor(th, c, elem)
    bw = th[14] * cu  # bytes per cycle
    mem = (m * k + k * n + ks * m * n) * elem / bw
    hz = dev["clock_mhz"] * 1e6
    t = max(cycles, mem) / hz + th[15] * 1e-6
    if ks > 1:
        t += (ks + 1) * m * n * elem / bw / hz + th[15] * 1e-6
    if explain is not None:
        explain.update(groups=groups, gpc=gpc, waves=ceil_div(groups, cu * gpc), regs=regs,
                       need=need)
    return t


def cpu_time(th, dev, shape, c, elem):
    """Predicted seconds of matmul_cpu with parameters c = (MR, VN, NV, RB, KB, WGM)."""
    m, n, k = shape
    mr, vn, nv, rb, kb, wgm = c
    cols, rows = nv * vn, rb * mr
    items_n, items_m = ceil_div(n, cols), ceil_div(m, rows)
    groups = items_n * ceil_div(items_m, wgm)
    cores = dev["cu"]
    per_core = ceil_div(groups, cores) * min(wgm, items_m)
    vbytes = dev["vec_bytes"]
    vr = max(1.0, vn * elem / vbytes)
    nregs = 32 if vbytes >= 64 else 16
    need = (mr * nv + nv + 1) * vr
    spill = max(0.0, need - nregs)
    f = mr * nv * vr
    kstep = max(th[0] * f, th[1] * nv * vr) + th[10] * mr + th[2] * spill
    if kb > 0:
        slices = ceil_div(k, kb)
        panel_bytes = kb * cols * elem
        kstep *= 1 + th[9] * max(0.0, math.log2(panel_bytes / 32768.0))
        item = rb * (k * kstep + slices * mr * nv * vr * th[4]) + k * nv * vr * th[3]
    else:
        item = rb * k * (kstep + th[5] * nv * vr)
    edge_items = items_n * items_m - (n // cols) * (m // rows)
    ef = 1 + th[6] * edge_items / (items_n * items_m)
    hz = dev["clock_mhz"] * 1e6
    return per_core * item * ef / hz + th[7] * 1e-6 * ceil_div(groups, cores) + th[8] * 1e-6


# ---------------------------------------------------------------------------------------------
# Recorded rows.
# Local memory the tiles leave free: the driver adds bytes of its own to a kernel's.
LOCAL_MEM_HEADROOM = 1024
GPU_PARAM_NAMES = ("TSM", "TSN", "TSK", "WPTM", "WPTN", "VWM", "VWN", "EDGE", "KSPLIT", "SCHED")
CPU_PARAM_NAMES = ("MR", "VN", "NV", "RB", "KB", "WGM")
FAST_DEFAULTS = dict(TSM=128, TSN=128, TSK=16, WPTM=8, WPTN=8, VWM=4, VWN=4, PAD=0, EDGE=0,
                     KSPLIT=1, SCHED=0)
CPU_DEFAULTS = dict(MR=8, VN=16, NV=2, RB=16, KB=256, WGM=4)


def device_key(dv):
    """What tells devices apart in the points: PoCL names a 2-core and a 16-core Xeon alike."""
    return "%s, %d compute units" % (dv["name"], dv["compute_units"])


def short_device(dev):
    """A device in a table: its name cut short, and its compute units."""
    return "%s (%d CUs)" % (dev["name"][:24], dev["cu"])


def device_of(dv):
    cc = dv.get("compute_capability")
    dev = dict(name=dv["name"], cu=dv["compute_units"], clock_mhz=dv["clock_mhz"],
               local_mem=dv["local_mem_bytes"], max_wg=dv["max_work_group_size"],
               vec_bytes=4 * max(1, dv.get("native_vector_width_float") or 8))
    dev["key"] = device_key(dv)
    peak = (dv.get("peak") or {}).get("theoretical_gflops")
    dev["peak_gflops"] = peak or 0
    if cc:
        major, minor = (int(x) for x in cc.split("."))
        dev["lim"] = SM_LIMITS.get((major, minor), GENERIC_GPU)
        dev["cc"] = (major, minor)
    else:
        dev["lim"] = GENERIC_GPU
    return dev


def load_rows(paths):
    """Yields (kind, device, shape, config, elem, median_s, registers) of ok rows."""
    for f in paths:
        try:
            d = json.load(open(f))
        except (OSError, ValueError):
            continue
        if not isinstance(d, dict) or d.get("schema") != "clbench-run":
            continue
        devs = {x["id"]: x for x in d.get("devices", [])}
        for r in d.get("rows", []):
            if r.get("status") != "ok" or "stats" not in r or r["kernel"] not in (
                    "matmul_fast", "matmul_cpu"):
                continue
            dv = devs.get(r["device"])
            if dv is None or r.get("params_from") == "command line" and False:
                continue
            elem = 8 if r.get("type") == "double" else 4 if r.get("type") in (None, "float") else 0
            if elem == 0:
                continue
            p = r.get("params", {})
            if r["kernel"] == "matmul_fast" and dv.get("type") == "gpu":
                if not dv.get("compute_capability") or p.get("PAD", 0) != 0:
                    continue
                q = dict(FAST_DEFAULTS, **p)
                c = tuple(q[x] for x in GPU_PARAM_NAMES)
                kind = "gpu"
            elif r["kernel"] == "matmul_cpu" and dv.get("type") == "cpu":
                q = dict(CPU_DEFAULTS, **p)
                c = tuple(q[x] for x in CPU_PARAM_NAMES)
                kind = "cpu"
            else:
                continue
            regs = (r.get("kernel_info") or {}).get("registers")
            yield (kind, device_of(dv), tuple(r["size"]), c, elem, r["stats"]["median_ms"] / 1e3,
                   regs, f)


def device_fields(dv):
    """The run file's device properties device_of reads."""
    keys = ("name", "compute_units", "clock_mhz", "local_mem_bytes", "max_work_group_size",
            "native_vector_width_float", "compute_capability", "type")
    out = {k: dv.get(k) for k in keys}
    out["peak"] = {"theoretical_gflops": (dv.get("peak") or {}).get("theoretical_gflops")}
    return out


def write_points(paths, out):
    """The recorded points of the run files, one list per device, into out."""
    devs, points = {}, []
    for f in paths:
        try:
            d = json.load(open(f))
        except (OSError, ValueError):
            continue
        if not isinstance(d, dict) or d.get("schema") != "clbench-run":
            continue
        for x in d.get("devices", []):
            devs.setdefault(device_key(x), device_fields(x))
        for kind, dev, shape, c, elem, t, regs, _ in load_rows([f]):
            points.append([dev["key"], kind, list(shape), list(c), elem, t, regs,
                           os.path.relpath(f)])
    # Points of run files retired since the file was written stay: the evidence of the
    # constants fitted on them.
    if os.path.exists(out):
        old = json.load(open(out))
        for p in old["points"]:
            if not os.path.exists(p[7]):
                dv = old["devices"][p[0]]
                points.append([device_key(dv)] + p[1:])
                devs.setdefault(device_key(dv), dv)
    points.sort(key=lambda p: (p[0], p[1], p[2], p[4], p[3], p[5]))
    with open(out + ".tmp", "w") as fh:
        json.dump({"schema": "clbench-shape-model-points", "schema_version": 1,
                   "fields": ["device", "kind", "shape", "params", "elem", "median_s",
                              "registers", "run_file"],
                   "devices": devs, "points": points}, fh, separators=(",", ":"))
        fh.write("\n")
    os.replace(out + ".tmp", out)
    return len(points)


def load_points(path):
    """The rows of a points file, as load_rows yields them."""
    d = json.load(open(path))
    devs = {n: device_of(dv) for n, dv in d["devices"].items()}
    for name, kind, shape, c, elem, t, regs, f in d["points"]:
        yield kind, devs[name], tuple(shape), tuple(c), elem, t, regs, f


def group_rows(rows):
    """{(kind, device name, shape, elem): {config: best median}} and the devices."""
    groups, devices = {}, {}
    for kind, dev, shape, c, elem, t, regs, f in rows:
        key = (kind, dev["key"], shape, elem)
        devices[key] = dev
        g = groups.setdefault(key, {})
        g[c] = min(t, g.get(c, t))
    return groups, devices


# ---------------------------------------------------------------------------------------------
# Fitting.
def predict(kind, th, dev, shape, c, elem):
    return gpu_time(th, dev, shape, c, elem) if kind == "gpu" else cpu_time(th, dev, shape, c,
                                                                            elem)


def residuals(kind, th, data):
    out = []
    for dev, shape, c, elem, t, w in data:
        p = predict(kind, th, dev, shape, c, elem)
        out.append(w * (math.log(p / t) if p else 3.0))
    return out


def fit_registers(rows):
    """Least squares of the registers a build reports, on rows without spills."""
    import numpy as np
    a, b = [], []
    for kind, dev, shape, c, elem, t, regs, f in rows:
        if kind != "gpu" or not regs:
            continue
        tsm, tsn, tsk, wptm, wptn, vwm, vwn, edge, ks, sched = c
        threads = (tsm // wptm) * (tsn // wptn)
        if regs >= REPORTED_MAX * gpu_reg_cap(dev["lim"], threads):
            continue  # capped by the compiler: says nothing of the need
        w = elem / 4.0
        a.append([1, wptm * wptn * w, (tsm + tsn) * tsk / threads * w,
                  (wptm + wptn) * w * (1 + 2 * sched)])
        b.append(regs)
    if len(a) < 8:
        return None, 0
    from scipy.optimize import nnls
    # Non-negative: no part of a work-item's state frees registers, and the points the model
    # ranks lie beyond the recorded ones.
    sol = nnls(np.array(a, float), np.array(b, float))[0]
    return list(sol), len(a)


def inner_keys(groups):
    """The inner-loop configurations the training points support (INNER_MIN_POINTS points over
    INNER_MIN_SHAPES shapes), sorted."""
    points, shapes = {}, {}
    for key, g in groups.items():
        if key[0] != "gpu" or key[2] in HELD_OUT:
            continue
        for c in g:
            k = inner_key(c, key[3])
            points[k] = points.get(k, 0) + 1
            shapes.setdefault(k, set()).add(key[2])
    return sorted(k for k in points if k[INNER_LOOP] != INNER_REFERENCE and
                  points[k] >= INNER_MIN_POINTS and len(shapes[k]) >= INNER_MIN_SHAPES)


def fit(kind, groups, devices, start, fixed=None, ridge=None, inner=None, model=None, tiles=True):
    """The constants (start's, those in fixed kept) by least squares on log time over the
    training shapes; on GPUs then the inner loop's factors (fit_inner), or those given, and the
    tiles' factors (fit_tiles) unless tiles is False.  model: a GpuConstants whose menu and
    registers the fit's GPU models carry."""
    import numpy as np
    from scipy.optimize import least_squares
    data = []
    for key, g in groups.items():
        if key[0] != kind or key[2] in HELD_OUT:
            continue
        w = 1 / math.sqrt(len(g))  # every shape weighs alike
        for c, t in g.items():
            data.append((devices[key], key[2], c, key[3], t, w))
    free = [i for i in range(len(start)) if not fixed or i not in fixed]
    x0 = [start[i] for i in free]

    def full(x):
        th = list(start)
        for i, v in zip(free, x):
            th[i] = v
        return model.like(th) if model is not None else th

    # SCHED=1 is the schedule written for double (its best recorded points all use it): the
    # fit may make it costlier for float, not for double.
    lo = [-0.5 if (kind == "gpu" and i == 16) else 0.0 for i in free]
    hi = [np.inf] * len(free)
    lo = [min(l, v) for l, v in zip(lo, x0)]
    if free:
        res = least_squares(lambda x: residuals(kind, full(x), data), x0, bounds=(lo, hi),
                            loss="soft_l1", f_scale=0.1, max_nfev=400)
        th = full(res.x)
    else:
        th = full(x0)
    if kind == "gpu":
        base = model if model is not None else GpuConstants([])
        th = base.like(list(th), inner) if inner is not None else \
            fit_inner(base.like(list(th)), groups, devices, INNER_RIDGE if ridge is None else ridge)
        if tiles:
            th = fit_tiles(th, groups, devices)
    return th, len(data)


def tile_residuals(th, groups, devices):
    """(shape key, tile key, log of measured over predicted time, weight) of each GPU training
    point, predicted by th without tile factors; every shape's points weigh alike."""
    plain = th.like(list(th), th.inner)
    out = []
    for key, g in groups.items():
        if key[0] != "gpu" or key[2] in HELD_OUT:
            continue
        for c, t in g.items():
            p = gpu_time(plain, devices[key], key[2], c, key[3])
            if p:
                out.append((key, tile_key(c, key[3]), math.log(t / p), 1 / math.sqrt(len(g))))
    return out


def fit_tiles(th, groups, devices, leave_out=None, residuals=None):
    """th with the tiles' factors (TILE_RIDGE) fitted on tile_residuals (those given, or th's)
    over the training shapes but leave_out: ridge least squares, a free offset per shape, and a
    few rounds of Huber weights so that a stray point does not carry its tile."""
    import numpy as np
    if residuals is None:
        residuals = tile_residuals(th, groups, devices)
    pts = [p for p in residuals if p[0][2] != leave_out]
    count, shapes = {}, {}
    for key, tk, r, w in pts:
        count[tk] = count.get(tk, 0) + 1
        shapes.setdefault(tk, set()).add(key[2])
    tiles = sorted(k for k in count
                   if count[k] >= TILE_MIN_POINTS and len(shapes[k]) >= TILE_MIN_SHAPES)
    if not tiles:
        return th.like(list(th), th.inner)
    col = {k: i for i, k in enumerate(tiles)}
    offset = {k: len(tiles) + i for i, k in enumerate(sorted({p[0] for p in pts}, key=str))}
    a = np.zeros((len(pts) + len(tiles), len(tiles) + len(offset)))
    y, w0 = np.zeros(len(a)), np.ones(len(a))
    for i, (key, tk, r, w) in enumerate(pts):
        if tk in col:
            a[i, col[tk]] = 1
        a[i, offset[key]] = 1
        y[i], w0[i] = r, w
    for j in range(len(tiles)):
        a[len(pts) + j, j] = math.sqrt(TILE_RIDGE)
    wt = w0
    for _ in range(5):
        x = np.linalg.lstsq(a * wt[:, None], y * wt, rcond=None)[0]
        res = np.abs(a @ x - y)
        wt = w0 * np.where(res <= TILE_HUBER, 1.0, np.sqrt(TILE_HUBER / np.maximum(res, 1e-12)))
        wt[len(pts):] = 1.0
    return th.like(list(th), th.inner, {
        k: math.exp(min(max(x[col[k]], -TILE_BOUND), TILE_BOUND)) for k in tiles})


def fit_inner(th, groups, devices, ridge):
    """The inner loop's factors on the constants th: least squares on log time over the
    training shapes, with a free offset per shape and tiles (INNER_PAIRED), so that a factor
    says what its loop costs against the others measured at the same shape and tiles, not what
    the analytic terms miss of a shape; the ridge pulls each log-factor toward 0 (the
    reference's).  After the constants rather than with them: fitted jointly, the factors moved
    the constants and the validation regret got worse."""
    import numpy as np
    from scipy.optimize import least_squares
    keys = inner_keys(groups)
    if not keys:
        return th
    at = {k: i for i, k in enumerate(keys)}
    shapes = sorted({key for key in groups if key[0] == "gpu" and key[2] not in HELD_OUT},
                    key=str)
    data, sets = [], {}
    for key in shapes:
        g = groups[key]
        w = 1 / math.sqrt(len(g))
        for c, t in g.items():
            si = sets.setdefault((key, c[0], c[1], c[2], c[8]) if INNER_PAIRED else key,
                                 len(sets))
            data.append((devices[key], key[2], c, key[3], t, w, si))
    nk = len(keys)
    fs = 0.1

    def fun(x):
        model = th.like(th, {k: math.exp(v) for k, v in zip(keys, x[:nk])})
        r = []
        for dev, shape, c, elem, t, w, si in data:
            p = gpu_time(model, dev, shape, c, elem)
            r.append(w * (math.log(p / t) - x[nk + si] if p else 3.0))
        # The ridge as residuals whose soft-L1 cost (the loss below) is ridge * x^2 / 2
        # exactly: a quadratic pull toward 0 however far the factor goes.
        r += [v * math.sqrt(ridge * (1 + ridge * v * v / (4 * fs * fs))) for v in x[:nk]]
        return np.array(r)

    # Each residual depends on at most one factor and one offset.
    from scipy.sparse import lil_matrix
    sparsity = lil_matrix((len(data) + nk, nk + len(sets)), dtype=int)
    for i, (dev, shape, c, elem, t, w, si) in enumerate(data):
        k = at.get(inner_key(c, elem))
        if k is not None:
            sparsity[i, k] = 1
        sparsity[i, nk + si] = 1
    for k in range(nk):
        sparsity[len(data) + k, k] = 1
    bound = -math.log(INNER_BOUND)
    lo = [-bound] * nk + [-np.inf] * len(sets)
    hi = [bound] * nk + [np.inf] * len(sets)
    res = least_squares(fun, np.zeros(nk + len(sets)), jac_sparsity=sparsity, bounds=(lo, hi),
                        loss="soft_l1", f_scale=fs, max_nfev=400)
    return th.like(th, {k: math.exp(v) for k, v in zip(keys, res.x[:nk])})


# ---------------------------------------------------------------------------------------------
# Ranking report: the model's first choice among the recorded points of a shape.
def ranking(kind, th, groups, devices, which):
    lines, hits, regrets, n = [], 0, [], 0
    for key in sorted(groups, key=str):
        if key[0] != kind or len(groups[key]) < 4:
            continue
        held = key[2] in HELD_OUT
        if which == "train" and held or which == "validation" and not held:
            continue
        g = groups[key]
        preds = planner_preds(kind, th, devices[key], key[2], key[3], g)
        if not preds:
            continue
        pick = min(preds, key=preds.get)
        best = min(g.values())
        regret = g[pick] / best - 1
        n += 1
        hits += regret <= 0.05
        regrets.append(regret)
        lines.append("  %-6s %-22s %-20s %4d points: picked %.4g ms, best %.4g ms, regret %.1f%%"
                     % ("float" if key[3] == 4 else "double", short_device(devices[key]),
                        "x".join(map(str, key[2])), len(g), g[pick] * 1e3, best * 1e3,
                        100 * regret))
    if n:
        gm = math.exp(sum(math.log(1 + r) for r in regrets) / n) - 1
        lines.append("  %s %s: %d shapes, first choice within 5%% of the best recorded in %d, "
                     "geometric-mean regret %.1f%%, worst %.1f%%"
                     % (kind, which, n, hits, 100 * gm, 100 * max(regrets)))
    return lines


def planner_preds(kind, th, dev, shape, elem, g, time_of=None):
    """{point: predicted time} of the recorded points g the planner would rank: on a GPU those
    on the menu, where any is (all of them where none is, as the planner's fallback); time_of:
    another version's gpu_time."""
    preds = {c: time_of(th, dev, shape, c, elem) if time_of else
             predict(kind, th, dev, shape, c, elem) for c in g}
    preds = {c: p for c, p in preds.items() if p}
    menu = set(getattr(th, "menu", ()))
    on = {c: p for c, p in preds.items() if menu_key(c, elem) in menu} if kind == "gpu" else {}
    return on or preds


def fmt_config(kind, c):
    names = GPU_PARAM_NAMES if kind == "gpu" else CPU_PARAM_NAMES
    return " ".join("%s=%s" % (n, v) for n, v in zip(names, c))


def regret_table(th_of, groups, devices):
    """The model's first choice among each shape's recorded points against their best, as a
    Markdown table, and one summary line per kind and set."""
    lines = ["| set | device | type | shape | points | best recorded (ms) | model's choice (ms) "
             "| regret |", "|---|---|---|---|---|---|---|---|"]
    sums = {}
    for key in sorted(groups, key=lambda k: (k[0], k[1], k[3], k[2])):
        kind, dev, shape, elem = key
        g = groups[key]
        if len(g) < 4:
            continue
        preds = planner_preds(kind, th_of[kind], devices[key], shape, elem, g)
        if not preds:
            continue
        pick = min(preds, key=preds.get)
        best = min(g, key=g.get)
        regret = g[pick] / g[best] - 1
        which = "validation" if shape in HELD_OUT else "train"
        sums.setdefault((kind, which), []).append(regret)
        lines.append("| %s | %s | %s | %s | %d | %.4g (%s) | %.4g (%s) | %.1f%% |" % (
            which, short_device(devices[key]), "double" if elem == 8 else "float",
            "x".join(map(str, shape)), len(g), g[best] * 1e3, fmt_config(kind, best), g[pick] * 1e3,
            fmt_config(kind, pick), 100 * regret))
    lines.append("")
    for (kind, which), rs in sorted(sums.items()):
        gm = math.exp(sum(math.log(1 + r) for r in rs) / len(rs)) - 1
        lines.append("%s %s: %d shapes, first choice within 5%% of the best in %d, "
                     "geometric-mean regret %.1f%%, worst %.1f%%" % (
                         kind, which, len(rs), sum(r <= 0.05 for r in rs), 100 * gm,
                         100 * max(rs)))
    return lines


def menu_left_out(th, groups, devices, tiles=True):
    """Each GPU shape of four points or more ranked as the planner would with a menu and tile
    factors built without that shape's points (its best cannot be on the menu for being its
    best): one summary line, the shapes over 5% regret after it."""
    regrets = []
    residuals = tile_residuals(th, groups, devices) if tiles else None
    for key in sorted(groups, key=str):
        g = groups[key]
        if key[0] != "gpu" or len(g) < 4:
            continue
        others = {k: v for k, v in groups.items() if k[2] != key[2]}
        model = fit_tiles(th, groups, devices, leave_out=key[2], residuals=residuals) if tiles \
            else th.like(list(th), th.inner)
        model.menu = menu_points(others)
        preds = planner_preds("gpu", model, devices[key], key[2], key[3], g)
        if preds:
            pick = min(preds, key=preds.get)
            regrets.append((key, g[pick] / min(g.values()) - 1))
    if not regrets:
        return []
    gm = math.exp(sum(math.log(1 + r) for _, r in regrets) / len(regrets)) - 1
    worst = max(regrets, key=lambda x: x[1])
    return ["gpu, each shape left out of the menu: %d shapes, first choice within 5%% of the best "
            "in %d, geometric-mean regret %.2f%%, worst %.1f%% (%s)" % (
                len(regrets), sum(r <= 0.05 for _, r in regrets), 100 * gm, 100 * worst[1],
                "x".join(map(str, worst[0][2]))),
            "  over 5%: " + ", ".join("%s %s %.1f%%" % ("x".join(map(str, k[2])),
                                                       "double" if k[3] == 8 else "float",
                                                       100 * r)
                                      for k, r in regrets if r > 0.05)]


# ---------------------------------------------------------------------------------------------
# The planner's search (shape_model.c's rank_fast_gpu), for tables of its first choices.
PLAN_TILES, PLAN_TSKS = (16, 32, 64, 96, 128, 256), (8, 16, 32)
PLAN_WPTS, PLAN_VWS = (1, 2, 4, 6, 8, 12, 16), (1, 2, 4, 8)
PLAN_SPLITS = (1, 2, 3, 4, 6, 8, 12, 16, 24, 32)


def fast_valid(c):
    tsm, tsn, tsk, wptm, wptn, vwm, vwn = c[:7]
    if tsm % wptm or tsn % wptn or wptm % vwm or wptn % vwn:
        return False
    threads = (tsm // wptm) * (tsn // wptn)
    return (tsm * tsk // 4) % threads == 0 and (tsn * tsk // 4) % threads == 0


def may_split(dev, shape, tsm, tsn):
    """Whether tiles of tsm x tsn may split K at shape, as shape_model.c's fast_may_split."""
    return ceil_div(shape[0], tsm) * ceil_div(shape[1], tsn) < 2 * dev["cu"]


def refine_split(time_of, th, dev, shape, c, t, elem):
    """(c, t) at the split the model predicts fastest among every count of slices up to
    PLAN_SPLITS' last, as shape_model.c's refine_splits; unchanged where none is faster."""
    if not may_split(dev, shape, c[0], c[1]):
        return c, t
    for ks in range(1, PLAN_SPLITS[-1] + 1):
        split = c[:8] + (ks,) + c[9:]
        ts = time_of(th, dev, shape, split, elem)
        if ts is not None and ts < t:
            c, t = split, ts
    return c, t


def plan_gpu(time_of, th, dev, shape, elem=4):
    """The first point of the planner's order with the least predicted time, and that time."""
    import itertools
    best = [None, None]

    def consider(tsm, tsn, rest):
        """Each of the points (TSM, TSN, *rest(ks)) at the splits the planner tries for them."""
        for ks in PLAN_SPLITS if may_split(dev, shape, tsm, tsn) else (1,):
            for c in rest(ks):
                c = (tsm, tsn) + c
                t = time_of(th, dev, shape, c, elem)
                if t is not None and (best[1] is None or t < best[1]):
                    best[:] = c, t

    def chosen():
        """The best point at its refined split, or (None, None) where none fits."""
        if best[0] is None:
            return tuple(best)
        return refine_split(time_of, th, dev, shape, best[0], best[1], elem)

    for m in getattr(th, "menu", ()):
        if m[0] == elem and fast_valid(m[1:8]):
            consider(m[1], m[2], lambda ks: [m[3:9] + (ks, m[9])])
    if best[0] is not None:
        return chosen()
    # No point of the menu fits: the whole space.
    # Rows per work-item descending, as shape_model.c: on a tie with its transpose the taller.
    for tsm, tsn, tsk, wptm, wptn, vwm, vwn in itertools.product(
            PLAN_TILES, PLAN_TILES, PLAN_TSKS, PLAN_WPTS[::-1], PLAN_WPTS, PLAN_VWS, PLAN_VWS):
        if fast_valid((tsm, tsn, tsk, wptm, wptn, vwm, vwn)):
            # On a tie, double's own schedule first.
            consider(tsm, tsn, lambda ks: [(tsk, wptm, wptn, vwm, vwn, edge, ks,
                                            1 - i if elem == 8 else i)
                                           for edge in (0, 1) for i in (0, 1)])
    return chosen()


def planner_shapes(script="bench/planner_gpu.sh"):
    """The shapes bench/planner_gpu.sh measures by default."""
    import re
    m = re.search(r"shapes=\$\{SHAPES:-([^}]*)\}", open(script).read())
    if not m:
        raise SystemExit("error: no 'shapes=${SHAPES:-...}' line in '%s'" % script)
    return [parse_shape(x) for x in m.group(1).split(",")]


def parse_shape(text):
    try:
        dims = [int(x) for x in text.split("x")]
    except ValueError:
        dims = []
    if len(dims) == 1:
        dims *= 3
    if len(dims) != 3 or min(dims) < 1:
        raise SystemExit("error: shape '%s' is not N or MxNxK with positive sizes" % text)
    return tuple(dims)


def plan_table(models, shapes, groups, devices):
    """Per shape and model (name, gpu_time, constants): the planner's first choice and its
    predicted time, and the first choice among the recorded points with its measured time."""
    gpus = {k[1]: d for k, d in devices.items() if k[0] == "gpu"}
    if len(gpus) != 1:
        raise SystemExit("error: the points file has %d GPUs, the table needs one" % len(gpus))
    key, dev = next(iter(gpus.items()))
    name = dev["name"]
    head = "| shape | recorded points |"
    rule = "|---|---|"
    for label, _, _ in models:
        head += " %s: planner's choice | predicted (ms) | pick among recorded (measured ms) |" \
            % label
        rule += "---|---|---|"
    if len(models) == 2:
        head += " %s's prediction of %s's choice (ms) |" % (models[1][0], models[0][0])
        rule += "---|"
    lines = ["On %s (from the points file)." % name, "", head, rule]
    for shape in shapes:
        g = groups.get(("gpu", key, shape, 4), {})
        row = "| %s | %d |" % ("x".join(map(str, shape)), len(g))
        first = None
        for _, time_of, th in models:
            c, t = plan_gpu(time_of, th, dev, shape)
            first = first or c
            row += " %s | %s |" % (fmt_config("gpu", c) if c else "none",
                                   "%.4g" % (t * 1e3) if c else "-")
            preds = planner_preds("gpu", th, dev, shape, 4, g, time_of)
            if len(preds) >= 2:
                pick = min(preds, key=preds.get)
                best = min(g.values())
                row += " %.4g (%s) |" % (g[pick] * 1e3, "the best" if g[pick] == best else
                                         "best %.4g" % (best * 1e3))
            else:
                row += " - |"
        if len(models) == 2:
            t = models[1][1](models[1][2], dev, shape, first, 4) if first else None
            row += " %s |" % ("%.4g" % (t * 1e3) if t else "-")
        lines.append(row)
    return lines


def fast_entries(entries, name):
    """(shape, point, entry) of a tuning database's float matmul_fast entries for the GPU named
    name, at PAD 0 (the space the model ranks)."""
    for e in entries:
        if e.get("device") != name or e.get("kernel") != "matmul_fast" or \
                e.get("type", "float") != "float" or e.get("params", {}).get("PAD", 0) != 0:
            continue
        q = dict(FAST_DEFAULTS, **e["params"])
        yield tuple(e["size"]), tuple(q[x] for x in GPU_PARAM_NAMES), e


def lookup_table(models, tuned, groups, devices):
    """Per float matmul_fast entry of the tuning database for the points file's GPU: the
    entry's recorded time, and per model (name, gpu_time, constants) its first choice over its
    whole space with that point's recorded time where a sweep recorded it (a Markdown table and
    a summary)."""
    gpus = {k[1]: d for k, d in devices.items() if k[0] == "gpu"}
    if len(gpus) != 1:
        raise SystemExit("error: the points file has %d GPUs, the table needs one" % len(gpus))
    key, dev = next(iter(gpus.items()))
    name = dev["name"]
    try:
        entries = json.load(open(tuned))["entries"]
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise SystemExit("error: '%s' is not a tuning database (%s)" % (tuned, e))
    head = "| shape | entry's point | entry ms (recorded) |"
    rule = "|---|---|---|"
    for label, _, _ in models:
        head += " %s: model's choice | its recorded ms | entry/model |" % label
        rule += "---|---|---|"
    lines = [
        "# The model's choice against the tuning database's entries, from recorded points only",
        "",
        "For each float matmul_fast entry of %s for %s: the entry's point and its recorded time "
        "(the best median of that point among the recorded points, %s; where no sweep recorded "
        "it, the entry's own median), the planner's first choice over its whole space for the "
        "entry's shape (bench/shape_model.py's planner; the kernel's own checks after the "
        "ranking are not applied), and that point's recorded time where a sweep recorded it at "
        "the shape." % (tuned, name, POINTS),
        "",
        "Made by `bench/shape_model.py lookup%s`." % (
            " --before SCRIPT --before-header FILE" if len(models) > 1 else ""),
        "",
        "Noise: both times are the best medians of the sweeps that recorded each point, often of "
        "different runs, so ratios within about 2-3% of 1 are within run-to-run noise; "
        "\"not recorded\" says nothing of the point's speed (bench/planner_gpu.sh measures "
        "the model against the entries in one run).",
        "", head, rule]
    sums = {label: [] for label, _, _ in models}
    for shape, ce, e in fast_entries(entries, name):
        g = groups.get(("gpu", key, shape, 4), {})
        te = g.get(ce)
        row = "| %s | %s | %s |" % ("x".join(map(str, shape)), fmt_short(ce),
                                    "%.4g" % (te * 1e3) if te else
                                    "%.4g (the entry's own)" % e["median_ms"])
        te = te or e["median_ms"] / 1e3
        for label, time_of, th in models:
            c, _ = plan_gpu(time_of, th, dev, shape)
            tm = g.get(c)
            same = c == ce
            row += " %s | %s | %s |" % ("the entry's point" if same else fmt_short(c),
                                        "%.4g" % (tm * 1e3) if tm else "not recorded",
                                        "%.3f" % (te / tm) if tm else "-")
            sums[label].append((shape, same, te / tm if tm else None))
        lines.append(row)
    lines.append("")
    for label, rs in sums.items():
        ratios = [r for _, same, r in rs if r is not None]
        near = sum(1 for _, same, r in rs if same or (r is not None and r >= 1 / 1.03))
        gm = math.exp(sum(math.log(r) for r in ratios) / len(ratios)) if ratios else float("nan")
        lines.append("%s: %d entries; the model's choice is the entry's point in %d, recorded "
                     "within 3%% of the entry in %d (the entry's point included), not recorded "
                     "in %d; where recorded, entry/model %.3f-%.3f, geometric mean %.3f  " % (
                         label, len(rs), sum(1 for _, same, _ in rs if same), near,
                         sum(1 for _, _, r in rs if r is None),
                         min(ratios) if ratios else float("nan"),
                         max(ratios) if ratios else float("nan"), gm))
    return lines


def fmt_short(c):
    """A point of matmul_fast in a table cell."""
    tsm, tsn, tsk, wptm, wptn, vwm, vwn, edge, ks, sched = c
    return "%dx%dx%d WPT %dx%d VW %d,%d EDGE=%d KSPLIT=%d%s" % (
        tsm, tsn, tsk, wptm, wptn, vwm, vwn, edge, ks, " SCHED=1" if sched else "")


# ---------------------------------------------------------------------------------------------
# The C header.
def c_array(name, values):
    return "static const double %s[] = {\n    %s,\n};\n" % (
        name, ",\n    ".join("%.17g" % v for v in values))


def test_vectors(gpu, cpu):
    """A few predictions for the C unit test to reproduce."""
    h100 = dict(name="H100", cu=132, clock_mhz=1980, local_mem=49152, max_wg=1024,
                vec_bytes=4, peak_gflops=2 * 132 * 128 * 1.98, lim=SM_LIMITS[(9, 0)], cc=(9, 0))
    epyc = dict(name="EPYC", cu=2, clock_mhz=2445, vec_bytes=32)
    g = [((4096, 4096, 4096), (128, 128, 16, 16, 4, 4, 4, 0, 1, 0), 4),
         ((4096, 256, 4096), (128, 64, 16, 8, 8, 4, 4, 1, 4, 0), 4),
         ((1000, 1000, 1000), (64, 64, 16, 8, 4, 4, 2, 0, 1, 0), 4),
         ((4096, 4096, 4096), (128, 128, 8, 8, 8, 2, 2, 0, 1, 1), 8),
         ((500, 500, 500), (16, 32, 8, 8, 8, 4, 4, 0, 1, 0), 4),      # 8 work-items a group
         ((8192, 8192, 8192), (128, 128, 16, 8, 8, 4, 4, 0, 1, 0), 4),  # registers snapped
         ((4096, 96, 4096), (128, 32, 8, 8, 8, 4, 4, 0, 8, 0), 4),     # a partial last round
         ((1500, 1500, 1500), (64, 64, 16, 8, 8, 4, 4, 0, 1, 0), 4),   # edge groups, EDGE=0
         # Inner-loop factors: configurations of the table and one outside it.
         ((8192, 8192, 8192), (128, 128, 16, 8, 8, 8, 2, 0, 1, 0), 4),
         ((2048, 2048, 2048), (128, 128, 16, 16, 4, 4, 4, 0, 1, 0), 4),
         ((1024, 1024, 1024), (64, 128, 16, 8, 8, 4, 2, 0, 1, 0), 4),
         ((2047, 2047, 2047), (128, 128, 16, 16, 4, 4, 4, 1, 1, 0), 4),
         ((4096, 4096, 4096), (128, 128, 16, 8, 8, 1, 1, 0, 1, 0), 4),
         # The registers the menu's builds reported, without split-K and with it.
         ((1700, 1700, 1700), (64, 128, 16, 8, 8, 4, 4, 1, 1, 0), 4),
         ((3000, 80, 6000), (64, 128, 16, 8, 8, 4, 4, 1, 8, 0), 4),
         # Tile factors: the widest tile of the table.
         ((4096, 4096, 4096), (128, 256, 8, 16, 8, 4, 4, 0, 1, 0), 4)]
    c = [((1024, 1024, 1024), (4, 8, 2, 32, 256, 1), 4),
         ((1000, 100, 3000), (6, 8, 2, 16, 0, 1), 4)]
    out = []
    for shape, cfg, elem in g:
        out.append(("gpu", shape, cfg, elem, gpu_time(gpu, h100, shape, cfg, elem)))
    for shape, cfg, elem in c:
        out.append(("cpu", shape, cfg, elem, cpu_time(cpu, epyc, shape, cfg, elem)))
    return out, h100


def plan_vectors(gpu, h100):
    """The planner's first choices on the H100-like device for the shapes of
    bench/planner_gpu.sh, the skinny ones (two whose split refine_split moves) and DGEMM 4096^3:
    the C planner must make the same."""
    shapes = [(s, 4) for s in planner_shapes()]
    shapes += [(s, 4) for s in ((4096, 64, 4096), (4096, 128, 4096), (1500, 1500, 1500),
                                (126, 2234, 6875), (9000, 56, 2000))
               if (s, 4) not in shapes]
    shapes.append(((4096, 4096, 4096), 8))
    out = []
    for shape, elem in shapes:
        c, t = plan_gpu(gpu_time, gpu, h100, shape, elem)
        out.append((shape, elem, c, t))
    return out


def c_table(f, struct, count, fields, rows, empty, array=None):
    """A struct, its row count and a static array of the rows (empty: the one row of an empty
    table, which C cannot declare)."""
    f.write("struct %s {\n%s\n};\n" % (struct, fields))
    f.write("#define %s %d\n" % (count, len(rows)))
    f.write("static const struct %s %s[] = {\n" % (struct, array or struct))
    for row in rows or [empty]:
        f.write("    %s,\n" % row)
    f.write("};\n")


def factor_table(f, struct, count, factors, width):
    """c_table of {key of width longs: factor}, in ascending order of the key."""
    c_table(f, struct, count, "    long key[%d];\n    double factor;" % width,
            ["{{%s}, %.17g}" % (", ".join(map(str, k)), v) for k, v in sorted(factors.items())],
            "{{%s}, 1}" % ", ".join(["0"] * width))


def write_header(path, gpu, cpu, summary):
    vec, h100 = test_vectors(gpu, cpu)
    plans = plan_vectors(gpu, h100)
    with open(path + ".tmp", "w") as f:
        f.write("/* Generated by bench/shape_model.py fit from the recorded points;\n"
                " * do not edit: run the script again.  The constants of the shape model\n"
                " * (shape_model.c), in the order of the names below, and test vectors that\n"
                " * tests/unit/test_shape_model.c reproduces.\n")
        for line in summary:
            f.write(" * %s\n" % line.strip())
        f.write(" */\n#ifndef CLBENCH_SHAPE_MODEL_FIT_H\n#define CLBENCH_SHAPE_MODEL_FIT_H\n\n")
        f.write("/* The compiler's register snap to the next occupancy level (REG_SNAP). */\n")
        f.write("#define CB_MODEL_REG_SNAP %.17g\n" % REG_SNAP)
        f.write("/* A build's report at this share of the cap or more: the need is the "
                "regression's (REPORTED_MAX). */\n")
        f.write("#define CB_MODEL_REPORTED_MAX %.17g\n\n" % REPORTED_MAX)
        f.write("/* %s */\n" % " ".join(GPU_NAMES))
        f.write(c_array("cb_model_gpu", gpu))
        f.write("/* %s */\n" % " ".join(CPU_NAMES))
        f.write(c_array("cb_model_cpu", cpu))
        f.write("\n/* The inner loop's factors on the k-step cost: element bytes, TSM, TSN, TSK, WPTM, "
                "WPTN,\n * VWM, VWN, SCHED, EDGE, factor; in ascending order of the key "
                "(shape_model.c searches it).\n * A configuration not listed: 1. */\n")
        factor_table(f, "cb_model_inner", "CB_MODEL_INNER_COUNT", getattr(gpu, "inner", {}), 10)
        f.write("\n/* The tiles' factors on their work-groups' time: element bytes, TSM, TSN, TSK, "
                "factor;\n * in ascending order of the key (shape_model.c searches it).  A tile "
                "not listed: 1. */\n")
        factor_table(f, "cb_model_tile", "CB_MODEL_TILE_COUNT", getattr(gpu, "tiles", {}), 4)
        cc = getattr(gpu, "regs_cc", None) or (0, 0)
        f.write("\n/* The planner's menu (MENU_TOLERANCE %g): element bytes, TSM, TSN, TSK, WPTM, "
                "WPTN,\n * VWM, VWN, EDGE, SCHED; shape_model.c ranks them at every split.  Then "
                "the registers\n * the point's builds reported without and with split-K (0: none) "
                "on compute capability\n * CB_MODEL_REGS_CC_MAJOR.MINOR (menu_registers), which "
                "the model takes there. */\n"
                "#define CB_MODEL_REGS_CC_MAJOR %d\n#define CB_MODEL_REGS_CC_MINOR %d\n"
                % (MENU_TOLERANCE, cc[0], cc[1]))
        regs = getattr(gpu, "regs", {})
        c_table(f, "cb_model_menu_point", "CB_MODEL_MENU_COUNT",
                "    long key[10];\n    long regs[2];",
                ["{{%s}, {%d, %d}}" % (", ".join(map(str, k)), regs.get(k + (False,), 0),
                                       regs.get(k + (True,), 0))
                 for k in getattr(gpu, "menu", [])],
                "{{0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, {0, 0}}", array="cb_model_menu")
        f.write("\n#ifdef CB_MODEL_VECTORS\n")
        f.write("/* kind (0 GPU: H100-like, 1 CPU: 2-core AVX2), M, N, K, element bytes,\n"
                " * parameters (matmul_fast's ten or matmul_cpu's six), predicted seconds. */\n")
        f.write("struct cb_model_vector {\n    int cpu;\n    long m, n, k, elem;\n"
                "    long params[10];\n    double seconds;\n};\n")
        f.write("static const struct cb_model_vector cb_model_vectors[] = {\n")
        for kind, shape, cfg, elem, t in vec:
            f.write("    {%d, %d, %d, %d, %d, {%s}, %.17g},\n" % (
                kind == "cpu", shape[0], shape[1], shape[2], elem,
                ", ".join(str(x) for x in cfg), t))
        f.write("};\n\n")
        f.write("/* The planner's first choice on the H100-like device: M, N, K, element bytes,\n"
                " * matmul_fast's ten parameters, predicted seconds. */\n")
        f.write("struct cb_model_plan_vector {\n    long m, n, k, elem;\n    long params[10];\n"
                "    double seconds;\n};\n")
        f.write("static const struct cb_model_plan_vector cb_model_plan_vectors[] = {\n")
        for shape, elem, cfg, t in plans:
            f.write("    {%d, %d, %d, %d, {%s}, %.17g},\n" % (
                shape[0], shape[1], shape[2], elem, ", ".join(str(x) for x in cfg), t))
        f.write("};\n#endif\n\n#endif\n")
    os.replace(path + ".tmp", path)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cmd", choices=["fit", "menu", "check", "points", "regret", "plan", "vectors",
                                    "lookup"])
    ap.add_argument("files", nargs="*")
    ap.add_argument("--results", default="results")
    ap.add_argument("--points", default=POINTS)
    ap.add_argument("--header", default="host/tune/shape_model_fit.h")
    ap.add_argument("--only", choices=["gpu", "cpu"],
                    help="fit: refit this kind's constants, keep the header's of the other")
    ap.add_argument("--before", help="plan: another version of this script, for a column")
    ap.add_argument("--before-header", help="plan: the header of --before's constants")
    ap.add_argument("--tuned", default="results/tuned.json",
                    help="lookup: the tuning database whose entries are compared")
    ap.add_argument("--ridge", type=float,
                    help="fit: the ridge weight on the inner-loop factors' logs (default %g)"
                    % INNER_RIDGE)
    ap.add_argument("--no-tiles", action="store_true",
                    help="fit: fit no tile factors; regret: drop the header's and rank each "
                    "left-out shape without them")
    ap.add_argument("--free", help="fit --only gpu: refit only these GPU constants "
                    "(comma-separated names), keep the header's others and its inner-loop "
                    "factors")
    a = ap.parse_intermixed_args()
    free = a.free.split(",") if a.free else []
    if free and (a.cmd != "fit" or a.only != "gpu"):
        raise SystemExit("error: '--free' goes with 'fit --only gpu'")
    unknown = [n for n in free if n not in GPU_NAMES]
    if unknown:
        raise SystemExit("error: no GPU constant '%s'; the names are %s"
                         % (unknown[0], ", ".join(GPU_NAMES)))
    if a.cmd in ("plan", "lookup"):
        shapes = [parse_shape(x) for x in a.files] if a.files else planner_shapes()
        models = []
        if a.before:
            import importlib.util
            if not a.before_header:
                raise SystemExit("error: '--before' needs '--before-header', the constants of "
                                 "that version")
            spec = importlib.util.spec_from_file_location("shape_model_before", a.before)
            mod = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(mod)
            models.append(("before", mod.gpu_time, read_header(a.before_header)[0]))
        models.append(("after" if a.before else "model", gpu_time, read_header(a.header)[0]))
        groups, devices = group_rows(list(load_points(a.points)))
        lines = plan_table(models, shapes, groups, devices) if a.cmd == "plan" else \
            lookup_table(models, a.tuned, groups, devices)
        for line in lines:
            print(line)
        return 0
    if a.cmd == "vectors":
        gpu, cpu = read_header(a.header)
        write_header(a.header, gpu, cpu, header_summary(a.header))
        print("wrote %s" % a.header)
        return 0
    if a.cmd == "points":
        paths = sorted(glob.glob(os.path.join(a.results, "**", "*.json"), recursive=True))
        paths = [p for p in paths if os.path.abspath(p) != os.path.abspath(a.points)]
        print("%d points into %s" % (write_points(paths, a.points), a.points))
        return 0
    if a.cmd == "regret":
        gpu, cpu = read_header(a.header)
        if a.no_tiles:
            gpu = gpu.like(list(gpu), gpu.inner)
        groups, devices = group_rows(list(load_points(a.points)))
        for line in regret_table({"gpu": gpu, "cpu": cpu}, groups, devices) + [""] + \
                menu_left_out(gpu, groups, devices, tiles=not a.no_tiles):
            print(line)
        return 0
    if a.cmd == "menu":
        # The header's constants and factors kept, its menu rebuilt from the points file.
        gpu, cpu = read_header(a.header)
        rows = list(load_points(a.points))
        groups, devices = group_rows(rows)
        gpu.menu = menu_points(groups)
        gpu.regs, gpu.regs_cc = menu_registers(rows, gpu.menu)
        summary = [l for l in header_summary(a.header) if not l.startswith("menu:")]
        summary.append(menu_line(gpu, groups,
                                 "the constants above kept (bench/shape_model.py menu)"))
        for line in summary[-1:] + regret_table({"gpu": gpu, "cpu": cpu}, groups, devices)[-4:]:
            print(line)
        write_header(a.header, gpu, cpu, summary)
        return 0
    if a.cmd == "check":
        from_header = read_header(a.header)
        rows = list(load_rows(a.files))
        groups, devices = group_rows(rows)
        for kind, th in (("gpu", from_header[0]), ("cpu", from_header[1])):
            for line in ranking(kind, th, groups, devices, "all"):
                print(line)
        return 0
    rows = list(load_points(a.points))
    groups, devices = group_rows(rows)
    regs, nregs = fit_registers(rows)
    start = list(GPU_START)
    if regs:
        start[0:4] = regs
    old = read_header(a.header) if a.only and os.path.exists(a.header) else None
    menu = menu_points(groups)
    model = GpuConstants([], None, menu, *menu_registers(rows, menu))
    if a.only == "cpu" and old and len(old[0]) == len(GPU_NAMES):
        gpu, ngpu = old[0], 0
    elif free and old:
        # The others as the header has them: a full refit moves the constants that rank the
        # tiles no sweep measured (results/shape-model/regret.md, "Then: five constants").
        keep = set(range(len(GPU_NAMES))) - {GPU_NAMES.index(n) for n in free}
        gpu, ngpu = fit("gpu", groups, devices, old[0], fixed=keep, inner=old[0].inner,
                        model=model, tiles=not a.no_tiles)
    else:
        gpu, ngpu = fit("gpu", groups, devices, start, fixed={0, 1, 2, 3}, ridge=a.ridge,
                        model=model, tiles=not a.no_tiles)
    if a.only == "gpu" and old and len(old[1]) == len(CPU_NAMES):
        cpu, ncpu = old[1], 0
    else:
        cpu, ncpu = fit("cpu", groups, devices, CPU_START)
    summary = ["points: %s (bench/shape_model.py points, from the run files it names)" % a.points,
               ("registers kept from the header before" if free else
                "registers from %d rows' build reports" % nregs) +
               "; GPU constants from %d points, CPU from %d" % (ngpu, ncpu) +
               (" (0: kept from the header before)" if a.only else ""),
               *(["refitted: %s; the other GPU constants and the inner-loop factors kept from "
                  "the header before (fit --only gpu --free)" % ", ".join(free)] if free else []),
               "validation shapes (held out): " + ", ".join("x".join(map(str, s))
                                                           for s in sorted(HELD_OUT)),
               "inner-loop factors: %d configurations of at least %d training points over %d "
               "shapes, ridge %g, within %g-%.4g" % (
                   len(getattr(gpu, "inner", {})), INNER_MIN_POINTS, INNER_MIN_SHAPES,
                   INNER_RIDGE if a.ridge is None else a.ridge, INNER_BOUND, 1 / INNER_BOUND),
               "tile factors: %d tiles of at least %d training points over %d shapes, fitted last "
               "with an offset per shape, ridge %g, within %.4g-%.4g" % (
                   len(getattr(gpu, "tiles", {})), TILE_MIN_POINTS, TILE_MIN_SHAPES, TILE_RIDGE,
                   math.exp(-TILE_BOUND), math.exp(TILE_BOUND))]
    summary.append(menu_line(gpu, groups, "fitted with the constants"))
    report = []
    for kind, th in (("gpu", gpu), ("cpu", cpu)):
        for which in ("train", "validation"):
            report += ranking(kind, th, groups, devices, which)
    for line in summary + report:
        print(line)
    for names, th in ((GPU_NAMES, gpu), (CPU_NAMES, cpu)):
        print("  " + " ".join("%s=%.4g" % (n, v) for n, v in zip(names, th)))
    for k, v in sorted(getattr(gpu, "inner", {}).items()):
        print("  inner %s %dx%dx%d WPT %dx%d VW %d,%d SCHED=%d EDGE=%d: %.4f" % (
            "double" if k[0] == 8 else "float", *k[1:], v))
    for k, v in sorted(getattr(gpu, "tiles", {}).items()):
        print("  tile %s %dx%dx%d: %.4f" % ("double" if k[0] == 8 else "float", *k[1:], v))
    write_header(a.header, gpu, cpu, summary + [l for l in report if ":" in l and "shapes" in l])
    return 0


def menu_line(gpu, groups, how):
    shapes = sum(1 for k in groups if k[0] == "gpu" and k[2] not in HELD_OUT)
    cc = getattr(gpu, "regs_cc", None)
    return ("menu: %d points within %g%% of the best of %d training shapes' sweeps, %s; "
            "registers reported for %d of them on compute capability %s"
            % (len(gpu.menu), 100 * MENU_TOLERANCE, shapes, how,
               len({k[:-1] for k in getattr(gpu, "regs", {})}),
               "%d.%d" % cc if cc else "none"))


def read_header(path):
    """[GPU constants (GpuConstants, with the inner loop's factors), CPU constants]."""
    import re
    text = open(path).read()
    out = []
    for name in ("cb_model_gpu", "cb_model_cpu"):
        body = text.split(name + "[] = {", 1)[1].split("};", 1)[0]
        out.append([float(x) for x in body.replace("\n", " ").split(",") if x.strip()])

    def factors(array, count):
        """{key: factor} of factor_table's table, empty where the header has none."""
        m = re.search(r"#define %s (\d+)" % count, text)
        if not m:
            return {}
        body = text.split(array + "[] = {", 1)[1].split("};", 1)[0]
        return {tuple(int(x) for x in key.split(",")): float(v)
                for key, v in re.findall(r"\{\{([^}]*)\}, ([^}]*)\}", body)[:int(m.group(1))]}

    inner = factors("cb_model_inner", "CB_MODEL_INNER_COUNT")
    tiles = factors("cb_model_tile", "CB_MODEL_TILE_COUNT")
    menu, regs, regs_cc = [], {}, None
    m = re.search(r"#define CB_MODEL_MENU_COUNT (\d+)", text)
    if m:
        body = text.split("cb_model_menu[] = {", 1)[1].split("};", 1)[0]
        # {{key}, {registers without split-K, with}}, or {{key}} before the registers.
        for row in re.findall(r"\{\{([^}]*)\}(?:, \{([^}]*)\})?\}", body)[:int(m.group(1))]:
            key = tuple(int(x) for x in row[0].split(","))
            menu.append(key)
            for split, r in enumerate(int(x) for x in row[1].split(",") if row[1]):
                if r:
                    regs[key + (bool(split),)] = r
        cc = re.search(r"#define CB_MODEL_REGS_CC_MAJOR (\d+)\s+#define CB_MODEL_REGS_CC_MINOR (\d+)",
                       text)
        regs_cc = (int(cc.group(1)), int(cc.group(2))) if cc and regs else None
    out[0] = GpuConstants(out[0], inner, menu, regs, regs_cc, tiles)
    return out


def header_summary(path):
    """The summary lines of a header's opening comment (write_header's)."""
    lines = open(path).read().split(" */", 1)[0].splitlines()
    return [l[3:] for l in lines if l.startswith(" * ")][3:]


if __name__ == "__main__":
    sys.exit(main())
