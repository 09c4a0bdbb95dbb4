/* The C plug-ins a kernel's manifest may name, for what its expressions cannot say: a plan
 * (`plan NAME`: two launches, choices that depend on the shape) or a host reference
 * (`verify NAME`: a check that is faster in C than as a kernel).  One table,
 * host/kernels/plugins.c; a new plug-in is one function and one row there. */
#ifndef CLBENCH_PLUGIN_H
#define CLBENCH_PLUGIN_H

#include "clbench/kernel.h"

struct cb_plugin {
    const char *name;
    /* A plan: the contract whose rows it plans, and that contract's sizes (`dims`), which a
     * kernel naming the plan must have; NULL: any. */
    const char *contract, *sizes;
    const char *params; /* the parameters a plan reads, blank-separated: each must be declared */
    cb_plan_fn plan;    /* the NDRange, local and private memory, a second launch */
    /* A host reference: output element i from the inputs (struct cb_kernel's reference), and
     * the size dimension whose length each output element sums over (1-based; 0: none), for
     * the tolerance and the cost of checking. */
    cb_reference_fn reference;
    unsigned sums_dim;
    cb_reference_many_fn reference_many; /* its form for many elements, or NULL */
};

/* The plug-in called s[0, len), or NULL. */
const struct cb_plugin *cb_plugin_find(const char *s, size_t len);
/* "host_vadd, host_copy, ...": the names of the plug-ins that are references (plan == NULL) or
 * plans, for messages. */
const char *cb_plugin_names(int plans, char *buf, size_t len);

/* The plug-ins (host/kernels/<family>.c): each family's host reference, reading its inputs
 * of type p->real with cb_real_get; matmul_fast's plan, split-K's two launches. */
double cb_ref_vadd(const struct cb_problem *p, const void *const in[], size_t i, double *scale);
double cb_ref_transpose(const struct cb_problem *p, const void *const in[], size_t i,
                        double *scale);
double cb_ref_copy(const struct cb_problem *p, const void *const in[], size_t i, double *scale);
double cb_ref_matmul(const struct cb_problem *p, const void *const in[], size_t i, double *scale);
int cb_ref_matmul_many(const struct cb_problem *p, const void *const in[], const size_t index[],
                       size_t count, double want[], double scale[]);
int cb_plan_matmul_fast(struct cb_problem *p, char *why, size_t len);

#endif
