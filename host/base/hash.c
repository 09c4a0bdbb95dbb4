#include "clbench/hash.h"

uint64_t cb_hash64(const void *data, size_t len, uint64_t h)
{
    const unsigned char *p = data;

    for (size_t i = 0; i < len; i++) {
        h ^= p[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}
