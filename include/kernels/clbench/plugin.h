/* The C plug-ins a kernel's manifest may name, for what its expressions cannot say: a plan
 * (`plan NAME`: two launches, choices that depend on the shape) or a host reference
 * (`verify NAME`: a check that is faster in C than as a kernel).  One table,
 * host/kernels/plugins.c; a new plug-in is one function and one row there. */
#ifndef CLBENCH_PLUGIN_H
#define CLBENCH_PLUGIN_H

#include "clbench/kernel.h"

struct cb_plugin {
    const char *name;
    const char *contract; /* the contract whose buffers a plan plans (NULL: a reference) */
    const char *params;   /* the parameters a plan reads, blank-separated: each must be declared */
    cb_plan_fn plan;      /* the whole row: the contract's buffers and work model, NDRange */
    cb_reference_fn reference;
};

/* The plug-in called s[0, len), or NULL. */
const struct cb_plugin *cb_plugin_find(const char *s, size_t len);
/* "host_vadd, host_copy, ...": the names of the plug-ins that are references (plan == NULL) or
 * plans, for messages. */
const char *cb_plugin_names(int plans, char *buf, size_t len);

#endif
