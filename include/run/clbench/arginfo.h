/* A user kernel's argument list against what the runner passes (its contract's list, or its
 * generic manifest's `arg` lines), read back with clGetKernelArgInfo from a program built with
 * -cl-kernel-arg-info.  A mismatch would otherwise fail at the launch with a bare error code,
 * or not at all (a float* where an int goes). */
#ifndef CLBENCH_ARGINFO_H
#define CLBENCH_ARGINFO_H

#include "clbench/kernel.h"

#include <CL/cl.h>
#include <stddef.h>

/* Returns 0 when the list matches or the driver keeps no argument information; -1 with one
 * line in why: the argument, what it is, what the runner passes and the whole expected list. */
int cb_kernel_args_check(cl_kernel kernel, const struct cb_problem *p, char *why, size_t len);

#endif
