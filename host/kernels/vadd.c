/* Host side of cl/vadd.cl: NDRange, work model and CPU reference of vadd and vadd_local. */
#include "clbench/families.h"

#include <math.h>

static const char *contract(struct cb_problem *p)
{
    const size_t n = p->size[0];

    if (n > (size_t)CL_INT_MAX)
        return "n exceeds the kernel's int index range (2^31-1)";
    p->input_elems[0] = p->input_elems[1] = n;
    p->output_elems = n;
    p->scalar[0] = (cl_int)n;
    p->scalar_count = 1;
    p->flops = (double)n;
    p->bytes = 3.0 * cb_real_size(p) * (double)n;
    p->ref_cost = 1.0;
    return NULL;
}

int cb_contract_vadd(struct cb_problem *p, char *why, size_t len)
{
    return cb_refuse(contract(p), why, len);
}

double cb_ref_vadd(const struct cb_problem *p, const void *const in[], size_t i, double *scale)
{
    const double a = cb_real_get(p->real, in[0], i), b = cb_real_get(p->real, in[1], i);

    *scale = fabs(a) + fabs(b);
    return a + b;
}
