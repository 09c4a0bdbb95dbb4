/* The fixed buffers of a family kernel's row and of a library baseline's (contract.h): the
 * inputs filled with the run's seeded values, and one output, poisoned with NaN, guarded
 * (guard.h) and checked against the kernel's CPU reference.  Every buffer is of the row's
 * element type (p->real: float, double or half, --type), its inputs that type's random fill
 * (elements.h: float's as ever, double's with 53 random bits, half's [-1, 1) rounded to half),
 * so that the reference reads exactly what the kernel read. */
#include "clbench/contract.h"

#include "clbench/elements.h"
#include "clbench/size_math.h"
#include "clbench/verify.h"

#include <stdlib.h>

enum { PRINTED_MISMATCHES = 5 };

int cb_fixed_check_buffers(struct cb_row *row)
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

void cb_fixed_release(struct cb_fixed_buffers *b)
{
    for (unsigned s = 0; s < CB_MAX_BUFFER_SETS; s++) {
        for (unsigned i = 0; i < CB_MAX_INPUTS; i++)
            if (b->in[s][i] != NULL)
                clReleaseMemObject(b->in[s][i]);
        cb_guarded_release(&b->out[s]);
    }
    for (unsigned i = 0; i < CB_MAX_INPUTS; i++)
        free(b->host_in[i]);
    free(b->host_out);
    free(b->host_guard);
}

int cb_fixed_create(struct cb_row *row, const struct cb_row_env *env, struct cb_fixed_buffers *b)
{
    const struct cb_problem *p = &row->problem;
    const struct cb_device *d = row->device;
    const size_t size = cb_real_size(p);
    /* The type's random fill for the inputs (the seed as ever: float's values unchanged). */
    const struct cb_generic_arg fill = {.type = p->real, .is_input = 1, .fill = CB_FILL_RANDOM};
    cl_int err;

    for (unsigned i = 0; i < p->kernel->inputs; i++) {
        b->host_in[i] = cb_elem_make(&fill, p->input_elems[i], env->cfg->seed + i);
        if (b->host_in[i] == NULL) {
            cb_row_fail(row, CB_STATUS_OVER_LIMITS, "no host memory for %.0f MiB of inputs",
                        cb_mib((double)size * (double)p->input_elems[i]));
            return -1;
        }
    }
    CB_ROW_CHECK(row, cb_guard_front(d, &b->guard_front));
    b->host_out = malloc(p->output_elems * size);
    b->host_guard = malloc(b->guard_front + CB_GUARD_BYTES);
    if (b->host_out == NULL || b->host_guard == NULL) {
        cb_row_fail(row, CB_STATUS_OVER_LIMITS, "no host memory for the output");
        return -1;
    }
    for (unsigned s = 0; s < row->buffer_sets; s++) {
        for (unsigned i = 0; i < p->kernel->inputs; i++) {
            b->in[s][i] = clCreateBuffer(d->context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                         p->input_elems[i] * size, b->host_in[i], &err);
            CB_ROW_CHECK_ERR(row, err, "clCreateBuffer (an input)");
        }
        /* NaN: an element the kernel never writes cannot pass. */
        CB_ROW_CHECK(row, cb_guarded_create(d, b->guard_front, p->output_elems * size,
                                            cb_elem_poison(p->real), size, &b->out[s]));
    }
    return 0;
}

int cb_fixed_verify(struct cb_row *row, struct cb_fixed_buffers *b, unsigned set,
                    const struct cb_row_env *env, const char *when)
{
    const struct cb_problem *p = &row->problem;
    const struct cb_row_settings *cfg = env->cfg;

    if (cb_row_check_guards(row, &b->out[set], b->guard_front, p->output_elems, cb_real_size(p),
                            b->host_guard, NULL, when) != 0)
        return -1;
    CB_ROW_CHECK(row, clEnqueueReadBuffer(row->device->queue, b->out[set].inner, CL_TRUE, 0,
                                          p->output_elems * cb_real_size(p), b->host_out, 0, NULL,
                                          NULL));
    if (cb_verify_output(p, (const void *const *)b->host_in, b->host_out, cfg->verify_max,
                         cfg->seed, &row->verify) == 0) {
        size_t first = 0;
        const size_t nan = row->verify.sampled
                               ? cb_verify_count_nan(p->real, b->host_out, p->output_elems, &first)
                               : 0;

        if (nan == 0)
            return 0;
        /* The sample passed, but the poison is still there: elements never written. */
        row->verify.failures = nan;
        row->verify.worst_index = first;
        row->verify.worst_got = cb_real_get(p->real, b->host_out, first);
        cb_row_fail(row, CB_STATUS_VERIFY_FAILED,
                    "%zu of %zu output elements are NaN %s (first at [%zu]; the sample of %zu "
                    "checked against the reference missed them): the kernel must write every "
                    "element (outputs start as NaN)",
                    nan, p->output_elems, when, first, row->verify.checked);
        return -1;
    }
    cb_verify_print(p, (const void *const *)b->host_in, b->host_out, &row->verify, cfg->seed,
                    PRINTED_MISMATCHES);
    cb_row_fail(row, CB_STATUS_VERIFY_FAILED,
                "%zu of %zu checked elements wrong %s; worst [%zu]: got %.9g want %.9g "
                "(rel %.2e > %.2e)",
                row->verify.failures, row->verify.checked, when, row->verify.worst_index,
                row->verify.worst_got, row->verify.worst_want, row->verify.max_rel_err,
                row->verify.tolerance);
    return -1;
}
