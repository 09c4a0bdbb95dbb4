/* Expanding a configuration into rows: every selected kernel on every selected device, for
 * every size and every combination of the -D values given (the cartesian product). */
#ifndef CLBENCH_ROWS_H
#define CLBENCH_ROWS_H

#include "clbench/settings.h"
#include "clbench/run.h"

/* Appends the rows of device d to *rows (grown with realloc).  shared: several devices are
 * selected, so without --size each kernel runs at its default_size_shared on every device
 * (and at d's own default too where that is larger).  Returns -1 when out of memory. */
int cb_rows_expand(const struct cb_rows_request *cfg, struct cb_device *d, int shared,
                   struct cb_row **rows, size_t *count);

/* A tuning database entry for row's device, driver and element type (exact size, else size
 * class and shape, else the nearest) replaces the parameters in row->problem.param (the
 * defaults of its device, type and size), but for those whose default follows the size where
 * the entry is of another size; the row says which entry (tuned, params_from, params_note).
 * Returns 1 when an entry was taken, 0 when none applies (cfg's database absent or
 * --no-tuned). */
int cb_row_take_tuned(const struct cb_rows_request *cfg, struct cb_row *row);
/* The parameters of a row without -D for its kernel, in order of precedence: an exact tuning
 * database entry; the planner's choice (cfg->plan: params_from "model", its reasons in
 * params_note), unless a class or nearest entry is predicted faster than it; any entry; the
 * defaults already in row->problem.param.  Where the planner falls back, its reason goes into
 * params_note.  Returns 1 when the parameters came from an entry or the model. */
int cb_row_choose(const struct cb_rows_request *cfg, struct cb_row *row);

/* The size of kernel k for the sizes entry s: one number fills every dimension. */
void cb_size_apply(const struct cb_kernel *k, const struct cb_size *s, size_t out[CB_MAX_DIMS]);

/* The size of k on d without --size: its GPU default on a GPU, else its CPU default. */
const size_t *cb_default_size(const struct cb_kernel *k, const struct cb_device *d);

/* The main job with several devices gives each launch a budget (CB_MAIN_JOB_LAUNCH_MS; the
 * launches of a row CB_MAIN_JOB_ROW_MS, as --max-time); a row whose first launch took longer
 * (too_slow, in took_ms, the row's time) makes its group smaller: every
 * row of the same family, type and size, on every device, so that the rows compared (a
 * kernel and its family's baseline or twin, one kernel on two devices) keep one size.  Each
 * edge of 32 or more is halved until the work, scaled from the slow row's time, fits the
 * budget.  Marks the rows resized in again[] (to run, or run again) and returns how many;
 * 0 where no edge can shrink. */
enum { CB_MAIN_JOB_LAUNCH_MS = 500, CB_MAIN_JOB_ROW_MS = 2000 };
size_t cb_rows_shrink_group(struct cb_row *rows, size_t count, size_t slow, double took_ms,
                            double budget_ms, unsigned char *again);

#endif
