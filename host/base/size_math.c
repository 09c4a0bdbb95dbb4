#include "clbench/size_math.h"

#include <stdint.h>

size_t cb_mul_size(size_t a, size_t b)
{
    return (a != 0 && b > SIZE_MAX / a) ? 0 : a * b;
}

size_t cb_round_up(size_t n, size_t m)
{
    const size_t r = n % m;

    return r == 0 ? n : (n > SIZE_MAX - (m - r) ? 0 : n + (m - r));
}

size_t cb_groups(size_t n, size_t m)
{
    return n / m + (n % m != 0);
}

double cb_mib(double bytes)
{
    return bytes / (1024.0 * 1024.0);
}
