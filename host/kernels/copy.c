/* Host side of cl/copy.cl: NDRange, occupancy ballast, work model and CPU reference of
 * copy_ilp. */
#include "clbench/families.h"

#include <math.h>

static const char *contract(struct cb_problem *p)
{
    const size_t n = p->size[0];

    if (n == 0 || n > (size_t)CL_INT_MAX)
        return "n must be 1 to 2^31-1 (the kernel's index range)";
    p->input_elems[0] = n;
    p->output_elems = n;
    p->scalar[0] = (cl_int)n;
    p->scalar_count = 1;
    p->bytes = 2.0 * cb_real_size(p) * (double)n;
    p->ref_cost = 1.0;
    return NULL;
}

int cb_contract_copy(struct cb_problem *p, char *why, size_t len)
{
    return cb_refuse(contract(p), why, len);
}

double cb_ref_copy(const struct cb_problem *p, const void *const in[], size_t i, double *scale)
{
    const double v = cb_real_get(p->real, in[0], i);

    *scale = fabs(v);
    return v;
}
