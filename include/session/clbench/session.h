/* A benchmark run as a whole (host/session/session.c). */
#ifndef CLBENCH_SESSION_H
#define CLBENCH_SESSION_H

#include "clbench/runfile.h"
#include "clbench/settings.h"

/* What the run as a whole reads of the command line (host/cli/config.h holds it). */
struct cb_session_settings {
    const char *devices;      /* selector list; "all" by default */
    const char *resume;       /* a journal or run file whose rows are done (NULL: none) */
    double row_timeout_s;     /* a row's deadline, build included: its worker is killed */
    int retry_failed;         /* --retry-failed: --resume runs its failed rows again */
    const char *command_line; /* argv joined, for the run file (owned by the command line) */
    unsigned shard, shards;   /* --shard K/N: run the rows whose index % N == K (N >= 1) */
    const char *tuned_path;   /* --tuned FILE; NULL: the user's database */
    int kernels_named;        /* -k given: a row that cannot run here is worth a line */
    /* --autotune quick: time the planner's best few points of each row the model plans, keep
     * the fastest in the tuning database (0: off); its budget per row, seconds. */
    int autotune;
    double autotune_budget_s;
    struct cb_outputs out;
    struct cb_row_settings row;
    struct cb_rows_request rows;
};

/* Runs the rows cfg asks for on the devices it selects and writes the outputs: the planning,
 * --shard, --resume and the journal, --autotune, the workers, an interruption.  Returns the
 * exit status (CB_EXIT_*, or 128 + the signal that interrupted it).  cfg's database hooks are
 * set for the run and cleared again. */
int cb_session_run(struct cb_session_settings *cfg);

#endif
