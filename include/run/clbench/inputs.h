/* Seeded pseudo-random input data.  Never zeros or constants: those hide outputs a kernel
 * forgot to write, and let memory compression inflate bandwidth. */
#ifndef CLBENCH_INPUTS_H
#define CLBENCH_INPUTS_H

#include <stddef.h>
#include <stdint.h>

/* count floats uniform in [-1, 1), the same for the same seed on every machine; NULL when
 * memory runs out.  The caller frees. */
float *cb_inputs_make(size_t count, unsigned long long seed);

/* SplitMix64's output function of x (Steele, Lea, Flood 2014): well-mixed 64 bits from a
 * counter, so that element i of a seeded sequence needs no elements before it. */
uint64_t cb_splitmix64(uint64_t x);

#endif
