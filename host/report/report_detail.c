/* The detail view (--detail, and `clbench report --detail`): per row the built kernel's
 * resources, its occupancy on NVIDIA, its roofline bound and its launch overheads, read from
 * the run file's fields (host/report/runfile_why.c), so that a live run and old files print
 * through the same code.  A value the run file has as null prints "-"; the reasons follow
 * the table, each once. */
#include "clbench/report_rows.h"
#include "clbench/report_views.h"

#include "clbench/explain.h"

#include <stdlib.h>
#include <string.h>

enum { MAX_NOTES = 32 };

enum column {
    C_DEV,
    C_KERNEL,
    C_PARAMS,
    C_FROM,
    C_SIZE,
    C_MEDIAN,
    C_THROUGHPUT,
    C_WG,
    C_PREF,
    C_LOCAL,
    C_PRIVATE,
    C_REGS,
    C_SPILLS,
    C_BINARY,
    C_OCC,
    C_LIMIT,
    C_AI,
    C_ROOF,
    C_OF_ROOF,
    C_LAUNCHES,
    C_COUNT
};

static const char *const headers[C_COUNT] = {
    "dev",       "kernel", "params",  "params_from", "size",    "median_ms",   "throughput",
    "wg",        "pref",   "local_B", "priv_B",      "regs",    "spill_st/ld", "binary_KiB",
    "occupancy", "limit",  "AI",      "roof",        "of_roof", "launches",
};

struct notes {
    char *text[MAX_NOTES];
    size_t count;
};

static void note_add(struct notes *n, const char *field, const char *why)
{
    char buf[256];

    snprintf(buf, sizeof buf, "%s: %s", field, why);
    for (size_t i = 0; i < n->count; i++)
        if (strcmp(n->text[i], buf) == 0)
            return;
    if (n->count < MAX_NOTES && (n->text[n->count] = malloc(strlen(buf) + 1)) != NULL)
        strcpy(n->text[n->count++], buf);
}

static const cJSON *item(const cJSON *obj, const char *key)
{
    return obj != NULL ? cJSON_GetObjectItemCaseSensitive(obj, key) : NULL;
}

/* A kernel_info value: the number, or "-" with its reason noted. */
static void set_info(struct cb_grid *g, size_t row, size_t col, const cJSON *ki, const char *key,
                     double scale, struct notes *n)
{
    const cJSON *v = item(ki, key), *why = item(item(ki, "unavailable"), key);

    if (cJSON_IsNumber(v))
        cb_grid_set(g, row, col, scale == 1 ? "%.0f" : "%.1f", v->valuedouble / scale);
    else
        cb_grid_set(g, row, col, "-");
    if (cJSON_IsString(why))
        note_add(n, key, why->valuestring);
}

static void set_spills(struct cb_grid *g, size_t row, const cJSON *ki)
{
    const cJSON *st = item(ki, "spill_store_bytes"), *ld = item(ki, "spill_load_bytes");

    if (cJSON_IsNumber(st) && cJSON_IsNumber(ld))
        cb_grid_set(g, row, C_SPILLS, "%.0f/%.0f", st->valuedouble, ld->valuedouble);
    else
        cb_grid_set(g, row, C_SPILLS, "-");
}

static void set_occupancy(struct cb_grid *g, size_t row, const cJSON *j, struct notes *n)
{
    const cJSON *occ = item(j, "occupancy"), *why = item(j, "occupancy_unavailable");
    const cJSON *warps = item(occ, "warps_per_cu"), *frac = item(occ, "fraction");
    const cJSON *limit = item(occ, "limited_by");

    if (cJSON_IsNumber(warps) && cJSON_IsNumber(frac) && cJSON_IsString(limit)) {
        cb_grid_set(g, row, C_OCC, "%.0f%% (%.0fw)", 100 * frac->valuedouble, warps->valuedouble);
        cb_grid_set(g, row, C_LIMIT, "%s", limit->valuestring);
    } else {
        cb_grid_set(g, row, C_OCC, "-");
        cb_grid_set(g, row, C_LIMIT, "-");
    }
    if (cJSON_IsString(why))
        note_add(n, "occupancy", why->valuestring);
}

static void set_bound(struct cb_grid *g, size_t row, const cJSON *j, struct notes *n)
{
    const cJSON *b = item(j, "bound"), *why = item(j, "bound_unavailable");
    const cJSON *ai = item(b, "intensity_flop_per_byte"), *roof = item(b, "roof");
    const cJSON *frac = item(b, "fraction_of_roof");

    if (cJSON_IsNumber(ai) && cJSON_IsString(roof) && cJSON_IsNumber(frac)) {
        char buf[32];

        cb_report_fmt(buf, sizeof buf, ai->valuedouble);
        cb_grid_set(g, row, C_AI, "%s", buf);
        cb_grid_set(g, row, C_ROOF, "%s", roof->valuestring);
        cb_grid_set(g, row, C_OF_ROOF, "%.0f%%", 100 * frac->valuedouble);
    } else {
        cb_grid_set(g, row, C_AI, "-");
        cb_grid_set(g, row, C_ROOF, "-");
        cb_grid_set(g, row, C_OF_ROOF, "-");
    }
    if (cJSON_IsString(why))
        note_add(n, "bound", why->valuestring);
}

/* Launch overheads in the median; "!" marks a row that is mostly launch. */
static void set_launches(struct cb_grid *g, size_t row, const struct cb_rrow *x, struct notes *n)
{
    const cJSON *j = x->json;
    const cJSON *ratio = item(j, "launch_overheads");

    if (cJSON_IsNumber(ratio)) {
        char buf[32];

        cb_report_fmt(buf, sizeof buf, ratio->valuedouble);
        cb_grid_set(g, row, C_LAUNCHES, "%s%s", buf,
                    ratio->valuedouble < CB_LAUNCH_BOUND_FACTOR ? " !" : "");
    } else {
        cb_grid_set(g, row, C_LAUNCHES, "-");
        if (x->ok)
            note_add(n, "launches",
                     "not measured (the probe runs with the peaks: --no-peak, or a run file "
                     "older than it)");
    }
}

static void fill_row(struct cb_grid *g, size_t row, const struct cb_report *r,
                     const struct cb_rrow *x, struct notes *n)
{
    const cJSON *ki = item(x->json, "kernel_info");
    char from[192];

    cb_grid_set(g, row, C_DEV, "%s", r->devices[x->device].label);
    cb_grid_set(g, row, C_KERNEL, "%s", x->kernel);
    cb_grid_set(g, row, C_PARAMS, "%s", x->params);
    cb_report_params_from(x, from, sizeof from);
    cb_grid_set(g, row, C_FROM, "%s", from[0] != '\0' ? from : "-");
    cb_grid_set(g, row, C_SIZE, "%s", x->size);
    cb_report_set_ms(g, row, C_MEDIAN, x);
    if (x->ok) {
        char buf[32];

        cb_report_fmt(buf, sizeof buf, x->throughput);
        cb_grid_set(g, row, C_THROUGHPUT, "%s %s", buf, x->metric);
    } else {
        cb_grid_set(g, row, C_THROUGHPUT, "%s", x->status);
    }
    if (ki == NULL)
        note_add(n, "kernel_info", "not recorded (no kernel built, or a run file older than it)");
    set_info(g, row, C_WG, ki, "work_group_size", 1, n);
    set_info(g, row, C_PREF, ki, "preferred_work_group_multiple", 1, n);
    set_info(g, row, C_LOCAL, ki, "local_mem_bytes", 1, n);
    set_info(g, row, C_PRIVATE, ki, "private_mem_bytes", 1, n);
    set_info(g, row, C_REGS, ki, "registers", 1, n);
    set_spills(g, row, ki);
    set_info(g, row, C_BINARY, ki, "binary_bytes", 1024, n);
    set_occupancy(g, row, x->json, n);
    set_bound(g, row, x->json, n);
    set_launches(g, row, x, n);
}

static int by_order(const void *a, const void *b)
{
    const struct cb_rrow *x = *(const struct cb_rrow *const *)a;
    const struct cb_rrow *y = *(const struct cb_rrow *const *)b;

    if (x->device != y->device)
        return x->device < y->device ? -1 : 1;
    return cb_report_row_order(x, y);
}

static void print_devices(FILE *out, const struct cb_report *r, int markdown)
{
    for (size_t d = 0; d < r->device_count; d++) {
        const struct cb_rdevice *dev = &r->devices[d];

        fprintf(out, "%s%s: %s (%s)", markdown ? "- " : "", dev->label, dev->name, dev->platform);
        if (dev->peak_gbs > 0)
            fprintf(out, "; measured peak %.1f GB/s (%s), %.1f GFLOP/s (%s)", dev->peak_gbs,
                    dev->gbs_source != NULL ? dev->gbs_source : "OpenCL probes", dev->peak_gflops,
                    dev->gflops_source != NULL ? dev->gflops_source : "OpenCL peak_fma");
        if (dev->peak_busy != NULL)
            fprintf(out, "; peak measured on a busy machine (%s)", dev->peak_busy);
        if (dev->launch_event_us > 0)
            fprintf(out, "; empty-kernel launch %.3g us (event), %.3g us (enqueue+finish)",
                    dev->launch_event_us, dev->launch_wall_us);
        fputc('\n', out);
    }
    fputc('\n', out);
}

/* The tuning database entries that rows refused, each once: why they kept their defaults. */
static void write_refused(FILE *out, const struct cb_report *r)
{
    int first = 1;

    for (size_t i = 0; i < r->row_count; i++) {
        const char *why = cJSON_GetStringValue(item(r->rows[i].json, "tuned_skipped"));
        int seen = 0;

        for (size_t j = 0; j < i && why != NULL && !seen; j++) {
            const char *other = cJSON_GetStringValue(item(r->rows[j].json, "tuned_skipped"));

            seen = other != NULL && strcmp(other, why) == 0;
        }
        if (why == NULL || seen)
            continue;
        fprintf(out, "%s- %s\n", first ? "tuning database entries refused (defaults used):\n" : "",
                why);
        first = 0;
    }
}

void cb_report_write_detail(FILE *out, const struct cb_report *r, enum cb_format fmt)
{
    const int md = fmt == CB_FORMAT_MD;
    const struct cb_rrow **rows = malloc((r->row_count + 1) * sizeof *rows);
    struct notes n = {{0}, 0};
    struct cb_grid g;

    if (rows == NULL || cb_grid_init(&g, C_COUNT) != 0) {
        free(rows);
        return;
    }
    for (size_t i = 0; i < r->row_count; i++)
        rows[i] = &r->rows[i];
    qsort(rows, r->row_count, sizeof *rows, by_order);
    if (md)
        fputs("# Detail: resources, occupancy, bound, launch overhead\n\n", out);
    print_devices(out, r, md);
    for (int c = 0; c < C_COUNT; c++)
        cb_grid_set(&g, 0, (size_t)c, "%s", headers[c]);
    g.left[C_DEV] = g.left[C_KERNEL] = g.left[C_PARAMS] = g.left[C_SIZE] = g.left[C_LIMIT] = 1;
    g.left[C_FROM] = 1;
    g.left[C_ROOF] = 1;
    for (size_t i = 0; i < r->row_count; i++) {
        const size_t row = cb_grid_add_row(&g);

        if (row == 0)
            break;
        fill_row(&g, row, r, rows[i], &n);
    }
    cb_grid_write(out, &g, md);
    cb_grid_free(&g);
    fprintf(out,
            "%slaunches: the median in empty-kernel launch overheads of the same timer; "
            "\"!\" below %.0f: the time is mostly launch, not kernel\n",
            md ? "\n" : "\n", CB_LAUNCH_BOUND_FACTOR);
    for (size_t i = 0, first = 1; i < r->row_count; i++) {
        const char *warning;
        char line[512];

        if (!cb_report_library(rows[i], line, sizeof line, &warning))
            continue;
        fprintf(out, "%s- %s %s %s: %s\n", first ? "libraries:\n" : "",
                r->devices[rows[i]->device].label, rows[i]->kernel, rows[i]->size, line);
        if (warning != NULL)
            fprintf(out, "  ! %s\n", warning);
        first = 0;
    }
    for (size_t i = 0; i < n.count; i++) {
        fprintf(out, "%s- %s\n", i == 0 ? "not available:\n" : "", n.text[i]);
        free(n.text[i]);
    }
    write_refused(out, r);
    free(rows);
}

int cb_report_write_run_detail(FILE *out, const struct cb_run *run, enum cb_format fmt)
{
    struct cb_report r;
    cJSON *root = cb_run_json(run);
    char why[256];

    memset(&r, 0, sizeof r);
    if (root == NULL || cb_report_add_json(&r, root, "this run", why, sizeof why) != 0) {
        cb_report_free(&r);
        return -1;
    }
    cb_report_label_devices(&r);
    cb_report_write_detail(out, &r, fmt);
    cb_report_free(&r);
    return 0;
}
