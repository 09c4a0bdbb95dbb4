/* The private memory one work-group may hold on a driver that keeps it on a thread's stack:
 * past it the driver's work-group function overflows that stack and the process dies with
 * SIGSEGV, so the plan refuses the point as over_limits before building. */
#ifndef CLBENCH_PRIVATE_LIMIT_H
#define CLBENCH_PRIVATE_LIMIT_H

#include "clbench/device_info.h"

#include <CL/cl.h>
#include <stddef.h>

/* The stack size of a thread created with default attributes (glibc: ulimit -s when it is
 * set, 2 MiB when unlimited), which is what PoCL's worker threads get. */
size_t cb_default_thread_stack(void);

/* The limit of a device of that platform and type whose driver runs work-groups on threads of
 * `thread_stack` bytes. */
struct cb_private_limit cb_private_limit_for(const char *platform_name, cl_device_type type,
                                             size_t thread_stack);

/* 1 if `items` work-items of `per_item` private bytes each exceed the limit. */
int cb_private_limit_exceeded(const struct cb_private_limit *limit, size_t items, size_t per_item);

#endif
