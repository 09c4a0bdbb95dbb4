/* The sgemm_clblast and dgemm_clblast baseline rows: CLBlast's SGEMM and DGEMM, a library
 * (struct cb_library) that works on the row's own OpenCL buffers.  Compiled to nothing without
 * CLBlast; the rows then carry .requires instead (host/kernels/registry.c). */
#include "clbench/libraries.h"

#ifdef CLBENCH_HAVE_CLBLAST
#include "clbench/check.h"
#include "clbench/device_info.h"
#include "clbench/timer.h"

#include <clblast_c.h>
#include <stdio.h>

/* CLBlast has no version call: the version of the headers clbench was built with, which the
 * shared library's soname pins to the same major version. */
static void clblast_describe(const struct cb_device *d, struct cb_library_info *info)
{
    (void)d;
    snprintf(info->name, sizeof info->name, "CLBlast");
    snprintf(info->version, sizeof info->version, "%d.%d.%d", CLBLAST_VERSION_MAJOR,
             CLBLAST_VERSION_MINOR, CLBLAST_VERSION_PATCH);
    snprintf(info->config, sizeof info->config,
             "version of the headers built against; kernels tuned per device by CLBlast's own "
             "database");
}

/* CLBlast's SGEMM corrupts the heap inside Oclgrind 21.10 (glibc aborts: "corrupted
 * double-linked list"); and a library's time on a simulator compares with nothing. */
static int clblast_refuses(const struct cb_device *d, const char *kernel, char *why, size_t why_len)
{
    if (!cb_device_is_simulator(d))
        return 0;
    snprintf(why, why_len,
             "%s is not run on the simulator %.100s (CLBlast aborts inside Oclgrind "
             "21.10)",
             kernel, d->platform_name);
    return 1;
}

/* C = 1 * A * B + 0 * C, row-major, no transposes, leading dimensions K, N and N, timed on the
 * host around the call and clFinish: CLBlast may enqueue several kernels (pads, copies, the
 * GEMM) and compiles its kernels on the first call per device, which the warm-up absorbs.
 * CLBlast's status codes share OpenCL's for OpenCL errors. */
static int clblast_launch(struct cb_library_call *call, double *ms, char *why, size_t why_len)
{
    const struct cb_problem *p = call->problem;
    const size_t m = p->size[0], n = p->size[1], k = p->size[2];
    cl_command_queue queue = call->device->queue;
    cl_event event = NULL;
    const double t0 = cb_wall_ms();
    const CLBlastStatusCode status =
        p->real == CB_ELEM_DOUBLE
            ? CLBlastDgemm(CLBlastLayoutRowMajor, CLBlastTransposeNo, CLBlastTransposeNo, m, n, k,
                           1.0, call->in[0], 0, k, call->in[1], 0, n, 0.0, call->out, 0, n, &queue,
                           &event)
            : CLBlastSgemm(CLBlastLayoutRowMajor, CLBlastTransposeNo, CLBlastTransposeNo, m, n, k,
                           1.0f, call->in[0], 0, k, call->in[1], 0, n, 0.0f, call->out, 0, n,
                           &queue, &event);
    const cl_int err = status == CLBlastSuccess ? clFinish(queue) : (cl_int)status;

    *ms = cb_wall_ms() - t0;
    if (event != NULL)
        clReleaseEvent(event);
    if (err == CL_SUCCESS)
        return 0;
    cb_cl_fail(err, p->real == CB_ELEM_DOUBLE ? "CLBlastDgemm" : "CLBlastSgemm", __FILE__,
               __LINE__);
    snprintf(why, why_len, "%s: %s: %s",
             p->real == CB_ELEM_DOUBLE ? "CLBlastDgemm" : "CLBlastSgemm", cb_cl_errname(err),
             cb_cl_advice(err));
    return CB_LIBRARY_FAILED;
}

const struct cb_library cb_library_clblast = {
    .timer = "wall",
    .refuses = clblast_refuses,
    .launch = clblast_launch, /* on the row's own buffers: nothing to open, store or close */
    .describe = clblast_describe,
    .compiles_on_first_use = 1,
};
#endif
