/* --autotune quick: before the rows run, each row whose parameters the planner chose (or a
 * class or nearest tuning entry it predicted better) times the planner's best few points in
 * its device's worker, under a budget of launches (cfg->autotune_budget_s a row; the first two
 * candidates always run), takes the fastest (params_from "autotune", the note says what it
 * cost) and stores it in the tuning database as an exact entry, which later runs take before
 * the model (docs/tuning.md, "The planner"). */
#ifndef CLBENCH_AUTOTUNE_H
#define CLBENCH_AUTOTUNE_H

#include "clbench/session.h"
#include "clbench/runfile.h"

/* Returns 0, or -1 when a worker did not start or the database was not written (said). */
int cb_autotune_rows(struct cb_run *run, const struct cb_session_settings *cfg);

#endif
