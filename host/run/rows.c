/* Row expansion; see rows.h. */
#include "clbench/rows.h"

#include "clbench/device_defaults.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void cb_size_apply(const struct cb_kernel *k, const struct cb_size *s, size_t out[CB_MAX_DIMS])
{
    for (unsigned i = 0; i < CB_MAX_DIMS; i++)
        out[i] = i < k->dims ? (s->ndims == 1 ? s->dim[0] : s->dim[i]) : 1;
}

/* The values parameter i of k takes in this run: the -D list, or its default. */
static const long *param_values(const struct cb_rows_request *cfg, const struct cb_kernel *k,
                                unsigned i, const long defaults[CB_MAX_PARAMS], unsigned *count)
{
    const struct cb_param *param = &k->params[i];

    for (size_t d = 0; d < cfg->define_count; d++)
        if (strcmp(cfg->defines[d].name, param->name) == 0) {
            *count = cfg->defines[d].count;
            return cfg->defines[d].values;
        }
    *count = 1;
    return &defaults[i];
}

/* -D named a parameter of k: the command line decides every parameter of it, and the others
 * take their plain defaults.  The CPU and device defaults are each one consistent set (vector
 * widths that divide the work per item, ...), never mixed with the user's values. */
static int defined_on_command_line(const struct cb_rows_request *cfg, const struct cb_kernel *k)
{
    for (size_t i = 0; i < cfg->define_count; i++)
        if (cb_kernel_param_index(k, cfg->defines[i].name) >= 0)
            return 1;
    return 0;
}

int cb_row_take_tuned(const struct cb_rows_request *cfg, struct cb_row *row)
{
    const struct cb_kernel *k = row->problem.kernel;

    if (cfg->no_tuned || cfg->tuned == NULL || cfg->tuned_lookup == NULL ||
        cb_kernel_param_count(k) == 0)
        return 0;
    long defaults[CB_MAX_PARAMS];

    memcpy(defaults, row->problem.param, sizeof defaults);
    if (!cfg->tuned_lookup(cfg->tuned, row->device, &row->problem, row->problem.param, &row->tuned))
        return 0;
    row->params_from = "tuned";
    row->params_note[0] = '\0'; /* the entry replaced the defaults the note is about */
    if (strcmp(row->tuned.match, "exact") == 0)
        return 1;
    /* An entry of another size keeps the defaults computed from this row's size. */
    for (unsigned i = 0; i < cb_kernel_param_count(k); i++) {
        const size_t used = strlen(row->params_note);

        if (!cb_param_follows_size(k, i) || row->problem.param[i] == defaults[i])
            continue;
        row->problem.param[i] = defaults[i];
        snprintf(row->params_note + used, sizeof row->params_note - used,
                 "%s%s=%ld: the device default for this size (the entry is of another size)",
                 used > 0 ? "; " : "", k->params[i].name, defaults[i]);
    }
    return 1;
}

/* Appends "; "-separated text to the row's note, truncating. */
static void add_note(struct cb_row *row, const char *text)
{
    const size_t used = strlen(row->params_note);

    if (used + 1 < sizeof row->params_note)
        snprintf(row->params_note + used, sizeof row->params_note - used, "%s%s",
                 used > 0 ? "; " : "", text);
}

int cb_row_choose(const struct cb_rows_request *cfg, struct cb_row *row)
{
    long model[CB_MAX_PARAMS];
    char note[CB_PARAMS_NOTE_LEN] = "", said[CB_PARAMS_NOTE_LEN];
    double model_s = 0, entry_s;
    const int planned =
        cfg->no_model || cfg->plan == NULL
            ? 0
            : cfg->plan(row->device, &row->problem, model, &model_s, note, sizeof note);
    int tuned;

    if (planned < 0)
        add_note(row, note);
    tuned = cb_row_take_tuned(cfg, row);
    if (planned <= 0 || (tuned && strcmp(row->tuned.match, "exact") == 0))
        return tuned;
    said[0] = '\0';
    if (tuned) {
        entry_s = cfg->predict != NULL
                      ? cfg->predict(row->device, &row->problem, row->problem.param)
                      : -1;
        if (entry_s > 0 && entry_s < model_s) {
            snprintf(said, sizeof said,
                     "the %s entry %s is predicted %.3g ms, the model's own choice %.3g ms",
                     row->tuned.match, row->tuned.size, entry_s * 1e3, model_s * 1e3);
            add_note(row, said);
            return 1;
        }
        snprintf(said, sizeof said, "the %s entry %s is predicted %s", row->tuned.match,
                 row->tuned.size, entry_s > 0 ? "slower" : "nothing (not in the model's space)");
        if (entry_s > 0)
            snprintf(said + strlen(said), sizeof said - strlen(said), " (%.3g ms)", entry_s * 1e3);
        memset(&row->tuned, 0, sizeof row->tuned);
    }
    memcpy(row->problem.param, model, cb_kernel_param_count(row->problem.kernel) * sizeof *model);
    row->params_from = "model";
    snprintf(row->params_note, sizeof row->params_note, "%s", note);
    if (said[0] != '\0')
        add_note(row, said);
    return 1;
}

static int append(struct cb_row **rows, size_t *count, const struct cb_row *row)
{
    struct cb_row *grown = realloc(*rows, (*count + 1) * sizeof *grown);

    if (grown == NULL)
        return -1;
    *rows = grown;
    grown[(*count)++] = *row;
    return 0;
}

/* The size of k on d without --size: its default for d's type, or with several devices
 * (shared) the size they all run, so that every row has every device.  A GPU's own larger
 * defaults stay out of that main job, where filling, copying and checking their gigabytes
 * would take most of its time (results/README.md, "The main job"), and a run on the GPU
 * alone (`-d gpu`) runs them. */
static const size_t *default_size(const struct cb_kernel *k, const struct cb_device *d, int shared)
{
    if (shared)
        return k->default_size_shared[0] ? k->default_size_shared : k->default_size_cpu;
    return cb_default_size(k, d);
}

const size_t *cb_default_size(const struct cb_kernel *k, const struct cb_device *d)
{
    return (d->type & CL_DEVICE_TYPE_GPU) ? k->default_size_gpu : k->default_size_cpu;
}

/* The element types k's rows are of in this run: each of --type, once for a kernel of the
 * generic contract (its arguments declare theirs); a library row only of the types it takes,
 * unless it takes none of them (its rows then say so: unsupported). */
static size_t row_types(const struct cb_rows_request *cfg, const struct cb_kernel *k,
                        enum cb_elem_type types[3])
{
    size_t n = 0, taken = 0;

    for (unsigned i = 0; i < cfg->real_type_count && i < 3; i++) {
        types[n] = CB_ELEM_FLOAT;
        cb_elem_find(cfg->real_types[i], strlen(cfg->real_types[i]), &types[n]);
        taken += (size_t)cb_kernel_takes(k, types[n]);
        n++;
    }
    if (n == 0)
        types[n++] = CB_ELEM_FLOAT;
    if (k->types == 0) /* its arguments' own types, no REAL */
        return 1;
    if (k->manifest == NULL && taken > 0) {
        size_t kept = 0;

        for (size_t i = 0; i < n; i++)
            if (cb_kernel_takes(k, types[i]))
                types[kept++] = types[i];
        n = kept;
    }
    return n;
}

int cb_rows_expand(const struct cb_rows_request *cfg, struct cb_device *d, int shared,
                   struct cb_row **rows, size_t *count)
{
    for (size_t ki = 0; ki < cfg->kernel_count; ki++) {
        const struct cb_kernel *k = cfg->kernels[ki];
        const unsigned nparams = cb_kernel_param_count(k);
        const int from_command_line = defined_on_command_line(cfg, k);
        const size_t *fallback = default_size(k, d, shared);
        const size_t nsizes = cfg->size_count > 0 ? cfg->size_count : 1;
        enum cb_elem_type types[3];
        const size_t ntypes = row_types(cfg, k, types);

        for (size_t ti = 0; ti < ntypes; ti++) {
            unsigned digit[CB_MAX_PARAMS] = {0};
            /* The values of the parameters -D does not name; with -D for k the plain defaults,
             * else those of each row's type and size (so the odometer, which moves only over
             * -D's lists, makes one pass then). */
            long defaults[CB_MAX_PARAMS];

            for (unsigned i = 0; i < nparams; i++)
                defaults[i] = k->params[i].def;
            /* Odometer over the parameter values; one pass when there are no parameters. */
            for (int done = 0; !done;) {
                for (size_t si = 0; si < nsizes; si++) {
                    struct cb_row row;
                    char note[CB_PARAMS_NOTE_LEN] = "";
                    const char *from = "command line";

                    memset(&row, 0, sizeof row);
                    row.device = d;
                    row.problem.kernel = k;
                    row.problem.real = types[ti];
                    row.timer = "event";
                    if (cfg->size_count > 0)
                        cb_size_apply(k, &cfg->sizes[si], row.problem.size);
                    else
                        memcpy(row.problem.size, fallback, sizeof row.problem.size);
                    /* The defaults of this device, type and size (a double row's vector width
                     * is not a float row's). */
                    if (!from_command_line)
                        from = cb_param_defaults(&row.problem, d, defaults, note, sizeof note);
                    for (unsigned i = 0; i < nparams; i++) {
                        unsigned n;

                        row.problem.param[i] = param_values(cfg, k, i, defaults, &n)[digit[i]];
                    }
                    row.params_from = nparams == 0 ? NULL : from;
                    snprintf(row.params_note, sizeof row.params_note, "%s", note);
                    /* Without -D for k, the database's entries of this row's type, if any. */
                    if (!from_command_line)
                        cb_row_choose(cfg, &row);
                    if (append(rows, count, &row) != 0)
                        return -1;
                }
                done = 1;
                for (unsigned i = 0; i < nparams && done; i++) {
                    unsigned n;

                    param_values(cfg, k, i, defaults, &n);
                    if (++digit[i] < n)
                        done = 0;
                    else
                        digit[i] = 0;
                }
            }
        }
    }
    return 0;
}

size_t cb_rows_shrink_group(struct cb_row *rows, size_t count, size_t slow, double took_ms,
                            double budget_ms, unsigned char *again)
{
    const struct cb_row *s = &rows[slow];
    size_t from[CB_MAX_DIMS], to[CB_MAX_DIMS], n = 0;
    const char *family = s->problem.kernel->family;
    const enum cb_elem_type real = s->problem.real;
    double work = 1.0;

    memcpy(from, s->problem.size, sizeof from);
    memcpy(to, from, sizeof to);
    while (took_ms * work > budget_ms) {
        int shrunk = 0;

        for (unsigned i = 0; i < CB_MAX_DIMS; i++)
            if (to[i] >= 32) {
                to[i] /= 2;
                work /= 2.0;
                shrunk = 1;
            }
        if (!shrunk)
            break;
    }
    if (memcmp(to, from, sizeof to) == 0)
        return 0;
    for (size_t j = 0; j < count; j++) {
        const struct cb_kernel *k = rows[j].problem.kernel;

        if (rows[j].resumed || rows[j].problem.real != real ||
            memcmp(rows[j].problem.size, from, sizeof from) != 0 ||
            (k != s->problem.kernel &&
             (family == NULL || k->family == NULL || strcmp(k->family, family) != 0)))
            continue;
        memcpy(rows[j].problem.size, to, sizeof to);
        again[j] = 1;
        n++;
    }
    return n;
}
