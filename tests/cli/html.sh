# `clbench report --html`: the page of two machines' run files opens in headless Chromium with
# no console message, every number in its cells equals the run files' (read from the DOM
# Chromium built), text that looks like markup stays text, nothing is fetched, and the clocks,
# power, energy and throttling a run recorded are shown.  Skipped (77) without chromium.
source "$(dirname "$0")/lib.sh"

CHROMIUM=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$CHROMIUM" ]; then
    echo "html: skipped: no chromium (apt-get install chromium)"
    exit 77
fi

run -d cpu -k vadd,vadd_local,matmul_naive,matmul_tiled -n 128 "${QUICK[@]}" -o "$TMP/a.json"
expect_rc 0
# The second machine, a failed row whose reason and a command line that look like markup,
# measured peaks (the probes are not under test: the roofline is), and one row with the
# device state and energy a run on a GPU host records.
python3 - "$TMP" <<'PY' || fail "planting"
import json, sys
d = sys.argv[1]
run = json.load(open(d + "/a.json"))
for dev in run["devices"]:
    dev["peak"].update(measured_gbs=12.5, measured_gflops=250.0)
for r in run["rows"]:
    if r["status"] == "ok":
        r["fraction_of_peak"] = (r["gflops"] / 250.0 if r["metric"] == "GFLOP/s"
                                 else r["gbs"] / 12.5)
run["command_line"] = "clbench -k 'vadd' <b>&amp; \"x\""
json.dump(run, open(d + "/a.json", "w"))
run["host"] = "other<host>&"
for dev in run["devices"]:
    dev["state_source"] = {"nvml": "absent: not an NVIDIA device", "cpufreq": "scaling_cur_freq"}
for r in run["rows"]:
    if r["kernel"] == "vadd_local":
        r["status"], r["reason"] = "verify_failed", "<script>alert('x')</script> & \"more\""
        r.pop("stats", None)
    if r["kernel"] == "matmul_tiled":
        r["device_state"] = {
            "source": "cpufreq", "samples": 12,
            "sm_clock_mhz": {"min": 1665, "median": 1755.5, "max": 1890},
            "power_w": {"min": 60, "median": 71.25, "max": 80},
            "throttle_reasons": ["power_cap"], "throttled": True,
            "clock_moved_pct": 11.9, "clock_moved": True}
        r["energy"] = {"source": "rapl", "joules_per_launch": 0.0125,
                       "gflops_per_joule": 2.5, "window_ms": 1040.0, "error_pct": 4.2}
    if r["kernel"] == "vadd":
        r["energy_absent"] = "RAPL: /sys/class/powercap not readable"
json.dump(run, open(d + "/b.json", "w"))
PY

run report --html "$TMP/page.html" "$TMP/a.json" "$TMP/b.json"
expect_rc 0
[ ! -s "$TMP/stdout" ] || fail "--html printed to stdout"
[ "$(stat -c %s "$TMP/page.html")" -lt 2000000 ] || fail "page over 2 MB"

# The DOM as Chromium built it, and what it logged: a console message is a broken page.
timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --enable-logging=stderr --v=0 \
    --dump-dom "file://$TMP/page.html" >"$TMP/dom.html" 2>"$TMP/chromium.err" ||
    fail "chromium --dump-dom: $(tail -3 "$TMP/chromium.err")"
! grep -E ':CONSOLE[:(]' "$TMP/chromium.err" || fail "the page logged to the console"
python3 - "$TMP/dom.html" "$TMP/page.html" "$TMP/a.json" "$TMP/b.json" <<'PY' || fail "page"
import json, re, sys
from html.parser import HTMLParser
dom_path, page_path, files = sys.argv[1], sys.argv[2], sys.argv[3:]
runs = [json.load(open(p)) for p in files]

class Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags, self.cells, self.stack, self.text = [], [], [], []
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.tags.append((tag, a))
        if tag in ("td", "th", "tr"):
            self.stack.append([tag, a, ""])
    def handle_endtag(self, tag):
        if self.stack and self.stack[-1][0] == tag:
            self.cells.append(self.stack.pop())
    def handle_data(self, data):
        self.text.append(data)
        for entry in self.stack:
            entry[2] += data

page = Page()
page.feed(open(dom_path).read())
raw = open(page_path).read()
# Nothing fetched: no script, stylesheet, image or frame, no URL at all.
assert not re.search(r"https?:|src=|<link|<script|@import|url\(", raw, re.I), "external reference"
assert not any(t in ("script", "link", "img", "iframe") for t, _ in page.tags), "element"
text = "".join(page.text)
assert "<script>alert('x')</script> & \"more\"" in text, "the reason is not shown as text"
assert "clbench -k 'vadd' <b>&amp; \"x\"" in text, "the command line is not shown as text"
assert "other<host>&" in text

def row_of(cell):
    s, i = map(int, cell[1]["data-row"].split(":"))
    return runs[s]["rows"][i]

ms_cells = [c for c in page.cells if c[0] == "td" and "data-status" in c[1] and "data-row" in c[1]
            and "data-kernel" in c[1]]
seen = set()
for tag, a, body in ms_cells:
    r = row_of((tag, a))
    seen.add(a["data-row"])
    assert a["data-kernel"] == r["kernel"] and a["data-status"] == r["status"], (a, r["kernel"])
    if r["status"] == "ok":
        assert float(a["data-ms"]) == r["stats"]["median_ms"], (a, r["stats"])
        shown = body.replace("\u2691", "").strip()
        assert shown == "%.4g" % r["stats"]["median_ms"], (shown, r["stats"]["median_ms"])
    else:
        assert "data-ms" not in a and body.strip() == "FAILED", (a, body)
rows = sum(len(run["rows"]) for run in runs)
assert len(seen) == rows, "%d of %d rows in the tables" % (len(seen), rows)
# Throughput and fraction of peak: the cells after each time cell carry their row's values.
for tag, a, body in page.cells:
    if "data-throughput" in a:
        assert any(float(a["data-throughput"]) == r.get(k) for run in runs for r in run["rows"]
                   for k in ("gflops", "gbs")), a
        assert body.strip() != ""
fractions = [float(a["data-fraction"]) for _, a, _ in page.cells if "data-fraction" in a]
assert fractions and all(any(f == r.get("fraction_of_peak") for run in runs for r in run["rows"])
                         for f in fractions)
# The failed row with its reason, in the table of rows that did not run ok.
failed = [c for c in page.cells if c[0] == "tr" and c[1].get("data-status") == "verify_failed"]
assert len(failed) == 1 and row_of(failed[0])["reason"] in failed[0][2], failed
# Recorded state: the throttled row marked, its clock, power and energy in columns.
marks = [a for t, a in page.tags if a.get("data-throttled")]
assert len(marks) == 1 and "power_cap" in marks[0]["title"] and "11.9%" in marks[0]["title"]
values = {k: float(a[k]) for _, a, _ in page.cells for k in a
          if k in ("data-clock-mhz", "data-power-w", "data-joules", "data-per-joule")}
assert values == {"data-clock-mhz": 1755.5, "data-power-w": 71.25, "data-joules": 0.0125,
                  "data-per-joule": 2.5}, values
assert "RAPL: /sys/class/powercap not readable" in text and "scaling_cur_freq" in text
# Where energy is shown, its source and error.
shown = [a for _, a, _ in page.cells if "data-energy-source" in a]
assert len(shown) == 2 and all(a["data-energy-source"] == "rapl" and
                               a["title"] == "rapl, within 4.2%" for a in shown), shown
# The figures: a roofline per device, a ladder per family; the verdict and provenance.
rooflines = [a for t, a in page.tags if t == "svg" and "data-roofline" in a]
ladders = [a["data-ladder"] for t, a in page.tags if t == "svg" and "data-ladder" in a]
assert len(rooflines) == 2 and sorted(ladders) == ["matmul", "vadd"], (rooflines, ladders)
assert "local memory" in text and runs[0]["git_commit"] in text
peaks = [float(a["data-peak-gbs"]) for _, a in page.tags if "data-peak-gbs" in a]
assert peaks == [12.5, 12.5], peaks
PY

# A screenshot, as a reader would see the page: Chromium lays it out and paints it.
timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --window-size=1400,3000 \
    --screenshot="$TMP/page.png" "file://$TMP/page.html" >/dev/null 2>&1 || fail "screenshot"
[ "$(stat -c %s "$TMP/page.png")" -gt 20000 ] || fail "the screenshot is (nearly) blank"

# Bad use: --html with another view or an output of its own; an unwritable place.
run report --html "$TMP/x.html" --findings "$TMP/a.json"
expect_rc 2
expect_one_error_line
run report --html "$TMP/x.html" -o "$TMP/y.html" "$TMP/a.json"
expect_rc 2
expect_one_error_line
run report --html "$TMP/no/such/dir/x.html" "$TMP/a.json"
expect_rc 2
[ ! -e "$TMP/no/such/dir" ] || fail "a directory was made"
echo "html: ok"
