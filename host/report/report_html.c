/* `clbench report --html FILE`: the side-by-side view as one self-contained page (inline CSS
 * and SVG, no script, nothing fetched): the runs with their provenance, the devices, the
 * verdict, a roofline per device, then per family its table (the text view's cells, from
 * report_family.h), its ladder and the rows that failed with their reason.  Rows that ran
 * throttled or with a moving clock are marked, and the clock, power and energy a run recorded
 * get columns of their own.  Every number a test compares carries its full value and its row
 * ("data-row": source and index in that file's rows) in data- attributes.
 */
#define _POSIX_C_SOURCE 200809L
#include "clbench/report_html.h"
#include "clbench/report_family.h"
#include "clbench/report_rows.h"
#include "clbench/report_views.h"

#include <stdlib.h>
#include <string.h>

static const char style[] =
    "body{font:14px/1.4 system-ui,-apple-system,'Segoe UI',sans-serif;margin:24px;color:#111;"
    "max-width:1600px}\n"
    "h1{font-size:22px}h2{font-size:18px;margin-top:32px;border-bottom:1px solid #ccc}"
    "h3{font-size:15px}\n"
    ".wide{overflow-x:auto}\n"
    "table{border-collapse:collapse;margin:8px 0;font-variant-numeric:tabular-nums}\n"
    "th,td{padding:2px 8px;border-bottom:1px solid #e4e4e4;vertical-align:top}\n"
    "th{background:#f3f3f3;text-align:center;font-weight:600}\n"
    "td.n{text-align:right;white-space:nowrap}td.l{text-align:left;white-space:nowrap}\n"
    "th.g{border-left:2px solid #999}td.g{border-left:2px solid #999}\n"
    "td.bad{color:#a00;font-weight:600}td.absent{color:#777}\n"
    ".thr{color:#b45f00;font-weight:700;margin-left:3px}\n"
    "td.cmd{font-family:ui-monospace,monospace;font-size:12px;word-break:break-all;"
    "max-width:700px}\n"
    "pre{background:#f7f7f7;padding:8px;overflow-x:auto;font-size:12px}\n"
    "p.legend{color:#444;margin:4px 0}\n"
    "svg.fig{font:11px system-ui,sans-serif;background:#fff;border:1px solid #ddd;margin:6px}\n"
    "svg .grid{stroke:#e2e2e2}svg .frame{fill:none;stroke:#888}svg .axis{stroke:#888}\n"
    "svg .roof{fill:none;stroke:#000;stroke-width:2.5}svg .small{font-size:10px}\n"
    "nav a{margin-right:12px}\n"
    ".figs{display:flex;flex-wrap:wrap;gap:8px}figure{margin:0}"
    "figcaption{font-weight:600;margin:4px 8px}\n"
    "table.run th{text-align:left;width:110px}\n";

/* Where row x is in its source: file s, index i of its "rows" (-1 if not found). */
static int row_place(const struct cb_report *r, const struct cb_rrow *x, size_t *s, size_t *i)
{
    for (*s = 0; *s < r->source_count; (*s)++) {
        const cJSON *rows = cJSON_GetObjectItemCaseSensitive(r->sources[*s].root, "rows"), *y;

        *i = 0;
        cJSON_ArrayForEach(y, rows)
        {
            if (y == x->json)
                return 0;
            (*i)++;
        }
    }
    return -1;
}

static void data_row(FILE *out, const struct cb_report *r, const struct cb_rrow *x)
{
    size_t s, i;

    if (row_place(r, x, &s, &i) == 0)
        fprintf(out, " data-row=\"%zu:%zu\"", s, i);
}

static const char *str_of(const cJSON *j, const char *key)
{
    return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(j, key));
}

static double num_of(const cJSON *j, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(j, key);

    return cJSON_IsNumber(v) ? v->valuedouble : 0;
}

/* A device_state field's median (clock, power), 0 when the row has none. */
static double state_median(const struct cb_rrow *x, const char *field)
{
    const cJSON *state = cJSON_GetObjectItemCaseSensitive(x->json, "device_state");

    return num_of(cJSON_GetObjectItemCaseSensitive(state, field), "median");
}

static const cJSON *energy_of(const struct cb_rrow *x)
{
    const cJSON *e = cJSON_GetObjectItemCaseSensitive(x->json, "energy");

    return cJSON_IsObject(e) ? e : NULL;
}

/* Throttled, or a clock that moved while it was timed: the mark's tooltip in why. */
static int throttled(const struct cb_rrow *x, char *why, size_t len)
{
    const cJSON *state = cJSON_GetObjectItemCaseSensitive(x->json, "device_state"), *r;
    const int thr = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(state, "throttled"));
    const int moved = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(state, "clock_moved"));
    size_t used = 0;

    why[0] = '\0';
    if (!thr && !moved)
        return 0;
    if (thr) {
        used += (size_t)snprintf(why, len, "throttled:");
        cJSON_ArrayForEach(r, cJSON_GetObjectItemCaseSensitive(state, "throttle_reasons"))
        {
            if (cJSON_IsString(r) && used < len)
                used += (size_t)snprintf(why + used, len - used, " %s", r->valuestring);
        }
    }
    if (moved && used < len)
        snprintf(why + used, len - used, "%sclock moved %.1f%% while timed", thr ? "; " : "",
                 num_of(state, "clock_moved_pct"));
    return 1;
}

/* Text a view prints to a FILE, captured; NULL when out of memory. */
struct capture {
    FILE *f;
    char *text;
    size_t len;
};

static int capture_open(struct capture *c)
{
    c->text = NULL;
    c->f = open_memstream(&c->text, &c->len);
    return c->f != NULL ? 0 : -1;
}

/* Ends the capture and writes it as a <pre> block (nothing when it is empty). */
static void capture_pre(FILE *out, struct capture *c, const char *cls)
{
    fclose(c->f);
    if (c->text != NULL && c->len > 0) {
        fprintf(out, "<pre class=\"%s\">", cls);
        cb_html_text(out, c->text);
        fputs("</pre>\n", out);
    }
    free(c->text);
}

/* One key/value row of a run's provenance; skipped when value is NULL. */
static void provenance(FILE *out, const char *key, const char *value, const char *cls)
{
    if (value == NULL)
        return;
    fprintf(out, "<tr><th>%s</th><td class=\"%s\">", key, cls);
    cb_html_text(out, value);
    fputs("</td></tr>\n", out);
}

/* Each run as a small table of its provenance: a command line can be long. */
static void write_runs(FILE *out, const struct cb_report *r)
{
    fputs("<h2 id=\"runs\">Runs</h2>\n", out);
    for (size_t i = 0; i < r->source_count; i++) {
        const cJSON *root = r->sources[i].root, *d;
        const cJSON *settings = cJSON_GetObjectItemCaseSensitive(root, "settings");

        fprintf(out, "<h3>#%zu ", i + 1);
        cb_html_text(out, r->sources[i].name);
        fprintf(out, "</h3>\n<table class=\"run\" data-source=\"%zu\">\n", i);
        provenance(out, "host", r->sources[i].host, "l");
        provenance(out, "date", r->sources[i].date, "l");
        provenance(out, "commit", str_of(root, "git_commit"), "l");
        provenance(out, "clbench", str_of(root, "clbench_version"), "l");
        cJSON_ArrayForEach(d, cJSON_GetObjectItemCaseSensitive(root, "devices"))
        {
            fputs("<tr><th>device</th><td class=\"l\">", out);
            cb_html_text(out, str_of(d, "name"));
            fputs(" (", out);
            cb_html_text(out, str_of(d, "platform"));
            fputs("), driver ", out);
            cb_html_text(out, str_of(d, "driver"));
            fputs("</td></tr>\n", out);
        }
        if (cJSON_IsObject(settings))
            fprintf(out,
                    "<tr><th>settings</th><td class=\"l\">reps %g, warm-up %g, min time %g s"
                    "</td></tr>\n",
                    num_of(settings, "reps"), num_of(settings, "warmup"),
                    num_of(settings, "min_time_s"));
        provenance(out, "command line", str_of(root, "command_line"), "cmd");
        fputs("</table>\n", out);
    }
}

/* The first energy_absent reason among device d's rows, or NULL. */
static const char *energy_absent(const struct cb_report *r, size_t d)
{
    for (size_t i = 0; i < r->row_count; i++)
        if (r->rows[i].device == d && str_of(r->rows[i].json, "energy_absent") != NULL)
            return str_of(r->rows[i].json, "energy_absent");
    return NULL;
}

static void write_devices(FILE *out, const struct cb_report *r)
{
    fputs("<h2 id=\"devices\">Devices</h2>\n<div class=\"wide\"><table>\n<tr><th>device</th>"
          "<th>name</th><th>type</th><th>platform</th><th>driver</th><th>host</th>"
          "<th>peak GB/s</th><th>peak GFLOP/s</th><th>FP64 / FP16 GFLOP/s</th>"
          "<th>clocks, power, energy from</th></tr>\n",
          out);
    for (size_t d = 0; d < r->device_count; d++) {
        const struct cb_rdevice *dev = &r->devices[d];
        const cJSON *sources = cJSON_GetObjectItemCaseSensitive(dev->json, "state_source"), *s;
        const char *absent = energy_absent(r, d);

        fputs("<tr><td class=\"l\">", out);
        cb_html_text(out, dev->label);
        fputs("</td><td class=\"l\">", out);
        cb_html_text(out, dev->name);
        fputs("</td><td class=\"l\">", out);
        cb_html_text(out, dev->type);
        fputs("</td><td class=\"l\">", out);
        cb_html_text(out, dev->platform);
        fputs("</td><td class=\"l\">", out);
        cb_html_text(out, dev->driver);
        fputs("</td><td class=\"l\">", out);
        cb_html_text(out, dev->host);
        fputs("</td>", out);
        if (dev->peak_gbs > 0)
            fprintf(out, "<td class=\"n\" data-peak-gbs=\"%.17g\">%.1f</td>", dev->peak_gbs,
                    dev->peak_gbs);
        else
            fputs("<td class=\"n\">-</td>", out);
        if (dev->peak_gflops > 0)
            fprintf(out, "<td class=\"n\" data-peak-gflops=\"%.17g\">%.1f</td>", dev->peak_gflops,
                    dev->peak_gflops);
        else
            fputs("<td class=\"n\">-</td>", out);
        fputs("<td class=\"n\">", out);
        if (dev->peak_gflops_fp64 > 0)
            fprintf(out, "%.1f", dev->peak_gflops_fp64);
        else
            fputs("-", out);
        fputs(" / ", out);
        if (dev->peak_gflops_fp16 > 0)
            fprintf(out, "%.1f", dev->peak_gflops_fp16);
        else
            fputs("-", out);
        fputs("</td><td class=\"l\">", out);
        cJSON_ArrayForEach(s, sources)
        {
            if (!cJSON_IsString(s))
                continue;
            cb_html_text(out, s->string);
            fputs(": ", out);
            cb_html_text(out, s->valuestring);
            fputs("<br>", out);
        }
        if (absent != NULL) {
            fputs("energy: ", out);
            cb_html_text(out, absent);
        }
        if (!cJSON_IsObject(sources) && absent == NULL)
            fputs("not recorded", out);
        fputs("</td></tr>\n", out);
    }
    fputs("</table></div>\n", out);
}

/* The columns a device group gets beyond the text table's: what its rows recorded. */
enum { EXTRA_CLOCK = 1, EXTRA_POWER = 2, EXTRA_ENERGY = 4, EXTRA_EFFICIENCY = 8 };

static unsigned extras_of(const struct cb_report *r, const struct cb_rfamily *f, size_t i)
{
    unsigned e = 0;

    for (size_t k = 0; k < f->key_count; k++) {
        const struct cb_rrow *x = cb_report_family_cell(r, f->devices[i], f->keys[k]);

        if (x == NULL || !x->ok)
            continue;
        if (state_median(x, "sm_clock_mhz") > 0)
            e |= EXTRA_CLOCK;
        if (state_median(x, "power_w") > 0)
            e |= EXTRA_POWER;
        if (energy_of(x) != NULL && num_of(energy_of(x), "joules_per_launch") > 0)
            e |= EXTRA_ENERGY;
        if (energy_of(x) != NULL &&
            num_of(energy_of(x),
                   strcmp(f->metric, "GFLOP/s") == 0 ? "gflops_per_joule" : "gb_per_joule") > 0)
            e |= EXTRA_EFFICIENCY;
    }
    return e;
}

static size_t extra_count(unsigned e)
{
    return (size_t)((e & 1) + ((e >> 1) & 1) + ((e >> 2) & 1) + ((e >> 3) & 1));
}

static void cell(FILE *out, const char *cls, const char *text)
{
    fprintf(out, "<td class=\"%s\">", cls);
    cb_html_text(out, text != NULL ? text : "");
    fputs("</td>", out);
}

/* The device's cells of one table row: the text view's cells, the full values in data-
 * attributes, a mark on a throttled row, then the extra columns. */
static void device_cells(FILE *out, const struct cb_report *r, const struct cb_rfamily *f,
                         const struct cb_grid *g, size_t row, size_t i, unsigned extras)
{
    const struct cb_rrow *x = cb_report_family_cell(r, f->devices[i], f->keys[row - 1]);
    const size_t c0 = f->lead + f->per * i;
    const int efficiency_gflops = strcmp(f->metric, "GFLOP/s") == 0;
    char why[512];

    for (size_t j = 0; j < f->per; j++) {
        const char *text =
            g->cell[row * g->cols + c0 + j] != NULL ? g->cell[row * g->cols + c0 + j] : "";
        const char *cls =
            j == 0 ? (x != NULL && !x->ok ? (strcmp(text, "absent") == 0 ? "n g absent" : "n g bad")
                                          : "n g")
                   : "n";

        fprintf(out, "<td class=\"%s\"", cls);
        if (x != NULL && j == 0) {
            data_row(out, r, x);
            fputs(" data-kernel=\"", out);
            cb_html_text(out, x->kernel);
            fputs("\" data-device=\"", out);
            cb_html_text(out, r->devices[x->device].label);
            fprintf(out, "\" data-status=\"");
            cb_html_text(out, x->status);
            fputc('"', out);
            if (x->ok || x->median_ms > 0)
                fprintf(out, " data-ms=\"%.17g\"", x->median_ms);
        }
        if (x != NULL && x->ok && j == 1 && x->throughput > 0)
            fprintf(out, " data-throughput=\"%.17g\"", x->throughput);
        if (x != NULL && x->ok && j == 2 && x->fraction_of_peak > 0)
            fprintf(out, " data-fraction=\"%.17g\"", x->fraction_of_peak);
        if (j == 1 && x != NULL && !x->ok && x->reason != NULL && x->reason[0] != '\0') {
            fputs(" title=\"", out);
            cb_html_text(out, x->reason);
            fputc('"', out);
        }
        fputc('>', out);
        if (j == 0 && x != NULL && x->ok && throttled(x, why, sizeof why)) {
            /* The text view's "t"/"c" after the time: here the flag says it. */
            char time[64];
            size_t n = strlen(text) < sizeof time ? strlen(text) : sizeof time - 1;

            while (n > 0 && (text[n - 1] == 't' || text[n - 1] == 'c'))
                n--;
            memcpy(time, text, n);
            time[n] = '\0';
            cb_html_text(out, time);
        } else
            cb_html_text(out, text);
        if (j == 0 && x != NULL && throttled(x, why, sizeof why)) {
            fputs("<span class=\"thr\" data-throttled=\"1\" title=\"", out);
            cb_html_text(out, why);
            fputs("\">&#9873;</span>", out);
        }
        fputs("</td>", out);
    }
    for (unsigned bit = 1; bit <= EXTRA_EFFICIENCY; bit <<= 1) {
        const cJSON *e = x != NULL && x->ok ? energy_of(x) : NULL;
        double v = 0;
        const char *attr = "";

        if (!(extras & bit))
            continue;
        if (x != NULL && x->ok && bit == EXTRA_CLOCK) {
            v = state_median(x, "sm_clock_mhz");
            attr = "data-clock-mhz";
        } else if (x != NULL && x->ok && bit == EXTRA_POWER) {
            v = state_median(x, "power_w");
            attr = "data-power-w";
        } else if (bit == EXTRA_ENERGY) {
            v = num_of(e, "joules_per_launch");
            attr = "data-joules";
        } else if (bit == EXTRA_EFFICIENCY) {
            v = num_of(e, efficiency_gflops ? "gflops_per_joule" : "gb_per_joule");
            attr = "data-per-joule";
        }
        if (v > 0 && e != NULL && (bit == EXTRA_ENERGY || bit == EXTRA_EFFICIENCY)) {
            const char *src = str_of(e, "source");

            /* The source and its error where the energy is shown. */
            fprintf(out, "<td class=\"n\" %s=\"%.17g\" data-energy-source=\"", attr, v);
            cb_html_text(out, src != NULL ? src : "?");
            fputs("\" title=\"", out);
            cb_html_text(out, src != NULL ? src : "?");
            if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(e, "approximate")))
                fputs(", approximate", out);
            else if (num_of(e, "error_pct") > 0)
                fprintf(out, ", within %.2g%%", num_of(e, "error_pct"));
            fprintf(out, "\">%.4g</td>", v);
        } else if (v > 0)
            fprintf(out, "<td class=\"n\" %s=\"%.17g\">%.4g</td>", attr, v, v);
        else
            fputs("<td class=\"n\">-</td>", out);
    }
}

static void write_table(FILE *out, const struct cb_report *r, const struct cb_rfamily *f,
                        const struct cb_grid *g, const unsigned *extras)
{
    const size_t first_pair = f->lead + f->per * f->device_count;

    fputs("<div class=\"wide\"><table class=\"family\">\n<tr>", out);
    fprintf(out, "<th colspan=\"%zu\"></th>", f->lead);
    for (size_t i = 0; i < f->device_count; i++) {
        fprintf(out, "<th class=\"g\" colspan=\"%zu\">", f->per + extra_count(extras[i]));
        cb_html_text(out, r->devices[f->devices[i]].label);
        fputs("</th>", out);
    }
    for (size_t c = first_pair; c < g->cols;) {
        size_t span = 1;

        while (c + span < g->cols && strcmp(g->group[c + span], g->group[c]) == 0)
            span++;
        fprintf(out, "<th class=\"g\" colspan=\"%zu\">", span);
        cb_html_text(out, g->group[c]);
        fputs("</th>", out);
        c += span;
    }
    fputs("</tr>\n<tr>", out);
    for (size_t c = 0; c < g->cols; c++) {
        const size_t i = c >= f->lead && c < first_pair ? (c - f->lead) / f->per : 0;

        fprintf(out, "<th%s>",
                (c >= f->lead && (c - f->lead) % f->per == 0 && c < first_pair) || c == first_pair
                    ? " class=\"g\""
                    : "");
        cb_html_text(out, g->cell[c]);
        fputs("</th>", out);
        if (c >= f->lead && c < first_pair && (c - f->lead) % f->per == f->per - 1) {
            static const char *const names[] = {"MHz", "W", "J/launch", NULL};

            for (unsigned b = 0; b < 4; b++)
                if (extras[i] & (1u << b))
                    fprintf(out, "<th>%s</th>",
                            names[b] != NULL                    ? names[b]
                            : strcmp(f->metric, "GFLOP/s") == 0 ? "GFLOP/J"
                                                                : "GB/J");
        }
    }
    fputs("</tr>\n", out);
    for (size_t row = 1; row < g->rows; row++) {
        fputs("<tr>", out);
        for (size_t c = 0; c < f->lead; c++)
            cell(out, "l", g->cell[row * g->cols + c]);
        for (size_t i = 0; i < f->device_count; i++)
            device_cells(out, r, f, g, row, i, extras[i]);
        for (size_t c = first_pair; c < g->cols; c++)
            cell(out, c == first_pair ? "n g" : "n", g->cell[row * g->cols + c]);
        fputs("</tr>\n", out);
    }
    fputs("</table></div>\n", out);
}

static void write_failures(FILE *out, const struct cb_report *r, const struct cb_rfamily *f)
{
    int header = 0;

    for (size_t i = 0; i < r->row_count; i++) {
        const struct cb_rrow *x = &r->rows[i];

        if (x->ok || strcmp(x->family, f->name) != 0)
            continue;
        if (!header)
            fputs("<h3>Rows that did not run ok</h3>\n<div class=\"wide\"><table class=\"failed\">"
                  "<tr><th>device</th><th>kernel</th><th>params</th><th>size</th>"
                  "<th>status</th><th>reason</th></tr>\n",
                  out);
        header = 1;
        fputs("<tr", out);
        data_row(out, r, x);
        fputs(" data-status=\"", out);
        cb_html_text(out, x->status);
        fputs("\">", out);
        cell(out, "l", r->devices[x->device].label);
        cell(out, "l", x->kernel);
        cell(out, "l", x->params);
        cell(out, "l", x->size);
        cell(out,
             strcmp(x->status, "unavailable") == 0 || strcmp(x->status, "unsupported") == 0
                 ? "l absent"
                 : "l bad",
             x->status);
        cell(out, "l", x->reason);
        fputs("</tr>\n", out);
    }
    if (header)
        fputs("</table></div>\n", out);
}

static int write_family(FILE *out, const struct cb_report *r, const struct cb_rfamily *f,
                        size_t index)
{
    struct capture c;
    struct cb_grid g;
    unsigned *extras = calloc(f->device_count + 1, sizeof *extras);
    size_t wall;
    char why[256];

    if (extras == NULL || capture_open(&c) != 0) {
        free(extras);
        return -1;
    }
    fprintf(out, "<h2 id=\"family-%zu\">", index);
    cb_html_text(out, f->name);
    fputs(" (", out);
    cb_html_text(out, f->metric);
    fputs(")</h2>\n", out);
    cb_report_family_legend(c.f, r, f, 0);
    capture_pre(out, &c, "legend");
    for (size_t i = 0; i < f->device_count; i++)
        extras[i] = extras_of(r, f, i);
    if (cb_report_family_grid(r, f, &g, &wall) != 0) {
        cb_grid_free(&g);
        free(extras);
        return -1;
    }
    write_table(out, r, f, &g, extras);
    cb_grid_free(&g);
    free(extras);
    if (cb_svg_ladder(out, r, f, why, sizeof why) != 0) {
        fputs("<p class=\"legend\">ladder: ", out);
        cb_html_text(out, why);
        fputs("</p>\n", out);
    }
    if (capture_open(&c) != 0)
        return -1;
    cb_report_family_notes(c.f, r, f, 0, wall, 0);
    capture_pre(out, &c, "notes");
    write_failures(out, r, f);
    return 0;
}

int cb_report_write_html(FILE *out, const struct cb_report *r)
{
    const char **names = malloc((r->row_count + 1) * sizeof *names);
    const size_t n = names != NULL ? cb_report_family_names(r, names) : 0;
    size_t ok = 0, marked = 0;
    struct capture c;
    char why[256];

    if (names == NULL)
        return -1;
    for (size_t i = 0; i < r->row_count; i++) {
        ok += (size_t)r->rows[i].ok;
        marked += (size_t)throttled(&r->rows[i], why, sizeof why);
    }
    fprintf(out,
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            "<title>clbench report</title>\n<style>\n%s</style>\n</head>\n<body>\n"
            "<h1>clbench report</h1>\n"
            "<p>%zu run file(s), %zu device(s), <span id=\"row-count\" data-rows=\"%zu\">%zu "
            "rows</span>: %zu ok, %zu not ok",
            style, r->source_count, r->device_count, r->row_count, r->row_count, ok,
            r->row_count - ok);
    if (marked > 0)
        fprintf(out, ", %zu ran throttled or with a moving clock (marked &#9873;)", marked);
    fputs(". Times are median milliseconds; a cell's tooltip says more.</p>\n<nav>"
          "<a href=\"#runs\">runs</a><a href=\"#devices\">devices</a>"
          "<a href=\"#verdict\">verdict</a><a href=\"#roofline\">roofline</a>",
          out);
    for (size_t i = 0; i < n; i++) {
        fprintf(out, "<a href=\"#family-%zu\">", i);
        cb_html_text(out, names[i]);
        fputs("</a>", out);
    }
    fputs("</nav>\n", out);
    write_runs(out, r);
    write_devices(out, r);
    fputs("<h2 id=\"verdict\">Verdict</h2>\n", out);
    if (capture_open(&c) != 0) {
        free(names);
        return -1;
    }
    cb_report_write_verdict(c.f, r, CB_FORMAT_TABLE);
    capture_pre(out, &c, "verdict");
    fputs("<h2 id=\"roofline\">Roofline</h2>\n<div class=\"figs\">\n", out);
    for (size_t d = 0; d < r->device_count; d++) {
        fputs("<figure><figcaption>", out);
        cb_html_text(out, r->devices[d].label);
        fputs("</figcaption>\n", out);
        if (cb_svg_roofline(out, r, d, why, sizeof why) != 0) {
            fputs("<p class=\"legend\">", out);
            cb_html_text(out, why);
            fputs("</p>\n", out);
        }
        fputs("</figure>\n", out);
    }
    fputs("</div>\n", out);
    for (size_t i = 0; i < n; i++) {
        struct cb_rfamily f;
        const int status =
            cb_report_family_build(r, names[i], &f) == 0 ? write_family(out, r, &f, i) : -1;

        cb_report_family_free(&f);
        if (status != 0) {
            free(names);
            return -1;
        }
    }
    fputs("</body>\n</html>\n", out);
    free(names);
    return 0;
}
