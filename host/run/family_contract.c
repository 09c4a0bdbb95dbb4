/* The four families' contract (contract.h): the leading int arguments, the inputs filled with
 * the run's seeded values, and one output, poisoned with NaN, guarded (guard.h) and checked
 * against the family's CPU reference; library baselines launch through it as well.  Every
 * buffer is of the row's element type (p->real: float, double or half, --type), its inputs
 * that type's random fill (elements.h: float's as ever, double's with 53 random bits, half's
 * [-1, 1) rounded to half), so that the reference reads exactly what the kernel read. */
#include "clbench/contract.h"

#include "clbench/elements.h"
#include "clbench/size_math.h"
#include "clbench/verify.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { PRINTED_MISMATCHES = 5 };

/* The families' buffers: fixed inputs and one guarded output (guard.h) per buffer set. */
struct family_buffers {
    cl_mem in[CB_MAX_BUFFER_SETS][CB_MAX_INPUTS];
    struct cb_guarded out[CB_MAX_BUFFER_SETS];
    size_t guard_front;
    void *host_in[CB_MAX_INPUTS];
    void *host_out;
    cl_uint *host_guard; /* guard_front + CB_GUARD_BYTES */
    /* A two-launch plan's scratch (struct cb_then), one for all buffer sets: each repetition
     * writes it before it reads it. */
    cl_mem scratch;
    struct cb_library_call library; /* a library row's call, open while library_open */
    int library_open;
};

static int family_check_buffers(struct cb_row *row)
{
    const struct cb_problem *p = &row->problem;
    const double size = (double)cb_real_size(p);

    for (unsigned i = 0; i < p->kernel->inputs; i++)
        if (cb_row_check_buffer(row, size * (double)p->input_elems[i]) != 0)
            return -1;
    if (p->then.scratch_elems > 0 &&
        cb_row_check_buffer(row, size * (double)p->then.scratch_elems) != 0)
        return -1;
    return cb_row_check_buffer(row, size * (double)p->output_elems);
}

/* A library function's result as the row's status; the reason is already in the row. */
static int library_result(struct cb_row *row, int result)
{
    if (result == 0)
        return 0;
    row->status =
        result == CB_LIBRARY_UNAVAILABLE ? CB_STATUS_UNAVAILABLE : CB_STATUS_LAUNCH_FAILED;
    return -1;
}

static void family_release(void *state)
{
    struct family_buffers *r = state;

    if (r == NULL)
        return;
    if (r->library_open)
        r->library.problem->kernel->library->close(&r->library);
    for (unsigned s = 0; s < CB_MAX_BUFFER_SETS; s++) {
        for (unsigned i = 0; i < CB_MAX_INPUTS; i++)
            if (r->in[s][i] != NULL)
                clReleaseMemObject(r->in[s][i]);
        cb_guarded_release(&r->out[s]);
    }
    if (r->scratch != NULL)
        clReleaseMemObject(r->scratch);
    for (unsigned i = 0; i < CB_MAX_INPUTS; i++)
        free(r->host_in[i]);
    free(r->host_out);
    free(r->host_guard);
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
    const struct cb_problem *p = &row->problem;
    const struct cb_device *d = row->device;
    const size_t size = cb_real_size(p);
    /* The type's random fill for the inputs (the seed as ever: float's values unchanged). */
    const struct cb_generic_arg fill = {.type = p->real, .is_input = 1, .fill = CB_FILL_RANDOM};
    struct family_buffers *r = calloc(1, sizeof *r);
    cl_int err;

    *state = r;
    if (r == NULL) {
        cb_row_fail(row, CB_STATUS_LAUNCH_FAILED, "out of host memory");
        return -1;
    }
    for (unsigned i = 0; i < p->kernel->inputs; i++) {
        r->host_in[i] = cb_elem_make(&fill, p->input_elems[i], env->cfg->seed + i);
        if (r->host_in[i] == NULL) {
            cb_row_fail(row, CB_STATUS_OVER_LIMITS, "no host memory for %.0f MiB of inputs",
                        cb_mib((double)size * (double)p->input_elems[i]));
            return -1;
        }
    }
    CB_ROW_CHECK(row, cb_guard_front(d, &r->guard_front));
    r->host_out = malloc(p->output_elems * size);
    r->host_guard = malloc(r->guard_front + CB_GUARD_BYTES);
    if (r->host_out == NULL || r->host_guard == NULL) {
        cb_row_fail(row, CB_STATUS_OVER_LIMITS, "no host memory for the output");
        return -1;
    }
    for (unsigned s = 0; s < row->buffer_sets; s++) {
        for (unsigned i = 0; i < p->kernel->inputs; i++) {
            r->in[s][i] = clCreateBuffer(d->context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                         p->input_elems[i] * size, r->host_in[i], &err);
            CB_ROW_CHECK_ERR(row, err, "clCreateBuffer (an input)");
        }
        /* NaN: an element the kernel never writes cannot pass. */
        CB_ROW_CHECK(row, cb_guarded_create(d, r->guard_front, p->output_elems * size,
                                            cb_elem_poison(p->real), size, &r->out[s]));
    }
    if (p->then.scratch_elems > 0 && create_scratch(row, r) != 0)
        return -1;
    CB_ROW_CHECK(row, clFinish(d->queue));
    if (p->kernel->library == NULL)
        return 0;
    r->library.device = row->device;
    r->library.problem = &row->problem;
    r->library.host_in = (const void *const *)r->host_in;
    r->library.in = r->in[0]; /* a library row has one buffer set */
    r->library.out = r->out[0].inner;
    r->library_open = 1; /* close releases whatever a failing open got to */
    return library_result(row,
                          p->kernel->library->open(&r->library, row->reason, sizeof row->reason));
}

static int family_set_args(struct cb_row *row, void *state, cl_kernel kernel, unsigned set)
{
    const struct cb_problem *p = &row->problem;
    const struct family_buffers *r = state;
    cl_uint arg = 0;

    for (unsigned i = 0; i < p->scalar_count; i++, arg++)
        CB_ROW_CHECK(row, clSetKernelArg(kernel, arg, sizeof(cl_int), &p->scalar[i]));
    for (unsigned i = 0; i < p->kernel->inputs; i++, arg++)
        CB_ROW_CHECK(row, clSetKernelArg(kernel, arg, sizeof(cl_mem), &r->in[set][i]));
    CB_ROW_CHECK(row,
                 clSetKernelArg(kernel, arg++, sizeof(cl_mem),
                                p->then.first_into_scratch ? &r->scratch : &r->out[set].inner));
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
        const cl_mem *buffer = a->kind == CB_THEN_INPUT    ? &r->in[set][a->input]
                               : a->kind == CB_THEN_OUTPUT ? &r->out[set].inner
                                                           : &r->scratch;

        if (a->kind == CB_THEN_INT)
            CB_ROW_CHECK(row, clSetKernelArg(kernel, i, sizeof(cl_int), &a->value));
        else
            CB_ROW_CHECK(row, clSetKernelArg(kernel, i, sizeof(cl_mem), buffer));
    }
    return 0;
}

/* A library row launches the work itself and times its own call into *ms. */
static int family_launch(struct cb_row *row, void *state, unsigned set, double *ms)
{
    const struct cb_problem *p = &row->problem;
    struct family_buffers *f = state;

    (void)set;
    return library_result(
        row, p->kernel->library->launch(&f->library, ms, row->reason, sizeof row->reason));
}

static int family_verify(struct cb_row *row, void *state, unsigned set,
                         const struct cb_row_env *env, const char *when)
{
    const struct cb_problem *p = &row->problem;
    const struct cb_row_settings *cfg = env->cfg;
    struct family_buffers *r = state;

    if (p->kernel->library != NULL &&
        library_result(row,
                       p->kernel->library->store(&r->library, row->device->queue, r->out[set].inner,
                                                 row->reason, sizeof row->reason)) != 0)
        return -1;
    if (cb_row_check_guards(row, &r->out[set], r->guard_front, p->output_elems, cb_real_size(p),
                            r->host_guard, NULL, when) != 0)
        return -1;
    CB_ROW_CHECK(row, clEnqueueReadBuffer(row->device->queue, r->out[set].inner, CL_TRUE, 0,
                                          p->output_elems * cb_real_size(p), r->host_out, 0, NULL,
                                          NULL));
    if (cb_verify_output(p, (const void *const *)r->host_in, r->host_out, cfg->verify_max,
                         cfg->seed, &row->verify) == 0) {
        size_t first = 0;
        const size_t nan = row->verify.sampled
                               ? cb_verify_count_nan(p->real, r->host_out, p->output_elems, &first)
                               : 0;

        if (nan == 0)
            return 0;
        /* The sample passed, but the poison is still there: elements never written. */
        row->verify.failures = nan;
        row->verify.worst_index = first;
        row->verify.worst_got = cb_real_get(p->real, r->host_out, first);
        cb_row_fail(row, CB_STATUS_VERIFY_FAILED,
                    "%zu of %zu output elements are NaN %s (first at [%zu]; the sample of %zu "
                    "checked against the reference missed them): the kernel must write every "
                    "element (outputs start as NaN)",
                    nan, p->output_elems, when, first, row->verify.checked);
        return -1;
    }
    cb_verify_print(p, (const void *const *)r->host_in, r->host_out, &row->verify, cfg->seed,
                    PRINTED_MISMATCHES);
    cb_row_fail(row, CB_STATUS_VERIFY_FAILED,
                "%zu of %zu checked elements wrong %s; worst [%zu]: got %.9g want %.9g "
                "(rel %.2e > %.2e)",
                row->verify.failures, row->verify.checked, when, row->verify.worst_index,
                row->verify.worst_got, row->verify.worst_want, row->verify.max_rel_err,
                row->verify.tolerance);
    return -1;
}

const struct cb_row_contract cb_family_contract = {
    .check_buffers = family_check_buffers,
    .create = family_create,
    .set_args = family_set_args,
    .set_then_args = family_set_then_args,
    .launch = family_launch,
    .verify = family_verify,
    .restore = NULL,
    .final_status = NULL,
    .release = family_release,
};
