/* Guarded output buffers: an output is a sub-buffer in the middle of a larger buffer whose
 * guard regions, before and after it, hold a canary, so that a kernel writing outside its
 * output is caught instead of corrupting whatever the runtime placed next to it.  Used for the
 * families' output (host/run/run.c) and every output of a generic kernel (host/run/generic.c).
 */
#ifndef CLBENCH_GUARD_H
#define CLBENCH_GUARD_H

#include "clbench/device.h"

#include <CL/cl.h>
#include <stddef.h>

enum { CB_GUARD_BYTES = 4096 }; /* after each output; before it, at least this much */

struct cb_guarded {
    cl_mem whole; /* guard, output, guard */
    cl_mem inner; /* the output alone: what the kernel is given */
};

/* What a kernel wrote into the guards. */
struct cb_guard_damage {
    size_t written;    /* guard elements that lost the canary */
    size_t before;     /* of them, before the output */
    long long nearest; /* output index of the written guard element closest to the output */
};

/* The bytes before an output: CB_GUARD_BYTES rounded up to the device's base address
 * alignment, which a sub-buffer must start at. */
cl_int cb_guard_front(const struct cb_device *d, size_t *front);

/* Creates g for an output of `bytes` (any number: the canary fills the guards, the bytes past
 * the output up to a multiple of 4 belonging to the guard after it): canary in the guards,
 * `poison` (a pattern of poison_size bytes) everywhere in the output, so that an element the kernel
 * never writes cannot pass; on a device of host memory (cb_device_host_memory) the output is
 * mapped and poisoned over the host's cores.  On failure g holds what was created
 * (cb_guarded_release frees it). */
cl_int cb_guarded_create(const struct cb_device *d, size_t front, size_t bytes, const void *poison,
                         size_t poison_size, struct cb_guarded *g);
void cb_guarded_release(struct cb_guarded *g);

/* Reads both guards back into scratch (front + CB_GUARD_BYTES bytes) and fills *damage,
 * counting in elements of elem_size bytes (written: guard elements that lost the canary). */
cl_int cb_guarded_check(const struct cb_device *d, const struct cb_guarded *g, size_t front,
                        size_t bytes, size_t elem_size, cl_uint *scratch,
                        struct cb_guard_damage *damage);

#endif
