/* `clbench report --baseline OLD NEW`: per row matched by device, kernel, parameters and size,
 * the change of the median, whether the two sets of raw samples differ beyond noise (the
 * Mann-Whitney U test, report_rank.c) and the Hodges-Lehmann shift with its interval.  A row
 * regressed when its shift is more than the threshold slower AND the rank test says so, or
 * when it ran in OLD and fails in NEW: a median moved by one noisy launch must not fail a CI
 * job, and a kernel that stopped verifying must.  Beside the rows that changed, what the two
 * run files record differently about where they ran (driver, clocks, power, peaks, library,
 * parameters' origin, build options): a regression's likely cause.
 */
#include "clbench/output.h"
#include "clbench/report_grid.h"
#include "clbench/report_rank.h"
#include "clbench/report_rows.h"
#include "clbench/report_views.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ENV_MAX = 24, ENV_LEN = 160 };

/* One thing the two runs record differently. */
struct env_diff {
    char what[48], old_value[ENV_LEN], new_value[ENV_LEN];
    int device_level; /* true of every row of the device: printed once per device */
};

struct match {
    const struct cb_rrow *old_row, *new_row; /* either may be NULL: only on one side */
    const struct cb_report *side;            /* the report of the row that names the device */
    double change_pct, p;
    struct cb_shift shift; /* new minus old, ms */
    double shift_pct;      /* the shift over OLD's median */
    int tested;            /* both ok with samples: change, p and shift are known */
    int exact;             /* p from the exact distribution */
    const char *verdict;
    int regressed, changed; /* changed: a verdict that names a change, env listed beside it */
    struct env_diff *env;   /* owned; env_count of them */
    size_t env_count;
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
        m->regressed = m->changed = o->ok;
        return;
    }
    if (!o->ok) {
        m->verdict = "fixed";
        m->changed = 1;
        return;
    }
    m->change_pct = 100 * (n->median_ms - o->median_ms) / o->median_ms;
    if (cb_mann_whitney(o->samples_ms, o->sample_count, n->samples_ms, n->sample_count, &t) != 0 ||
        cb_hodges_lehmann(o->samples_ms, o->sample_count, n->samples_ms, n->sample_count,
                          opt->alpha, &m->shift) != 0) {
        m->verdict = "no samples";
        return;
    }
    m->tested = 1;
    m->p = t.p;
    m->exact = t.exact;
    m->shift_pct = 100 * m->shift.estimate / o->median_ms;
    if (t.p >= opt->alpha) {
        m->verdict = cb_mann_whitney_best_p(o->sample_count, n->sample_count) >= opt->alpha
                         ? "too few samples"
                         : "noise";
        return;
    }
    m->changed = 1;
    if (m->shift_pct > opt->threshold) {
        m->verdict = "REGRESSED";
        m->regressed = 1;
    } else if (m->shift_pct > 0)
        m->verdict = "slower, within threshold";
    else if (m->shift_pct < -opt->threshold)
        m->verdict = "faster";
    else
        m->verdict = "faster, within threshold";
}

static const char *str_of(const cJSON *j, const char *key)
{
    const char *v = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(j, key));

    return v != NULL ? v : "";
}

static void add_env(struct match *m, int device_level, const char *what, const char *old_value,
                    const char *new_value)
{
    struct env_diff *e;

    if (strcmp(old_value, new_value) == 0 || m->env_count == ENV_MAX)
        return;
    e = &m->env[m->env_count++];
    e->device_level = device_level;
    snprintf(e->what, sizeof e->what, "%s", what);
    snprintf(e->old_value, sizeof e->old_value, "%s", old_value[0] ? old_value : "none");
    snprintf(e->new_value, sizeof e->new_value, "%s", new_value[0] ? new_value : "none");
}

/* A number that moved by more than pct percent (or appeared, or went). */
static void add_env_number(struct match *m, int device_level, const char *what, double old_value,
                           double new_value, double pct)
{
    char a[32] = "", b[32] = "";

    if (old_value <= 0 && new_value <= 0)
        return;
    if (old_value > 0 && new_value > 0 &&
        fabs(new_value - old_value) <= pct / 100 * (old_value > new_value ? old_value : new_value))
        return;
    if (old_value > 0)
        snprintf(a, sizeof a, "%.4g", old_value);
    if (new_value > 0)
        snprintf(b, sizeof b, "%.4g", new_value);
    add_env(m, device_level, what, a, b);
}

static double state_median(const cJSON *row, const char *field)
{
    const cJSON *state = cJSON_GetObjectItemCaseSensitive(row, "device_state");
    const cJSON *v =
        cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(state, field), "median");

    return cJSON_IsNumber(v) ? v->valuedouble : 0;
}

/* "power_cap, thermal_slowdown", "none", or "" when the row records no state. */
static void throttle_text(const cJSON *row, char *buf, size_t len)
{
    const cJSON *state = cJSON_GetObjectItemCaseSensitive(row, "device_state");
    const cJSON *reasons = cJSON_GetObjectItemCaseSensitive(state, "throttle_reasons"), *r;
    size_t used = 0;

    buf[0] = '\0';
    if (!cJSON_IsObject(state))
        return;
    if (!cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(state, "throttled"))) {
        snprintf(buf, len, "none");
        return;
    }
    cJSON_ArrayForEach(r, reasons)
    {
        if (cJSON_IsString(r) && used < len)
            used +=
                (size_t)snprintf(buf + used, len - used, "%s%s", used ? ", " : "", r->valuestring);
    }
    if (used == 0)
        snprintf(buf, len, "yes");
}

/* What the two sides of a changed row record differently: the device (driver, platform, host,
 * the clock check's verdict on the profiling events, the measured peaks), then the row (timer,
 * build options, parameters' origin, library, clocks, power and throttling while it ran). */
static void find_env(struct match *m, const struct cb_report * or, const struct cb_report *nr,
                     const struct cb_compare_options *opt)
{
    const struct cb_rrow *o = m->old_row, *n = m->new_row;
    const struct cb_rdevice *od, *nd;
    char a[ENV_LEN], b[ENV_LEN];
    const char *warning;

    if (o == NULL || n == NULL || !m->changed)
        return;
    m->env = calloc(ENV_MAX, sizeof *m->env);
    if (m->env == NULL)
        return;
    od = & or->devices[o->device];
    nd = &nr->devices[n->device];
    add_env(m, 1, "host", od->host, nd->host);
    add_env(m, 1, "driver", od->driver, nd->driver);
    add_env(m, 1, "platform", str_of(od->json, "platform_version"),
            str_of(nd->json, "platform_version"));
    add_env(m, 1, "clock check",
            str_of(cJSON_GetObjectItemCaseSensitive(od->json, "clock_check"), "timer"),
            str_of(cJSON_GetObjectItemCaseSensitive(nd->json, "clock_check"), "timer"));
    add_env_number(m, 1, "peak GB/s", od->peak_gbs, nd->peak_gbs, opt->threshold);
    add_env_number(m, 1, "peak GFLOP/s", od->peak_gflops, nd->peak_gflops, opt->threshold);
    add_env(m, 0, "timer", str_of(o->json, "timer"), str_of(n->json, "timer"));
    add_env(m, 0, "build options", str_of(o->json, "build_options"),
            str_of(n->json, "build_options"));
    cb_report_params_from(o, a, sizeof a);
    cb_report_params_from(n, b, sizeof b);
    add_env(m, 0, "params from", a, b);
    a[0] = b[0] = '\0';
    cb_report_library(o, a, sizeof a, &warning);
    cb_report_library(n, b, sizeof b, &warning);
    add_env(m, 0, "library", a, b);
    /* Clocks are set in steps of ~15 MHz and power moves with the data: 2% is a real move. */
    add_env_number(m, 0, "core MHz", state_median(o->json, "sm_clock_mhz"),
                   state_median(n->json, "sm_clock_mhz"), 2);
    add_env_number(m, 0, "memory MHz", state_median(o->json, "mem_clock_mhz"),
                   state_median(n->json, "mem_clock_mhz"), 2);
    add_env_number(m, 0, "power W", state_median(o->json, "power_w"),
                   state_median(n->json, "power_w"), 5);
    throttle_text(o->json, a, sizeof a);
    throttle_text(n->json, b, sizeof b);
    add_env(m, 0, "throttled", a, b);
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

/* "+10.2% [+8.1, +12.3]": the shift over OLD's median and its interval. */
static void set_shift(struct cb_grid *g, size_t row, size_t col, const struct match *m)
{
    const double base = m->old_row->median_ms;

    cb_grid_set(g, row, col, "%+.1f%% [%+.1f, %+.1f]", m->shift_pct, 100 * m->shift.lo / base,
                100 * m->shift.hi / base);
}

static void write_grid(FILE *out, const struct match *m, size_t count, int markdown)
{
    static const char *const head[] = {"device", "kernel", "params", "size", "old ms",
                                       "new ms", "change", "shift",  "p",    "verdict"};
    enum { COLS = sizeof head / sizeof head[0] };
    struct cb_grid g;

    if (cb_grid_init(&g, COLS) != 0)
        return;
    for (size_t c = 0; c < COLS; c++) {
        cb_grid_set(&g, 0, c, "%s", head[c]);
        g.left[c] = c < 4 || c == COLS - 1;
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
        if (m[i].tested) {
            set_shift(&g, row, 7, &m[i]);
            /* "e": from the exact distribution; "a": the normal approximation. */
            cb_grid_set(&g, row, 8, "%.2g%s", m[i].p, m[i].exact ? "e" : "a");
        } else {
            cb_grid_set(&g, row, 7, "-");
            cb_grid_set(&g, row, 8, "-");
        }
        cb_grid_set(&g, row, 9, "%s", m[i].verdict);
    }
    cb_grid_write(out, &g, markdown);
    cb_grid_free(&g);
}

/* Beside the rows that changed: what differs, the device's differences once per device. */
static void write_env(FILE *out, const struct match *m, size_t count, int markdown)
{
    int header = 0;

    for (size_t i = 0; i < count; i++) {
        const struct cb_rrow *n = m[i].new_row;
        const char *label = n != NULL ? m[i].side->devices[n->device].label : "";
        int device_seen = 0, row_diffs = 0;

        if (m[i].env_count == 0)
            continue;
        for (size_t j = 0; j < i && !device_seen; j++)
            device_seen = m[j].env_count > 0 && m[j].new_row != NULL &&
                          strcmp(m[j].side->devices[m[j].new_row->device].label, label) == 0;
        for (size_t k = 0; k < m[i].env_count; k++)
            row_diffs += !m[i].env[k].device_level;
        if (device_seen && row_diffs == 0)
            continue;
        if (!header)
            fputs(markdown ? "\nWhat the runs record differently, beside the rows that "
                             "changed (OLD -> NEW):\n\n"
                           : "\nwhat the runs record differently, beside the rows that changed "
                             "(OLD -> NEW):\n",
                  out);
        header = 1;
        for (int level = 1; level >= 0; level--) {
            int first = 1;

            if (level == 1 && device_seen)
                continue;
            for (size_t k = 0; k < m[i].env_count; k++) {
                const struct env_diff *e = &m[i].env[k];

                if (e->device_level != level)
                    continue;
                if (first && level == 1)
                    fprintf(out, "%s%s: ", markdown ? "- " : "  ", label);
                else if (first)
                    fprintf(out, "%s%s %s %s %s: ", markdown ? "- " : "  ", label, n->kernel,
                            n->params, n->size);
                fprintf(out, "%s%s %s -> %s", first ? "" : "; ", e->what, e->old_value,
                        e->new_value);
                first = 0;
            }
            if (!first)
                fputc('\n', out);
        }
    }
}

static void write_json(FILE *out, const struct match *m, size_t count,
                       const struct cb_compare_options *opt, size_t regressed)
{
    cJSON *root = cJSON_CreateObject(), *rows;

    cJSON_AddStringToObject(root, "schema", "clbench-compare");
    cJSON_AddNumberToObject(root, "schema_version", 1);
    cJSON_AddNumberToObject(root, "alpha", opt->alpha);
    cJSON_AddNumberToObject(root, "threshold_pct", opt->threshold);
    cJSON_AddNumberToObject(root, "exact_max_samples", CB_RANK_EXACT_MAX);
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
            cJSON *ci = cJSON_CreateArray();

            cJSON_AddNumberToObject(j, "change_pct", m[i].change_pct);
            cJSON_AddNumberToObject(j, "p_value", m[i].p);
            cJSON_AddStringToObject(j, "p_method", m[i].exact ? "exact" : "asymptotic");
            cJSON_AddNumberToObject(j, "shift_ms", m[i].shift.estimate);
            cJSON_AddNumberToObject(j, "shift_pct", m[i].shift_pct);
            cJSON_AddItemToArray(ci, cJSON_CreateNumber(100 * m[i].shift.lo / o->median_ms));
            cJSON_AddItemToArray(ci, cJSON_CreateNumber(100 * m[i].shift.hi / o->median_ms));
            cJSON_AddItemToObject(j, "shift_ci_pct", ci);
            cJSON_AddNumberToObject(j, "shift_ci_level", m[i].shift.level);
        }
        cJSON_AddStringToObject(j, "verdict", m[i].verdict);
        cJSON_AddBoolToObject(j, "regressed", m[i].regressed);
        if (m[i].env_count > 0) {
            cJSON *env = cJSON_AddArrayToObject(j, "environment");

            for (size_t k = 0; k < m[i].env_count; k++) {
                cJSON *e = cJSON_CreateObject();

                cJSON_AddStringToObject(e, "what", m[i].env[k].what);
                cJSON_AddStringToObject(e, "old", m[i].env[k].old_value);
                cJSON_AddStringToObject(e, "new", m[i].env[k].new_value);
                cJSON_AddItemToArray(env, e);
            }
        }
        cJSON_AddItemToArray(rows, j);
    }
    cb_output_json(out, root);
}

/* Columns are only appended: readers of the first nine keep working. */
static void write_csv(FILE *out, const struct match *m, size_t count)
{
    fputs("device,kernel,params,size,old_median_ms,new_median_ms,change_pct,p_value,verdict,"
          "p_method,shift_pct,shift_lo_pct,shift_hi_pct,shift_ci_level,environment\n",
          out);
    for (size_t i = 0; i < count; i++) {
        const struct cb_rrow *o = m[i].old_row, *n = m[i].new_row, *any = n ? n : o;
        char env[ENV_MAX * (ENV_LEN + 64)];
        size_t used = 0;

        cb_csv_quoted(out, m[i].side->devices[any->device].label);
        fprintf(out, ",%s,", any->kernel);
        cb_csv_quoted(out, any->params);
        fprintf(out, ",%s,", any->size);
        if (o != NULL && o->ok)
            fprintf(out, "%.17g", o->median_ms);
        fputc(',', out);
        if (n != NULL && n->ok)
            fprintf(out, "%.17g", n->median_ms);
        if (m[i].tested)
            fprintf(out, ",%.6g,%.6g,", m[i].change_pct, m[i].p);
        else
            fputs(",,,", out);
        cb_csv_quoted(out, m[i].verdict);
        if (m[i].tested)
            fprintf(out, ",%s,%.6g,%.6g,%.6g,%.6g,", m[i].exact ? "exact" : "asymptotic",
                    m[i].shift_pct, 100 * m[i].shift.lo / o->median_ms,
                    100 * m[i].shift.hi / o->median_ms, m[i].shift.level);
        else
            fputs(",,,,,,", out);
        env[0] = '\0';
        for (size_t k = 0; k < m[i].env_count && used < sizeof env; k++)
            used +=
                (size_t)snprintf(env + used, sizeof env - used, "%s%s %s -> %s", k ? "; " : "",
                                 m[i].env[k].what, m[i].env[k].old_value, m[i].env[k].new_value);
        cb_csv_quoted(out, env);
        fputc('\n', out);
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
        find_env(&m[i], old_run, new_run, opt);
        regressed += (size_t)m[i].regressed;
        faster += strncmp(m[i].verdict, "faster", 6) == 0;
        only += m[i].old_row == NULL || m[i].new_row == NULL;
    }
    if (fmt == CB_FORMAT_JSON)
        write_json(out, m, count, opt, regressed);
    else if (fmt == CB_FORMAT_CSV)
        write_csv(out, m, count);
    else {
        const char *indent = fmt == CB_FORMAT_MD ? "" : "  ";

        if (fmt == CB_FORMAT_MD)
            fprintf(out, "## Comparison: %s against %s\n\n", new_run->sources[0].name,
                    old_run->sources[0].name);
        else
            fprintf(out, "comparison: NEW %s against OLD %s\n", new_run->sources[0].name,
                    old_run->sources[0].name);
        fprintf(out,
                "%schange: of the median time (+ is slower); shift: Hodges-Lehmann estimate "
                "(median of every NEW - OLD sample difference) over OLD's median, [its "
                "distribution-free interval at 1 - alpha]\n"
                "%sp: Mann-Whitney U test of the raw samples, two-sided, e exact (up to %d "
                "samples in all), a normal approximation\n"
                "%sREGRESSED: shift more than %g%% slower with p < %g, or failing now\n\n",
                indent, indent, CB_RANK_EXACT_MAX, indent, opt->threshold, opt->alpha);
        write_grid(out, m, count, fmt == CB_FORMAT_MD);
        write_env(out, m, count, fmt == CB_FORMAT_MD);
        fprintf(out, "\n%zu rows: %zu regressed, %zu faster, %zu on one side only\n", count,
                regressed, faster, only);
    }
    for (size_t i = 0; i < count; i++)
        free(m[i].env);
    free(m);
    return regressed;
}
