/* The host reference of cl/vadd.cl's kernels (plug-in host_vadd): c = a + b. */
#include "clbench/plugin.h"

#include <math.h>

double cb_ref_vadd(const struct cb_problem *p, const void *const in[], size_t i, double *scale)
{
    const double a = cb_real_get(p->real, in[0], i), b = cb_real_get(p->real, in[1], i);

    *scale = fabs(a) + fabs(b);
    return a + b;
}
