/* The sgemm_clblast and dgemm_clblast baseline rows: CLBlast's SGEMM and DGEMM on the runner's
 * buffers.  Compiled to
 * nothing without CLBlast; the row then carries .requires instead (host/kernels/registry.c). */
#include "clbench/families.h"

#ifdef CLBENCH_HAVE_CLBLAST
#include <clblast_c.h>
#include <stdio.h>

/* CLBlast has no version call: the version of the headers clbench was built with, which the
 * shared library's soname pins to the same major version. */
void cb_describe_clblast(const struct cb_device *d, struct cb_library_info *info)
{
    (void)d;
    snprintf(info->name, sizeof info->name, "CLBlast");
    snprintf(info->version, sizeof info->version, "%d.%d.%d", CLBLAST_VERSION_MAJOR,
             CLBLAST_VERSION_MINOR, CLBLAST_VERSION_PATCH);
    snprintf(info->config, sizeof info->config,
             "version of the headers built against; kernels tuned per device by CLBlast's own "
             "database");
}

/* C = 1 * A * B + 0 * C, row-major, no transposes, leading dimensions K, N and N.  CLBlast
 * may enqueue several kernels (pads, copies, the GEMM) and compiles its kernels on the first
 * call per device: the runner times this hook on the host around clFinish, and the warm-up
 * absorbs the compilation.  CLBlast's status codes share OpenCL's for OpenCL errors. */
cl_int cb_enqueue_gemm_clblast(cl_command_queue queue, const struct cb_problem *p,
                               const cl_mem in[], cl_mem out)
{
    const size_t m = p->size[0], n = p->size[1], k = p->size[2];
    cl_event event = NULL;
    const CLBlastStatusCode status =
        p->real == CB_ELEM_DOUBLE
            ? CLBlastDgemm(CLBlastLayoutRowMajor, CLBlastTransposeNo, CLBlastTransposeNo, m, n, k,
                           1.0, in[0], 0, k, in[1], 0, n, 0.0, out, 0, n, &queue, &event)
            : CLBlastSgemm(CLBlastLayoutRowMajor, CLBlastTransposeNo, CLBlastTransposeNo, m, n, k,
                           1.0f, in[0], 0, k, in[1], 0, n, 0.0f, out, 0, n, &queue, &event);

    if (event != NULL)
        clReleaseEvent(event);
    return (cl_int)status;
}
#endif
