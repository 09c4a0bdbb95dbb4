/* Reference devices of the generic contract (`verify REF on DEVICE`): the run's devices copied
 * with contexts of their own, so that they outlive the rows of the device they copy. */
#ifndef CLBENCH_ORACLE_H
#define CLBENCH_ORACLE_H

#include "clbench/run.h"

/* Returns 0, or -1 when out of memory. */
int cb_oracles_init(struct cb_oracles *o, const struct cb_device_list *list);
void cb_oracles_release(struct cb_oracles *o);

/* The first device `selector` picks (a --device selector): self and self_cache when that is
 * the row's own device, else the oracle copy, opened on first use.  0, or -1 with why. */
int cb_oracle_find(struct cb_oracles *o, const char *selector, struct cb_device *self,
                   struct cb_program_cache *self_cache, struct cb_device **dev,
                   struct cb_program_cache **cache, char *why, size_t len);

#endif
