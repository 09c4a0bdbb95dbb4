/* Host side of cl/transpose.cl: NDRange, local memory, work model and CPU references of the
 * transpose ladder. */
#include "clbench/families.h"

#include <math.h>

static const char *contract(struct cb_problem *p)
{
    const size_t width = p->size[0], height = p->size[1];
    const size_t elems = cb_mul_size(width, height);

    if (elems == 0 || elems > (size_t)CL_INT_MAX)
        return "width x height must be 1 to 2^31-1 elements (the kernel's int index range)";
    p->input_elems[0] = elems;
    p->output_elems = elems;
    p->scalar[0] = (cl_int)width;
    p->scalar[1] = (cl_int)height;
    p->scalar_count = 2;
    p->bytes = 2.0 * cb_real_size(p) * (double)elems;
    p->ref_cost = 1.0;
    return NULL;
}

int cb_contract_transpose(struct cb_problem *p, char *why, size_t len)
{
    return cb_refuse(contract(p), why, len);
}

/* Output element i is row i / H, column i % H of the W-row output: in's row i % H, column
 * i / H. */
double cb_ref_transpose(const struct cb_problem *p, const void *const in[], size_t i, double *scale)
{
    const size_t width = p->size[0], height = p->size[1];
    const double v = cb_real_get(p->real, in[0], (i % height) * width + i / height);

    *scale = fabs(v);
    return v;
}
