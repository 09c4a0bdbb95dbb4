/* The findings view: the seed experiments' questions answered from the rows at hand.
 *   The local-memory verdict: for every kernel whose manifest names a twin (the same
 *   algorithm without local memory), the twin's median time over the kernel's, per device
 *   and size, and one line per device over all pairs.
 *   The tables the kernels' manifests declare with `finding` (copy_ilp's ILP/occupancy curve,
 *   seed 002; matmul_regblock's RX x RY grid, 001; the transpose ladder against
 *   transpose_copy, 000) when their rows are present.
 * Sections whose rows are absent are left out.
 */
#include "clbench/report_grid.h"
#include "clbench/report_rows.h"
#include "clbench/report_views.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Geometric mean of speedups per device, over every pair and size. */
struct verdict {
    double log_sum, lo, hi;
    size_t count;
};

static void verdict_add(struct verdict *v, double speedup)
{
    if (v->count == 0 || speedup < v->lo)
        v->lo = speedup;
    if (v->count == 0 || speedup > v->hi)
        v->hi = speedup;
    v->log_sum += log(speedup);
    v->count++;
}

static double verdict_mean(const struct verdict *v)
{
    return exp(v->log_sum / (double)v->count);
}

/* A row's energy per launch in joules (its "energy"), 0 where it has none. */
static double joules_of(const struct cb_rrow *x)
{
    const cJSON *e =
        x != NULL && x->ok ? cJSON_GetObjectItemCaseSensitive(x->json, "energy") : NULL;
    const cJSON *j = cJSON_GetObjectItemCaseSensitive(e, "joules_per_launch");

    return cJSON_IsNumber(j) && j->valuedouble > 0 ? j->valuedouble : 0;
}

/* "6.1x faster" or "0.62x (slower)". */
static void describe(char *buf, size_t len, double speedup)
{
    snprintf(buf, len, "%.2gx%s", speedup, speedup >= 1 ? " faster" : " (slower)");
}

/* The rows of kernel, in print order; the caller frees. */
static const struct cb_rrow **rows_of(const struct cb_report *r, const char *kernel,
                                      const char *family, size_t *count)
{
    const struct cb_rrow **rows = malloc((r->row_count + 1) * sizeof *rows);

    *count = 0;
    if (rows == NULL)
        return NULL;
    for (size_t i = 0; i < r->row_count; i++)
        if ((kernel != NULL && strcmp(r->rows[i].kernel, kernel) == 0) ||
            (family != NULL && strcmp(r->rows[i].family, family) == 0))
            rows[(*count)++] = &r->rows[i];
    for (size_t i = 1; i < *count; i++)
        for (size_t j = i; j > 0 && cb_report_row_order(rows[j], rows[j - 1]) < 0; j--) {
            const struct cb_rrow *t = rows[j];

            rows[j] = rows[j - 1];
            rows[j - 1] = t;
        }
    return rows;
}

/* The unique (kernel, params, size) keys among rows, keeping their order. */
static size_t unique_keys(const struct cb_rrow **rows, size_t count, const struct cb_rrow **keys)
{
    size_t n = 0;

    for (size_t i = 0; i < count; i++) {
        int seen = 0;

        for (size_t k = 0; k < n && !seen; k++)
            seen = strcmp(keys[k]->kernel, rows[i]->kernel) == 0 &&
                   strcmp(keys[k]->params, rows[i]->params) == 0 &&
                   strcmp(keys[k]->size, rows[i]->size) == 0;
        if (!seen)
            keys[n++] = rows[i];
    }
    return n;
}

static const struct cb_rrow *on_device(const struct cb_rrow **rows, size_t count, size_t device,
                                       const struct cb_rrow *key)
{
    for (size_t i = 0; i < count; i++)
        if (rows[i]->device == device && strcmp(rows[i]->kernel, key->kernel) == 0 &&
            strcmp(rows[i]->params, key->params) == 0 && strcmp(rows[i]->size, key->size) == 0)
            return rows[i];
    return NULL;
}

static int device_has(const struct cb_rrow **rows, size_t count, size_t device)
{
    for (size_t i = 0; i < count; i++)
        if (rows[i]->device == device)
            return 1;
    return 0;
}

static void heading(FILE *out, int markdown, const char *title)
{
    if (markdown)
        fprintf(out, "## %s\n\n", title);
    else
        fprintf(out, "%s\n", title);
}

/* 1 if a row of `twin` ran to the end unverified. */
static int twin_unverified(const struct cb_report *r, const char *twin)
{
    for (size_t i = 0; i < r->row_count; i++)
        if (strcmp(r->rows[i].kernel, twin) == 0 && strcmp(r->rows[i].status, "unverified") == 0)
            return 1;
    return 0;
}

/* One twin pair's rows, by table row (keys) and by device column (devs), and what it adds to
 * each device's verdicts. */
struct twin {
    const char *kernel, *twin;
    const struct cb_rrow **rows, **keys;
    size_t count, nkeys, *devs, ndev;
    struct verdict *pair, *energy; /* per device: this pair's speedups and energy ratios */
};

/* The header: params and size, then local ms, none ms and speedup per device. */
static void twin_header(struct cb_grid *g, const struct cb_report *r, const struct twin *t)
{
    cb_grid_set(g, 0, 0, "params");
    cb_grid_set(g, 0, 1, "size");
    g->left[0] = g->left[1] = 1;
    for (size_t i = 0; i < t->ndev; i++) {
        for (size_t j = 0; j < 3; j++)
            cb_grid_set_group(g, 2 + 3 * i + j, r->devices[t->devs[i]].label);
        cb_grid_set(g, 0, 2 + 3 * i, "local ms");
        cb_grid_set(g, 0, 3 + 3 * i, "none ms");
        cb_grid_set(g, 0, 4 + 3 * i, "speedup");
    }
}

/* One cell group: the two times and the speedup, added to the pair's verdict and the device's. */
static void twin_cell(struct cb_grid *g, size_t row, const struct cb_report *r,
                      const struct twin *t, size_t k, size_t i, struct verdict *verdicts,
                      struct verdict *energy_verdicts)
{
    const size_t d = t->devs[i], c = 2 + 3 * i;
    const struct cb_rrow *x = on_device(t->rows, t->count, d, t->keys[k]);
    const struct cb_rrow *y =
        cb_report_find_partner(r, d, t->twin, t->keys[k]->size, t->keys[k]->params);
    double s;

    cb_report_set_ms(g, row, c, x);
    cb_report_set_ms(g, row, c + 1, y);
    if (x == NULL || !x->ok || y == NULL) {
        cb_grid_set(g, row, c + 2, "-");
        return;
    }
    s = y->median_ms / x->median_ms;
    cb_grid_set(g, row, c + 2, "%.3gx", s);
    verdict_add(&t->pair[d], s);
    verdict_add(&verdicts[d], s);
    if (joules_of(x) > 0 && joules_of(y) > 0) {
        verdict_add(&t->energy[d], joules_of(y) / joules_of(x));
        verdict_add(&energy_verdicts[d], joules_of(y) / joules_of(x));
    }
}

/* The line under the table: the pair's verdict per device, or why there is none, and what
 * local memory does to the joules per launch where both twins' energy was measured. */
static void twin_summary(FILE *out, const struct cb_report *r, const struct twin *t, int markdown)
{
    size_t shown = 0;

    fprintf(out, "%s%s:", markdown ? "\n" : "", t->kernel);
    for (size_t i = 0; i < t->ndev; i++) {
        char what[64];

        if (t->pair[t->devs[i]].count == 0)
            continue;
        describe(what, sizeof what, verdict_mean(&t->pair[t->devs[i]]));
        fprintf(out, "%s %s on %s", shown++ ? "," : "", what, r->devices[t->devs[i]].label);
    }
    /* An unverified twin ran, but nothing vouches for its outputs: it never counts in a
     * verdict (docs/kernel-files.md, "The generic contract"), and the line says so rather than that
     * it did not run. */
    if (shown == 0 && twin_unverified(r, t->twin))
        fprintf(out,
                " no verdict: %s ran beside it but is unverified (no `verify` line checks its "
                "outputs), so its times do not count: give it one",
                t->twin);
    else if (shown == 0)
        fprintf(out, " no verdict: %s did not run beside it", t->twin);
    for (size_t i = 0, said = 0; i < t->ndev; i++)
        if (t->energy[t->devs[i]].count > 0) {
            const double e = verdict_mean(&t->energy[t->devs[i]]);

            fprintf(out, "%s%.2gx %s energy on %s",
                    said++ ? ", " : "\n  energy per launch: ", e >= 1 ? e : 1 / e,
                    e >= 1 ? "less" : "more", r->devices[t->devs[i]].label);
        }
    fputs("\n\n", out);
}

/* One twin pair: kernel (with local memory) against twin (without), per size and device.
 * Adds each speedup to the device's verdict. */
static void twin_pair(FILE *out, const struct cb_report *r, const char *kernel, const char *twin,
                      struct verdict *verdicts, struct verdict *energy_verdicts, int markdown)
{
    struct twin t = {kernel, twin, NULL, NULL, 0, 0, NULL, 0, NULL, NULL};
    struct cb_grid g;
    char title[256];

    t.rows = rows_of(r, kernel, NULL, &t.count);
    t.keys = t.rows != NULL ? malloc((t.count + 1) * sizeof *t.keys) : NULL;
    t.devs = malloc((r->device_count + 1) * sizeof *t.devs);
    t.pair = calloc(r->device_count + 1, sizeof *t.pair);
    t.energy = calloc(r->device_count + 1, sizeof *t.energy);
    if (t.keys == NULL || t.devs == NULL || t.pair == NULL || t.energy == NULL || t.count == 0)
        goto done;
    t.nkeys = unique_keys(t.rows, t.count, t.keys);
    for (size_t d = 0; d < r->device_count; d++)
        if (device_has(t.rows, t.count, d))
            t.devs[t.ndev++] = d;
    if (cb_grid_init(&g, 2 + 3 * t.ndev) != 0)
        goto done;
    snprintf(title, sizeof title, "%s (local memory) against %s (none)", kernel, twin);
    heading(out, markdown, title);
    twin_header(&g, r, &t);
    for (size_t k = 0; k < t.nkeys; k++) {
        const size_t row = cb_grid_add_row(&g);

        if (row == 0)
            break;
        cb_grid_set(&g, row, 0, "%s", t.keys[k]->params);
        cb_grid_set(&g, row, 1, "%s", t.keys[k]->size);
        for (size_t i = 0; i < t.ndev; i++)
            twin_cell(&g, row, r, &t, k, i, verdicts, energy_verdicts);
    }
    cb_grid_write(out, &g, markdown);
    cb_grid_free(&g);
    twin_summary(out, r, &t, markdown);
done:
    free(t.energy);
    free(t.pair);
    free(t.devs);
    free(t.keys);
    free(t.rows);
}

/* The local-memory section's heading, before its first pair. */
static void open_section(FILE *out, int markdown, int *any)
{
    if (*any)
        return;
    heading(out, markdown,
            "Local memory: the twin without it over the kernel with it "
            "(median time ratio; above 1x local memory helps)");
    if (!markdown)
        fputc('\n', out);
    *any = 1;
}

typedef void (*twin_fn)(const struct cb_report *r, const char *kernel, const char *twin, void *ctx);

/* Calls fn for each kernel of r that names a twin: the registry's, then those of kernel files
 * this binary has not loaded (the twin their rows recorded).  Returns how many. */
static size_t each_twin_pair(const struct cb_report *r, twin_fn fn, void *ctx)
{
    size_t n = 0;

    /* Twins come from this binary's registry; the pairs are the kernels that name one. */
    for (size_t k = 0; k < cb_kernel_total(); k++) {
        const struct cb_kernel *kern = cb_kernel_at(k);
        int present = 0;

        for (size_t i = 0; i < r->row_count && !present; i++)
            present = strcmp(r->rows[i].kernel, kern->name) == 0;
        if (kern->twin == NULL || !present)
            continue;
        fn(r, kern->name, kern->twin, ctx);
        n++;
    }
    for (size_t i = 0; i < r->row_count; i++) {
        const struct cb_rrow *row = &r->rows[i];
        int first = cb_kernel_find(row->kernel) == NULL && row->twin != NULL;

        for (size_t j = 0; j < i && first; j++)
            first = strcmp(r->rows[j].kernel, row->kernel) != 0;
        if (!first)
            continue;
        fn(r, row->kernel, row->twin, ctx);
        n++;
    }
    return n;
}

struct text_pairs {
    FILE *out;
    int markdown, any;
    struct verdict *verdicts; /* per device */
    struct verdict *energy;   /* per device: the twin's joules per launch over the kernel's */
};

/* The verdicts are per element type, so that float and double pairs are judged apart: the
 * type's index, from the kernel's name in the report ("vadd (double)"; report_data.h). */
static const char *const verdict_types[] = {"", " (double)", " (half)"};
enum { VERDICT_TYPES = 3 };

static size_t type_index(const char *kernel)
{
    const char *suffix = strstr(kernel, " (");

    for (size_t i = 1; suffix != NULL && i < VERDICT_TYPES; i++)
        if (strcmp(suffix, verdict_types[i]) == 0)
            return i;
    return 0;
}

static void text_pair(const struct cb_report *r, const char *kernel, const char *twin, void *ctx)
{
    struct text_pairs *t = ctx;

    open_section(t->out, t->markdown, &t->any);
    twin_pair(t->out, r, kernel, twin, t->verdicts + type_index(kernel) * (r->device_count + 1),
              t->energy + type_index(kernel) * (r->device_count + 1), t->markdown);
}

/* The verdict line of one type over its pairs v[device]. */
static void verdict_lines(FILE *out, const struct cb_report *r, const struct verdict *v,
                          const struct verdict *e, const char *type, int markdown)
{
    int shown = 0;

    fprintf(out, "%slocal memory%s:", markdown ? "**Verdict**: " : "", type);
    for (size_t d = 0; d < r->device_count; d++) {
        char what[64];

        if (v[d].count == 0)
            continue;
        describe(what, sizeof what, verdict_mean(&v[d]));
        fprintf(out, "%s %s on %s", shown++ ? "," : "", what, r->devices[d].label);
    }
    fprintf(out, "%s\n", shown ? "" : " no pair ran on both sides");
    for (size_t d = 0; d < r->device_count; d++)
        if (v[d].count > 0)
            fprintf(out, "%s%s: geometric mean of %zu pair%s and sizes, from %.3gx to %.3gx\n",
                    markdown ? "- " : "  ", r->devices[d].label, v[d].count,
                    v[d].count == 1 ? "" : "s", v[d].lo, v[d].hi);
    /* Where both twins' energy was measured: the twin's joules per launch over the kernel's. */
    for (size_t d = 0; d < r->device_count; d++)
        if (e[d].count > 0) {
            const double m = verdict_mean(&e[d]);

            fprintf(out,
                    "%s%s: energy per launch %.2gx %s with local memory (%zu pair%s and sizes, "
                    "the twin's joules over the kernel's from %.3gx to %.3gx)\n",
                    markdown ? "- " : "  ", r->devices[d].label, m >= 1 ? m : 1 / m,
                    m >= 1 ? "less" : "more", e[d].count, e[d].count == 1 ? "" : "s", e[d].lo,
                    e[d].hi);
        }
}

/* Returns 1 when some twin pair had rows. */
static int local_memory(FILE *out, const struct cb_report *r, int markdown)
{
    const size_t per_type = r->device_count + 1;
    struct verdict *v = calloc(VERDICT_TYPES * per_type, sizeof *v);
    struct verdict *e = calloc(VERDICT_TYPES * per_type, sizeof *e);
    struct text_pairs t = {out, markdown, 0, v, e};

    if (v == NULL || e == NULL) {
        free(v);
        free(e);
        return 0;
    }
    each_twin_pair(r, text_pair, &t);
    if (t.any) {
        /* Each type's line where its pairs ran; float's also where none of any type did. */
        size_t pairs[VERDICT_TYPES] = {0}, all = 0;

        for (size_t ti = 0; ti < VERDICT_TYPES; ti++)
            for (size_t d = 0; d < r->device_count; d++) {
                pairs[ti] += v[ti * per_type + d].count;
                all += v[ti * per_type + d].count;
            }
        for (size_t ti = 0; ti < VERDICT_TYPES; ti++)
            if (pairs[ti] > 0 || (ti == 0 && all == 0))
                verdict_lines(out, r, v + ti * per_type, e + ti * per_type, verdict_types[ti],
                              markdown);
        fputc('\n', out);
    }
    free(v);
    free(e);
    return t.any;
}

static int is_type(const struct cb_report *r, size_t d, const char *type)
{
    return strcmp(r->devices[d].type, type) == 0;
}

/* The CPU's median time (energy: joules per launch) over the GPU's for the family's rows
 * (kernel, parameters, size) that both ran ok (energy: and both measured): their geometric mean,
 * count and range. */
static struct verdict family_ratio(const struct cb_report *r, const char *family, size_t gpu,
                                   size_t cpu, int energy)
{
    struct verdict v = {0, 0, 0, 0};

    for (size_t i = 0; i < r->row_count; i++) {
        const struct cb_rrow *a = &r->rows[i], *b = NULL;

        if (a->device != gpu || !a->ok || strcmp(a->family, family) != 0)
            continue;
        for (size_t j = 0; j < r->row_count && b == NULL; j++)
            if (r->rows[j].device == cpu && r->rows[j].ok && cb_report_same_row(&r->rows[j], a))
                b = &r->rows[j];
        if (b != NULL && !energy)
            verdict_add(&v, b->median_ms / a->median_ms);
        else if (b != NULL && joules_of(a) > 0 && joules_of(b) > 0)
            verdict_add(&v, joules_of(b) / joules_of(a));
    }
    return v;
}

/* The GPU/CPU time ratio per family and pair of devices: the geometric mean over the rows
 * (kernel, parameters, size) that both ran ok. */
static void gpu_cpu(FILE *out, const struct cb_report *r, int markdown)
{
    const char **families = malloc((r->row_count + 1) * sizeof *families);
    size_t nfam = 0, npairs = 0, *gpu = malloc((r->device_count + 1) * sizeof *gpu);
    size_t *cpu = malloc((r->device_count + 1) * sizeof *cpu), ng = 0, nc = 0;
    struct cb_grid g;

    if (families == NULL || gpu == NULL || cpu == NULL)
        goto done;
    for (size_t d = 0; d < r->device_count; d++) {
        if (is_type(r, d, "gpu"))
            gpu[ng++] = d;
        if (is_type(r, d, "cpu"))
            cpu[nc++] = d;
    }
    npairs = ng * nc;
    for (size_t i = 0; i < r->row_count; i++) {
        int seen = 0;

        for (size_t f = 0; f < nfam && !seen; f++)
            seen = strcmp(families[f], r->rows[i].family) == 0;
        if (!seen)
            families[nfam++] = r->rows[i].family;
    }
    if (npairs == 0 || cb_grid_init(&g, 1 + npairs) != 0)
        goto done;
    heading(out, markdown,
            "GPU/CPU: the CPU's median time over the GPU's, geometric mean over the rows both "
            "ran (rows in brackets)");
    if (!markdown)
        fputc('\n', out);
    cb_grid_set(&g, 0, 0, "family");
    g.left[0] = 1;
    for (size_t p = 0; p < npairs; p++)
        cb_grid_set(&g, 0, 1 + p, "%s/%s", r->devices[gpu[p / nc]].label,
                    r->devices[cpu[p % nc]].label);
    for (size_t f = 0; f < nfam; f++) {
        const size_t row = cb_grid_add_row(&g);

        if (row == 0)
            break;
        cb_grid_set(&g, row, 0, "%s", families[f]);
        for (size_t p = 0; p < npairs; p++) {
            const struct verdict v = family_ratio(r, families[f], gpu[p / nc], cpu[p % nc], 0);
            const struct verdict e = family_ratio(r, families[f], gpu[p / nc], cpu[p % nc], 1);

            if (v.count > 0 && e.count > 0) {
                char buf[32], ebuf[32];

                cb_report_fmt(buf, sizeof buf, verdict_mean(&v));
                cb_report_fmt(ebuf, sizeof ebuf, verdict_mean(&e));
                cb_grid_set(&g, row, 1 + p, "%sx (%zu), energy %sx (%zu)", buf, v.count, ebuf,
                            e.count);
            } else if (v.count > 0) {
                char buf[32];

                cb_report_fmt(buf, sizeof buf, verdict_mean(&v));
                cb_grid_set(&g, row, 1 + p, "%sx (%zu)", buf, v.count);
            } else
                cb_grid_set(&g, row, 1 + p, "-");
        }
    }
    cb_grid_write(out, &g, markdown);
    cb_grid_free(&g);
    fputc('\n', out);
done:
    free(cpu);
    free(gpu);
    free(families);
}

/* A row's work per joule in its metric's unit (GFLOP/J for GFLOP/s rows, GB/J for GB/s), 0
 * where its energy was not measured. */
static double work_per_joule(const struct cb_rrow *x)
{
    const int flops = strcmp(x->metric, "GFLOP/s") == 0;
    const cJSON *e = joules_of(x) > 0 ? cJSON_GetObjectItemCaseSensitive(x->json, "energy") : NULL;
    const cJSON *v =
        cJSON_GetObjectItemCaseSensitive(e, flops ? "gflops_per_joule" : "gb_per_joule");

    return cJSON_IsNumber(v) && v->valuedouble > 0 ? v->valuedouble : 0;
}

/* Appends the row's energy source ("nvml", "nvml-power", "rapl"; "?" in a run file that has
 * none) to the '+' list `sources`, once. */
static void add_source(char *sources, size_t len, const struct cb_rrow *x)
{
    const cJSON *e = cJSON_GetObjectItemCaseSensitive(x->json, "energy");
    const char *name = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e, "source"));
    const size_t n = strlen(sources);
    char *at = sources;

    if (name == NULL)
        name = "?";
    while ((at = strstr(at, name)) != NULL) {
        const size_t end = (size_t)(at - sources) + strlen(name);

        if ((at == sources || at[-1] == '+') && (sources[end] == '\0' || sources[end] == '+'))
            return;
        at++;
    }
    snprintf(sources + n, len - n, "%s%s", n > 0 ? "+" : "", name);
}

/* Energy per unit of work, per family and device: the geometric mean of the rows' GFLOP/J or
 * GB/J over the rows whose energy was measured.  Left out when none was. */
static void energy(FILE *out, const struct cb_report *r, int markdown)
{
    const char **families = malloc((r->row_count + 1) * sizeof *families);
    size_t nfam = 0;
    struct cb_grid g;

    for (size_t i = 0; families != NULL && i < r->row_count; i++) {
        int seen = 0;

        if (work_per_joule(&r->rows[i]) <= 0)
            continue;
        for (size_t f = 0; f < nfam && !seen; f++)
            seen = strcmp(families[f], r->rows[i].family) == 0;
        if (!seen)
            families[nfam++] = r->rows[i].family;
    }
    if (nfam == 0 || cb_grid_init(&g, 1 + r->device_count) != 0) {
        free(families);
        return;
    }
    heading(out, markdown,
            "Energy: work per joule (GFLOP/J or GB/J, the family's metric), geometric mean over "
            "the rows whose energy was measured (rows and energy sources in brackets: nvml and "
            "rapl a counter, nvml-power the power readings integrated)");
    if (!markdown)
        fputc('\n', out);
    cb_grid_set(&g, 0, 0, "family");
    g.left[0] = 1;
    for (size_t d = 0; d < r->device_count; d++)
        cb_grid_set(&g, 0, 1 + d, "%s", r->devices[d].label);
    for (size_t f = 0; f < nfam; f++) {
        const size_t row = cb_grid_add_row(&g);
        const char *unit = "";

        if (row == 0)
            break;
        cb_grid_set(&g, row, 0, "%s", families[f]);
        for (size_t d = 0; d < r->device_count; d++) {
            struct verdict v = {0, 0, 0, 0};
            char sources[64] = "";

            for (size_t i = 0; i < r->row_count; i++)
                if (r->rows[i].device == d && strcmp(r->rows[i].family, families[f]) == 0 &&
                    work_per_joule(&r->rows[i]) > 0) {
                    verdict_add(&v, work_per_joule(&r->rows[i]));
                    unit = strcmp(r->rows[i].metric, "GFLOP/s") == 0 ? "GFLOP/J" : "GB/J";
                    add_source(sources, sizeof sources, &r->rows[i]);
                }
            if (v.count > 0) {
                char buf[32];

                cb_report_fmt(buf, sizeof buf, verdict_mean(&v));
                cb_grid_set(&g, row, 1 + d, "%s %s (%zu, %s)", buf, unit, v.count, sources);
            } else
                cb_grid_set(&g, row, 1 + d, "-");
        }
    }
    cb_grid_write(out, &g, markdown);
    cb_grid_free(&g);
    fputc('\n', out);
    free(families);
}

void cb_report_write_verdict(FILE *out, const struct cb_report *r, enum cb_format fmt)
{
    const int md = fmt == CB_FORMAT_MD;

    if (!local_memory(out, r, md))
        fprintf(out,
                "%slocal memory: no verdict: no kernel ran beside its twin without local "
                "memory\n\n",
                md ? "**Verdict**: " : "");
    gpu_cpu(out, r, md);
    energy(out, r, md);
}

static cJSON *spread_json(const struct verdict *v, const char *mean_name)
{
    cJSON *j = cJSON_CreateObject();

    cJSON_AddNumberToObject(j, mean_name, verdict_mean(v));
    cJSON_AddNumberToObject(j, "rows", (double)v->count);
    cJSON_AddNumberToObject(j, "min", v->lo);
    cJSON_AddNumberToObject(j, "max", v->hi);
    return j;
}

struct json_pairs {
    cJSON *pairs;
    struct verdict *verdicts; /* per device */
};

/* The pair's rows as data: the same rows and ratios as twin_pair's table. */
static void json_pair(const struct cb_report *r, const char *kernel, const char *twin, void *ctx)
{
    struct json_pairs *t = ctx;

    for (size_t i = 0; i < r->row_count; i++) {
        const struct cb_rrow *x = &r->rows[i];
        const struct cb_rrow *y =
            strcmp(x->kernel, kernel) == 0 && x->ok
                ? cb_report_find_partner(r, x->device, twin, x->size, x->params)
                : NULL;
        cJSON *j;

        if (y == NULL)
            continue;
        j = cJSON_CreateObject();
        cJSON_AddStringToObject(j, "kernel", kernel);
        cJSON_AddStringToObject(j, "twin", twin);
        cJSON_AddStringToObject(j, "device", r->devices[x->device].label);
        cJSON_AddStringToObject(j, "params", x->params);
        cJSON_AddStringToObject(j, "size", x->size);
        cJSON_AddNumberToObject(j, "local_ms", x->median_ms);
        cJSON_AddNumberToObject(j, "none_ms", y->median_ms);
        cJSON_AddNumberToObject(j, "speedup", y->median_ms / x->median_ms);
        cJSON_AddItemToArray(t->pairs, j);
        verdict_add(&t->verdicts[x->device], y->median_ms / x->median_ms);
    }
}

cJSON *cb_report_verdict_json(const struct cb_report *r)
{
    cJSON *root = cJSON_CreateObject(), *local = cJSON_AddObjectToObject(root, "local_memory");
    cJSON *devices = cJSON_AddArrayToObject(local, "devices");
    cJSON *ratios = cJSON_AddArrayToObject(root, "gpu_cpu");
    struct json_pairs t = {cJSON_AddArrayToObject(local, "pairs"),
                           calloc(r->device_count + 1, sizeof *t.verdicts)};

    if (t.verdicts == NULL)
        return root;
    each_twin_pair(r, json_pair, &t);
    for (size_t d = 0; d < r->device_count; d++)
        if (t.verdicts[d].count > 0) {
            cJSON *j = spread_json(&t.verdicts[d], "speedup");

            cJSON_AddStringToObject(j, "device", r->devices[d].label);
            cJSON_AddItemToArray(devices, j);
        }
    free(t.verdicts);
    for (size_t g = 0; g < r->device_count; g++)
        for (size_t c = 0; c < r->device_count; c++) {
            if (!is_type(r, g, "gpu") || !is_type(r, c, "cpu"))
                continue;
            for (size_t i = 0; i < r->row_count; i++) {
                const char *family = r->rows[i].family;
                int first = 1;
                struct verdict v, e;
                cJSON *j;

                for (size_t k = 0; k < i && first; k++)
                    first = strcmp(r->rows[k].family, family) != 0;
                if (!first || (v = family_ratio(r, family, g, c, 0)).count == 0)
                    continue;
                j = spread_json(&v, "ratio");
                e = family_ratio(r, family, g, c, 1);
                if (e.count > 0) /* the CPU's joules per launch over the GPU's */
                    cJSON_AddItemToObject(j, "energy", spread_json(&e, "ratio"));
                cJSON_AddStringToObject(j, "family", family);
                cJSON_AddStringToObject(j, "gpu", r->devices[g].label);
                cJSON_AddStringToObject(j, "cpu", r->devices[c].label);
                cJSON_AddItemToArray(ratios, j);
            }
        }
    return root;
}

/* The row's occupancy from its run file ("78% local memory"), or NULL when it has none. */
static const char *occupancy_text(const struct cb_rrow *x, char *buf, size_t len)
{
    const cJSON *occ = cJSON_GetObjectItemCaseSensitive(x->json, "occupancy");
    const cJSON *frac = cJSON_GetObjectItemCaseSensitive(occ, "fraction");
    const cJSON *warps = cJSON_GetObjectItemCaseSensitive(occ, "warps_per_cu");
    const cJSON *limit = cJSON_GetObjectItemCaseSensitive(occ, "limited_by");

    if (!cJSON_IsNumber(frac) || !cJSON_IsNumber(warps) || !cJSON_IsString(limit))
        return NULL;
    snprintf(buf, len, "%.0f%% %.0fw %s", 100 * frac->valuedouble, warps->valuedouble,
             limit->valuestring);
    return buf;
}

static int any_occupancy(const struct cb_rrow **rows, size_t count)
{
    char buf[64];

    for (size_t i = 0; i < count; i++)
        if (occupancy_text(rows[i], buf, sizeof buf) != NULL)
            return 1;
    return 0;
}

/* " [128r]", " [255r 284s]": registers per work-item and spill-store bytes from the run file's
 * kernel_info (NVIDIA's ptxas report); "" when the run file has none. */
static const char *resources_text(const struct cb_rrow *x, char *buf, size_t len)
{
    const cJSON *ki = cJSON_GetObjectItemCaseSensitive(x->json, "kernel_info");
    const cJSON *regs = cJSON_GetObjectItemCaseSensitive(ki, "registers");
    const cJSON *spills = cJSON_GetObjectItemCaseSensitive(ki, "spill_store_bytes");

    buf[0] = '\0';
    if (!cJSON_IsNumber(regs))
        return buf;
    if (cJSON_IsNumber(spills) && spills->valuedouble > 0)
        snprintf(buf, len, " [%.0fr %.0fs]", regs->valuedouble, spills->valuedouble);
    else
        snprintf(buf, len, " [%.0fr]", regs->valuedouble);
    return buf;
}

/* One table of kernel's (or family's) rows: params and size down, per device the throughput,
 * the fraction of peak, and (with ceiling) the fraction of the ceiling kernel's throughput. */
static int curve(FILE *out, const struct cb_report *r, const char *title, const char *kernel,
                 const char *family, const char *ceiling, int markdown)
{
    size_t count, nkeys, ndev = 0, per;
    const struct cb_rrow **rows = rows_of(r, kernel, family, &count);
    const struct cb_rrow **keys = rows != NULL ? malloc((count + 1) * sizeof *keys) : NULL;
    size_t *devs = malloc((r->device_count + 1) * sizeof *devs);
    struct cb_grid g;
    int shown = 0, with_occ;

    if (keys == NULL || devs == NULL || count == 0)
        goto done;
    nkeys = unique_keys(rows, count, keys);
    /* Occupancy beside the throughput where the run files have it (NVIDIA): the copy_ilp
     * OCC_KIB curve's cause next to its effect. */
    with_occ = any_occupancy(rows, count);
    per = 2 + (ceiling != NULL) + with_occ;
    /* Occupancy beside the throughput where the run files have it (NVIDIA): the copy_ilp
     * OCC_KIB curve's cause next to its effect. */
    with_occ = any_occupancy(rows, count);
    per = 2 + (ceiling != NULL) + with_occ;
    for (size_t d = 0; d < r->device_count; d++)
        if (device_has(rows, count, d))
            devs[ndev++] = d;
    if (cb_grid_init(&g, 3 + per * ndev) != 0)
        goto done;
    shown = 1;
    heading(out, markdown, title);
    if (!markdown)
        fputc('\n', out);
    cb_grid_set(&g, 0, 0, "kernel");
    cb_grid_set(&g, 0, 1, "params");
    cb_grid_set(&g, 0, 2, "size");
    g.left[0] = g.left[1] = g.left[2] = 1;
    for (size_t i = 0; i < ndev; i++) {
        for (size_t j = 0; j < per; j++)
            cb_grid_set_group(&g, 3 + per * i + j, r->devices[devs[i]].label);
        cb_grid_set(&g, 0, 3 + per * i, "%s", rows[0]->metric);
        cb_grid_set(&g, 0, 4 + per * i, "peak");
        if (ceiling != NULL)
            cb_grid_set(&g, 0, 5 + per * i, "of copy");
        if (with_occ)
            cb_grid_set(&g, 0, 3 + per * i + per - 1, "occupancy");
    }
    for (size_t k = 0; k < nkeys; k++) {
        const size_t row = cb_grid_add_row(&g);

        if (row == 0)
            break;
        cb_grid_set(&g, row, 0, "%s", keys[k]->kernel);
        cb_grid_set(&g, row, 1, "%s", keys[k]->params);
        cb_grid_set(&g, row, 2, "%s", keys[k]->size);
        for (size_t i = 0; i < ndev; i++) {
            const struct cb_rrow *x = on_device(rows, count, devs[i], keys[k]);
            const size_t c = 3 + per * i;
            char buf[64];

            if (with_occ && x != NULL && occupancy_text(x, buf, sizeof buf) != NULL)
                cb_grid_set(&g, row, c + per - 1, "%s", buf);
            if (x == NULL || !x->ok) {
                cb_report_set_ms(&g, row, c, x);
                continue;
            }
            cb_report_fmt(buf, sizeof buf, x->throughput);
            cb_grid_set(&g, row, c, "%s", buf);
            if (x->fraction_of_peak > 0)
                cb_grid_set(&g, row, c + 1, "%.0f%%", 100 * x->fraction_of_peak);
            else
                cb_grid_set(&g, row, c + 1, "-");
            if (ceiling != NULL) {
                const struct cb_rrow *top =
                    cb_report_find_partner(r, devs[i], ceiling, x->size, x->params);

                if (top != NULL)
                    cb_grid_set(&g, row, c + 2, "%.0f%%", 100 * top->median_ms / x->median_ms);
            }
        }
    }
    cb_grid_write(out, &g, markdown);
    cb_grid_free(&g);
    fputc('\n', out);
done:
    free(devs);
    free(keys);
    free(rows);
    return shown;
}

/* "NAME=" of p at s, the start of one "NAME=VALUE" of a row's params. */
static int is_param(const char *s, const char *p)
{
    const size_t n = strlen(p);

    return strncmp(s, p, n) == 0 && s[n] == '=';
}

/* The parameters of x other than the grid's two (f->x, f->y), as "TILE=16". */
static const char *other_params(const struct cb_rrow *x, const struct cb_finding *f, char *buf)
{
    size_t used = 0;

    buf[0] = '\0';
    for (const char *p = x->params; *p != '\0';) {
        const char *end = strchr(p, ' ');
        const size_t len = end != NULL ? (size_t)(end - p) : strlen(p);

        if (!is_param(p, f->x) && !is_param(p, f->y) && used + len + 2 < 256) {
            if (used > 0)
                buf[used++] = ' ';
            memcpy(buf + used, p, len);
            used += len;
            buf[used] = '\0';
        }
        p += len;
        while (*p == ' ')
            p++;
    }
    return buf;
}

/* x belongs to the grid of first: the same device, size and parameters other than the grid's. */
static int same_group(const struct cb_rrow *x, const struct cb_finding *f,
                      const struct cb_rrow *first, const char *others)
{
    char buf[256];

    return x->device == first->device && strcmp(x->size, first->size) == 0 &&
           strcmp(other_params(x, f, buf), others) == 0;
}

/* The values parameter `name` takes in the rows of first's grid, each once, ascending; values
 * holds count entries.  Returns how many. */
static size_t grid_axis(const struct cb_rrow **rows, size_t count, const struct cb_finding *f,
                        const struct cb_rrow *first, const char *others, const char *name,
                        long *values)
{
    size_t n = 0;

    for (size_t i = 0; i < count; i++) {
        const long v = cb_report_param(rows[i]->params, name, 0);
        size_t at = 0;

        if (!same_group(rows[i], f, first, others))
            continue;
        while (at < n && values[at] < v)
            at++;
        if (at < n && values[at] == v)
            continue;
        memmove(values + at + 1, values + at, (n - at) * sizeof *values);
        values[at] = v;
        n++;
    }
    return n;
}

/* The X x Y grid of kernel k (its finding's two parameters) for one device, size and set of
 * other parameters. */
static void xy_grid(FILE *out, const struct cb_report *r, const struct cb_kernel *k,
                    const struct cb_rrow **rows, size_t count, const struct cb_rrow *first,
                    const char *others, int markdown)
{
    const struct cb_finding *f = &k->finding;
    long *rx = malloc((count + 1) * sizeof *rx), *ry = malloc((count + 1) * sizeof *ry);
    size_t nx, ny;
    const struct cb_rrow *best = NULL;
    struct cb_grid g;
    char title[512];

    if (rx == NULL || ry == NULL)
        goto done;
    nx = grid_axis(rows, count, f, first, others, f->x, rx);
    ny = grid_axis(rows, count, f, first, others, f->y, ry);
    for (size_t i = 0; i < count; i++)
        if (same_group(rows[i], f, first, others) && rows[i]->ok &&
            (best == NULL || rows[i]->throughput > best->throughput))
            best = rows[i];
    if (cb_grid_init(&g, 1 + ny) != 0)
        goto done;
    snprintf(title, sizeof title, "%s %s on %s, size %s%s%s", k->name, first->metric,
             r->devices[first->device].label, first->size, others[0] ? ", " : "", others);
    fprintf(out, "%s%s\n\n", markdown ? "### " : "", title);
    cb_grid_set(&g, 0, 0, "%s \\ %s", f->x, f->y);
    g.left[0] = 1;
    for (size_t j = 0; j < ny; j++)
        cb_grid_set(&g, 0, 1 + j, "%ld", ry[j]);
    for (size_t i = 0; i < nx; i++) {
        const size_t row = cb_grid_add_row(&g);

        if (row == 0)
            break;
        cb_grid_set(&g, row, 0, "%ld", rx[i]);
        for (size_t j = 0; j < ny; j++) {
            const struct cb_rrow *cell = NULL;
            char res[64];

            for (size_t c = 0; c < count && cell == NULL; c++)
                if (same_group(rows[c], f, first, others) &&
                    cb_report_param(rows[c]->params, f->x, 0) == rx[i] &&
                    cb_report_param(rows[c]->params, f->y, 0) == ry[j])
                    cell = rows[c];
            if (cell == NULL)
                cb_grid_set(&g, row, 1 + j, "-");
            else if (!cell->ok)
                cb_grid_set(&g, row, 1 + j, "%s%s", cell->status,
                            resources_text(cell, res, sizeof res));
            else
                cb_grid_set(&g, row, 1 + j, "%.0f%s%s", cell->throughput, cell == best ? "*" : "",
                            resources_text(cell, res, sizeof res));
        }
    }
    cb_grid_write(out, &g, markdown);
    cb_grid_free(&g);
    if (best != NULL)
        fprintf(out, "%sbest (*): %s=%ld %s=%ld, %.0f %s\n", markdown ? "\n" : "", f->x,
                cb_report_param(best->params, f->x, 0), f->y,
                cb_report_param(best->params, f->y, 0), best->throughput, best->metric);
    if (best != NULL && resources_text(best, title, sizeof title)[0] != '\0')
        fputs("[Nr Ms]: N registers per work-item, M bytes of spill stores (ptxas, "
              "-cl-nv-verbose)\n",
              out);
    fputc('\n', out);
done:
    free(rx);
    free(ry);
}

/* The grids of kernel k's rows, one per device, size and set of other parameters. */
static int grids(FILE *out, const struct cb_report *r, const struct cb_kernel *k, int markdown)
{
    const struct cb_finding *f = &k->finding;
    size_t count;
    const struct cb_rrow **rows = rows_of(r, k->name, NULL, &count);
    int any = 0;

    if (rows == NULL)
        return 0;
    for (size_t i = 0; i < count; i++) {
        char mine[256], theirs[256], heading_text[512];
        int seen = 0;

        /* One grid per device, size and other parameters: drawn at its first row. */
        for (size_t j = 0; j < i && !seen; j++)
            seen = rows[j]->device == rows[i]->device &&
                   strcmp(rows[j]->size, rows[i]->size) == 0 &&
                   strcmp(other_params(rows[j], f, theirs), other_params(rows[i], f, mine)) == 0;
        if (seen)
            continue;
        snprintf(heading_text, sizeof heading_text, "%s x %s: %s", f->x, f->y, f->title);
        if (!any)
            heading(out, markdown, heading_text);
        if (!any && !markdown)
            fputc('\n', out);
        any = 1;
        xy_grid(out, r, k, rows, count, rows[i], other_params(rows[i], f, mine), markdown);
    }
    free(rows);
    return any;
}

/* The findings the kernels' manifests declare, of one kind, in the registry's order. */
static int declared(FILE *out, const struct cb_report *r, enum cb_finding_kind kind, int md)
{
    int any = 0;

    for (size_t i = 0; i < cb_kernel_total(); i++) {
        const struct cb_kernel *k = cb_kernel_at(i);

        if (k->finding.kind != kind)
            continue;
        if (kind == CB_FINDING_CURVE)
            any |= curve(out, r, k->finding.title, k->name, NULL, NULL, md);
        else if (kind == CB_FINDING_GRID)
            any |= grids(out, r, k, md);
        else
            any |= curve(out, r, k->finding.title, NULL, k->family, k->name, md);
    }
    return any;
}

/* "copy_ilp, matmul_regblock or transpose": what the declared findings need rows of. */
static void declared_names(FILE *out)
{
    static const enum cb_finding_kind kinds[] = {CB_FINDING_CURVE, CB_FINDING_GRID,
                                                 CB_FINDING_LADDER};
    const char *names[16];
    size_t n = 0;

    for (size_t t = 0; t < 3; t++)
        for (size_t i = 0; i < cb_kernel_total() && n < 16; i++)
            if (cb_kernel_at(i)->finding.kind == kinds[t])
                names[n++] =
                    kinds[t] == CB_FINDING_LADDER ? cb_kernel_at(i)->family : cb_kernel_at(i)->name;
    for (size_t i = 0; i < n; i++)
        fprintf(out, "%s%s", i == 0 ? "" : i + 1 == n ? " or " : ", ", names[i]);
}

void cb_report_write_findings(FILE *out, const struct cb_report *r, enum cb_format fmt)
{
    const int md = fmt == CB_FORMAT_MD;
    int any = 0;

    if (md)
        fputs("# Findings\n\n", out);
    any |= local_memory(out, r, md);
    any |= declared(out, r, CB_FINDING_CURVE, md);
    any |= declared(out, r, CB_FINDING_GRID, md);
    any |= declared(out, r, CB_FINDING_LADDER, md);
    if (!any) {
        fputs("no findings: the runs hold no twin pair (vadd_local, transpose_tiled, ...), no ",
              out);
        declared_names(out);
        fputs(" rows\n", out);
    }
}
