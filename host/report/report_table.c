/* The side-by-side view: one table per kernel family, one row per kernel, parameters and size,
 * one column group per device (median time, throughput, fraction of the device's measured
 * peak, speedup over the family's baseline), and the GPU/CPU time ratio when both kinds are
 * present.  Rows a device did not run are shown with "-", not dropped.
 */
#define _POSIX_C_SOURCE 200809L
#include "clbench/output.h"
#include "clbench/report_family.h"
#include "clbench/report_grid.h"
#include "clbench/report_rows.h"
#include "clbench/report_views.h"

#include <stdlib.h>
#include <string.h>

/* The first row of device d with the key of row k. */
const struct cb_rrow *cb_report_family_cell(const struct cb_report *r, size_t d,
                                            const struct cb_rrow *k)
{
    for (size_t i = 0; i < r->row_count; i++)
        if (r->rows[i].device == d && cb_report_same_row(&r->rows[i], k))
            return &r->rows[i];
    return NULL;
}

/* The baseline the row's file recorded, else the registry's (older files; NULL: none). */
static const char *baseline_of(const struct cb_rrow *row)
{
    const struct cb_kernel *k = cb_kernel_find(row->kernel);

    return row->baseline != NULL ? row->baseline : k != NULL ? k->baseline : NULL;
}

/* The speedup of row over its family's baseline on the same device and size (baseline median
 * over row median); 0 when there is no baseline or it did not run. */
static double baseline_speedup(const struct cb_report *r, const struct cb_rrow *row)
{
    const char *baseline = baseline_of(row);
    const struct cb_rrow *base;

    if (baseline == NULL || !row->ok)
        return 0;
    base = cb_report_find_partner(r, row->device, baseline, row->size, row->params);
    return base != NULL ? base->median_ms / row->median_ms : 0;
}

/* The speedup of row over the first of its registry row's libraries that ran ok on the same
 * device and size (library median over row median); 0 when none did. */
static const struct cb_rrow *library_partner(const struct cb_report *r, const struct cb_rrow *row)
{
    const struct cb_kernel *k = cb_report_kernel(row->kernel);
    const int dbl = strcmp(row->type, "double") == 0;

    /* A double row's libraries are the double GEMMs: sgemm_x's twin dgemm_x; a half row has
     * none. */
    for (size_t i = 0; k != NULL && row->ok && i < 2 && k->libraries[i] != NULL; i++) {
        const char *name = k->libraries[i];
        char typed[CB_RKEY_LEN];
        const struct cb_rrow *lib;

        if (dbl)
            snprintf(typed, sizeof typed, "%s%s (double)",
                     strncmp(name, "sgemm_", 6) == 0 ? "d" : "",
                     strncmp(name, "sgemm_", 6) == 0 ? name + 1 : name);
        else
            snprintf(typed, sizeof typed, "%s", name);
        if (strcmp(row->type, "half") == 0)
            return NULL;
        lib = cb_report_find_partner(r, row->device, typed, row->size, row->params);
        if (lib != NULL)
            return lib;
    }
    return NULL;
}

static double library_speedup(const struct cb_report *r, const struct cb_rrow *row)
{
    const struct cb_rrow *lib = library_partner(r, row);

    return lib != NULL ? lib->median_ms / row->median_ms : 0;
}

/* The warning of row's library partner (a misconfigured baseline), or NULL. */
static const char *library_warning(const struct cb_report *r, const struct cb_rrow *row)
{
    const struct cb_rrow *lib = library_partner(r, row);
    const char *warning = NULL;
    char line[512];

    if (lib != NULL)
        cb_report_library(lib, line, sizeof line, &warning);
    return warning;
}

static int key_order(const void *a, const void *b)
{
    return cb_report_row_order(*(const struct cb_rrow *const *)a,
                               *(const struct cb_rrow *const *)b);
}

static int is_type(const struct cb_report *r, size_t d, const char *type)
{
    return strcmp(r->devices[d].type, type) == 0;
}

int cb_report_family_build(const struct cb_report *r, const char *name, struct cb_rfamily *f)
{
    memset(f, 0, sizeof *f);
    f->name = name;
    f->keys = malloc((r->row_count + 1) * sizeof *f->keys);
    f->devices = malloc((r->device_count + 1) * sizeof *f->devices);
    f->pairs = malloc((r->device_count * r->device_count + 1) * sizeof *f->pairs);
    if (f->keys == NULL || f->devices == NULL || f->pairs == NULL)
        return -1;
    for (size_t i = 0; i < r->row_count; i++) {
        const struct cb_rrow *row = &r->rows[i];
        int seen = 0;

        if (strcmp(row->family, name) != 0)
            continue;
        for (size_t k = 0; k < f->key_count && !seen; k++)
            seen = cb_report_same_row(f->keys[k], row);
        if (!seen)
            f->keys[f->key_count++] = row;
        f->sweep |= !row->lone;
        if (f->metric == NULL)
            f->metric = row->metric;
        if (f->baseline == NULL)
            f->baseline = baseline_of(row);
    }
    for (size_t d = 0; d < r->device_count; d++)
        for (size_t i = 0; i < r->row_count; i++)
            if (r->rows[i].device == d && strcmp(r->rows[i].family, name) == 0) {
                f->devices[f->device_count++] = d;
                break;
            }
    for (size_t i = 0; i < r->row_count && !f->with_library; i++)
        f->with_library =
            strcmp(r->rows[i].family, name) == 0 && library_speedup(r, &r->rows[i]) > 0;
    qsort(f->keys, f->key_count, sizeof *f->keys, key_order);
    f->per = 3 + (f->baseline != NULL) + (f->with_library != 0);
    f->lead = f->sweep ? 3 : 2;
    /* Ratio columns: each GPU against each CPU, and each CPU against each other CPU (PoCL and
     * Rusticl on one processor: which compiler serves it better). */
    for (size_t i = 0; i < f->device_count; i++) {
        f->gpu_count += is_type(r, f->devices[i], "gpu");
        f->cpu_count += is_type(r, f->devices[i], "cpu");
    }
    for (size_t i = 0; i < f->device_count; i++)
        for (size_t j = 0; j < f->device_count; j++)
            if (is_type(r, f->devices[i], "gpu") && is_type(r, f->devices[j], "cpu")) {
                f->pairs[f->pair_count].fast = f->devices[i];
                f->pairs[f->pair_count++].slow = f->devices[j];
            }
    for (size_t i = 0; i < f->device_count; i++)
        for (size_t j = i + 1; j < f->device_count; j++)
            if (is_type(r, f->devices[i], "cpu") && is_type(r, f->devices[j], "cpu") &&
                strcmp(r->devices[f->devices[i]].platform, r->devices[f->devices[j]].platform) !=
                    0) {
                f->pairs[f->pair_count].fast = f->devices[i];
                f->pairs[f->pair_count++].slow = f->devices[j];
                f->cpu_pair_count++;
            }
    return 0;
}

void cb_report_family_free(struct cb_rfamily *f)
{
    free(f->keys);
    free(f->devices);
    free(f->pairs);
}

/* Family names in registry order, then unknown families in the order they appear. */
size_t cb_report_family_names(const struct cb_report *r, const char **names)
{
    size_t n = 0;

    for (size_t pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < r->row_count; i++) {
            const char *fam = r->rows[i].family;
            const int known = cb_report_kernel_rank(r->rows[i].kernel) < cb_kernel_total();
            int seen = 0;

            if (known != (pass == 0))
                continue;
            for (size_t j = 0; j < n && !seen; j++)
                seen = strcmp(names[j], fam) == 0;
            if (!seen)
                names[n++] = fam;
        }
    /* Known families: the order of their first kernel in the registry. */
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0; j--) {
            size_t rank_a = cb_kernel_total(), rank_b = cb_kernel_total();

            for (size_t k = 0; k < cb_kernel_total(); k++) {
                if (rank_a == cb_kernel_total() &&
                    strcmp(cb_kernel_at(k)->family, names[j - 1]) == 0)
                    rank_a = k;
                if (rank_b == cb_kernel_total() && strcmp(cb_kernel_at(k)->family, names[j]) == 0)
                    rank_b = k;
            }
            if (rank_b >= rank_a)
                break;
            {
                const char *t = names[j];

                names[j] = names[j - 1];
                names[j - 1] = t;
            }
        }
    return n;
}

static void print_devices(FILE *out, const struct cb_report *r, int markdown)
{
    size_t width = 0;
    const cJSON *sensor;

    fputs(markdown ? "Runs:\n\n" : "runs:\n", out);
    for (size_t i = 0; i < r->source_count; i++)
        fprintf(out, "%s#%zu %s: host %s%s%s\n", markdown ? "- " : "  ", i + 1, r->sources[i].name,
                r->sources[i].host, r->sources[i].date[0] ? ", " : "", r->sources[i].date);
    for (size_t d = 0; d < r->device_count; d++)
        if (strlen(r->devices[d].label) > width)
            width = strlen(r->devices[d].label);
    fputs(markdown ? "\nDevices:\n\n" : "devices:\n", out);
    for (size_t d = 0; d < r->device_count; d++) {
        const struct cb_rdevice *dev = &r->devices[d];

        if (markdown)
            fprintf(out, "- **%s**: %s", dev->label, dev->name);
        else
            fprintf(out, "  %-*s  %s", (int)width, dev->label, dev->name);
        fprintf(out, " (%s; %s; driver %s; host %s)\n", dev->type, dev->platform, dev->driver,
                dev->host);
        /* On a line of its own, so that a device's lines stay within the tables' width. */
        if (dev->peak_gbs > 0 || dev->peak_gflops > 0) {
            fprintf(out, "%*smeasured peak %.1f GB/s, %.1f GFLOP/s", markdown ? 2 : (int)width + 4,
                    "", dev->peak_gbs, dev->peak_gflops);
            /* The roofs of double and half rows, where measured. */
            if (dev->peak_gflops_fp64 > 0)
                fprintf(out, ", FP64 %.1f GFLOP/s", dev->peak_gflops_fp64);
            if (dev->peak_gflops_fp16 > 0)
                fprintf(out, ", FP16 %.1f GFLOP/s", dev->peak_gflops_fp16);
            fputc('\n', out);
        }
        /* What read its clocks, power and energy, or why nothing did: once per device. */
        cJSON_ArrayForEach(sensor, dev->state_source)
        {
            if (cJSON_IsString(sensor))
                fprintf(out, "%*s%s: %s\n", markdown ? 2 : (int)width + 4, "", sensor->string,
                        sensor->valuestring);
        }
    }
    fputc('\n', out);
}

/* The marks after a row's time from its device_state: "t" it ran throttled, "c" its core clock
 * moved past the run's --clock-threshold; "" for neither (and for files without the field). */
static const char *state_marks(const struct cb_rrow *x)
{
    const cJSON *st = cJSON_GetObjectItemCaseSensitive(x->json, "device_state");
    const int t = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(st, "throttled"));
    const int c = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(st, "clock_moved"));

    return t && c ? "tc" : t ? "t" : c ? "c" : "";
}

/* Below a family's table: each marked row, with its throttle reasons and its core clock. */
static void write_state_notes(FILE *out, const struct cb_report *r, const char *family,
                              int markdown)
{
    int any = 0;

    for (size_t i = 0; i < r->row_count; i++) {
        const struct cb_rrow *x = &r->rows[i];
        const cJSON *st = cJSON_GetObjectItemCaseSensitive(x->json, "device_state");
        const cJSON *clock = cJSON_GetObjectItemCaseSensitive(st, "sm_clock_mhz");
        const cJSON *reason;
        const char *sep = "";

        if (!x->ok || strcmp(x->family, family) != 0 || state_marks(x)[0] == '\0')
            continue;
        if (!any++)
            fprintf(out,
                    "%s\"t\" after a time: the device ran throttled during the timed launches; "
                    "\"c\": its core clock moved more than --clock-threshold%s\n",
                    markdown ? "\n" : "  ", markdown ? "." : "");
        fprintf(out, "%s%s: %s %s %s: ", markdown ? "\n- " : "  ", r->devices[x->device].label,
                x->kernel, x->params, x->size);
        cJSON_ArrayForEach(reason, cJSON_GetObjectItemCaseSensitive(st, "throttle_reasons"))
        {
            if (cJSON_IsString(reason) && strcmp(reason->valuestring, "gpu_idle") != 0 &&
                strcmp(reason->valuestring, "applications_clocks") != 0) {
                fprintf(out, "%s%s", *sep ? ", " : "throttled by ", reason->valuestring);
                sep = "; ";
            }
        }
        if (cJSON_IsObject(clock))
            fprintf(out, "%score clock %.0f-%.0f MHz (moved %.1f%%)", *sep ? "; " : "",
                    cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(clock, "min")),
                    cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(clock, "max")),
                    cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(st, "clock_moved_pct")));
        fputc('\n', out);
    }
}

/* metric, baseline: the columns'; a row of another metric (generic kernels of one file may
 * differ) or with a baseline of its own (a kernel file's `baseline`) says which in the cell. */
static void cell_values(struct cb_grid *g, size_t row, size_t col, const struct cb_report *r,
                        const struct cb_rrow *x, const char *metric, const char *baseline,
                        int with_library)
{
    char buf[32];
    double sp;

    if (x == NULL) {
        cb_grid_set(g, row, col, "-");
        return;
    }
    if (!x->ok) {
        /* Unverified rows have a time, but no check vouches for it: shown, never ranked or
         * given a throughput as if ok. */
        if (strcmp(x->status, "unverified") == 0 && x->median_ms > 0)
            cb_grid_set(g, row, col, "%.4g", x->median_ms);
        else if (strcmp(x->status, "unavailable") == 0 ||
                 strcmp(x->status, "unsupported") == 0) /* could not run here: not a failure */
            cb_grid_set(g, row, col, "absent");
        else
            cb_grid_set(g, row, col, "FAILED");
        cb_grid_set(g, row, col + 1, "%s", x->status);
        return;
    }
    cb_grid_set(g, row, col, "%.4g%s%s", x->median_ms, x->timer_reason != NULL ? "w" : "",
                state_marks(x));
    cb_report_fmt(buf, sizeof buf, x->throughput);
    if (strcmp(x->metric, metric) != 0 && x->throughput > 0)
        cb_grid_set(g, row, col + 1, "%s %s", buf, x->metric);
    else
        cb_grid_set(g, row, col + 1, "%s", buf);
    if (x->fraction_of_peak > 0)
        cb_grid_set(g, row, col + 2, "%.0f%%", 100 * x->fraction_of_peak);
    else
        cb_grid_set(g, row, col + 2, "-");
    for (int i = 0; i < 2; i++) {
        const int wanted = i == 0 ? baseline != NULL : with_library;
        const size_t c = col + 3 + (i == 1 && baseline != NULL);

        if (!wanted)
            continue;
        sp = i == 0 ? baseline_speedup(r, x) : library_speedup(r, x);
        /* "vadd (double)" is the family's baseline vadd in the row's own type. */
        if (sp > 0 && i == 0 &&
            (strncmp(baseline_of(x), baseline, strlen(baseline)) != 0 ||
             (baseline_of(x)[strlen(baseline)] != '\0' &&
              strncmp(baseline_of(x) + strlen(baseline), " (", 2) != 0)))
            cb_grid_set(g, row, c, "%.3gx vs %s", sp, baseline_of(x));
        else if (sp > 0 && i == 1 && library_warning(r, x) != NULL)
            cb_grid_set(g, row, c, "%.3gx !", sp); /* over a misconfigured library */
        else if (sp > 0)
            cb_grid_set(g, row, c, "%.3gx", sp);
        else
            cb_grid_set(g, row, c, "-");
    }
}

/* Under a kernel's parameters: where each of its rows took them from, when some row used or
 * refused a tuning database entry (which entry differs from size to size). */
static void write_params_from(FILE *out, const struct cb_report *r, const struct cb_rfamily *f,
                              const char *kernel, int markdown)
{
    char from[192];
    int any = 0, first = 1;

    for (size_t i = 0; i < r->row_count && !any; i++)
        any = strcmp(r->rows[i].kernel, kernel) == 0 &&
              cb_report_params_from(&r->rows[i], from, sizeof from);
    if (!any)
        return;
    fprintf(out, "%sparams from: ", markdown ? "  - " : "    ");
    for (size_t d = 0; d < f->device_count; d++)
        for (size_t i = 0; i < r->row_count; i++) {
            const struct cb_rrow *x = &r->rows[i];

            if (x->device != f->devices[d] || strcmp(x->kernel, kernel) != 0)
                continue;
            cb_report_params_from(x, from, sizeof from);
            fprintf(out, "%s%s", first ? "" : "; ", x->size);
            if (f->device_count > 1)
                fprintf(out, " (%s)", r->devices[x->device].label);
            fprintf(out, " %s", from[0] != '\0' ? from : "-");
            first = 0;
        }
    fputc('\n', out);
}

/* Without a sweep the parameters are not a column: each kernel's go under the table, per
 * device where the devices ran different ones (their own defaults), so the table stays narrow. */
static void write_params_legend(FILE *out, const struct cb_report *r, const struct cb_rfamily *f,
                                int markdown)
{
    for (size_t k = 0; k < f->key_count; k++) {
        const char *kernel = f->keys[k]->kernel;
        int first_of_kernel = 1, differ = 0;

        for (size_t j = 0; j < k && first_of_kernel; j++)
            first_of_kernel = strcmp(f->keys[j]->kernel, kernel) != 0;
        if (!first_of_kernel || f->keys[k]->params[0] == '\0')
            continue;
        for (size_t i = 0; i < r->row_count; i++)
            differ |= strcmp(r->rows[i].kernel, kernel) == 0 &&
                      strcmp(r->rows[i].params, f->keys[k]->params) != 0;
        fprintf(out, "%s%s: ", markdown ? "- " : "  ", kernel);
        if (!differ) {
            fprintf(out, "%s\n", f->keys[k]->params);
            write_params_from(out, r, f, kernel, markdown);
            continue;
        }
        for (size_t i = 0; i < f->device_count; i++) {
            const struct cb_rrow *x = NULL;

            for (size_t j = 0; j < r->row_count && x == NULL; j++)
                if (r->rows[j].device == f->devices[i] && strcmp(r->rows[j].kernel, kernel) == 0)
                    x = &r->rows[j];
            if (x != NULL)
                fprintf(out, "%s%s (%s)", i > 0 ? "; " : "", x->params,
                        r->devices[f->devices[i]].label);
        }
        fputc('\n', out);
        write_params_from(out, r, f, kernel, markdown);
    }
}

void cb_report_family_legend(FILE *out, const struct cb_report *r, const struct cb_rfamily *f,
                             int markdown)
{
    (void)r;
    if (f->baseline != NULL)
        fprintf(out, "%s\"vs base\": how many times faster than %s on the same device and size%s\n",
                markdown ? "" : "  ", f->baseline, markdown ? "." : "");
    if (f->with_library)
        fprintf(out,
                "%s\"vs lib\": the library row's median time over this row's (%s on NVIDIA "
                "devices, %s on CPUs; dgemm_* for double rows), same device and size%s\n",
                markdown ? "\n" : "  ", "sgemm_cublas", "sgemm_openblas", markdown ? "." : "");
    if (f->gpu_count > 0 && f->cpu_count > 0)
        fprintf(out, "%s\"GPU/CPU\": the CPU's median time over the GPU's%s\n",
                markdown ? "\n" : "  ", markdown ? "." : "");
    if (f->cpu_pair_count > 0)
        fprintf(out,
                "%s\"CPU/CPU\": the second CPU implementation's median time over the first's%s\n",
                markdown ? "\n" : "  ", markdown ? "." : "");
}

int cb_report_family_grid(const struct cb_report *r, const struct cb_rfamily *f, struct cb_grid *g,
                          size_t *wall)
{
    const size_t per = f->per, lead = f->lead;
    const size_t ng = f->gpu_count, nc = f->cpu_count;

    *wall = 0;
    if (cb_grid_init(g, lead + per * f->device_count + f->pair_count) != 0)
        return -1;
    cb_grid_set(g, 0, 0, "kernel");
    if (f->sweep)
        cb_grid_set(g, 0, 1, "params");
    cb_grid_set(g, 0, lead - 1, "size");
    for (size_t c = 0; c < lead; c++)
        g->left[c] = 1;
    for (size_t i = 0; i < f->device_count; i++) {
        const size_t c = lead + per * i;

        for (size_t j = 0; j < per; j++)
            cb_grid_set_group(g, c + j, r->devices[f->devices[i]].label);
        cb_grid_set(g, 0, c, "ms");
        cb_grid_set(g, 0, c + 1, "%s", f->metric);
        cb_grid_set(g, 0, c + 2, "peak");
        if (f->baseline != NULL)
            cb_grid_set(g, 0, c + 3, "vs base");
        if (f->with_library)
            cb_grid_set(g, 0, c + 3 + (f->baseline != NULL), "vs lib");
    }
    for (size_t i = 0; i < f->pair_count; i++) {
        const size_t c = lead + per * f->device_count + i;
        const int cpu_pair = is_type(r, f->pairs[i].fast, "cpu");

        cb_grid_set_group(g, c, cpu_pair ? "CPU/CPU" : "GPU/CPU");
        if ((cpu_pair ? f->cpu_pair_count : ng * nc) == 1)
            cb_grid_set(g, 0, c, "ratio");
        else
            cb_grid_set(g, 0, c, "%s/%s", r->devices[f->pairs[i].fast].label,
                        r->devices[f->pairs[i].slow].label);
    }
    for (size_t k = 0; k < f->key_count; k++) {
        const struct cb_rrow *key = f->keys[k];
        const size_t row = cb_grid_add_row(g);

        if (row == 0)
            return -1;
        cb_grid_set(g, row, 0, "%s", key->kernel);
        if (f->sweep)
            cb_grid_set(g, row, 1, "%s", key->params);
        cb_grid_set(g, row, lead - 1, "%s", key->size);
        for (size_t i = 0; i < f->device_count; i++) {
            const struct cb_rrow *x = cb_report_family_cell(r, f->devices[i], key);

            cell_values(g, row, lead + per * i, r, x, f->metric, f->baseline, f->with_library);
            *wall += x != NULL && x->timer_reason != NULL;
        }
        for (size_t i = 0; i < f->pair_count; i++) {
            const struct cb_rrow *a = cb_report_family_cell(r, f->pairs[i].fast, key);
            const struct cb_rrow *b = cb_report_family_cell(r, f->pairs[i].slow, key);
            const size_t c = lead + per * f->device_count + i;

            if (a != NULL && b != NULL && a->ok && b->ok) {
                char buf[32];

                cb_report_fmt(buf, sizeof buf, b->median_ms / a->median_ms);
                cb_grid_set(g, row, c, "%sx", buf);
            } else
                cb_grid_set(g, row, c, "-");
        }
    }
    return 0;
}

void cb_report_family_notes(FILE *out, const struct cb_report *r, const struct cb_rfamily *f,
                            int markdown, size_t wall, int failures)
{
    if (wall > 0)
        fprintf(out,
                "%s\"w\" after a time: timed on the host clock, launch and clFinish, because the "
                "device's profiling events failed the check against it (the row's timer_reason)"
                "%s\n",
                markdown ? "\n" : "  ", markdown ? "." : "");
    write_state_notes(out, r, f->name, markdown);
    if (!f->sweep) {
        fputs(markdown ? "\nParameters:\n\n" : "  parameters:\n", out);
        write_params_legend(out, r, f, markdown);
    }
    /* What each library row ran, and a warning that makes its "vs lib" a "!". */
    for (size_t i = 0; i < r->row_count; i++) {
        const struct cb_rrow *x = &r->rows[i];
        const char *warning;
        char line[512];

        if (strcmp(x->family, f->name) == 0 && cb_report_library(x, line, sizeof line, &warning))
            fprintf(out, "%s%s: %s %s: %s%s%s\n", markdown ? "\n- " : "  ",
                    r->devices[x->device].label, x->kernel, x->size, line,
                    warning != NULL ? "\n    ! not the library at its best (\"vs lib\" marked !): "
                                    : "",
                    warning != NULL ? warning : "");
    }
    /* Why a row failed does not fit a cell: list it below the table. */
    for (size_t i = 0; i < r->row_count && failures; i++) {
        const struct cb_rrow *x = &r->rows[i];

        if (!x->ok && strcmp(x->family, f->name) == 0)
            fprintf(out, "%s%s: %s %s %s: %s%s%s\n", markdown ? "\n- " : "  ",
                    r->devices[x->device].label, x->kernel, x->params, x->size, x->status,
                    x->reason[0] ? ": " : "", x->reason);
    }
}

static void write_family_text(FILE *out, const struct cb_report *r, const struct cb_rfamily *f,
                              int markdown)
{
    struct cb_grid g;
    size_t wall;

    if (markdown)
        fprintf(out, "## %s (%s)\n\n", f->name, f->metric);
    else
        fprintf(out, "%s (%s)\n", f->name, f->metric);
    cb_report_family_legend(out, r, f, markdown);
    fputc('\n', out);
    if (cb_report_family_grid(r, f, &g, &wall) == 0)
        cb_grid_write(out, &g, markdown);
    cb_grid_free(&g);
    cb_report_family_notes(out, r, f, markdown, wall, 1);
    fputc('\n', out);
}

/* Long format: one line per device and row, ready for a spreadsheet's pivot table. */
static void write_family_csv(FILE *out, const struct cb_report *r, const struct cb_rfamily *f)
{
    for (size_t k = 0; k < f->key_count; k++)
        for (size_t i = 0; i < f->device_count; i++) {
            const struct cb_rrow *x = cb_report_family_cell(r, f->devices[i], f->keys[k]);
            const struct cb_rdevice *d = &r->devices[f->devices[i]];
            const double sp = x != NULL ? baseline_speedup(r, x) : 0;

            if (x == NULL)
                continue;
            fprintf(out, "%s,%s,", f->name, x->kernel);
            cb_csv_quoted(out, x->params);
            fprintf(out, ",%s,", x->size);
            cb_csv_quoted(out, d->label);
            fputc(',', out);
            cb_csv_quoted(out, d->host);
            fputc(',', out);
            cb_csv_quoted(out, d->name);
            fprintf(out, ",%s,%s,", d->type, x->status);
            if (x->ok)
                fprintf(out, "%.9g,%.9g,%s,", x->median_ms, x->throughput, x->metric);
            else
                fprintf(out, ",,%s,", x->metric);
            if (x->fraction_of_peak > 0)
                fprintf(out, "%.6g", x->fraction_of_peak);
            fputc(',', out);
            if (sp > 0)
                fprintf(out, "%.6g", sp);
            fputc('\n', out);
        }
}

static cJSON *family_json(const struct cb_report *r, const struct cb_rfamily *f)
{
    cJSON *j = cJSON_CreateObject(), *rows;

    cJSON_AddStringToObject(j, "family", f->name);
    cJSON_AddStringToObject(j, "metric", f->metric);
    if (f->baseline != NULL)
        cJSON_AddStringToObject(j, "baseline", f->baseline);
    rows = cJSON_AddArrayToObject(j, "rows");
    for (size_t k = 0; k < f->key_count; k++) {
        cJSON *row = cJSON_CreateObject(), *cells = NULL, *ratios = NULL;

        cJSON_AddStringToObject(row, "kernel", f->keys[k]->kernel);
        cJSON_AddStringToObject(row, "params", f->keys[k]->params);
        cJSON_AddStringToObject(row, "size", f->keys[k]->size);
        cells = cJSON_AddObjectToObject(row, "devices");
        for (size_t i = 0; i < f->device_count; i++) {
            const struct cb_rrow *x = cb_report_family_cell(r, f->devices[i], f->keys[k]);
            cJSON *c;
            double sp;

            if (x == NULL)
                continue;
            c = cJSON_AddObjectToObject(cells, r->devices[f->devices[i]].label);
            cJSON_AddStringToObject(c, "params", x->params);
            cJSON_AddStringToObject(c, "status", x->status);
            if (!x->ok) {
                cJSON_AddStringToObject(c, "reason", x->reason);
                continue;
            }
            cJSON_AddNumberToObject(c, "median_ms", x->median_ms);
            cJSON_AddNumberToObject(c, "throughput", x->throughput);
            if (x->fraction_of_peak > 0)
                cJSON_AddNumberToObject(c, "fraction_of_peak", x->fraction_of_peak);
            sp = baseline_speedup(r, x);
            if (sp > 0)
                cJSON_AddNumberToObject(c, "speedup_vs_baseline", sp);
            if (sp > 0 && f->baseline != NULL && strcmp(baseline_of(x), f->baseline) != 0)
                cJSON_AddStringToObject(c, "baseline", baseline_of(x));
            sp = library_speedup(r, x);
            if (sp > 0)
                cJSON_AddNumberToObject(c, "speedup_vs_library", sp);
        }
        for (size_t a = 0; a < f->device_count; a++)
            for (size_t b = 0; b < f->device_count; b++) {
                const struct cb_rrow *x = cb_report_family_cell(r, f->devices[a], f->keys[k]);
                const struct cb_rrow *y = cb_report_family_cell(r, f->devices[b], f->keys[k]);
                cJSON *ratio;

                if (!is_type(r, f->devices[a], "gpu") || !is_type(r, f->devices[b], "cpu") ||
                    x == NULL || y == NULL || !x->ok || !y->ok)
                    continue;
                if (ratios == NULL)
                    ratios = cJSON_AddArrayToObject(row, "gpu_cpu");
                ratio = cJSON_CreateObject();
                cJSON_AddStringToObject(ratio, "gpu", r->devices[f->devices[a]].label);
                cJSON_AddStringToObject(ratio, "cpu", r->devices[f->devices[b]].label);
                cJSON_AddNumberToObject(ratio, "ratio", y->median_ms / x->median_ms);
                cJSON_AddItemToArray(ratios, ratio);
            }
        cJSON_AddItemToArray(rows, row);
    }
    return j;
}

static cJSON *report_json(const struct cb_report *r)
{
    cJSON *root = cJSON_CreateObject(), *sources, *devices;

    cJSON_AddStringToObject(root, "schema", "clbench-report");
    cJSON_AddNumberToObject(root, "schema_version", 1);
    sources = cJSON_AddArrayToObject(root, "sources");
    for (size_t i = 0; i < r->source_count; i++) {
        cJSON *s = cJSON_CreateObject();

        cJSON_AddStringToObject(s, "name", r->sources[i].name);
        cJSON_AddStringToObject(s, "host", r->sources[i].host);
        cJSON_AddStringToObject(s, "date", r->sources[i].date);
        cJSON_AddItemToArray(sources, s);
    }
    devices = cJSON_AddArrayToObject(root, "devices");
    for (size_t i = 0; i < r->device_count; i++) {
        const struct cb_rdevice *d = &r->devices[i];
        cJSON *j = cJSON_CreateObject();
        char short_name[CB_RLABEL_LEN];

        cb_report_short_name(d->name, d->platform, short_name, sizeof short_name);
        cJSON_AddStringToObject(j, "label", d->label);
        /* The label before it was made unique: what bench/plot names the device by. */
        cJSON_AddStringToObject(j, "short_name", short_name);
        cJSON_AddStringToObject(j, "source", r->sources[d->source].name);
        cJSON_AddStringToObject(j, "host", d->host);
        cJSON_AddStringToObject(j, "id", d->id);
        cJSON_AddStringToObject(j, "name", d->name);
        cJSON_AddStringToObject(j, "type", d->type);
        cJSON_AddStringToObject(j, "platform", d->platform);
        cJSON_AddStringToObject(j, "driver", d->driver);
        if (d->peak_gbs > 0)
            cJSON_AddNumberToObject(j, "measured_peak_gbs", d->peak_gbs);
        if (d->peak_gflops > 0)
            cJSON_AddNumberToObject(j, "measured_peak_gflops", d->peak_gflops);
        cJSON_AddItemToArray(devices, j);
    }
    cJSON_AddArrayToObject(root, "families");
    cJSON_AddItemToObject(root, "verdict", cb_report_verdict_json(r));
    return root;
}

void cb_report_write_tables(FILE *out, const struct cb_report *r, enum cb_format fmt)
{
    const char **names = malloc((r->row_count + 1) * sizeof *names);
    const size_t n = names != NULL ? cb_report_family_names(r, names) : 0;
    cJSON *root = fmt == CB_FORMAT_JSON ? report_json(r) : NULL;

    if (fmt == CB_FORMAT_CSV)
        fputs("family,kernel,params,size,device,host,device_name,device_type,status,median_ms,"
              "throughput,metric,fraction_of_peak,speedup_vs_baseline\n",
              out);
    else if (fmt == CB_FORMAT_MD)
        print_devices(out, r, 1);
    else if (fmt == CB_FORMAT_TABLE)
        print_devices(out, r, 0);
    for (size_t i = 0; i < n; i++) {
        struct cb_rfamily f;

        if (cb_report_family_build(r, names[i], &f) == 0) {
            if (fmt == CB_FORMAT_CSV)
                write_family_csv(out, r, &f);
            else if (fmt == CB_FORMAT_JSON)
                cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(root, "families"),
                                     family_json(r, &f));
            else
                write_family_text(out, r, &f, fmt == CB_FORMAT_MD);
        }
        cb_report_family_free(&f);
    }
    if (fmt == CB_FORMAT_TABLE || fmt == CB_FORMAT_MD)
        cb_report_write_verdict(out, r, fmt);
    if (root != NULL)
        cb_output_json(out, root);
    free(names);
}

int cb_report_write_run(FILE *out, const struct cb_run *run, enum cb_format fmt, const char *name)
{
    struct cb_report r;
    cJSON *root = cb_run_json(run);
    /* Through the text of the run file and back: cJSON prints a number with 15 digits when
     * that reads back as nearly the same double, so the view must read what the file holds. */
    char *text = root != NULL ? cJSON_Print(root) : NULL, why[256];

    cJSON_Delete(root);
    root = text != NULL ? cJSON_Parse(text) : NULL;
    free(text);
    memset(&r, 0, sizeof r);
    if (root == NULL || cb_report_add_json(&r, root, name, why, sizeof why) != 0) {
        cb_report_free(&r);
        return -1;
    }
    cb_report_label_devices(&r);
    cb_report_write_tables(out, &r, fmt);
    cb_report_free(&r);
    return 0;
}
