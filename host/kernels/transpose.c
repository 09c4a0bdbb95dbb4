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

/* tile_floats: the local tile the kernel declares (0 for transpose_naive); extra_rows: input
 * rows a work-group loads above its tile (transpose_aligned's EXTRA), by which the grid
 * grows. */
static const char *plan(struct cb_problem *p, size_t tile_floats, size_t extra_rows)
{
    const size_t width = p->size[0], height = p->size[1];
    const size_t tile = (size_t)cb_param(p, "TILE");
    const size_t rows = (size_t)cb_param(p, "BLOCK_ROWS");
    const char *why;

    if (rows > tile || tile % rows != 0)
        return "BLOCK_ROWS must divide TILE (each work-item moves TILE/BLOCK_ROWS elements)";
    why = contract(p);
    if (why != NULL)
        return why;
    p->work_dim = 2;
    p->local[0] = tile;
    p->local[1] = rows;
    p->global[0] = cb_round_up(width, tile);
    p->global[1] = cb_groups(height + extra_rows, tile) * rows;
    p->local_mem_bytes = tile_floats * cb_real_size(p);
    return NULL;
}

static const char *plan_tiled(struct cb_problem *p)
{
    const size_t tile = (size_t)cb_param(p, "TILE");

    return plan(p, tile * tile, 0);
}

int cb_contract_transpose(struct cb_problem *p, char *why, size_t len)
{
    return cb_refuse(contract(p), why, len);
}

static int hook_transpose_tiled(struct cb_problem *p, char *why, size_t len)
{
    return cb_refuse(plan_tiled(p), why, len);
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

static double ref_transpose_copy(const struct cb_problem *p, const void *const in[], size_t i,
                                 double *scale)
{
    const double v = cb_real_get(p->real, in[0], i);

    *scale = fabs(v);
    return v;
}

/* transpose_copy moves the tiles of transpose_tiled without transposing them: the ladder's
 * ceiling, checked against a copy. */
const struct cb_hook cb_transpose_hooks[] = {
    {"transpose_copy", "transpose", "TILE BLOCK_ROWS", hook_transpose_tiled, ref_transpose_copy},
    {NULL, NULL, NULL, NULL, NULL},
};
