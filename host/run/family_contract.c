/* The four families' contract (contract.h): the leading int arguments, then the fixed buffers
 * (fixed_buffers.c: the inputs, one output checked against the family's CPU reference), a
 * trailing __local argument where the plan asks for one, and a two-launch plan's scratch and
 * second launch (struct cb_then). */
#include "clbench/contract.h"

#include "clbench/elements.h"
#include "clbench/size_math.h"

#include <stdlib.h>
#include <string.h>

struct family_buffers {
    struct cb_fixed_buffers fixed;
    /* A two-launch plan's scratch (struct cb_then), one for all buffer sets: each repetition
     * writes it before it reads it. */
    cl_mem scratch;
};

static void family_release(void *state)
{
    struct family_buffers *r = state;

    if (r == NULL)
        return;
    cb_fixed_release(&r->fixed);
    if (r->scratch != NULL)
        clReleaseMemObject(r->scratch);
    free(r);
}

/* A two-launch plan's scratch, poisoned like the output: a part of it that the first launch
 * never writes reaches the output as NaN through the second, and fails verification.  Written
 * from the host, not filled: Oclgrind 21.10 takes what clEnqueueFillBuffer wrote for
 * uninitialised when a later kernel reads it. */
static int create_scratch(struct cb_row *row, struct family_buffers *r)
{
    const struct cb_problem *p = &row->problem;
    const size_t size = cb_real_size(p), bytes = p->then.scratch_elems * size;
    char *poison = malloc(bytes);
    cl_int err;

    if (poison == NULL) {
        cb_row_fail(row, CB_STATUS_OVER_LIMITS, "no host memory for %.0f MiB of scratch",
                    cb_mib((double)bytes));
        return -1;
    }
    for (size_t i = 0; i < bytes; i += size)
        memcpy(poison + i, cb_elem_poison(p->real), size);
    r->scratch = clCreateBuffer(row->device->context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                bytes, poison, &err);
    free(poison);
    CB_ROW_CHECK_ERR(row, err, "clCreateBuffer (the scratch)");
    return 0;
}

static int family_create(struct cb_row *row, const struct cb_row_env *env, void **state)
{
    struct family_buffers *r = calloc(1, sizeof *r);

    *state = r;
    if (r == NULL) {
        cb_row_fail(row, CB_STATUS_LAUNCH_FAILED, "out of host memory");
        return -1;
    }
    if (cb_fixed_create(row, env, &r->fixed) != 0)
        return -1;
    if (row->problem.then.scratch_elems > 0 && create_scratch(row, r) != 0)
        return -1;
    CB_ROW_CHECK(row, clFinish(row->device->queue));
    return 0;
}

static int family_set_args(struct cb_row *row, void *state, cl_kernel kernel, unsigned set)
{
    const struct cb_problem *p = &row->problem;
    const struct family_buffers *r = state;
    cl_uint arg = 0;

    for (unsigned i = 0; i < p->scalar_count; i++, arg++)
        CB_ROW_CHECK(row, clSetKernelArg(kernel, arg, sizeof(cl_int), &p->scalar[i]));
    for (unsigned i = 0; i < p->kernel->inputs; i++, arg++)
        CB_ROW_CHECK(row, clSetKernelArg(kernel, arg, sizeof(cl_mem), &r->fixed.in[set][i]));
    CB_ROW_CHECK(
        row, clSetKernelArg(kernel, arg++, sizeof(cl_mem),
                            p->then.first_into_scratch ? &r->scratch : &r->fixed.out[set].inner));
    if (p->dynamic_local_bytes > 0)
        CB_ROW_CHECK(row, clSetKernelArg(kernel, arg, p->dynamic_local_bytes, NULL));
    return 0;
}

/* The second launch's arguments, as its plan lists them (struct cb_then). */
static int family_set_then_args(struct cb_row *row, void *state, cl_kernel kernel, unsigned set)
{
    const struct cb_then *then = &row->problem.then;
    const struct family_buffers *r = state;

    for (cl_uint i = 0; i < then->arg_count; i++) {
        const struct cb_then_arg *a = &then->args[i];
        const cl_mem *buffer = a->kind == CB_THEN_INPUT    ? &r->fixed.in[set][a->input]
                               : a->kind == CB_THEN_OUTPUT ? &r->fixed.out[set].inner
                                                           : &r->scratch;

        if (a->kind == CB_THEN_INT)
            CB_ROW_CHECK(row, clSetKernelArg(kernel, i, sizeof(cl_int), &a->value));
        else
            CB_ROW_CHECK(row, clSetKernelArg(kernel, i, sizeof(cl_mem), buffer));
    }
    return 0;
}

static int family_verify(struct cb_row *row, void *state, unsigned set,
                         const struct cb_row_env *env, const char *when)
{
    struct family_buffers *r = state;

    return cb_fixed_verify(row, &r->fixed, set, env, when);
}

const struct cb_row_contract cb_family_contract = {
    .check_buffers = cb_fixed_check_buffers,
    .create = family_create,
    .set_args = family_set_args,
    .set_then_args = family_set_then_args,
    .launch = NULL,
    .verify = family_verify,
    .restore = NULL,
    .final_status = NULL,
    .release = family_release,
};
