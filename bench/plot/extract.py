#!/usr/bin/env python3
"""Turn clbench run files into gnuplot data files, one set per figure.

    extract.py [--labels REPORT.json] DATADIR RUN.json...

For every figure it can draw from the rows present, writes DATADIR/<figure>.dat (the data),
DATADIR/<figure>.vars.gp (titles and sizes as gnuplot variables) and DATADIR/<figure>.sources
(the run files it comes from: kept out of the titles, where a list of files does not fit), and
prints one line "<script> <figure>" on stdout; bench/plot.sh runs bench/plot/<script>.gp for
each line.  REPORT.json (`clbench report -f json` of the same files) names the devices: the
binary's short names ("H100 80GB HBM3", "PoCL Intel Xeon"), the same as in its tables.
Figures whose rows are absent are skipped with a message on stderr, as are failed rows:
a failed row has no throughput worth drawing, only a reason (see `clbench report`).

Devices are matched across files by (host, name, driver), so a device measured in several
files (one per family, say) is one device here; when the same row (kernel, parameters, size)
appears twice for one device, the file given later wins.
"""
import collections
import json
import math
import os
import re
import sys

SCHEMA = "clbench-run"
SCHEMA_VERSION = 1


def warn(msg):
    print("plot: " + msg, file=sys.stderr)


def slug(text):
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "device"


def gp_string(text):
    """A gnuplot double-quoted string literal: the only kind in which \\n is a line break."""
    return '"' + str(text).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def size_label(size):
    return "x".join(str(int(s)) for s in size)


def size_volume(size):
    return math.prod(int(s) for s in size)


def throughput(row):
    return row["gflops"] if row["metric"] == "GFLOP/s" else row["gbs"]


def fmt_num(x):
    return "%.6g" % x


# (host, name, driver) -> the label `clbench report` gives that device; filled by main().
LABELS = {}


class Device:
    def __init__(self, key, desc, host):
        self.key = key
        self.name = LABELS.get(key, desc.get("name", "?"))
        self.driver = desc.get("driver", "")
        self.host = host
        self.peak = {}
        self.files = []
        self.slug = slug(self.name)

    def add_file(self, path, desc):
        if path not in self.files:
            self.files.append(path)
        # The first file with a measured peak supplies it: a --no-peak run has none.
        if "measured_gflops" not in self.peak and "measured_gflops" in desc.get("peak", {}):
            self.peak = desc["peak"]

    def label(self):
        return "%s (%s)" % (self.name, self.driver) if self.driver else self.name


def load(paths):
    """Reads the run files; returns (devices by key, ok rows) with row['_dev'] and
    row['_file'] added."""
    devices = {}
    rows = {}
    failed = 0
    for path in paths:
        try:
            with open(path, encoding="utf-8") as f:
                run = json.load(f)
        except (OSError, ValueError) as e:
            sys.exit("plot: error: cannot read %s: %s" % (path, e))
        if run.get("schema") != SCHEMA:
            sys.exit("plot: error: %s is not a clbench run file (schema %r)"
                     % (path, run.get("schema")))
        if run.get("schema_version") != SCHEMA_VERSION:
            sys.exit("plot: error: %s has schema_version %r; this script reads %d"
                     % (path, run.get("schema_version"), SCHEMA_VERSION))
        host = run.get("host", "")
        by_id = {}
        for desc in run.get("devices", []):
            key = (host, desc.get("name"), desc.get("driver"))
            dev = devices.setdefault(key, Device(key, desc, host))
            dev.add_file(path, desc)
            by_id[desc["id"]] = dev
        for row in run.get("rows", []):
            if row.get("status") != "ok":
                failed += 1
                continue
            dev = by_id[row["device"]]
            row["_dev"] = dev
            row["_file"] = os.path.basename(path)
            params = tuple(sorted(row.get("params", {}).items()))
            rows[(dev.key, row["kernel"], params, tuple(row["size"]))] = row
    if failed:
        warn("skipped %d failed row(s) (status != ok); they are never plotted" % failed)
    # Two devices of one name would share a file name: add the host, then the driver (one
    # host, two PoCL versions).
    for extra in (lambda d: d.host, lambda d: d.driver):
        count = collections.Counter(d.slug for d in devices.values())
        for d in devices.values():
            if count[d.slug] > 1:
                d.slug = slug(d.slug + "-" + extra(d))
    return devices, list(rows.values())


def provenance(rows):
    return "\n".join(sorted({r["_file"] for r in rows}))


def varying_params(rows):
    """The parameter names whose value differs between the rows: only those tell variants
    apart (WGS=256 on every row is not worth a label)."""
    values = {}
    for r in rows:
        for name, value in r["params"].items():
            values.setdefault(name, set()).add(value)
    return sorted(name for name, vals in values.items() if len(vals) > 1)


def param_set(row, names):
    """The row's values of these parameters; None where its run file predates one of them
    (an older binary: vadd had no VEC before the second session)."""
    return tuple((name, row["params"].get(name)) for name in names)


class Writer:
    def __init__(self, datadir):
        self.datadir = datadir

    def figure(self, script, name, data_lines, variables, sources):
        with open(os.path.join(self.datadir, name + ".dat"), "w", encoding="utf-8") as f:
            f.write("\n".join(data_lines) + "\n")
        with open(os.path.join(self.datadir, name + ".sources"), "w", encoding="utf-8") as f:
            f.write(sources + "\n")
        with open(os.path.join(self.datadir, name + ".vars.gp"), "w", encoding="utf-8") as f:
            for var, value in variables.items():
                value = gp_string(value) if isinstance(value, str) else fmt_num(value)
                f.write("%s = %s\n" % (var, value))
        print(script, name)


# A kernel swept over more parameter sets than this is one cluster (its best set per
# device) in the bar chart; its sweep has a figure of its own (heat map, occupancy curves).
MAX_CLUSTERS_PER_KERNEL = 4


def common_size(frows, devs):
    """The size the bars compare at: the one most devices ran, then the one with the most
    (kernel, device) rows, then the largest."""
    def score(size):
        at = [r for r in frows if size_label(r["size"]) == size]
        return (len({r["_dev"].key for r in at if r["_dev"].key in devs}),
                len({(r["kernel"], r["_dev"].key) for r in at}),
                size_volume(at[0]["size"]))
    return max({size_label(r["size"]) for r in frows}, key=score)


def bars(writer, devices, rows):
    """Figure 1: per family, one cluster per variant, one bar per device, every bar at one
    size that the devices share, so that a cluster compares like with like."""
    families = sorted({r["family"] for r in rows})
    for family in families:
        allrows = [r for r in rows if r["family"] == family]
        devs = list(dict.fromkeys(r["_dev"].key for r in allrows))  # in the files' order
        size = common_size(allrows, devs)
        frows = [r for r in allrows if size_label(r["size"]) == size]
        devs = [k for k in devs if any(r["_dev"].key == k for r in frows)]
        metric = frows[0]["metric"]
        clusters = []  # (label, {device key: value})
        # Variants in the order the run files list them: the registry's order, baseline first.
        for kernel in dict.fromkeys(r["kernel"] for r in frows):
            krows = [r for r in frows if r["kernel"] == kernel]
            shown = varying_params(krows)
            sets = sorted({param_set(r, shown) for r in krows},
                          key=lambda s: [(p, -1 if v is None else v) for p, v in s])
            per_device_sets = {k: {param_set(r, shown) for r in krows if r["_dev"].key == k}
                               for k in devs}
            if all(len(v) <= 1 for v in per_device_sets.values()):
                # Each device ran one set (its own defaults): one cluster, as in the tables.
                groups = [(kernel + ("\\n(own defaults)" if len(sets) > 1 else ""), krows)]
            elif len(sets) > MAX_CLUSTERS_PER_KERNEL:
                groups = [("%s\\n(best of %d)" % (kernel, len(sets)), krows)]
            else:
                groups = [(kernel + "".join("\\n%s=%g" % pv for pv in s if pv[1] is not None),
                           [r for r in krows if param_set(r, shown) == s])
                          for s in sets]
            for label, grows in groups:
                per_dev = {}
                for key in devs:
                    drows = [r for r in grows if r["_dev"].key == key]
                    if drows:
                        per_dev[key] = throughput(max(drows, key=throughput))
                clusters.append((label, per_dev))
        header = ["variant"] + [devices[k].label() for k in devs]
        lines = ["\t".join('"%s"' % h for h in header)]
        for label, per_dev in clusters:
            cells = [fmt_num(per_dev[k]) if k in per_dev else "?" for k in devs]
            lines.append("\t".join(['"%s"' % label] + cells))
        values = [v for _, pd in clusters for v in pd.values() if v > 0]
        # GPU and CPU bars differ by 100x and more: a linear axis would flatten the CPU.
        logscale = 1 if values and max(values) / min(values) > 30 else 0
        skipped = len({size_label(r["size"]) for r in allrows}) - 1
        writer.figure("bars", "bars-" + slug(family), lines, {
            "title": "%s family: %s of every variant at size %s (median; the best where a "
                     "variant was swept)%s" % (
                         family, metric, size,
                         "\n%d other size(s) in the files are left out: every bar is at the "
                         "size most devices ran" % skipped if skipped else ""),
            "ylabel": metric + (" (log scale)" if logscale else ""),
            "ndev": len(devs),
            "logscale": logscale,
            "label_lines": max(label.count("\\n") + 1 for label, _ in clusters),
            "width": max(1000, 200 + 40 * len(clusters) * (len(devs) + 1)),
        }, provenance(frows))


def heatmaps(writer, devices, rows):
    """Figure 2: matmul_regblock GFLOP/s by RX and RY, per device and TILE, largest size."""
    rb = [r for r in rows if r["kernel"] == "matmul_regblock"
          and {"RX", "RY"} <= set(r["params"])]
    if not rb:
        warn("no ok matmul_regblock rows with RX and RY: no heat map")
        return
    for key in dict.fromkeys(r["_dev"].key for r in rb):
        dev = devices[key]
        drows = [r for r in rb if r["_dev"].key == key]
        for tile in sorted({r["params"].get("TILE") for r in drows}, key=lambda t: t or 0):
            trows = [r for r in drows if r["params"].get("TILE") == tile]
            biggest = max(size_volume(r["size"]) for r in trows)
            trows = [r for r in trows if size_volume(r["size"]) == biggest]
            rxs = sorted({r["params"]["RX"] for r in trows})
            rys = sorted({r["params"]["RY"] for r in trows})
            cell = {(r["params"]["RX"], r["params"]["RY"]): r["gflops"] for r in trows}
            # Grid positions, not RX/RY values, so that 1,2,4,8 make equal cells; a cell
            # that was not run or failed stays NaN, drawn blank.
            lines = ["# ix iy gflops"]
            for ix, rx in enumerate(rxs):
                for iy, ry in enumerate(rys):
                    lines.append("%d %d %s" % (ix, iy, fmt_num(cell.get((rx, ry), math.nan))))
            name = "heatmap-%s" % dev.slug + ("-tile%g" % tile if tile is not None else "")
            best = max(cell, key=cell.get)
            writer.figure("heatmap", name, lines, {
                "title": "matmul_regblock GFLOP/s by RX x RY (outputs per work-item), TILE=%s,"
                         " size %s; best %gx%g\n%s" % (
                             "%g" % tile if tile is not None else "default",
                             size_label(trows[0]["size"]), best[0], best[1], dev.label()),
                "xtics": "(" + ", ".join('"%g" %d' % (v, i) for i, v in enumerate(rxs)) + ")",
                "ytics": "(" + ", ".join('"%g" %d' % (v, i) for i, v in enumerate(rys)) + ")",
                "nx": len(rxs),
                "ny": len(rys),
            }, provenance(trows))


def occupancy_param(rows):
    """The parameter that sets local memory per work-group: OCC_KIB in cl/copy.cl, or any
    parameter named like it."""
    names = {n for r in rows for n in r["params"]}
    if "OCC_KIB" in names:
        return "OCC_KIB"
    for n in sorted(names):
        if re.search(r"OCC|LOCAL|LMEM|SMEM|SHARED", n, re.I):
            return n
    return None


def occupancy(writer, devices, rows):
    """Figure 3: copy_ilp fraction of peak against local memory per work-group, one curve
    per ILP and VEC, one plot per device, largest size."""
    cp = [r for r in rows if r["kernel"] == "copy_ilp"]
    occ = occupancy_param(cp)
    if not cp or occ is None:
        warn("no ok copy_ilp rows with an occupancy parameter: no occupancy curves")
        return
    for key in dict.fromkeys(r["_dev"].key for r in cp):
        dev = devices[key]
        drows = [r for r in cp if r["_dev"].key == key and occ in r["params"]]
        # The size swept over the most occupancy values (then the largest): a lone
        # OCC_KIB=0 row at a bigger size is a bandwidth figure, not a curve.
        def sweep(size):
            return len({r["params"][occ] for r in drows if size_volume(r["size"]) == size})
        chosen = max({size_volume(r["size"]) for r in drows}, key=lambda v: (sweep(v), v))
        if sweep(chosen) < 2:
            warn("copy_ilp on %s ran at one %s only: no occupancy curve" % (dev.label(), occ))
            continue
        drows = [r for r in drows if size_volume(r["size"]) == chosen]
        # One curve per ILP and VEC needs every other parameter (WGS) fixed: keep the setting
        # the occupancy sweep used, not a lone OCC=0 row of another run at another WGS.
        def others(r):
            return tuple(sorted((k, v) for k, v in r["params"].items()
                                if k not in ("ILP", "VEC", occ)))
        swept = [r for r in drows if r["params"][occ] != 0] or drows
        setting = collections.Counter(others(r) for r in swept).most_common(1)[0][0]
        drows = [r for r in drows if others(r) == setting]
        # Without a measured peak (--no-peak) the fraction is null: draw GB/s instead.
        use_fraction = all(r.get("fraction_of_peak") for r in drows)
        curves = sorted({(r["params"].get("ILP", 0), r["params"].get("VEC", 0)) for r in drows})
        lines = []
        for ilp, vec in curves:
            lines.append('"ILP=%g VEC=%g"' % (ilp, vec))
            crows = sorted((r for r in drows if (r["params"].get("ILP", 0),
                                                 r["params"].get("VEC", 0)) == (ilp, vec)),
                           key=lambda r: r["params"][occ])
            for r in crows:
                y = r["fraction_of_peak"] * 100 if use_fraction else r["gbs"]
                lines.append("%s %s" % (fmt_num(r["params"][occ]), fmt_num(y)))
            lines += ["", ""]  # a gnuplot data block per curve
        writer.figure("occupancy", "occupancy-" + dev.slug, lines, {
            "title": "copy_ilp: %s vs local memory per work-group, size %s%s\n%s" % (
                "% of measured peak GB/s" if use_fraction else "GB/s (no measured peak in run)",
                size_label(drows[0]["size"]),
                # A copy that fits in cache can beat the DRAM peak: say why, not just how much.
                " (fits in cache)" if any(r.get("cache_resident") for r in drows) else "",
                dev.label()),
            "xlabel": "extra local memory per work-group, %s%s  (less occupancy \u2192)" % (
                occ, " (KiB)" if occ.endswith("KIB") else ""),
            "ylabel": "% of measured peak GB/s" if use_fraction else "GB/s",
            "ncurves": len(curves),
        }, provenance(drows))


def roofline(writer, devices, rows):
    """Figure 4: per device, the measured roofs and each ok row at its arithmetic intensity
    (FLOPs per compulsory byte) and achieved GFLOP/s."""
    for key in dict.fromkeys(r["_dev"].key for r in rows):
        dev = devices[key]
        drows = [r for r in rows if r["_dev"].key == key]
        peak_gflops = dev.peak.get("measured_gflops")
        peak_gbs = dev.peak.get("measured_gbs")
        if not peak_gflops or not peak_gbs:
            warn("no measured peak for %s (run with --no-peak?): no roofline" % dev.label())
            continue
        placed = [r for r in drows if r.get("flops", 0) > 0 and r.get("bytes", 0) > 0
                  and r["gflops"] > 0]
        left_out = len(drows) - len(placed)
        if not placed:
            warn("no rows with FLOPs on %s: no roofline" % dev.label())
            continue
        kernels = []
        for r in placed:
            if r["kernel"] not in kernels:
                kernels.append(r["kernel"])
        lines = []
        for k in kernels:
            lines.append('"%s"' % k)
            for r in placed:
                if r["kernel"] == k:
                    lines.append("%s %s" % (fmt_num(r["flops"] / r["bytes"]),
                                            fmt_num(r["gflops"])))
            lines += ["", ""]
        ai = [r["flops"] / r["bytes"] for r in placed]
        writer.figure("roofline", "roofline-" + dev.slug, lines, {
            "title": "Roofline: measured peaks %.5g GFLOP/s and %.5g GB/s\n%s" % (
                peak_gflops, peak_gbs, dev.label()),
            "caption": ("%d row(s) without FLOPs (copies, transposes) cannot sit on a roofline"
                        " and are left out.\n" % left_out if left_out else "") +
                       "Intensity counts compulsory bytes only, so all variants of one problem"
                       " and size share an x; their heights differ.",
            "peak_gflops": peak_gflops,
            "peak_gbs": peak_gbs,
            # The x range spans the rows and the ridge point, a decade beyond on each side.
            "xmin": min(ai + [peak_gflops / peak_gbs]) / 10,
            "xmax": max(ai + [peak_gflops / peak_gbs]) * 10,
            "nkernels": len(kernels),
        }, provenance(drows))


def read_labels(path):
    """The device labels of a `clbench report -f json` of the same files."""
    try:
        with open(path, encoding="utf-8") as f:
            report = json.load(f)
    except (OSError, ValueError) as e:
        sys.exit("plot: error: cannot read the device labels in %s: %s" % (path, e))
    for d in report.get("devices", []):
        LABELS.setdefault((d.get("host", ""), d.get("name"), d.get("driver")),
                          d.get("short_name", d["label"]))


def main(argv):
    if len(argv) >= 3 and argv[1] == "--labels":
        read_labels(argv[2])
        argv = argv[:1] + argv[3:]
    if len(argv) < 3:
        sys.exit("usage: extract.py [--labels REPORT.json] DATADIR RUN.json...")
    datadir, paths = argv[1], argv[2:]
    os.makedirs(datadir, exist_ok=True)
    devices, rows = load(paths)
    if not rows:
        warn("no ok rows in %s: nothing to plot" % ", ".join(paths))
        return
    writer = Writer(datadir)
    bars(writer, devices, rows)
    heatmaps(writer, devices, rows)
    occupancy(writer, devices, rows)
    roofline(writer, devices, rows)


if __name__ == "__main__":
    main(sys.argv)
