/* The HTML report's figures as inline SVG: the roofline per device and the ladder per family,
 * drawn from the report's rows the way bench/plot/extract.py feeds gnuplot (roofline.gp,
 * bars.gp), so the page needs no plotting tool and no script. */
#include "clbench/report_html.h"
#include "clbench/report_rows.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Told apart by colour and, for readers who cannot, by the mark's shape. */
static const char *const palette[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd",
                                      "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};
enum { PALETTE = sizeof palette / sizeof palette[0] };

static int fail(char *why, size_t len, const char *what)
{
    snprintf(why, len, "%s", what);
    return -1;
}

struct axis {
    double lo, hi; /* values */
    double p0, p1; /* pixels */
    int log;
};

static double place(const struct axis *a, double v)
{
    const double t = a->log ? (log10(v) - log10(a->lo)) / (log10(a->hi) - log10(a->lo))
                            : (v - a->lo) / (a->hi - a->lo);

    return a->p0 + t * (a->p1 - a->p0);
}

static double decade_below(double v)
{
    return pow(10, floor(log10(v)));
}

static double decade_above(double v)
{
    return pow(10, ceil(log10(v)));
}

/* "0.01", "1", "1000", "1e+06": short tick labels. */
static void tick_label(char *buf, size_t len, double v)
{
    snprintf(buf, len, v != 0 && (v >= 1e5 || v < 1e-3) ? "%.0e" : "%g", v);
}

/* A step of 1, 2 or 5 times a power of ten giving about five ticks. */
static double nice_step(double span)
{
    const double raw = span / 5, mag = pow(10, floor(log10(raw))), f = raw / mag;

    return mag * (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10);
}

/* Grid lines and labels of an axis: vertical lines for x (labels under y_at), horizontal for
 * y (labels left of x_at). */
static void draw_ticks(FILE *out, const struct axis *a, int vertical, double from, double to,
                       double label_at)
{
    char label[32];
    const double step = a->log ? 0 : nice_step(a->hi - a->lo);

    for (double v = a->log ? decade_below(a->lo) : a->lo; v <= a->hi * (1 + 1e-9);
         v = a->log ? v * 10 : v + step) {
        double p;

        if (v < a->lo * (1 - 1e-9))
            continue;
        p = place(a, v);
        tick_label(label, sizeof label, v);
        if (vertical)
            fprintf(out,
                    "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" class=\"grid\"/>"
                    "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n",
                    p, from, p, to, p, label_at, label);
        else
            fprintf(out,
                    "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" class=\"grid\"/>"
                    "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
                    from, p, to, p, label_at, p + 4, label);
        if (a->log && v > a->hi)
            break;
    }
}

/* A mark of shape (i / PALETTE) % 4 at x, y: circle, square, triangle, diamond. */
static void mark(FILE *out, size_t i, double x, double y)
{
    const char *c = palette[i % PALETTE];

    switch ((i / PALETTE) % 4) {
    case 0:
        fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\">", x, y, c);
        break;
    case 1:
        fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"8\" height=\"8\" fill=\"%s\">", x - 4,
                y - 4, c);
        break;
    case 2:
        fprintf(out, "<polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\" fill=\"%s\">", x, y - 5,
                x - 5, y + 4, x + 5, y + 4, c);
        break;
    default:
        fprintf(out, "<polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f\" fill=\"%s\">", x,
                y - 5, x + 5, y, x, y + 5, x - 5, y, c);
    }
}

static const char *const mark_end[] = {"</circle>", "</rect>", "</polygon>", "</polygon>"};

static double num(const cJSON *j, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(j, key);

    return cJSON_IsNumber(v) ? v->valuedouble : 0;
}

/* A row that can sit on a roofline: ok, with FLOPs, bytes and GFLOP/s. */
static int on_roofline(const struct cb_rrow *x, size_t d)
{
    return x->device == d && x->ok && num(x->json, "flops") > 0 && num(x->json, "bytes") > 0 &&
           num(x->json, "gflops") > 0;
}

/* The kernels with a row on device d's roofline (each once, in row order), and the extent of
 * their points. */
struct roofline_rows {
    const char **kernels;
    size_t nk, placed, left_out; /* left_out: ok rows without FLOPs or bytes */
    double ai_lo, ai_hi, g_lo;
};

static void roofline_rows(const struct cb_report *r, size_t d, struct roofline_rows *rr)
{
    for (size_t i = 0; i < r->row_count; i++) {
        const struct cb_rrow *x = &r->rows[i];
        double ai;
        int seen = 0;

        if (x->device != d)
            continue;
        if (!on_roofline(x, d)) {
            rr->left_out += x->ok;
            continue;
        }
        rr->placed++;
        ai = num(x->json, "flops") / num(x->json, "bytes");
        rr->ai_lo = fmin(rr->ai_lo, ai);
        rr->ai_hi = fmax(rr->ai_hi, ai);
        rr->g_lo = fmin(rr->g_lo, num(x->json, "gflops"));
        for (size_t k = 0; k < rr->nk && !seen; k++)
            seen = strcmp(rr->kernels[k], x->kernel) == 0;
        if (!seen)
            rr->kernels[rr->nk++] = x->kernel;
    }
}

/* The roof, from where the bandwidth slope enters the frame to the ridge and on. */
static void draw_roof(FILE *out, const struct axis *ax, const struct axis *ay, double gbs,
                      double gflops)
{
    const double ridge = gflops / gbs;
    double x0 = ax->lo, y0 = x0 * gbs;

    if (y0 < ay->lo) {
        x0 = ay->lo / gbs;
        y0 = ay->lo;
    }
    fprintf(out,
            "<polyline class=\"roof\" points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\"/>\n"
            "<text x=\"%.1f\" y=\"%.1f\" class=\"small\">%.5g GFLOP/s</text>\n",
            place(ax, x0), place(ay, y0), place(ax, ridge), place(ay, gflops), place(ax, ax->hi),
            place(ay, gflops), place(ax, ridge) + 4, place(ay, gflops) - 5, gflops);
}

/* Each row of device d as its kernel's mark, then the legend of marks. */
static void draw_roofline_points(FILE *out, const struct cb_report *r, size_t d,
                                 const struct roofline_rows *rr, const struct axis *ax,
                                 const struct axis *ay)
{
    for (size_t i = 0; i < r->row_count; i++) {
        const struct cb_rrow *x = &r->rows[i];
        size_t k = 0;
        double ai, g;

        if (!on_roofline(x, d))
            continue;
        while (strcmp(rr->kernels[k], x->kernel) != 0)
            k++;
        ai = num(x->json, "flops") / num(x->json, "bytes");
        g = num(x->json, "gflops");
        mark(out, k, place(ax, ai), place(ay, g));
        fputs("<title>", out);
        cb_html_text(out, x->kernel);
        fputc(' ', out);
        cb_html_text(out, x->params);
        fprintf(out, " %s: %.4g GFLOP/s at %.3g FLOP/B</title>%s\n", x->size, g, ai,
                mark_end[(k / PALETTE) % 4]);
    }
    for (size_t k = 0; k < rr->nk; k++) {
        const double y = 30 + 15 * (double)k;

        mark(out, k, 490, y - 4);
        fprintf(out, "%s<text x=\"500\" y=\"%.0f\" class=\"small\">", mark_end[(k / PALETTE) % 4],
                y);
        cb_html_text(out, rr->kernels[k]);
        fputs("</text>\n", out);
    }
}

int cb_svg_roofline(FILE *out, const struct cb_report *r, size_t d, char *why, size_t why_len)
{
    const struct cb_rdevice *dev = &r->devices[d];
    const double gbs = dev->peak_gbs, gflops = dev->peak_gflops, ridge = gflops / gbs;
    struct roofline_rows rr = {NULL, 0, 0, 0, ridge, ridge, gflops};
    struct axis ax, ay;
    size_t height;

    if (!(gbs > 0 && gflops > 0))
        return fail(why, why_len, "no measured peaks (a run with --no-peak): no roofline");
    rr.kernels = malloc((r->row_count + 1) * sizeof *rr.kernels);
    if (rr.kernels == NULL)
        return fail(why, why_len, "out of memory");
    roofline_rows(r, d, &rr);
    if (rr.placed == 0) {
        free(rr.kernels);
        return fail(why, why_len, "no row with FLOPs and bytes: no roofline");
    }
    /* The rows and the ridge point with room on each side, whole decades. */
    ax = (struct axis){decade_below(rr.ai_lo / 2), decade_above(rr.ai_hi * 2), 70, 470, 1};
    ay = (struct axis){decade_below(rr.g_lo / 2), decade_above(gflops * 2), 330, 20, 1};
    height = 390 + (rr.nk > 20 ? (rr.nk - 20) * 15 : 0);
    fprintf(out,
            "<svg class=\"fig\" width=\"680\" "
            "height=\"%zu\" viewBox=\"0 0 680 %zu\" role=\"img\" data-roofline=\"",
            height, height);
    cb_html_text(out, dev->label);
    fputs("\"><title>", out);
    cb_html_text(out, dev->label);
    fprintf(out, ": roofline, measured peaks %.5g GFLOP/s and %.5g GB/s</title>\n", gflops, gbs);
    draw_ticks(out, &ax, 1, ay.p1, ay.p0, ay.p0 + 16);
    draw_ticks(out, &ay, 0, ax.p0, ax.p1, ax.p0 - 6);
    fprintf(out, "<rect x=\"70\" y=\"20\" width=\"400\" height=\"310\" class=\"frame\"/>\n"
                 "<text x=\"270\" y=\"368\" text-anchor=\"middle\">arithmetic intensity (FLOP per "
                 "compulsory byte, log)</text>\n"
                 "<text x=\"16\" y=\"175\" text-anchor=\"middle\" transform=\"rotate(-90 16 175)\">"
                 "achieved GFLOP/s (median, log)</text>\n");
    draw_roof(out, &ax, &ay, gbs, gflops);
    draw_roofline_points(out, r, d, &rr, &ax, &ay);
    if (rr.left_out > 0)
        fprintf(out,
                "<text x=\"70\" y=\"386\" class=\"small\">%zu ok row(s) without FLOPs (copies, "
                "transposes) cannot sit on a roofline and are left out.</text>\n",
                rr.left_out);
    fputs("</svg>\n", out);
    free(rr.kernels);
    return 0;
}

/* The throughput of the family's best ok row of kernel on device d at size, in the family's
 * metric; 0: none. */
static double best_at(const struct cb_report *r, const struct cb_rfamily *f, const char *kernel,
                      size_t d, const char *size)
{
    double best = 0;

    for (size_t i = 0; i < r->row_count; i++) {
        const struct cb_rrow *x = &r->rows[i];

        if (x->ok && x->device == d && strcmp(x->family, f->name) == 0 &&
            strcmp(x->kernel, kernel) == 0 && strcmp(x->size, size) == 0 &&
            strcmp(x->metric, f->metric) == 0 && x->throughput > best)
            best = x->throughput;
    }
    return best;
}

/* Key k is the first of its kernel and size in the family. */
static int first_of(const struct cb_rfamily *f, size_t k)
{
    for (size_t j = 0; j < k; j++)
        if (strcmp(f->keys[j]->kernel, f->keys[k]->kernel) == 0 &&
            strcmp(f->keys[j]->size, f->keys[k]->size) == 0)
            return 0;
    return 1;
}

/* The size the bars compare at: the one most devices ran, then the one with the most (kernel,
 * device) rows, then the largest (bench/plot/extract.py: common_size). */
static const struct cb_rrow *common_size(const struct cb_report *r, const struct cb_rfamily *f)
{
    const struct cb_rrow *best = NULL;
    size_t best_devices = 0, best_pairs = 0;

    for (size_t k = 0; k < f->key_count; k++) {
        const char *size = f->keys[k]->size;
        size_t devices = 0, pairs = 0;
        int seen = 0;

        for (size_t j = 0; j < k && !seen; j++)
            seen = strcmp(f->keys[j]->size, size) == 0;
        if (seen)
            continue;
        for (size_t i = 0; i < f->device_count; i++) {
            size_t here = 0;

            for (size_t j = 0; j < f->key_count; j++)
                here += strcmp(f->keys[j]->size, size) == 0 && first_of(f, j) &&
                        best_at(r, f, f->keys[j]->kernel, f->devices[i], size) > 0;
            devices += here > 0;
            pairs += here;
        }
        if (devices == 0)
            continue;
        if (best == NULL || devices > best_devices ||
            (devices == best_devices &&
             (pairs > best_pairs ||
              (pairs == best_pairs && f->keys[k]->size_product > best->size_product)))) {
            best = f->keys[k];
            best_devices = devices;
            best_pairs = pairs;
        }
    }
    return best;
}

/* The family's kernels with an ok row at size `at` (each once, in key order) and the range of
 * their best throughputs over the devices. */
static size_t ladder_kernels(const struct cb_report *r, const struct cb_rfamily *f,
                             const struct cb_rrow *at, const char **kernels, double *lo, double *hi)
{
    size_t nk = 0;

    for (size_t k = 0; k < f->key_count; k++) {
        int seen = 0, any = 0;

        if (strcmp(f->keys[k]->size, at->size) != 0)
            continue;
        for (size_t j = 0; j < nk && !seen; j++)
            seen = strcmp(kernels[j], f->keys[k]->kernel) == 0;
        for (size_t i = 0; i < f->device_count && !seen; i++) {
            const double v = best_at(r, f, f->keys[k]->kernel, f->devices[i], at->size);

            if (v > 0) {
                *lo = *lo == 0 ? v : fmin(*lo, v);
                *hi = fmax(*hi, v);
                any = 1;
            }
        }
        if (!seen && any)
            kernels[nk++] = f->keys[k]->kernel;
    }
    return nk;
}

/* One kernel's bars, one per device that ran it, from the top of its group. */
static void draw_bars(FILE *out, const struct cb_report *r, const struct cb_rfamily *f,
                      const struct cb_rrow *at, const char *kernel, const struct axis *ax,
                      double top)
{
    char label[32];

    for (size_t i = 0; i < f->device_count; i++) {
        const double v = best_at(r, f, kernel, f->devices[i], at->size);
        const double y = top + 5 + 12 * (double)i;
        double w;

        if (v <= 0)
            continue;
        w = place(ax, v) - ax->p0;
        cb_report_fmt(label, sizeof label, v);
        fprintf(out,
                "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"10\" fill=\"%s\">"
                "<title>",
                ax->p0, y, w > 1 ? w : 1, palette[i % PALETTE]);
        cb_html_text(out, r->devices[f->devices[i]].label);
        fputs(": ", out);
        cb_html_text(out, kernel);
        fprintf(out, " %s %s</title></rect><text x=\"%.1f\" y=\"%.1f\" class=\"small\">%s</text>\n",
                label, f->metric, ax->p0 + (w > 1 ? w : 1) + 3, y + 9, label);
    }
}

/* The devices' colours, three to a line under the plot. */
static void draw_device_legend(FILE *out, const struct cb_report *r, const struct cb_rfamily *f,
                               size_t plot_bottom)
{
    for (size_t i = 0; i < f->device_count; i++) {
        const double x = 200 + 180 * (double)(i % 3);
        const double y = (double)plot_bottom + 56 + 16 * (double)(i / 3);

        fprintf(out,
                "<rect x=\"%.0f\" y=\"%.0f\" width=\"10\" height=\"10\" fill=\"%s\"/>"
                "<text x=\"%.0f\" y=\"%.0f\" class=\"small\">",
                x, y - 9, palette[i % PALETTE], x + 14, y);
        cb_html_text(out, r->devices[f->devices[i]].label);
        fputs("</text>\n", out);
    }
}

int cb_svg_ladder(FILE *out, const struct cb_report *r, const struct cb_rfamily *f, char *why,
                  size_t why_len)
{
    const struct cb_rrow *at = common_size(r, f);
    const char **kernels;
    size_t nk, nd = f->device_count, height, legend_rows, plot_bottom;
    double lo = 0, hi = 0, group;
    struct axis ax;

    if (at == NULL)
        return fail(why, why_len, "no row ran ok: no ladder");
    kernels = malloc((f->key_count + 1) * sizeof *kernels);
    if (kernels == NULL)
        return fail(why, why_len, "out of memory");
    nk = ladder_kernels(r, f, at, kernels, &lo, &hi);
    group = 12.0 * (double)nd + 10;
    legend_rows = (nd + 2) / 3;
    height = (size_t)(group * (double)nk) + 80 + 16 * legend_rows;
    /* GPU and CPU bars differ by 100x and more: a linear axis would flatten the CPU. */
    if (hi / lo > 30)
        ax = (struct axis){decade_below(lo / 1.5), decade_above(hi * 1.05), 200, 640, 1};
    else
        ax = (struct axis){0, 0, 200, 640, 0};
    if (!ax.log)
        ax.hi = ceil(hi * 1.05 / nice_step(hi * 1.05)) * nice_step(hi * 1.05);
    plot_bottom = (size_t)(30 + group * (double)nk);
    fprintf(out,
            "<svg class=\"fig\" width=\"740\" height=\"%zu\" "
            "viewBox=\"0 0 740 %zu\" role=\"img\" data-ladder=\"",
            height, height);
    cb_html_text(out, f->name);
    fputs("\"><title>", out);
    cb_html_text(out, f->name);
    fprintf(out, ": %s of every variant at size %s</title>\n", f->metric, at->size);
    draw_ticks(out, &ax, 1, 30, (double)plot_bottom, (double)plot_bottom + 14);
    fprintf(out, "<text x=\"420\" y=\"%zu\" text-anchor=\"middle\">", plot_bottom + 32);
    cb_html_text(out, f->metric);
    fprintf(out, " at size %s (median; the best where a variant was swept%s)</text>\n", at->size,
            ax.log ? "; log scale" : "");
    for (size_t k = 0; k < nk; k++) {
        const double top = 30 + group * (double)k;

        fprintf(out, "<text x=\"192\" y=\"%.1f\" text-anchor=\"end\">", top + group / 2);
        cb_html_text(out, kernels[k]);
        fputs("</text>\n", out);
        draw_bars(out, r, f, at, kernels[k], &ax, top);
    }
    draw_device_legend(out, r, f, plot_bottom);
    fprintf(out, "<line x1=\"200\" y1=\"30\" x2=\"200\" y2=\"%zu\" class=\"axis\"/>\n</svg>\n",
            plot_bottom);
    free(kernels);
    return 0;
}
