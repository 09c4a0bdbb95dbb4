/* Device buffers kept from one row for the next.  A buffer's first use costs a CPU device
 * the faulting-in of every page of it (PoCL's buffers are fresh host memory), more than
 * filling it: the rows of one size that follow each other (a family, a tuner's variants)
 * take the buffers the row before gave back.  A buffer taken holds whatever the row before
 * left in it: the taker writes all of it before a launch (inputs, poison, guards). */
#ifndef CLBENCH_BUFFER_POOL_H
#define CLBENCH_BUFFER_POOL_H

#include <CL/cl.h>

/* A buffer of ctx with these flags (no host pointer) and size: one given back, else a new
 * one.  Where none fits, the buffers given back are released first, so that no more device
 * memory is held than without the pool but between rows.  NULL with *err set. */
cl_mem cb_pool_take(cl_context ctx, cl_mem_flags flags, size_t bytes, cl_int *err);
/* Hands buffer m (from cb_pool_take; NULL: nothing) back for the next row to take; the caller
 * has finished every command on it. */
void cb_pool_give(cl_mem m);
/* Releases the buffers of ctx given back (before the context itself is released). */
void cb_pool_drop(cl_context ctx);

#endif
