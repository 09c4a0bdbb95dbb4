/* Splitting host work (input data, checks against the reference) over the host's cores.
 * Threads live for one call only: nothing of clbench runs beside a timed kernel, where it
 * would take cores from a CPU device. */
#ifndef CLBENCH_PARALLEL_H
#define CLBENCH_PARALLEL_H

#include <stddef.h>

/* Parts a call splits into at most. */
#define CB_PARALLEL_MAX_PARTS 32

/* Does part p of `parts`: indices [begin, end). */
typedef void (*cb_part_fn)(void *ctx, size_t begin, size_t end, unsigned part);

/* Splits [0, n) into consecutive parts of at least `grain` indices, no more than the host's
 * cores and CB_PARALLEL_MAX_PARTS, and runs fn on each, part 0 on the calling thread; returns
 * when all are done, with the number of parts.  Parts are numbered in index order, so results
 * merged in part order are the same whatever the number of cores.  A thread that cannot be
 * started has its part run on the calling thread. */
unsigned cb_parallel_for(size_t n, size_t grain, cb_part_fn fn, void *ctx);

/* memcpy(dst, src, bytes), over the host's cores. */
void cb_parallel_copy(void *dst, const void *src, size_t bytes);
/* Fills `bytes` of dst (a whole number of patterns) with the `size`-byte pattern, over the
 * host's cores. */
void cb_parallel_fill(void *dst, size_t bytes, const void *pattern, size_t size);

#endif
