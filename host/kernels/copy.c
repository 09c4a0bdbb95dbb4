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

static const char *plan(struct cb_problem *p)
{
    const size_t n = p->size[0];
    const size_t vec = (size_t)cb_param(p, "VEC"), wgs = (size_t)cb_param(p, "WGS");
    const size_t per_group = wgs * (size_t)cb_param(p, "ILP"); /* words */
    const char *why = contract(p);
    size_t groups;

    if (why != NULL)
        return why;
    /* At least one group, which also copies the n % VEC floats past the last whole word. */
    groups = cb_groups(n / vec, per_group);
    p->work_dim = 1;
    p->local[0] = wgs;
    p->global[0] = (groups > 0 ? groups : 1) * wgs;
    p->dynamic_local_bytes = (size_t)cb_param(p, "OCC_KIB") * 1024;
    return NULL;
}

int cb_contract_copy(struct cb_problem *p, char *why, size_t len)
{
    return cb_refuse(contract(p), why, len);
}

static int hook_copy_ilp(struct cb_problem *p, char *why, size_t len)
{
    return cb_refuse(plan(p), why, len);
}

double cb_ref_copy(const struct cb_problem *p, const void *const in[], size_t i, double *scale)
{
    const double v = cb_real_get(p->real, in[0], i);

    *scale = fabs(v);
    return v;
}

const struct cb_hook cb_copy_hooks[] = {
    {"copy_ilp", "copy", "ILP VEC WGS OCC_KIB", hook_copy_ilp, NULL},
    {NULL, NULL, NULL, NULL, NULL},
};
