#!/usr/bin/env python3
"""bench/timeline.py [-o FILE] -- COMMAND...

Where a clbench run's wall time goes: runs COMMAND on a pseudo-terminal, so that clbench
shows its progress line, and times each step it announces there ("measuring the peaks of",
"building the programs for", each row), the start before the first step and the end after the
last (the tables, the verdict, the run file).  Prints the steps in order with their seconds and
a summary per device and per kind of step; -o FILE keeps the same text.  The command's own
stdout goes to stdout as usual, its stderr to stderr without the progress line's rewrites.
Exit status: the command's.
"""
import os
import pty
import re
import subprocess
import sys
import time

STEP = re.compile(r"\[\d+/\d+\] (.*?) \.\.\.")


def steps_of(chunks):
    """(time, step text) for each step the progress line announced, in order."""
    out, seen = [], None
    for t, text in chunks:
        for m in STEP.finditer(text):
            if m.group(1) != seen:
                seen = m.group(1)
                out.append((t, seen))
    return out


def kind_of(step):
    for k, name in (("measuring the peaks of", "peaks"), ("building the programs for", "builds")):
        if step.startswith(k):
            return name, step[len(k):].strip()
    m = re.match(r"(\S+) on (.*) (\S+)$", step)
    return ("row", m.group(2)) if m else ("other", "")


def main():
    argv = sys.argv[1:]
    keep = None
    if argv[:1] == ["-o"]:
        keep, argv = argv[1], argv[2:]
    if argv[:1] == ["--"]:
        argv = argv[1:]
    if not argv:
        sys.exit(__doc__)
    chunks, text = [], []
    start = time.monotonic()
    # clbench shows its progress line where stderr is a terminal: stderr on a pseudo-terminal,
    # stdout (the tables) as it is.
    master, slave = pty.openpty()
    proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stderr=slave)
    os.close(slave)
    while True:
        try:
            data = os.read(master, 65536)
        except OSError:  # EIO: the command closed the terminal
            break
        if not data:
            break
        chunk = data.decode(errors="replace").replace("\r\n", "\n")
        chunks.append((time.monotonic() - start, chunk))
        for part in re.split(r"\r\033\[K", chunk):
            if not STEP.search(part) and part.strip():
                text.append(part)
    status = proc.wait()
    end = time.monotonic() - start
    sys.stderr.write("".join(text))
    steps = steps_of(chunks)
    lines = []
    first = steps[0][0] if steps else end
    lines.append("%8.2f  start (before the first step)" % first)
    totals = {}
    for i, (t, step) in enumerate(steps):
        took = (steps[i + 1][0] if i + 1 < len(steps) else end) - t
        if i + 1 == len(steps):
            step += " (and everything after it)"
        lines.append("%8.2f  %s" % (took, step))
        kind, device = kind_of(steps[i][1])
        totals[(device, kind)] = totals.get((device, kind), 0) + took
    lines.append("%8.2f  wall" % end)
    lines.append("")
    for (device, kind), s in sorted(totals.items()):
        lines.append("%8.2f  %-6s %s" % (s, kind, device))
    report = "\n".join(lines) + "\n"
    sys.stderr.write(report)
    if keep:
        with open(keep, "w") as f:
            f.write(report)
    sys.exit(status if status >= 0 else 128 - status)


if __name__ == "__main__":
    main()
