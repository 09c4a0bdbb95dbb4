/* Seeded input data; see inputs.h. */
#include "clbench/inputs.h"

#include <stdint.h>
#include <stdlib.h>

float *cb_inputs_make(size_t count, unsigned long long seed)
{
    float *data = malloc((count ? count : 1) * sizeof *data);
    /* xorshift64*: fast, and identical everywhere, unlike rand(). */
    uint64_t state = 0x9e3779b97f4a7c15ULL ^ (seed * 0xda942042e4dd58b5ULL);

    if (data == NULL)
        return NULL;
    if (state == 0)
        state = 1;
    for (size_t i = 0; i < count; i++) {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        /* The top 24 bits make an exact float in [0, 1). */
        data[i] = (float)((state * 0x2545f4914f6cdd1dULL) >> 40) * (2.0f / 16777216.0f) - 1.0f;
    }
    return data;
}
