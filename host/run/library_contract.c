/* A library baseline's row (contract.h): the inputs of the row's type (p->real: float or
 * double, --type) filled with the run's seeded values (elements.h), and one output, poisoned
 * with NaN and guarded (guard.h), on which the library (struct cb_library: OpenBLAS, cuBLAS,
 * CLBlast) computes, launching and timing the work itself; its result is stored into the
 * output before each check against the CPU reference, so that it is verified like every row. */
#include "clbench/contract.h"
#include "clbench/buffer_pool.h"

#include "clbench/elements.h"
#include "clbench/size_math.h"

#include <stdlib.h>

struct fixed_buffers {
    cl_mem in[CB_MAX_BUFFER_SETS][CB_MAX_INPUTS];
    struct cb_guarded out[CB_MAX_BUFFER_SETS];
    size_t guard_front;
    const void *host_in[CB_MAX_INPUTS]; /* shared (cb_elem_share) */
    void *host_out;
    int passed;          /* host_out holds an output whose check passed (cb_row_output_repeats) */
    cl_uint *host_guard; /* guard_front + CB_GUARD_BYTES */
};

static int fixed_check_buffers(struct cb_row *row)
{
    const struct cb_problem *p = &row->problem;
    const double size = (double)cb_real_size(p);

    for (unsigned i = 0; i < p->kernel->inputs; i++)
        if (cb_row_check_buffer(row, size * (double)p->input_elems[i]) != 0)
            return -1;
    return cb_row_check_buffer(row, size * (double)p->output_elems);
}

static void fixed_release(struct fixed_buffers *b)
{
    for (unsigned s = 0; s < CB_MAX_BUFFER_SETS; s++) {
        for (unsigned i = 0; i < CB_MAX_INPUTS; i++)
            cb_pool_give(b->in[s][i]);
        cb_guarded_release(&b->out[s]);
    }
    for (unsigned i = 0; i < CB_MAX_INPUTS; i++)
        cb_elem_unshare(b->host_in[i]);
    free(b->host_out);
    free(b->host_guard);
}

static int fixed_create(struct cb_row *row, const struct cb_row_env *env, unsigned sets,
                        struct fixed_buffers *b)
{
    const struct cb_problem *p = &row->problem;
    const struct cb_device *d = row->device;
    const size_t size = cb_real_size(p);
    /* The type's random fill for the inputs (the seed as ever: float's values unchanged). */
    const struct cb_generic_arg fill = {.type = p->real, .is_input = 1, .fill = CB_FILL_RANDOM};

    for (unsigned i = 0; i < p->kernel->inputs; i++) {
        b->host_in[i] = cb_elem_share(&fill, p->input_elems[i], env->cfg->seed + i);
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
    for (unsigned s = 0; s < sets; s++) {
        for (unsigned i = 0; i < p->kernel->inputs; i++) {
            b->in[s][i] =
                cb_row_input_buffer(row, b->host_in[i], p->input_elems[i] * size, "an input");
            if (b->in[s][i] == NULL)
                return -1;
        }
        /* NaN: an element the kernel never writes cannot pass. */
        CB_ROW_CHECK(row, cb_guarded_create(d, b->guard_front, p->output_elems * size,
                                            cb_elem_poison(p->real), size, &b->out[s]));
    }
    return 0;
}

static int fixed_verify(struct cb_row *row, struct fixed_buffers *b, unsigned set,
                        const struct cb_row_env *env, const char *when)
{
    const struct cb_problem *p = &row->problem;

    if (cb_row_check_guards(row, &b->out[set], b->guard_front, p->output_elems, cb_real_size(p),
                            b->host_guard, NULL, when) != 0)
        return -1;
    if (b->passed) {
        const int same = cb_row_output_repeats(row, b->out[set].inner, b->host_out,
                                               p->output_elems * cb_real_size(p));

        if (same != 0)
            return same > 0 ? 0 : -1;
    }
    b->passed = 0;
    CB_ROW_CHECK(row, clEnqueueReadBuffer(row->device->queue, b->out[set].inner, CL_TRUE, 0,
                                          p->output_elems * cb_real_size(p), b->host_out, 0, NULL,
                                          NULL));
    if (cb_row_verify_host(row, b->host_in, b->host_out, env, when) != 0)
        return -1;
    b->passed = 1;
    return 0;
}

struct library_buffers {
    struct fixed_buffers fixed;
    struct cb_library_call call; /* open while `open` */
    int open;
    unsigned device_sets; /* sets of the row's OpenCL buffers (own_sets) */
};

/* A library that computes on the row's own OpenCL buffers (one without store: CLBlast) needs
 * each of the row's buffer sets there; one on memory of its own keeps its sets itself, and the
 * row's one set takes the result that store writes for the check. */
static unsigned own_sets(const struct cb_row *row)
{
    return row->problem.kernel->library->store == NULL ? row->buffer_sets : 1;
}

/* Points the call at buffer set `set` (the row's set of that number, or its only one). */
static void select_set(struct library_buffers *r, unsigned set)
{
    const unsigned device_set = set % r->device_sets;

    r->call.set = set;
    r->call.in = r->fixed.in[device_set];
    r->call.out = r->fixed.out[device_set].inner;
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

static void library_release(void *state)
{
    struct library_buffers *r = state;

    if (r == NULL)
        return;
    if (r->open && r->call.problem->kernel->library->close != NULL)
        r->call.problem->kernel->library->close(&r->call);
    fixed_release(&r->fixed);
    free(r);
}

static int library_create(struct cb_row *row, const struct cb_row_env *env, void **state)
{
    const struct cb_library *library = row->problem.kernel->library;
    struct library_buffers *r = calloc(1, sizeof *r);

    *state = r;
    if (r == NULL) {
        cb_row_fail(row, CB_STATUS_LAUNCH_FAILED, "out of host memory");
        return -1;
    }
    r->device_sets = own_sets(row);
    if (fixed_create(row, env, r->device_sets, &r->fixed) != 0)
        return -1;
    CB_ROW_CHECK(row, clFinish(row->device->queue));
    r->call.device = row->device;
    r->call.problem = &row->problem;
    r->call.host_in = r->fixed.host_in;
    r->call.sets = row->buffer_sets;
    select_set(r, 0);
    r->open = 1; /* close releases whatever a failing open got to */
    return library->open == NULL
               ? 0
               : library_result(row, library->open(&r->call, row->reason, sizeof row->reason));
}

/* The library launches the work itself and times its own call into *ms. */
static int library_launch(struct cb_row *row, void *state, unsigned set, double *ms)
{
    struct library_buffers *r = state;

    select_set(r, set);
    return library_result(
        row, row->problem.kernel->library->launch(&r->call, ms, row->reason, sizeof row->reason));
}

static int library_verify(struct cb_row *row, void *state, unsigned set,
                          const struct cb_row_env *env, const char *when)
{
    struct library_buffers *r = state;
    const struct cb_library *library = row->problem.kernel->library;

    select_set(r, set);
    if (library->store != NULL &&
        library_result(row, library->store(&r->call, row->device->queue, r->call.out, row->reason,
                                           sizeof row->reason)) != 0)
        return -1;
    return fixed_verify(row, &r->fixed, set % r->device_sets, env, when);
}

static int library_admit(struct cb_row *row)
{
    const struct cb_kernel *k = row->problem.kernel;

    if (k->library->refuses(row->device, k->name, row->reason, sizeof row->reason) == 0)
        return 0;
    row->status = CB_STATUS_UNAVAILABLE;
    return -1;
}

static const char *library_timer(const struct cb_kernel *k)
{
    return k->library->timer;
}

static void library_describe(struct cb_row *row)
{
    row->problem.kernel->library->describe(row->device, &row->library);
}

const struct cb_row_contract cb_library_contract = {
    .takes_types = "a library row computes in one type (the sgemm_* rows in float, the dgemm_* "
                   "rows in double)",
    .admit = library_admit,
    .timer = library_timer,
    .describe = library_describe,
    .check_buffers = fixed_check_buffers,
    .create = library_create,
    .set_args = NULL,
    .set_then_args = NULL,
    .launch = library_launch,
    .verify = library_verify,
    .restore = NULL,
    .final_status = NULL,
    .release = library_release,
};
