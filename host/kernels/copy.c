/* The host reference of cl/copy.cl's kernel and of transpose_copy (plug-in host_copy): output
 * element i is input element i. */
#include "clbench/plugin.h"

#include <math.h>

double cb_ref_copy(const struct cb_problem *p, const void *const in[], size_t i, double *scale)
{
    const double v = cb_real_get(p->real, in[0], i);

    *scale = fabs(v);
    return v;
}
