/* Size arithmetic that says when it overflows, for plans and buffer layouts. */
#ifndef CLBENCH_SIZE_MATH_H
#define CLBENCH_SIZE_MATH_H

#include <stddef.h>

/* a * b in size_t, or 0 on overflow. */
size_t cb_mul_size(size_t a, size_t b);
/* Rounds n up to a multiple of m (m > 0); 0 on overflow. */
size_t cb_round_up(size_t n, size_t m);
/* How many blocks of m (m > 0) cover n: n / m rounded up (the work-groups of a grid). */
size_t cb_groups(size_t n, size_t m);
/* Bytes in MiB, for messages. */
double cb_mib(double bytes);

#endif
