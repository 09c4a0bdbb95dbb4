/* The host reference of cl/transpose.cl's transposing kernels (plug-in host_transpose). */
#include "clbench/plugin.h"

#include <math.h>

/* Output element i is row i / H, column i % H of the W-row output: in's row i % H, column
 * i / H. */
double cb_ref_transpose(const struct cb_problem *p, const void *const in[], size_t i, double *scale)
{
    const size_t width = p->size[0], height = p->size[1];
    const double v = cb_real_get(p->real, in[0], (i % height) * width + i / height);

    *scale = fabs(v);
    return v;
}
