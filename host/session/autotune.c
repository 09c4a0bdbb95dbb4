/* --autotune quick; see autotune.h.  In cli for the same reason as the tune driver: it runs rows
 * through the report layer's workers and writes the tune layer's database. */
#define _POSIX_C_SOURCE 200809L
#include "clbench/autotune.h"

#include "clbench/check.h"
#include "clbench/clock_check.h"
#include "clbench/run.h"
#include "clbench/shape_model.h"
#include "clbench/source.h"
#include "clbench/timer.h"
#include "clbench/tune_driver.h"
#include "clbench/tuned.h"
#include "clbench/worker.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Candidates a row times: eight where the driver builds programs in parallel while the device
 * opens, so that the model's fifth to eighth best cost little (results/README.md, "Eight
 * candidates"); four where each build costs its own seconds (PoCL). */
enum { CANDIDATES = 8, CANDIDATES_SERIAL = 4 };

/* Where the rows of one device run: its worker, or this process (CLBENCH_WORKERS=0). */
struct runner {
    struct cb_worker worker;
    int isolated;
    struct cb_program_cache cache;
    const struct cb_session_settings *cfg;
};

/* Opens the device's runner and builds the programs of prebuild[0..count) in parallel where
 * its driver allows (cb_program_builds_in_parallel). */
static int runner_open(struct runner *r, const struct cb_run *run, size_t index,
                       const struct cb_session_settings *cfg, const struct cb_row *prebuild,
                       size_t count)
{
    struct cb_device *d = run->devices[index];

    memset(r, 0, sizeof *r);
    r->cfg = cfg;
    r->isolated = cb_workers_enabled();
    if (r->isolated) {
        char why[CB_REASON_LEN];

        if (cb_worker_open(&r->worker, run->devices, run->device_count, index, prebuild, count,
                           cfg->row_timeout_s, why, sizeof why) != CB_WORKER_DONE) {
            cb_error("--autotune: %s", why);
            cb_worker_stop(&r->worker);
            return -1;
        }
        return 0;
    }
    if (cb_device_open(d) != CL_SUCCESS)
        return -1;
    cb_clock_check(d);
    if (count > 0) {
        const struct cb_row_env env = {&cfg->row, &r->cache, NULL};

        cb_rows_prebuild(prebuild, count, &env);
    }
    return 0;
}

static void runner_close(struct runner *r, struct cb_device *d)
{
    if (r->isolated)
        cb_worker_stop(&r->worker);
    else {
        cb_program_cache_release(&r->cache);
        cb_device_close(d);
    }
}

/* A candidate's first launch is judged by the run's own limits, not by the candidate's short
 * share of launches: a driver that compiles at the first launch (PoCL) makes it slow, and so
 * does a loaded machine.  A run without limits gives it FIRST_LAUNCH_S. */
enum { FIRST_LAUNCH_S = 60 };
static double first_limit(const struct cb_session_settings *cfg)
{
    if (cfg->row.max_first_s > 0)
        return cfg->row.max_first_s;
    return cfg->row.max_time_s > 0 ? cfg->row.max_time_s : FIRST_LAUNCH_S;
}

/* Runs one candidate; 0 when it ran ok. */
static int runner_run(struct runner *r, struct cb_row *row, double max_time_s)
{
    if (r->isolated) {
        char why[CB_REASON_LEN];

        if (cb_worker_run(&r->worker, row, max_time_s, first_limit(r->cfg), r->cfg->row_timeout_s,
                          why, sizeof why) != CB_WORKER_DONE) {
            row->status = CB_STATUS_LAUNCH_FAILED;
            snprintf(row->reason, sizeof row->reason, "%s", why);
        }
    } else {
        struct cb_row_settings c = r->cfg->row;
        const struct cb_row_env env = {&c, &r->cache, NULL};

        c.max_time_s = max_time_s;
        c.max_first_s = first_limit(r->cfg);
        cb_run_row(row, &env);
    }
    return row->status == CB_STATUS_OK ? 0 : -1;
}

/* Whether row is one the quick autotune times: planned by the model, or by a class or nearest
 * entry the model predicted better. */
static int wants_autotune(const struct cb_row *row)
{
    return row->params_from != NULL && !row->resumed &&
           (strcmp(row->params_from, "model") == 0 ||
            (strcmp(row->params_from, "tuned") == 0 && strcmp(row->tuned.match, "exact") != 0)) &&
           cb_model_knows(row->problem.kernel, row->device);
}

/* One row to autotune: its candidates, ranked before the device's runner opens so that their
 * programs build together. */
struct tuning {
    struct cb_row *row;
    struct cb_model_choice cand[CANDIDATES + 1];
    int n;
};

/* What the builds cost, said in each row's note. */
struct builds {
    size_t programs, rows;
    double open_s;
    int parallel;
};

/* The candidates of row: an entry's point the model ranked below its own first, then the
 * model's; 0 where there are none. */
static int candidates_of(struct tuning *t, int count)
{
    char why[160];

    t->n = cb_model_candidates(t->row->device, &t->row->problem, t->cand, count, why, sizeof why);
    if (t->n <= 0)
        return 0;
    if (strcmp(t->row->params_from, "tuned") == 0) {
        memmove(&t->cand[1], &t->cand[0], (size_t)t->n * sizeof t->cand[0]);
        memcpy(t->cand[0].param, t->row->problem.param, sizeof t->cand[0].param);
        t->n++;
    }
    return t->n;
}

static struct cb_row candidate_row(const struct cb_row *row, const long *param)
{
    struct cb_row c;

    memset(&c, 0, sizeof c);
    c.device = row->device;
    c.problem = row->problem;
    memcpy(c.problem.param, param, cb_kernel_param_count(row->problem.kernel) * sizeof *param);
    c.timer = "event";
    c.params_from = "tuning";
    return c;
}

/* The launch window of candidate i: enough launches to rank points 5% apart, about ten of its
 * predicted time, and no more than its share of the budget. */
static double window_s(const struct cb_session_settings *cfg, const struct tuning *t, int i)
{
    const double predicted = t->cand[i].seconds > 0 ? t->cand[i].seconds : 0.01;

    return fmax(0.05, fmin(cfg->autotune_budget_s / t->n, 10 * predicted));
}

/* The winner *best, candidate best_at (not the first), timed again beside the first: one short
 * window has read a point fast that then ran its row slower than the first (results/README.md,
 * "The registers the builds reported").  The first becomes *best where it is as fast the
 * second time; what both read goes into said. */
static void confirm(struct runner *r, struct tuning *t, const struct cb_session_settings *cfg,
                    int best_at, struct cb_row *best, double *launch_s, char *said, size_t len)
{
    struct cb_row first = candidate_row(t->row, t->cand[0].param);
    struct cb_row again = candidate_row(t->row, best->problem.param);

    if (runner_run(r, &first, window_s(cfg, t, 0)) == 0 &&
        runner_run(r, &again, window_s(cfg, t, best_at)) == 0) {
        const int first_wins = again.stats.median >= first.stats.median;

        snprintf(said, len, "; again %.4g ms against the first's %.4g ms%s", again.stats.median,
                 first.stats.median, first_wins ? ", so the first" : "");
        if (first_wins) {
            cb_row_free(best);
            *best = first;
            memset(&first, 0, sizeof first);
        }
    }
    *launch_s += (first.wall_ms + again.wall_ms) / 1e3;
    cb_row_free(&first);
    cb_row_free(&again);
}

/* Times the candidates of one row; 0 and an entry in *e when one ran ok. */
static int tune_row(struct runner *r, const struct cb_session_settings *cfg, struct tuning *t,
                    const struct builds *b, const char *date, const char *host,
                    struct cb_tuned_entry *e)
{
    struct cb_row *row = t->row;
    struct cb_row best;
    char note[2 * CB_PARAMS_NOTE_LEN], again[128] = "";
    const unsigned nparams = cb_kernel_param_count(row->problem.kernel);
    const int n = t->n;
    int best_at = -1, first_ok = 0;
    double best_ms;
    unsigned timed = 0;
    double launch_s = 0, build_s = 0, first_ms = 0;
    const double start = cb_wall_ms();

    memset(&best, 0, sizeof best);
    for (int i = 0; i < n && !cb_interrupted; i++) {
        struct cb_row c = candidate_row(row, t->cand[i].param);
        const double max_time = window_s(cfg, t, i);

        /* The budget is of launches: each candidate gets its share, and the first two run
         * whatever the builds cost. */
        if (i >= 2 && launch_s >= cfg->autotune_budget_s)
            break;
        timed++;
        if (runner_run(r, &c, max_time) == 0) {
            if (i == 0) {
                first_ok = 1;
                first_ms = c.stats.median;
            }
            if (best_at < 0 || c.stats.median < best.stats.median) {
                cb_row_free(&best);
                best = c;
                best_at = i;
            } else
                cb_row_free(&c);
        } else
            cb_row_free(&c);
        launch_s += c.wall_ms / 1e3;
        build_s += c.build_ms / 1e3;
    }
    if (best_at < 0) {
        cb_row_free(&best);
        snprintf(note, sizeof note, "autotune: none of %u candidates ran ok; %s", timed,
                 row->params_note);
        snprintf(row->params_note, sizeof row->params_note, "%.*s",
                 (int)sizeof row->params_note - 1, note);
        return -1;
    }
    best_ms = best.stats.median; /* the window's, which the note names */
    if (best_at > 0 && first_ok && !cb_interrupted)
        confirm(r, t, cfg, best_at, &best, &launch_s, again, sizeof again);
    cb_tuned_entry_of(&best, "autotune", "quick", timed, date, host, e);
    memcpy(row->problem.param, best.problem.param, nparams * sizeof *row->problem.param);
    snprintf(note, sizeof note,
             "autotune: %u of the model's best points timed in %.2f s (%.1f s of launches); ",
             timed, (cb_wall_ms() - start) / 1e3, launch_s);
    if (b->parallel)
        snprintf(note + strlen(note), sizeof note - strlen(note),
                 "%zu programs of %zu rows built in parallel while the device opened (%.1f s)",
                 b->programs, b->rows, b->open_s);
    else
        snprintf(note + strlen(note), sizeof note - strlen(note),
                 "%.1f s of builds, one after another (the driver builds in sequence)", build_s);
    snprintf(note + strlen(note), sizeof note - strlen(note), "; candidate %d fastest, %.4g ms",
             best_at + 1, best_ms);
    if (first_ok && best_at > 0)
        snprintf(note + strlen(note), sizeof note - strlen(note), " (the first %.4g ms)%s",
                 first_ms, again);
    snprintf(note + strlen(note), sizeof note - strlen(note), "; %s", row->params_note);
    snprintf(row->params_note, sizeof row->params_note, "%.*s", (int)sizeof row->params_note - 1,
             note);
    row->params_from = "autotune";
    memset(&row->tuned, 0, sizeof row->tuned);
    cb_row_free(&best);
    return 0;
}

/* The rows of device index di that want autotuning, their candidates ranked, the device's
 * runner opened with every candidate's program built, each row tuned. */
static int autotune_device(struct cb_run *run, size_t di, const struct cb_session_settings *cfg,
                           struct cb_tuned_entry **entries, size_t *count)
{
    struct cb_device *d = run->devices[di];
    struct tuning *tunings;
    struct cb_row *prebuild;
    struct builds b = {0, 0, 0, cb_program_builds_in_parallel(d)};
    struct runner r;
    size_t nt = 0, wanted = 0;
    double start;
    int status = 0;

    for (size_t i = 0; i < run->row_count; i++)
        wanted += run->rows[i].device == d && wants_autotune(&run->rows[i]);
    if (wanted == 0)
        return 0;
    tunings = calloc(wanted, sizeof *tunings);
    prebuild = calloc(wanted * (CANDIDATES + 1), sizeof *prebuild);
    if (tunings == NULL || prebuild == NULL) {
        free(tunings);
        free(prebuild);
        return cb_error("out of host memory");
    }
    for (size_t i = 0; i < run->row_count; i++) {
        struct tuning *t = &tunings[nt];

        if (run->rows[i].device != d || !wants_autotune(&run->rows[i]))
            continue;
        t->row = &run->rows[i];
        if (candidates_of(t, b.parallel ? CANDIDATES : CANDIDATES_SERIAL) == 0)
            continue;
        for (int j = 0; j < t->n; j++)
            prebuild[b.programs++] = candidate_row(t->row, t->cand[j].param);
        nt++;
    }
    b.rows = nt;
    start = cb_wall_ms();
    if (nt == 0 || runner_open(&r, run, di, cfg, prebuild, b.parallel ? b.programs : 0) != 0) {
        free(tunings);
        free(prebuild);
        return nt == 0 ? 0 : -1;
    }
    b.open_s = (cb_wall_ms() - start) / 1e3;
    for (size_t i = 0; i < nt && !cb_interrupted; i++) {
        struct cb_tuned_entry *grown = realloc(*entries, (*count + 1) * sizeof *grown);

        if (grown == NULL) {
            status = cb_error("out of host memory");
            break;
        }
        *entries = grown;
        if (tune_row(&r, cfg, &tunings[i], &b, run->date, run->host, &(*entries)[*count]) == 0)
            (*count)++;
    }
    runner_close(&r, d);
    free(tunings);
    free(prebuild);
    return status;
}

int cb_autotune_rows(struct cb_run *run, const struct cb_session_settings *cfg)
{
    struct cb_tuned_entry *entries = NULL;
    size_t count = 0;
    char path[4096];
    int status = 0;

    if (!cfg->autotune)
        return 0;
    if (cfg->tuned_path != NULL)
        snprintf(path, sizeof path, "%s", cfg->tuned_path);
    else if (cb_tuned_default_path(path, sizeof path) != 0)
        return cb_error("--autotune: no place for the tuning database: set HOME or "
                        "XDG_DATA_HOME, or pass --tuned FILE");
    for (size_t di = 0; di < run->device_count && !cb_interrupted; di++)
        if (autotune_device(run, di, cfg, &entries, &count) != 0)
            status = -1;
    if (count > 0 && !cb_interrupted && cb_tuned_save(path, entries, count, stderr) != 0)
        status = -1;
    free(entries);
    return status;
}
