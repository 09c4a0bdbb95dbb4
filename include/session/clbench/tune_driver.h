/* The search driver of `clbench tune` (host/session/tune_driver.c): the searches, their points run
 * in supervised workers, the run file and the tuning database.  The command line that fills struct
 * cb_tune_config is host/cli/tune_main.c's. */
#ifndef CLBENCH_TUNE_DRIVER_H
#define CLBENCH_TUNE_DRIVER_H

#include "clbench/session.h"
#include "clbench/tune.h"
#include "clbench/tuned.h"

#include <stdint.h>

struct cb_tune_config {
    struct cb_session_settings run; /* the options shared with the benchmark (cb_config_apply) */
    const char *budget_text;
    const char *export_path; /* --export: write the database entry there, no tuning */
    double budget_s;         /* per kernel, size and device; 0: a number of points */
    uint64_t budget_evals;
    enum cb_strategy strategy;
    uint64_t seed;
    int max_time_given; /* else a point slower than 20x the best so far is too_slow */
};

/* Tunes every kernel of t->run (spaces[i] is t->run.kernels[i]'s) at every size on every
 * selected device, storing the best points in the database at db_path; with t->export_path,
 * writes the database's entry there instead (the file's name ends in .h or .json).  Returns
 * the exit status: 0, 1 (a search found nothing that ran ok, or a run-time error) or 128 + the
 * signal that interrupted it. */
int cb_tune_run(const struct cb_tune_config *t, const struct cb_space *spaces, const char *db_path);

/* The tuning database's entry for best, a row that ran ok: its device, kernel, type and size
 * as the key, its parameters and figures, and how it was found (strategy, budget, points timed). */
void cb_tuned_entry_of(const struct cb_row *best, const char *strategy, const char *budget,
                       unsigned long long evaluations, const char *date, const char *host,
                       struct cb_tuned_entry *e);

#endif
