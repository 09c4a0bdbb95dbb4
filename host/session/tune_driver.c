/* The search driver of `clbench tune` (in cli: it writes the journal and the run file, which
 * are the report layer's, beside the tuning database): searches each kernel's -D space on each
 * device and size under a budget, evaluating every point in the device's supervised worker
 * (worker.h; in this process with CLBENCH_WORKERS=0), records every measured point as a row (run
 * file and journal, so that report, --baseline and --resume work as for a sweep), and stores the
 * best point per device, driver, kernel and size class in the tuning database (tuned.c).  The
 * command line is host/cli/tune_main.c's. */
#define _POSIX_C_SOURCE 200809L
#include "clbench/tune_driver.h"

#include "clbench/check.h"
#include "clbench/clock_check.h"
#include "clbench/journal.h"
#include "clbench/output.h"
#include "clbench/runfile.h"
#include "clbench/shape_model.h"
#include "clbench/rows.h"
#include "clbench/timer.h"
#include "clbench/tuned.h"
#include "clbench/worker.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { MIN_MAX_TIME_S = 30 };

/* One search: a kernel in an element type at a size on a device. */
struct task {
    struct cb_run *run;
    const struct cb_session_settings *cfg;
    const struct cb_tune_config *t;
    struct cb_device *device;
    const struct cb_kernel *kernel;
    enum cb_elem_type real; /* --type */
    size_t size[CB_MAX_DIMS];
    const struct cb_space *space;
    struct cb_program_cache *cache; /* CLBENCH_WORKERS=0: the points run in this process */
    struct cb_worker *worker;       /* else in this supervised worker (worker.h) */
    struct cb_journal *journal;
    long start[CB_MAX_PARAMS];   /* the search's first point: what a plain run would take */
    char refusal[CB_REASON_LEN]; /* the first reason a point was refused */
    double best_ms, start_ms, deadline_ms;
    uint64_t evals;
    int progress;
};

static void fill_row(const struct task *k, uint64_t index, struct cb_row *row)
{
    unsigned digit[CB_MAX_PARAMS];

    memset(row, 0, sizeof *row);
    row->device = k->device;
    row->problem.kernel = k->kernel;
    row->problem.real = k->real;
    memcpy(row->problem.size, k->size, sizeof row->problem.size);
    row->timer = "event";
    row->params_from = "tuning";
    cb_space_point(k->space, index, digit);
    for (unsigned d = 0; d < k->space->dims; d++)
        row->problem.param[d] = k->space->values[d][digit[d]];
}

static int same_point(const struct cb_row *a, const struct cb_row *b)
{
    return a->device == b->device && a->problem.kernel == b->problem.kernel &&
           a->problem.real == b->problem.real &&
           memcmp(a->problem.size, b->problem.size, sizeof a->problem.size) == 0 &&
           memcmp(a->problem.param, b->problem.param,
                  cb_kernel_param_count(a->problem.kernel) * sizeof(long)) == 0;
}

static enum cb_eval outcome(struct task *k, const struct cb_row *row, double *cost)
{
    k->evals++;
    if (row->status != CB_STATUS_OK)
        return CB_EVAL_FAILED;
    *cost = row->stats.median;
    if (k->best_ms <= 0 || *cost < k->best_ms)
        k->best_ms = *cost;
    return CB_EVAL_OK;
}

/* "32x32x32 double": the task's size and element type, for messages. */
static void task_label(const struct task *k, char *buf, size_t len)
{
    struct cb_row probe;

    memset(&probe, 0, sizeof probe);
    probe.problem.kernel = k->kernel;
    memcpy(probe.problem.size, k->size, sizeof probe.problem.size);
    cb_row_size(&probe, buf, len);
    snprintf(buf + strlen(buf), len - strlen(buf), " %s", cb_elem_info(k->real)->name);
}

static void show_progress(const struct task *k)
{
    char size[96];

    if (!k->progress)
        return;
    task_label(k, size, sizeof size);
    fprintf(stderr, "\rclbench: tune %s %s: %llu evaluated, best %.4g ms", k->kernel->name, size,
            (unsigned long long)k->evals, k->best_ms);
    if (k->deadline_ms > 0)
        fprintf(stderr, ", %.0f s left   ", fmax(0, (k->deadline_ms - cb_wall_ms()) / 1e3));
    else
        fprintf(stderr, ", %llu left   ", (unsigned long long)(k->t->budget_evals - k->evals));
    fflush(stderr);
}

/* The objective of the search: a row planned, checked, built, run and verified. */
static enum cb_eval evaluate(void *ctx, uint64_t index, double *cost)
{
    struct task *k = ctx;
    struct cb_row row;
    struct cb_row_settings eval_cfg = k->cfg->row;
    enum cb_eval result;

    fill_row(k, index, &row);
    for (size_t i = 0; i < k->run->row_count; i++)
        if (k->run->rows[i].resumed && same_point(&k->run->rows[i], &row))
            return outcome(k, &k->run->rows[i], cost);
    if (cb_row_plan(&row) != 0) {
        if (k->refusal[0] == '\0')
            snprintf(k->refusal, sizeof k->refusal, "%s", row.reason);
        return CB_EVAL_REFUSED;
    }
    /* A point twenty times slower than the best is not worth timing to the end.  The floor
     * is high because PoCL compiles the work-group function during the first launch. */
    if (!k->t->max_time_given)
        eval_cfg.max_time_s = fmax(MIN_MAX_TIME_S, 20 * k->best_ms / 1e3);
    if (k->worker != NULL) {
        char why[CB_REASON_LEN];
        const int said = k->worker->open_failure[0] != '\0'; /* once, not for every point */
        enum cb_worker_outcome o = cb_worker_run(k->worker, &row, eval_cfg.max_time_s, 0,
                                                 k->cfg->row_timeout_s, why, sizeof why);

        if (o == CB_WORKER_INTERRUPTED)
            return CB_EVAL_FAILED; /* not recorded; the search stops (cb_interrupted) */
        if (o != CB_WORKER_DONE) {
            if (!said)
                cb_error("%s", why);
            row.status = CB_STATUS_LAUNCH_FAILED;
            snprintf(row.reason, sizeof row.reason, "%s", why);
        }
    } else {
        /* No reference devices: a generic kernel checked on another device fails with why. */
        const struct cb_row_env env = {&eval_cfg, k->cache, NULL};

        cb_run_row(&row, &env);
    }
    {
        struct cb_row *grown = realloc(k->run->rows, (k->run->row_count + 1) * sizeof *grown);

        if (grown == NULL) {
            cb_row_free(&row);
            return CB_EVAL_FAILED;
        }
        k->run->rows = grown;
        grown[k->run->row_count++] = row;
    }
    cb_journal_append(k->journal, &row);
    result = outcome(k, &row, cost);
    show_progress(k);
    return result;
}

/* The point a plain run would take, the search's first (it is in the space: tune_device added
 * it where no -D names the parameter). */
static void start_point(const struct task *k, struct cb_search *s)
{
    unsigned digit[CB_MAX_PARAMS];

    for (unsigned d = 0; d < k->space->dims; d++) {
        digit[d] = k->space->count[d];
        for (unsigned i = 0; i < k->space->count[d]; i++)
            if (k->space->values[d][i] == k->start[d])
                digit[d] = i;
        if (digit[d] == k->space->count[d])
            return;
    }
    s->has_start = 1;
    s->start = cb_space_index(k->space, digit);
}

/* defaults: those of the device, type and size; k->start: the same replaced by the database's
 * entry for this shape as a plain run takes it (rows.h), so that a tune starts from, and can only
 * better, what the shape already gets: a tune at 8192x200x4096 that started from the defaults
 * stored a point slower than the nearest entry it had run with (results/README.md). */
static void plan_start(struct task *k, const struct cb_tuned_db *db, long defaults[CB_MAX_PARAMS])
{
    struct cb_rows_request with_db = k->cfg->rows;
    char note[CB_PARAMS_NOTE_LEN], size[96];
    struct cb_row row;

    fill_row(k, 0, &row);
    cb_param_defaults(&row.problem, k->device, row.problem.param, note, sizeof note);
    memcpy(defaults, row.problem.param, sizeof row.problem.param);
    with_db.no_tuned = 0;
    with_db.tuned = db;
    with_db.tuned_lookup = cb_tuned_lookup;
    with_db.plan = cb_model_plan;
    with_db.predict = cb_model_predict;
    if (cb_row_choose(&with_db, &row)) {
        task_label(k, size, sizeof size);
        if (strcmp(row.params_from, "model") == 0)
            fprintf(stderr, "clbench: tune %s %s: starting from the model's choice (%s)\n",
                    k->kernel->name, size, row.params_note);
        else
            fprintf(stderr, "clbench: tune %s %s: starting from the database's %s entry (%s)\n",
                    k->kernel->name, size, row.tuned.match, row.tuned.size);
    }
    memcpy(k->start, row.problem.param, sizeof k->start);
}

/* The model's best points join the space, so that the climb's neighbourhood holds them: split-K
 * up to the K depth, the narrow tiles of skinny shapes, which the space's powers of two may
 * lack or bury among millions of points. */
static void add_model_points(struct task *k, struct cb_space *space)
{
    enum { RANKED = 8 };
    struct cb_model_choice best[RANKED];
    struct cb_row row;
    char why[160];
    int n;

    fill_row(k, 0, &row);
    cb_param_defaults(&row.problem, k->device, row.problem.param, why, sizeof why);
    n = cb_model_rank(k->device, &row.problem, best, RANKED, why, sizeof why);
    for (int i = 0; i < n; i++)
        cb_space_add_point(space, k->kernel, best[i].param, k->cfg->rows.defines,
                           k->cfg->rows.define_count);
}

static const struct cb_row *find_best(const struct task *k, uint64_t index)
{
    struct cb_row want;

    fill_row(k, index, &want);
    for (size_t i = k->run->row_count; i-- > 0;)
        if (k->run->rows[i].status == CB_STATUS_OK && same_point(&k->run->rows[i], &want))
            return &k->run->rows[i];
    return NULL;
}

void cb_tuned_entry_of(const struct cb_row *best, const char *strategy, const char *budget,
                       unsigned long long evaluations, const char *date, const char *host,
                       struct cb_tuned_entry *e)
{
    const struct cb_kernel *kn = best->problem.kernel;
    const struct cb_device *d = best->device;

    memset(e, 0, sizeof *e);
    snprintf(e->device, sizeof e->device, "%s", d->name);
    snprintf(e->platform, sizeof e->platform, "%s", d->platform_name);
    snprintf(e->driver, sizeof e->driver, "%s", d->driver);
    snprintf(e->kernel, sizeof e->kernel, "%s", kn->name);
    e->real = best->problem.real;
    cb_size_class(kn, best->problem.size, e->size_class, sizeof e->size_class);
    e->dims = kn->dims;
    memcpy(e->size, best->problem.size, sizeof e->size);
    e->param_count = cb_kernel_param_count(kn);
    for (unsigned i = 0; i < e->param_count; i++) {
        snprintf(e->param_names[i], sizeof e->param_names[i], "%s", kn->params[i].name);
        e->params[i] = best->problem.param[i];
    }
    e->median_ms = best->stats.median;
    e->throughput = cb_row_throughput(best);
    snprintf(e->metric, sizeof e->metric, "%s", cb_metric_unit(kn->metric));
    e->samples = best->stats.count;
    e->evaluations = evaluations;
    snprintf(e->strategy, sizeof e->strategy, "%s", strategy);
    snprintf(e->budget, sizeof e->budget, "%s", budget);
    snprintf(e->date, sizeof e->date, "%s", date);
    snprintf(e->commit, sizeof e->commit, "%s", cb_git_commit());
    snprintf(e->version, sizeof e->version, "%s", CLBENCH_VERSION);
    snprintf(e->host, sizeof e->host, "%s", host);
}

/* Searches one kernel at one size on an open device; appends the best to entries.  Returns 0,
 * or 1 when no point ran ok. */
static int tune_one(struct task *k, struct cb_tuned_entry **entries, size_t *entry_count)
{
    struct cb_search s;
    char size[96], params[256];
    const struct cb_row *best;

    /* A type the kernel or the device does not take refuses every point for one reason. */
    {
        struct cb_row probe;

        fill_row(k, 0, &probe);
        if (cb_row_plan(&probe) != 0 && probe.status == CB_STATUS_UNSUPPORTED) {
            task_label(k, size, sizeof size);
            cb_error("tune %s %s: %s", k->kernel->name, size, probe.reason);
            return 1;
        }
    }
    memset(&s, 0, sizeof s);
    s.space = k->space;
    s.objective = evaluate;
    s.ctx = k;
    s.seed = k->t->seed;
    s.max_evals = k->t->budget_evals;
    k->start_ms = cb_wall_ms();
    k->deadline_ms = k->t->budget_s > 0 ? k->start_ms + k->t->budget_s * 1e3 : 0;
    s.deadline_ms = k->deadline_ms;
    s.stop = &cb_interrupted;
    s.shard = k->cfg->shard;
    s.shards = k->cfg->shards;
    start_point(k, &s);
    if (cb_search_run(&s, k->t->strategy) != 0)
        return cb_error("out of host memory during the search"), 1;
    if (k->progress)
        fputc('\n', stderr);
    if (cb_interrupted)
        return 0; /* a search cut short stores nothing: --resume finishes it */
    task_label(k, size, sizeof size);
    if (!s.found) {
        if (s.evals == 0)
            cb_error("tune %s %s: every one of the %llu points was refused before building "
                     "(the first because: %s); widen the space with -D or choose another size",
                     k->kernel->name, size, (unsigned long long)s.refused, k->refusal);
        else
            cb_error("tune %s %s: none of the %llu points measured ran ok (see the rows' "
                     "reasons)",
                     k->kernel->name, size, (unsigned long long)s.evals);
        return 1;
    }
    best = find_best(k, s.best);
    if (best == NULL)
        return cb_error("tune: the best point has no row"), 1;
    {
        struct cb_tuned_entry *grown = realloc(*entries, (*entry_count + 1) * sizeof *grown);

        if (grown == NULL)
            return cb_error("out of host memory"), 1;
        *entries = grown;
        cb_tuned_entry_of(best, cb_strategy_name(s.used), k->t->budget_text, s.evals, k->run->date,
                          k->run->host, &grown[(*entry_count)++]);
    }
    cb_row_params(best, params, sizeof params);
    fprintf(stderr,
            "clbench: tune %s %s: best %s: %.4g ms, %.4g %s (%s, %llu measured, %llu refused "
            "of %llu points)\n",
            k->kernel->name, size, params, best->stats.median, cb_row_throughput(best),
            cb_metric_unit(k->kernel->metric), cb_strategy_name(s.used),
            (unsigned long long)s.evals, (unsigned long long)s.refused,
            (unsigned long long)k->space->total);
    return 0;
}

static int tune_device(struct cb_run *run, const struct cb_tune_config *t, size_t index,
                       const struct cb_space *spaces, const struct cb_tuned_db *db,
                       struct cb_journal *journal, struct cb_tuned_entry **entries,
                       size_t *entry_count, int *fatal)
{
    const struct cb_session_settings *cfg = &t->run;
    struct cb_device *d = run->devices[index];
    struct cb_program_cache cache = {NULL, 0};
    struct cb_worker worker;
    const int isolated = cb_workers_enabled();
    int failed = 0;

    if (isolated) {
        char why[CB_REASON_LEN];
        const enum cb_worker_outcome o =
            cb_worker_open(&worker, run->devices, run->device_count, index, NULL, 0,
                           cfg->row_timeout_s, why, sizeof why);

        if (o != CB_WORKER_DONE) {
            if (o != CB_WORKER_INTERRUPTED)
                cb_error("%s", why);
            *fatal |= o == CB_WORKER_NO_START;
            cb_worker_stop(&worker);
            return 1;
        }
    } else if (cb_device_open(d) != CL_SUCCESS)
        return 1;
    else
        cb_clock_check(d);
    for (size_t ki = 0; ki < cfg->rows.kernel_count && !cb_interrupted; ki++) {
        const size_t nsizes = cfg->rows.size_count > 0 ? cfg->rows.size_count : 1;

        for (unsigned ti = 0; ti < cfg->rows.real_type_count && !cb_interrupted; ti++)
            for (size_t si = 0; si < nsizes && !cb_interrupted; si++) {
                struct task k;
                /* The kernel's space with the defaults of this device, type and size and the
                 * point a run would take there, so that the search can start from it. */
                struct cb_space space = spaces[ki];
                long defaults[CB_MAX_PARAMS];

                memset(&k, 0, sizeof k);
                k.run = run;
                k.cfg = cfg;
                k.t = t;
                k.device = d;
                k.kernel = cfg->rows.kernels[ki];
                cb_elem_find(cfg->rows.real_types[ti], strlen(cfg->rows.real_types[ti]), &k.real);
                k.space = &space;
                k.cache = &cache;
                k.worker = isolated ? &worker : NULL;
                k.journal = journal;
                k.progress = isatty(STDERR_FILENO);
                if (cfg->rows.size_count > 0)
                    cb_size_apply(k.kernel, &cfg->rows.sizes[si], k.size);
                else
                    memcpy(k.size, cb_default_size(k.kernel, d), sizeof k.size);
                plan_start(&k, db, defaults);
                cb_space_add_point(&space, k.kernel, defaults, cfg->rows.defines,
                                   cfg->rows.define_count);
                cb_space_add_point(&space, k.kernel, k.start, cfg->rows.defines,
                                   cfg->rows.define_count);
                if (!cfg->rows.no_model)
                    add_model_points(&k, &space);
                failed |= tune_one(&k, entries, entry_count);
            }
    }
    if (isolated)
        cb_worker_stop(&worker);
    else {
        cb_program_cache_release(&cache);
        cb_device_close(d);
    }
    return failed;
}

static int export_entry(const struct cb_tune_config *t, struct cb_device **devices, size_t count)
{
    const struct cb_session_settings *cfg = &t->run;
    struct cb_tuned_db db;
    const struct cb_tuned_entry *e = NULL;
    struct cb_output out;
    const char *dot = strrchr(t->export_path, '.');
    const int header = dot != NULL && strcmp(dot, ".h") == 0;
    int status;

    cb_tuned_load_for_run(cfg->tuned_path, cfg->row.cl_dir, &db);
    for (size_t i = 0; i < count && e == NULL; i++)
        for (size_t ki = 0; ki < cfg->rows.kernel_count && e == NULL; ki++)
            for (unsigned ti = 0; ti < cfg->rows.real_type_count && e == NULL; ti++) {
                const struct cb_kernel *k = cfg->rows.kernels[ki];
                size_t size[CB_MAX_DIMS];
                enum cb_elem_type real = CB_ELEM_FLOAT;

                cb_elem_find(cfg->rows.real_types[ti], strlen(cfg->rows.real_types[ti]), &real);
                if (cfg->rows.size_count > 0)
                    cb_size_apply(k, &cfg->rows.sizes[0], size);
                else
                    memcpy(size, cb_default_size(k, devices[i]), sizeof size);
                e = cb_tuned_find(&db, devices[i], k, real, size);
            }
    if (e == NULL) {
        cb_tuned_free(&db);
        cb_error("no tuned entry for %s in %s at that size class on the chosen device(s): run "
                 "clbench tune first",
                 cfg->rows.kernels[0]->name, cfg->rows.real_types[0]);
        return CB_EXIT_FAILED;
    }
    status = cb_output_open(&out, t->export_path) == 0 && cb_tuned_export(out.file, e, header) == 0
                 ? cb_output_commit(&out)
                 : -1;
    if (status != 0 && out.file != NULL)
        cb_output_abort(&out);
    cb_tuned_free(&db);
    return status == 0 ? CB_EXIT_OK : CB_EXIT_FAILED;
}

/* SIGINT or SIGTERM: the points measured go to the outputs (the one that was running
 * nowhere), the database is left as it was; says how to go on.  Returns 128 + the signal. */
static int interrupted(struct cb_run *run, const struct cb_session_settings *cfg)
{
    fputc('\n', stderr);
    if (cfg->out.output != NULL && run->row_count > 0 &&
        cb_write_run_outputs(run, &cfg->out) == 0) {
        char *again = cb_resume_command(cfg->out.output);

        fprintf(stderr,
                "clbench: interrupted: %zu points measured, written to '%s'; the tuning "
                "database is unchanged; to finish the tune:\n  %s\n",
                run->row_count, cfg->out.output, again != NULL ? again : "");
        free(again);
    } else
        fprintf(stderr,
                "clbench: interrupted: %zu points measured; without --output there is nothing "
                "to resume from; the tuning database is unchanged\n",
                run->row_count);
    return 128 + cb_interrupted;
}

int cb_tune_run(const struct cb_tune_config *t, const struct cb_space *spaces, const char *db_path)
{
    const struct cb_session_settings *cfg = &t->run;
    struct cb_device_list list;
    struct cb_run run;
    struct cb_journal journal = {-1, ""};
    struct cb_tuned_entry *entries = NULL;
    struct cb_tuned_db db = {NULL, 0}; /* the entries a run would take, where searches start */
    size_t entry_count = 0;
    int status = CB_EXIT_FAILED, failed = 0, fatal = 0;

    memset(&run, 0, sizeof run);
    memset(&list, 0, sizeof list);
    run.settings = &cfg->row;
    run.command_line = cfg->command_line;
    if (cb_devices_enumerate(&list) != CL_SUCCESS)
        goto done;
    run.devices = calloc(list.count, sizeof *run.devices);
    if (run.devices == NULL ||
        cb_devices_select(&list, cfg->devices, run.devices, &run.device_count) != 0)
        goto done;
    if (t->export_path != NULL) {
        status = export_entry(t, run.devices, run.device_count);
        goto done;
    }
    if (cfg->resume != NULL) {
        const long resumed = cb_resume_rows(cfg->resume, &run, cfg->retry_failed);

        if (resumed < 0)
            goto done;
        fprintf(stderr, "clbench: resuming: %ld points already measured in '%s'\n", resumed,
                cfg->resume);
    }
    if (cfg->out.output != NULL) {
        char path[sizeof journal.path];

        const int made = cb_journal_path(path, sizeof path, cfg->out.output);

        if (made < 0) {
            cb_error("output path is too long for its journal");
            goto done;
        }
        if (made == 0 && cb_journal_open(&journal, path, &run) != 0)
            goto done;
    }
    cb_run_stamp(&run);
    cb_tuned_load_for_run(db_path, cfg->row.cl_dir, &db);
    cb_supervisor_signals();
    for (size_t i = 0; i < run.device_count && !cb_interrupted && !fatal; i++)
        failed |= tune_device(&run, t, i, spaces, &db, &journal, &entries, &entry_count, &fatal);
    if (fatal) {
        cb_journal_close(&journal, 0);
        goto done;
    }
    if (cb_interrupted) {
        status = interrupted(&run, cfg);
        cb_journal_close(&journal, 0);
        goto done;
    }
    if (entry_count > 0 && cb_tuned_save(db_path, entries, entry_count, stderr) != 0)
        failed = 1;
    if (cb_write_run_outputs(&run, &cfg->out) != 0) {
        cb_journal_close(&journal, 0);
        goto done;
    }
    cb_journal_close(&journal, 1);
    status = failed ? CB_EXIT_FAILED : CB_EXIT_OK;
done:
    for (size_t i = 0; i < run.row_count; i++)
        cb_row_free(&run.rows[i]);
    free(run.rows);
    free(run.devices);
    free(entries);
    cb_tuned_free(&db);
    cb_devices_free(&list);
    return status;
}
