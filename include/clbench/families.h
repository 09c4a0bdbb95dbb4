/* Plan and reference functions of each kernel family, used by the rows in host/registry.c.
 * One block per host/kernels/<family>.c. */
#ifndef CLBENCH_FAMILIES_H
#define CLBENCH_FAMILIES_H

#include "clbench/kernel.h"

/* host/kernels/vadd.c */
const char *cb_plan_vadd(struct cb_problem *p);
const char *cb_plan_vadd_local(struct cb_problem *p);
double cb_ref_vadd(const struct cb_problem *p, const float *const in[], size_t i, double *scale);

#endif
