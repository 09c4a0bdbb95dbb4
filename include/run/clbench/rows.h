/* Expanding a configuration into rows: every selected kernel on every selected device, for
 * every size and every combination of the -D values given (the cartesian product). */
#ifndef CLBENCH_ROWS_H
#define CLBENCH_ROWS_H

#include "clbench/config.h"
#include "clbench/run.h"

/* Appends the rows of device d to *rows (grown with realloc).  shared: several devices are
 * selected, so without --size each kernel runs at its default_size_shared on every device
 * (and at d's own default too where that is larger).  Returns -1 when out of memory. */
int cb_rows_expand(const struct cb_config *cfg, struct cb_device *d, int shared,
                   struct cb_row **rows, size_t *count);

/* The size of kernel k for the sizes entry s: one number fills every dimension. */
void cb_size_apply(const struct cb_kernel *k, const struct cb_size *s, size_t out[CB_MAX_DIMS]);

/* The size of k on d without --size: its GPU default on a GPU, else its CPU default. */
const size_t *cb_default_size(const struct cb_kernel *k, const struct cb_device *d);

#endif
