/* Seeded input data; see inputs.h. */
#include "clbench/inputs.h"

#include "clbench/parallel.h"

#include <stdlib.h>

uint64_t cb_splitmix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

struct fill {
    float *data;
    uint64_t key;
};

/* Element i depends on the seed and i alone, so any split of the array fills it the same. */
static void fill_part(void *ctx, size_t begin, size_t end, unsigned part)
{
    const struct fill *f = ctx;

    (void)part;
    for (size_t i = begin; i < end; i++) {
        const uint64_t bits = cb_splitmix64(f->key + (uint64_t)i * 0x9e3779b97f4a7c15ULL);

        /* The top 24 bits make an exact float in [0, 1). */
        f->data[i] = (float)(bits >> 40) * (2.0f / 16777216.0f) - 1.0f;
    }
}

float *cb_inputs_make(size_t count, unsigned long long seed)
{
    struct fill f = {malloc((count ? count : 1) * sizeof(float)),
                     cb_splitmix64(seed ^ 0xda942042e4dd58b5ULL)};

    if (f.data != NULL)
        cb_parallel_for(count, 1u << 20, fill_part, &f);
    return f.data;
}
