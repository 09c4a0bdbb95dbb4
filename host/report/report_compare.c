/* `clbench report --baseline OLD NEW`: per row matched by device, kernel, parameters and size,
 * the change of the median and whether the two sets of raw samples differ beyond noise (the
 * Mann-Whitney U test, report_rank.c).  A row regressed when it is slower by more than the
 * threshold AND the rank test says so, or when it ran in OLD and fails in NEW: a median moved
 * by one noisy launch must not fail a CI job, and a kernel that stopped verifying must.
 */
#include "clbench/output.h"
#include "clbench/report_grid.h"
#include "clbench/report_rank.h"
#include "clbench/report_rows.h"
#include "clbench/report_views.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct match {
    const struct cb_rrow *old_row, *new_row; /* either may be NULL: only on one side */
    const struct cb_report *side;            /* the report of the row that names the device */
    double change_pct, p;
    int tested; /* both ok with samples: change and p are known */
    const char *verdict;
    int regressed;
};

/* Rows of the two runs are the same row when device name and id, kernel, parameters and size
 * agree; the host may differ (the same GPU model on a CI runner and a workstation). */
static int same_row(const struct cb_report *a, const struct cb_rrow *x, const struct cb_report *b,
                    const struct cb_rrow *y)
{
    const struct cb_rdevice *da = &a->devices[x->device], *db = &b->devices[y->device];

    return strcmp(da->name, db->name) == 0 && strcmp(da->id, db->id) == 0 &&
           strcmp(x->kernel, y->kernel) == 0 && strcmp(x->params, y->params) == 0 &&
           strcmp(x->size, y->size) == 0;
}

/* The smallest p the test can give with these sample counts (all of one sample above all of
 * the other): when it is not below alpha, no change could ever be called significant. */
static double best_possible_p(size_t na, size_t nb)
{
    const double n1 = (double)na, n2 = (double)nb;
    const double z = (n1 * n2 / 2 - 0.5) / sqrt(n1 * n2 * (n1 + n2 + 1) / 12);

    return erfc(z / sqrt(2.0));
}

static void judge(struct match *m, const struct cb_compare_options *opt)
{
    const struct cb_rrow *o = m->old_row, *n = m->new_row;
    struct cb_rank_test t;

    if (n == NULL) {
        m->verdict = "only in OLD";
        return;
    }
    if (o == NULL) {
        m->verdict = "only in NEW";
        return;
    }
    if (!n->ok) {
        m->verdict = o->ok ? "FAILED now" : "failed in both";
        m->regressed = o->ok;
        return;
    }
    if (!o->ok) {
        m->verdict = "fixed";
        return;
    }
    m->change_pct = 100 * (n->median_ms - o->median_ms) / o->median_ms;
    if (cb_mann_whitney(o->samples_ms, o->sample_count, n->samples_ms, n->sample_count, &t) != 0) {
        m->verdict = "no samples";
        return;
    }
    m->tested = 1;
    m->p = t.p;
    if (t.p >= opt->alpha)
        m->verdict = best_possible_p(o->sample_count, n->sample_count) >= opt->alpha
                         ? "too few samples"
                         : "noise";
    else if (m->change_pct > opt->threshold) {
        m->verdict = "REGRESSED";
        m->regressed = 1;
    } else if (m->change_pct > 0)
        m->verdict = "slower, within threshold";
    else
        m->verdict = "faster";
}

static int match_order(const void *a, const void *b)
{
    const struct match *x = a, *y = b;
    const struct cb_rrow *rx = x->new_row ? x->new_row : x->old_row;
    const struct cb_rrow *ry = y->new_row ? y->new_row : y->old_row;
    const int c = strcmp(x->side->devices[rx->device].label, y->side->devices[ry->device].label);

    return c != 0 ? c : cb_report_row_order(rx, ry);
}

/* Every row of NEW with its OLD partner, then the rows only OLD has. */
static struct match *match_rows(const struct cb_report *o, const struct cb_report *n, size_t *count)
{
    struct match *m = calloc(o->row_count + n->row_count + 1, sizeof *m);

    *count = 0;
    if (m == NULL)
        return NULL;
    for (size_t i = 0; i < n->row_count; i++) {
        struct match *x = &m[(*count)++];

        x->new_row = &n->rows[i];
        x->side = n;
        for (size_t j = 0; j < o->row_count && x->old_row == NULL; j++)
            if (same_row(n, &n->rows[i], o, &o->rows[j]))
                x->old_row = &o->rows[j];
    }
    for (size_t j = 0; j < o->row_count; j++) {
        int found = 0;

        for (size_t i = 0; i < n->row_count && !found; i++)
            found = same_row(n, &n->rows[i], o, &o->rows[j]);
        if (!found) {
            m[*count].old_row = &o->rows[j];
            m[(*count)++].side = o;
        }
    }
    qsort(m, *count, sizeof *m, match_order);
    return m;
}

static void write_grid(FILE *out, const struct match *m, size_t count, int markdown)
{
    static const char *const head[] = {"device", "kernel", "params", "size",   "old ms",
                                       "new ms", "change", "p",      "verdict"};
    struct cb_grid g;

    if (cb_grid_init(&g, 9) != 0)
        return;
    for (size_t c = 0; c < 9; c++) {
        cb_grid_set(&g, 0, c, "%s", head[c]);
        g.left[c] = c < 4 || c == 8;
    }
    for (size_t i = 0; i < count; i++) {
        const struct cb_rrow *o = m[i].old_row, *n = m[i].new_row, *any = n ? n : o;
        const size_t row = cb_grid_add_row(&g);

        if (row == 0)
            break;
        cb_grid_set(&g, row, 0, "%s", m[i].side->devices[any->device].label);
        cb_grid_set(&g, row, 1, "%s", any->kernel);
        cb_grid_set(&g, row, 2, "%s", any->params);
        cb_grid_set(&g, row, 3, "%s", any->size);
        cb_report_set_ms(&g, row, 4, o);
        cb_report_set_ms(&g, row, 5, n);
        if (m[i].tested || (o != NULL && n != NULL && o->ok && n->ok))
            cb_grid_set(&g, row, 6, "%+.1f%%", m[i].change_pct);
        else
            cb_grid_set(&g, row, 6, "-");
        if (m[i].tested)
            cb_grid_set(&g, row, 7, "%.2g", m[i].p);
        else
            cb_grid_set(&g, row, 7, "-");
        cb_grid_set(&g, row, 8, "%s", m[i].verdict);
    }
    cb_grid_write(out, &g, markdown);
    cb_grid_free(&g);
}

static void write_json(FILE *out, const struct match *m, size_t count,
                       const struct cb_compare_options *opt, size_t regressed)
{
    cJSON *root = cJSON_CreateObject(), *rows;

    cJSON_AddStringToObject(root, "schema", "clbench-compare");
    cJSON_AddNumberToObject(root, "schema_version", 1);
    cJSON_AddNumberToObject(root, "alpha", opt->alpha);
    cJSON_AddNumberToObject(root, "threshold_pct", opt->threshold);
    cJSON_AddNumberToObject(root, "regressed", (double)regressed);
    rows = cJSON_AddArrayToObject(root, "rows");
    for (size_t i = 0; i < count; i++) {
        const struct cb_rrow *o = m[i].old_row, *n = m[i].new_row, *any = n ? n : o;
        cJSON *j = cJSON_CreateObject();

        cJSON_AddStringToObject(j, "device", m[i].side->devices[any->device].label);
        cJSON_AddStringToObject(j, "kernel", any->kernel);
        cJSON_AddStringToObject(j, "params", any->params);
        cJSON_AddStringToObject(j, "size", any->size);
        if (o != NULL && o->ok)
            cJSON_AddNumberToObject(j, "old_median_ms", o->median_ms);
        if (n != NULL && n->ok)
            cJSON_AddNumberToObject(j, "new_median_ms", n->median_ms);
        if (m[i].tested) {
            cJSON_AddNumberToObject(j, "change_pct", m[i].change_pct);
            cJSON_AddNumberToObject(j, "p_value", m[i].p);
        }
        cJSON_AddStringToObject(j, "verdict", m[i].verdict);
        cJSON_AddBoolToObject(j, "regressed", m[i].regressed);
        cJSON_AddItemToArray(rows, j);
    }
    cb_output_json(out, root);
}

static void write_csv(FILE *out, const struct match *m, size_t count)
{
    fputs("device,kernel,params,size,old_median_ms,new_median_ms,change_pct,p_value,verdict\n",
          out);
    for (size_t i = 0; i < count; i++) {
        const struct cb_rrow *o = m[i].old_row, *n = m[i].new_row, *any = n ? n : o;

        fprintf(out, "\"%s\",%s,\"%s\",%s,", m[i].side->devices[any->device].label, any->kernel,
                any->params, any->size);
        if (o != NULL && o->ok)
            fprintf(out, "%.17g", o->median_ms);
        fputc(',', out);
        if (n != NULL && n->ok)
            fprintf(out, "%.17g", n->median_ms);
        if (m[i].tested)
            fprintf(out, ",%.6g,%.6g,%s\n", m[i].change_pct, m[i].p, m[i].verdict);
        else
            fprintf(out, ",,,%s\n", m[i].verdict);
    }
}

size_t cb_report_write_compare(FILE *out, const struct cb_report *old_run,
                               const struct cb_report *new_run,
                               const struct cb_compare_options *opt, enum cb_format fmt)
{
    size_t count, regressed = 0, faster = 0, only = 0;
    struct match *m = match_rows(old_run, new_run, &count);

    if (m == NULL)
        return 0;
    for (size_t i = 0; i < count; i++) {
        judge(&m[i], opt);
        regressed += (size_t)m[i].regressed;
        faster += strcmp(m[i].verdict, "faster") == 0;
        only += m[i].old_row == NULL || m[i].new_row == NULL;
    }
    if (fmt == CB_FORMAT_JSON)
        write_json(out, m, count, opt, regressed);
    else if (fmt == CB_FORMAT_CSV)
        write_csv(out, m, count);
    else {
        if (fmt == CB_FORMAT_MD)
            fprintf(out, "## Comparison: %s against %s\n\n", new_run->sources[0].name,
                    old_run->sources[0].name);
        else
            fprintf(out, "comparison: NEW %s against OLD %s\n", new_run->sources[0].name,
                    old_run->sources[0].name);
        fprintf(out,
                "%schange: of the median time (+ is slower); p: Mann-Whitney U test of the raw "
                "samples, two-sided; REGRESSED: more than %g%% slower with p < %g, or failing "
                "now\n\n",
                fmt == CB_FORMAT_MD ? "" : "  ", opt->threshold, opt->alpha);
        write_grid(out, m, count, fmt == CB_FORMAT_MD);
        fprintf(out, "\n%zu rows: %zu regressed, %zu faster, %zu on one side only\n", count,
                regressed, faster, only);
    }
    free(m);
    return regressed;
}
