/* The launch-overhead probe: peak_launch (cl/peak.cl) launched as one work-item many times,
 * timed by its event (start to end: what the device counts for an empty kernel) and by the
 * host around enqueue + clFinish (what a caller waits).  The medians go into the device's
 * peak record; a row whose median is within a few of them is mostly launch (explain.c). */
#include "clbench/peak.h"

#include "clbench/check.h"
#include "clbench/stats.h"
#include "clbench/timer.h"

#include <stdlib.h>

enum { LAUNCH_WARMUP = 20, LAUNCH_SAMPLES = 200 };

/* The probe as its program sees it: built for peak_launch alone, as the other probes are. */
static const struct cb_kernel launch_probe = {.name = "peak_launch", .family = "peak"};

static cl_int time_event(cl_command_queue q, cl_kernel k, double *us)
{
    const size_t one = 1;
    cl_ulong start = 0, end = 0;
    cl_event ev;

    CB_CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &one, &one, 0, NULL, &ev));
    if (clWaitForEvents(1, &ev) != CL_SUCCESS ||
        clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof start, &start, NULL) !=
            CL_SUCCESS ||
        clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof end, &end, NULL) !=
            CL_SUCCESS) {
        clReleaseEvent(ev);
        return cb_cl_fail(CL_PROFILING_INFO_NOT_AVAILABLE, "clGetEventProfilingInfo", __FILE__,
                          __LINE__);
    }
    clReleaseEvent(ev);
    *us = end >= start ? (double)(end - start) * 1e-3 : 0.0;
    return CL_SUCCESS;
}

static cl_int time_wall(cl_command_queue q, cl_kernel k, double *us)
{
    const size_t one = 1;
    const double t0 = cb_wall_ms();

    CB_CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &one, &one, 0, NULL, NULL));
    CB_CHECK(clFinish(q));
    *us = (cb_wall_ms() - t0) * 1e3;
    return CL_SUCCESS;
}

typedef cl_int (*launch_timer)(cl_command_queue q, cl_kernel k, double *us);

/* The median of LAUNCH_SAMPLES launches timed by timer, into *median_us. */
static cl_int median_launch(cl_command_queue q, cl_kernel k, launch_timer timer, double *samples,
                            double *median_us)
{
    struct cb_stats stats;
    cl_int err = CL_SUCCESS;

    for (int i = 0; i < LAUNCH_SAMPLES && err == CL_SUCCESS; i++)
        err = timer(q, k, &samples[i]);
    if (err != CL_SUCCESS)
        return err;
    if (cb_stats_compute(samples, LAUNCH_SAMPLES, &stats) != 0)
        return CL_OUT_OF_HOST_MEMORY;
    *median_us = stats.median;
    return CL_SUCCESS;
}

static cl_int measure(struct cb_device *d, cl_kernel k, cl_mem out, double *samples)
{
    const cl_int n = 0;
    cl_int err = CL_SUCCESS;

    CB_CHECK(clSetKernelArg(k, 0, sizeof n, &n));
    CB_CHECK(clSetKernelArg(k, 1, sizeof out, &out));
    for (int i = 0; i < LAUNCH_WARMUP && err == CL_SUCCESS; i++)
        err = time_wall(d->queue, k, &samples[0]);
    if (err == CL_SUCCESS)
        err = median_launch(d->queue, k, time_event, samples, &d->launch_event_us);
    if (err == CL_SUCCESS)
        err = median_launch(d->queue, k, time_wall, samples, &d->launch_wall_us);
    return err;
}

void cb_launch_overhead_measure(struct cb_device *d, const struct cb_row_settings *cfg,
                                struct cb_program_cache *cache)
{
    const struct cb_program *program;
    char path[CB_PATH_LEN];
    double *samples = malloc(LAUNCH_SAMPLES * sizeof *samples);
    cl_kernel k = NULL;
    cl_mem out = NULL;
    cl_int err = CL_OUT_OF_HOST_MEMORY;
    int cached;

    d->launch_event_us = d->launch_wall_us = 0;
    if (samples != NULL && cb_family_source_path(path, sizeof path, cfg->cl_dir, "peak") == 0 &&
        cb_program_get(cache, d, path, "-cl-std=CL1.2", &launch_probe, &program, &cached) ==
            CL_SUCCESS) {
        err = CL_BUILD_PROGRAM_FAILURE;
        if (program->program != NULL)
            k = clCreateKernel(program->program, launch_probe.name, &err);
        if (k != NULL)
            out = clCreateBuffer(d->context, CL_MEM_WRITE_ONLY, sizeof(cl_float), NULL, &err);
        if (out != NULL)
            err = measure(d, k, out, samples);
    }
    if (err != CL_SUCCESS) {
        d->launch_event_us = d->launch_wall_us = 0;
        cb_warn("launch-overhead probe on %s: %s (no launch-bound marks)", d->name,
                cb_cl_errname(err));
    }
    if (out != NULL)
        clReleaseMemObject(out);
    if (k != NULL)
        clReleaseKernel(k);
    free(samples);
}
