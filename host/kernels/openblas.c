/* The sgemm_openblas baseline row: OpenBLAS's cblas_sgemm on the host, for CPU devices, on the
 * row's inputs, with as many threads as the device has compute units.  Compiled to nothing
 * without OpenBLAS; the row then carries .requires instead (host/kernels/registry.c). */
#include "clbench/families.h"

#ifdef CLBENCH_HAVE_OPENBLAS
#include "clbench/check.h"
#include "clbench/device_info.h"
#include "clbench/timer.h"

#include <cblas.h>
#include <stdio.h>
#include <stdlib.h>

static const char *openblas_refuses(const struct cb_device *d)
{
    return (d->type & CL_DEVICE_TYPE_CPU) != 0
               ? NULL
               : "sgemm_openblas runs on the host: it is the baseline of CPU devices only";
}

/* The state is the host result, stored into the OpenCL output before each verification. */
static int openblas_open(struct cb_library_call *call, char *why, size_t why_len)
{
    call->state = malloc(call->problem->output_elems * sizeof(float));
    if (call->state == NULL) {
        snprintf(why, why_len, "no host memory for sgemm_openblas's result");
        return CB_LIBRARY_FAILED;
    }
    /* The device's compute units are the cores PoCL runs work-groups on: the same cores. */
    openblas_set_num_threads((int)call->device->compute_units);
    return 0;
}

/* C = A * B, row-major, timed on the host around the call alone. */
static int openblas_launch(struct cb_library_call *call, double *ms, char *why, size_t why_len)
{
    const struct cb_problem *p = call->problem;
    const blasint m = (blasint)p->size[0], n = (blasint)p->size[1], k = (blasint)p->size[2];
    const double t0 = cb_wall_ms();

    (void)why;
    (void)why_len;
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0f, call->host_in[0], k,
                call->host_in[1], n, 0.0f, call->state, n);
    *ms = cb_wall_ms() - t0;
    return 0;
}

static int openblas_store(struct cb_library_call *call, cl_command_queue queue, cl_mem out,
                          char *why, size_t why_len)
{
    const cl_int err =
        clEnqueueWriteBuffer(queue, out, CL_TRUE, 0, call->problem->output_elems * sizeof(float),
                             call->state, 0, NULL, NULL);

    if (err == CL_SUCCESS)
        return 0;
    snprintf(why, why_len, "clEnqueueWriteBuffer of the result: %s", cb_cl_errname(err));
    return CB_LIBRARY_FAILED;
}

static void openblas_close(struct cb_library_call *call)
{
    free(call->state);
    call->state = NULL;
}

const struct cb_library cb_library_openblas = {
    .timer = "host",
    .refuses = openblas_refuses,
    .open = openblas_open,
    .launch = openblas_launch,
    .store = openblas_store,
    .close = openblas_close,
};
#endif
