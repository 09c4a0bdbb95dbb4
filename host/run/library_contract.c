/* A library baseline's row (contract.h): the fixed buffers (fixed_buffers.c) on which the
 * library (struct cb_library: OpenBLAS, cuBLAS, CLBlast) computes, launching and timing the
 * work itself; its result is stored into the row's output before each check, so that it is
 * verified like every row. */
#include "clbench/contract.h"

#include <stdlib.h>

struct library_buffers {
    struct cb_fixed_buffers fixed;
    struct cb_library_call call; /* open while `open` */
    int open;
};

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
    if (r->open)
        r->call.problem->kernel->library->close(&r->call);
    cb_fixed_release(&r->fixed);
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
    if (cb_fixed_create(row, env, &r->fixed) != 0)
        return -1;
    CB_ROW_CHECK(row, clFinish(row->device->queue));
    r->call.device = row->device;
    r->call.problem = &row->problem;
    r->call.host_in = (const void *const *)r->fixed.host_in;
    r->call.in = r->fixed.in[0]; /* a library row has one buffer set */
    r->call.out = r->fixed.out[0].inner;
    r->open = 1; /* close releases whatever a failing open got to */
    return library_result(row, library->open(&r->call, row->reason, sizeof row->reason));
}

/* The library launches the work itself and times its own call into *ms. */
static int library_launch(struct cb_row *row, void *state, unsigned set, double *ms)
{
    struct library_buffers *r = state;

    (void)set;
    return library_result(
        row, row->problem.kernel->library->launch(&r->call, ms, row->reason, sizeof row->reason));
}

static int library_verify(struct cb_row *row, void *state, unsigned set,
                          const struct cb_row_env *env, const char *when)
{
    struct library_buffers *r = state;

    if (library_result(row, row->problem.kernel->library->store(
                                &r->call, row->device->queue, r->fixed.out[set].inner, row->reason,
                                sizeof row->reason)) != 0)
        return -1;
    return cb_fixed_verify(row, &r->fixed, set, env, when);
}

const struct cb_row_contract cb_library_contract = {
    .check_buffers = cb_fixed_check_buffers,
    .create = library_create,
    .set_args = NULL,
    .set_then_args = NULL,
    .launch = library_launch,
    .verify = library_verify,
    .restore = NULL,
    .final_status = NULL,
    .release = library_release,
};
