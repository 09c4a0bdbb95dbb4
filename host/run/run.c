/* One row from limits check to statistics; see run.h.  Every OpenCL object a row creates is
 * held in struct resources and released by release_resources, on every path. */
#include "clbench/run.h"

#include "clbench/check.h"
#include "clbench/inputs.h"
#include "clbench/timer.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    MAX_BUFFER_SETS = 16,
    MAX_TIMED_LAUNCHES = 100000,
    PRINTED_MISMATCHES = 5,
    GUARD_BYTES = 4096, /* canary after each output buffer; before it, at least this much */
};

/* The canary in the guard regions: a NaN whose payload no arithmetic produces. */
static const cl_uint guard_canary = 0x7fa5c3e1u;

static const char *const status_names[CB_STATUS_COUNT] = {
    "ok",
    "invalid",
    "over_limits",
    "build_failed",
    "launch_failed",
    "verify_failed",
    "timing_invalid",
    "out_of_bounds",
    "too_slow",
};

const char *cb_status_name(enum cb_status status)
{
    return status < CB_STATUS_COUNT ? status_names[status] : "unknown";
}

int cb_status_parse(const char *name)
{
    for (int i = 0; i < CB_STATUS_COUNT; i++)
        if (strcmp(status_names[i], name) == 0)
            return i;
    return -1;
}

/* Each output is a sub-buffer in the middle of a larger buffer (out_guarded): the guard
 * regions before and after it hold a canary, so that a kernel writing outside its output is
 * caught instead of corrupting whatever the runtime placed next to it. */
struct resources {
    cl_kernel kernel;
    cl_mem in[MAX_BUFFER_SETS][CB_MAX_INPUTS];
    cl_mem out[MAX_BUFFER_SETS];
    cl_mem out_guarded[MAX_BUFFER_SETS];
    size_t guard_front; /* bytes before the output: GUARD_BYTES rounded to the base alignment */
    float *host_in[CB_MAX_INPUTS];
    float *host_out;
    cl_uint *host_guard; /* guard_front + GUARD_BYTES */
};

static void release_resources(struct resources *r)
{
    for (unsigned s = 0; s < MAX_BUFFER_SETS; s++) {
        for (unsigned i = 0; i < CB_MAX_INPUTS; i++)
            if (r->in[s][i] != NULL)
                clReleaseMemObject(r->in[s][i]);
        if (r->out[s] != NULL)
            clReleaseMemObject(r->out[s]);
        if (r->out_guarded[s] != NULL)
            clReleaseMemObject(r->out_guarded[s]);
    }
    if (r->kernel != NULL)
        clReleaseKernel(r->kernel);
    for (unsigned i = 0; i < CB_MAX_INPUTS; i++)
        free(r->host_in[i]);
    free(r->host_out);
    free(r->host_guard);
}

static void set_status(struct cb_row *row, enum cb_status status, const char *fmt, ...)
    CB_PRINTF(3, 4);

static void set_status(struct cb_row *row, enum cb_status status, const char *fmt, ...)
{
    va_list ap;

    row->status = status;
    va_start(ap, fmt);
    vsnprintf(row->reason, sizeof row->reason, fmt, ap);
    va_end(ap);
}

static double mib(double bytes)
{
    return bytes / (1024.0 * 1024.0);
}

/* Device limits the planned problem must respect; returns 0 or sets OVER_LIMITS. */
static int check_limits(struct cb_row *row)
{
    const struct cb_problem *p = &row->problem;
    const struct cb_device *d = row->device;
    size_t group = 1;
    double total = 4.0 * (double)p->output_elems;

    for (unsigned i = 0; i < p->kernel->inputs; i++)
        total += 4.0 * (double)p->input_elems[i];
    for (unsigned i = 0; i < p->work_dim && p->local[0] != 0; i++) {
        group *= p->local[i];
        if (p->local[i] > d->max_work_item_sizes[i]) {
            set_status(row, CB_STATUS_OVER_LIMITS,
                       "local size %zu in dimension %u exceeds CL_DEVICE_MAX_WORK_ITEM_SIZES (%zu) "
                       "of this device: choose smaller tile or work-group parameters",
                       p->local[i], i, d->max_work_item_sizes[i]);
            return -1;
        }
    }
    if (group > d->max_work_group_size) {
        set_status(row, CB_STATUS_OVER_LIMITS,
                   "work-group of %zu exceeds CL_DEVICE_MAX_WORK_GROUP_SIZE (%zu) of this device: "
                   "choose smaller tile or work-group parameters",
                   group, d->max_work_group_size);
        return -1;
    }
    if (p->local_mem_bytes + p->dynamic_local_bytes > d->local_mem_bytes) {
        set_status(row, CB_STATUS_OVER_LIMITS,
                   "needs %.1f KiB of local memory, the device has %.1f KiB "
                   "(CL_DEVICE_LOCAL_MEM_SIZE): choose a smaller tile",
                   (p->local_mem_bytes + p->dynamic_local_bytes) / 1024.0,
                   d->local_mem_bytes / 1024.0);
        return -1;
    }
    for (unsigned i = 0; i <= p->kernel->inputs; i++) {
        const size_t elems = i < p->kernel->inputs ? p->input_elems[i] : p->output_elems;

        if (4.0 * (double)elems > (double)d->max_alloc_bytes) {
            set_status(row, CB_STATUS_OVER_LIMITS,
                       "a buffer of %.0f MiB exceeds CL_DEVICE_MAX_MEM_ALLOC_SIZE (%.0f MiB): "
                       "choose a smaller --size",
                       mib(4.0 * (double)elems), mib((double)d->max_alloc_bytes));
            return -1;
        }
    }
    if (total > (double)d->global_mem_bytes) {
        set_status(row, CB_STATUS_OVER_LIMITS,
                   "buffers of %.0f MiB exceed the device's global memory (%.0f MiB): "
                   "choose a smaller --size",
                   mib(total), mib((double)d->global_mem_bytes));
        return -1;
    }
    row->footprint_bytes = total;
    return 0;
}

/* Limits only known once the kernel is built (register pressure, the compiler's local arrays). */
static int check_kernel_limits(struct cb_row *row, cl_kernel kernel)
{
    const struct cb_problem *p = &row->problem;
    size_t kernel_group = 0, group = 1, compiled[3] = {0, 0, 0}, compiled_group = 1;
    cl_ulong local_bytes = 0;
    cl_int err;

    err = clGetKernelWorkGroupInfo(kernel, row->device->id, CL_KERNEL_WORK_GROUP_SIZE,
                                   sizeof kernel_group, &kernel_group, NULL);
    if (err == CL_SUCCESS)
        err = clGetKernelWorkGroupInfo(kernel, row->device->id, CL_KERNEL_LOCAL_MEM_SIZE,
                                       sizeof local_bytes, &local_bytes, NULL);
    if (err == CL_SUCCESS)
        err = clGetKernelWorkGroupInfo(kernel, row->device->id, CL_KERNEL_COMPILE_WORK_GROUP_SIZE,
                                       sizeof compiled, compiled, NULL);
    if (err != CL_SUCCESS) {
        cb_cl_fail(err, "clGetKernelWorkGroupInfo", __FILE__, __LINE__);
        set_status(row, CB_STATUS_LAUNCH_FAILED, "clGetKernelWorkGroupInfo: %s",
                   cb_cl_errname(err));
        return -1;
    }
    for (unsigned i = 0; i < p->work_dim && p->local[0] != 0; i++) {
        group *= p->local[i];
        compiled_group *= compiled[i];
    }
    /* A reqd_work_group_size the launch does not match would only fail at the launch, with
     * CL_INVALID_WORK_GROUP_SIZE and no hint why. */
    if (p->local[0] != 0 && compiled[0] != 0 && group != compiled_group) {
        set_status(row, group > compiled_group ? CB_STATUS_OVER_LIMITS : CB_STATUS_INVALID,
                   "work-group of %zu but the kernel was compiled for %zux%zux%zu "
                   "(reqd_work_group_size): its parameters and its source disagree",
                   group, compiled[0], compiled[1], compiled[2]);
        return -1;
    }
    /* Advisory only: NVIDIA's driver (580, H100) reports 256 for every kernel and still runs
     * the 1024-item work-groups the device allows, so the launch has the last word (launch()
     * turns its refusal into over_limits). */
    row->kernel_work_group_size = kernel_group;
    if (p->local[0] != 0 && group > kernel_group)
        cb_warn("%s: work-group of %zu exceeds the CL_KERNEL_WORK_GROUP_SIZE (%zu) the driver "
                "reports; launching anyway",
                p->kernel->name, group, kernel_group);
    if (local_bytes > row->device->local_mem_bytes) {
        set_status(row, CB_STATUS_OVER_LIMITS,
                   "the built kernel uses %.1f KiB of local memory, the device has %.1f KiB",
                   local_bytes / 1024.0, row->device->local_mem_bytes / 1024.0);
        return -1;
    }
    return 0;
}

/* Enough sets of buffers that together they overflow the device's global cache, so that a
 * launch never finds its data left in cache by the previous one; one set when a single set
 * already does. */
static unsigned buffer_sets(const struct cb_row *row)
{
    const double cache = (double)row->device->global_cache_bytes;
    double sets;

    if (row->problem.kernel->enqueue != NULL || row->footprint_bytes >= 2.0 * cache)
        return 1;
    sets = ceil(2.0 * cache / row->footprint_bytes);
    return sets > MAX_BUFFER_SETS ? MAX_BUFFER_SETS : (unsigned)sets;
}

#define RUN_CHECK(row, call)                                                                       \
    do {                                                                                           \
        const cl_int e_ = (call);                                                                  \
        if (e_ != CL_SUCCESS) {                                                                    \
            cb_cl_fail(e_, #call, __FILE__, __LINE__);                                             \
            set_status(row, CB_STATUS_LAUNCH_FAILED, "%s: %s", #call, cb_cl_errname(e_));          \
            return -1;                                                                             \
        }                                                                                          \
    } while (0)

/* The output of set s: a sub-buffer between two guard regions filled with the canary. */
static int create_guarded_output(struct cb_row *row, struct resources *r, unsigned s)
{
    const struct cb_device *d = row->device;
    const size_t out_bytes = row->problem.output_elems * sizeof(float);
    const cl_buffer_region region = {r->guard_front, out_bytes};
    const cl_float poison = NAN;
    cl_int err;

    r->out_guarded[s] = clCreateBuffer(d->context, CL_MEM_READ_WRITE,
                                       r->guard_front + out_bytes + GUARD_BYTES, NULL, &err);
    RUN_CHECK(row, err);
    RUN_CHECK(row,
              clEnqueueFillBuffer(d->queue, r->out_guarded[s], &guard_canary, sizeof guard_canary,
                                  0, r->guard_front + out_bytes + GUARD_BYTES, 0, NULL, NULL));
    r->out[s] = clCreateSubBuffer(r->out_guarded[s], CL_MEM_READ_WRITE,
                                  CL_BUFFER_CREATE_TYPE_REGION, &region, &err);
    RUN_CHECK(row, err);
    /* NaN everywhere, so that an element the kernel never writes cannot pass. */
    RUN_CHECK(row, clEnqueueFillBuffer(d->queue, r->out[s], &poison, sizeof poison, 0, out_bytes, 0,
                                       NULL, NULL));
    return 0;
}

static int create_buffers(struct cb_row *row, struct resources *r, const struct cb_config *cfg)
{
    const struct cb_problem *p = &row->problem;
    const struct cb_device *d = row->device;
    cl_uint align_bits = 0;
    cl_int err;

    for (unsigned i = 0; i < p->kernel->inputs; i++) {
        r->host_in[i] = cb_inputs_make(p->input_elems[i], cfg->seed + i);
        if (r->host_in[i] == NULL) {
            set_status(row, CB_STATUS_OVER_LIMITS, "no host memory for %.0f MiB of inputs",
                       mib(4.0 * (double)p->input_elems[i]));
            return -1;
        }
    }
    /* A sub-buffer must start at a multiple of the device's base address alignment. */
    RUN_CHECK(row, clGetDeviceInfo(d->id, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof align_bits,
                                   &align_bits, NULL));
    r->guard_front = cb_round_up(GUARD_BYTES, align_bits >= 8 ? align_bits / 8 : 1);
    r->host_out = malloc(p->output_elems * sizeof(float));
    r->host_guard = malloc(r->guard_front + GUARD_BYTES);
    if (r->host_out == NULL || r->host_guard == NULL) {
        set_status(row, CB_STATUS_OVER_LIMITS, "no host memory for the output");
        return -1;
    }
    for (unsigned s = 0; s < row->buffer_sets; s++) {
        for (unsigned i = 0; i < p->kernel->inputs; i++) {
            r->in[s][i] = clCreateBuffer(d->context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                         p->input_elems[i] * sizeof(float), r->host_in[i], &err);
            RUN_CHECK(row, err);
        }
        if (create_guarded_output(row, r, s) != 0)
            return -1;
    }
    RUN_CHECK(row, clFinish(d->queue));
    return 0;
}

static int set_args(struct cb_row *row, struct resources *r, unsigned set)
{
    const struct cb_problem *p = &row->problem;
    cl_uint arg = 0;

    for (unsigned i = 0; i < p->scalar_count; i++, arg++)
        RUN_CHECK(row, clSetKernelArg(r->kernel, arg, sizeof(cl_int), &p->scalar[i]));
    for (unsigned i = 0; i < p->kernel->inputs; i++, arg++)
        RUN_CHECK(row, clSetKernelArg(r->kernel, arg, sizeof(cl_mem), &r->in[set][i]));
    RUN_CHECK(row, clSetKernelArg(r->kernel, arg++, sizeof(cl_mem), &r->out[set]));
    if (p->dynamic_local_bytes > 0)
        RUN_CHECK(row, clSetKernelArg(r->kernel, arg, p->dynamic_local_bytes, NULL));
    return 0;
}

/* One launch on buffer set `set`; its event in *ev when ev is not NULL. */
/* Work-items in one work-group; 0 when the runtime chooses. */
static size_t work_group(const struct cb_problem *p)
{
    size_t group = p->local[0];

    for (unsigned i = 1; i < p->work_dim && group != 0; i++)
        group *= p->local[i];
    return group;
}

static int launch(struct cb_row *row, struct resources *r, unsigned set, cl_event *ev)
{
    const struct cb_problem *p = &row->problem;
    cl_command_queue q = row->device->queue;
    cl_int err;

    if (p->kernel->enqueue != NULL) {
        RUN_CHECK(row, p->kernel->enqueue(q, p, r->in[set], r->out[set]));
        return 0;
    }
    if (set_args(row, r, set) != 0)
        return -1;
    err = clEnqueueNDRangeKernel(q, r->kernel, p->work_dim, NULL, p->global,
                                 p->local[0] != 0 ? p->local : NULL, 0, NULL, ev);
    if (err == CL_SUCCESS)
        return 0;
    cb_cl_fail(err, "clEnqueueNDRangeKernel", __FILE__, __LINE__);
    if ((err == CL_INVALID_WORK_GROUP_SIZE || err == CL_OUT_OF_RESOURCES) &&
        work_group(p) > row->kernel_work_group_size)
        set_status(row, CB_STATUS_OVER_LIMITS,
                   "work-group of %zu exceeds this kernel's CL_KERNEL_WORK_GROUP_SIZE (%zu) on "
                   "this device and the launch failed (%s): choose smaller parameters",
                   work_group(p), row->kernel_work_group_size, cb_cl_errname(err));
    else if (err == CL_OUT_OF_RESOURCES)
        /* Seen on an H100 for 48 KiB of local memory, exactly the reported
         * CL_DEVICE_LOCAL_MEM_SIZE, plus the kernel's own: a limit, not a broken launch. */
        set_status(row, CB_STATUS_OVER_LIMITS,
                   "the device refused the launch for lack of resources (CL_OUT_OF_RESOURCES: "
                   "registers or local memory per work-group): choose smaller parameters");
    else
        set_status(row, CB_STATUS_LAUNCH_FAILED, "clEnqueueNDRangeKernel: %s", cb_cl_errname(err));
    return -1;
}

/* Reads back both guard regions of set `set`; any element that lost the canary was written by
 * the kernel outside its output. */
static int check_guards(struct cb_row *row, struct resources *r, unsigned set, const char *when)
{
    const size_t out_bytes = row->problem.output_elems * sizeof(float);
    const size_t front = r->guard_front / sizeof(cl_uint), back = GUARD_BYTES / sizeof(cl_uint);
    size_t written = 0, before = 0;
    long long nearest = 0; /* output index of the written guard element closest to the output */

    RUN_CHECK(row, clEnqueueReadBuffer(row->device->queue, r->out_guarded[set], CL_FALSE, 0,
                                       r->guard_front, r->host_guard, 0, NULL, NULL));
    RUN_CHECK(row, clEnqueueReadBuffer(row->device->queue, r->out_guarded[set], CL_TRUE,
                                       r->guard_front + out_bytes, GUARD_BYTES,
                                       r->host_guard + front, 0, NULL, NULL));
    for (size_t i = 0; i < front; i++)
        if (r->host_guard[i] != guard_canary) {
            nearest = (long long)i - (long long)front;
            written++;
            before++;
        }
    for (size_t i = back; i-- > 0;)
        if (r->host_guard[front + i] != guard_canary) {
            if (before == 0)
                nearest = (long long)(row->problem.output_elems + i);
            written++;
        }
    if (written == 0)
        return 0;
    set_status(row, CB_STATUS_OUT_OF_BOUNDS,
               "the kernel wrote %zu elements outside its output %s (%zu before it, %zu after; "
               "nearest at output[%lld] of %zu): an out-of-bounds write",
               written, when, before, written - before, nearest, row->problem.output_elems);
    return -1;
}

static int verify(struct cb_row *row, struct resources *r, unsigned set,
                  const struct cb_config *cfg, const char *when)
{
    const struct cb_problem *p = &row->problem;

    if (check_guards(row, r, set, when) != 0)
        return -1;
    RUN_CHECK(row,
              clEnqueueReadBuffer(row->device->queue, r->out[set], CL_TRUE, 0,
                                  p->output_elems * sizeof(float), r->host_out, 0, NULL, NULL));
    if (cb_verify_output(p, (const float *const *)r->host_in, r->host_out, cfg->verify_max,
                         cfg->seed, &row->verify) == 0)
        return 0;
    cb_verify_print(p, (const float *const *)r->host_in, r->host_out, &row->verify, cfg->seed,
                    PRINTED_MISMATCHES);
    set_status(row, CB_STATUS_VERIFY_FAILED,
               "%zu of %zu checked elements wrong %s; worst [%zu]: got %.9g want %.9g "
               "(rel %.2e > %.2e)",
               row->verify.failures, row->verify.checked, when, row->verify.worst_index,
               row->verify.worst_got, row->verify.worst_want, row->verify.max_rel_err,
               row->verify.tolerance);
    return -1;
}

static int finish(struct cb_row *row)
{
    RUN_CHECK(row, clFinish(row->device->queue));
    return 0;
}

/* A launch the runtime accepted can still fail on the device; its event says so, where
 * clFinish need not.  Releases ev (NULL for rows that enqueue through a hook). */
static int completed(struct cb_row *row, cl_event ev)
{
    cl_int state = CL_COMPLETE;
    cl_int err;

    if (ev == NULL)
        return 0;
    err = clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof state, &state, NULL);
    clReleaseEvent(ev);
    RUN_CHECK(row, err);
    if (state < 0) {
        set_status(row, CB_STATUS_LAUNCH_FAILED, "the first launch ended with %s",
                   cb_cl_errname(state));
        return -1;
    }
    return 0;
}

static int event_ms(struct cb_row *row, cl_event ev, double *ms, int *backwards)
{
    cl_ulong start = 0, end = 0;
    cl_int err = clWaitForEvents(1, &ev);

    if (err == CL_SUCCESS)
        err = clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof start, &start, NULL);
    if (err == CL_SUCCESS)
        err = clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof end, &end, NULL);
    clReleaseEvent(ev);
    RUN_CHECK(row, err);
    if (end < start)
        *backwards = 1;
    *ms = end >= start ? (double)(end - start) * 1e-6 : 0.0;
    return 0;
}

/* Times launches until there are at least cfg->reps and cfg->min_time_s has passed on the
 * host clock (launch overheads included, so that a tiny kernel cannot loop for long), or until
 * the row's --max-time deadline (0: none) has passed, after one launch at least. */
static int time_launches(struct cb_row *row, struct resources *r, const struct cb_config *cfg,
                         double deadline, unsigned *last_set)
{
    const int on_events = row->problem.kernel->enqueue == NULL;
    size_t capacity = cfg->reps;
    double total_ms = 0.0, start;
    int backwards = 0;

    row->timer = on_events ? "event" : "wall";
    row->samples_ms = malloc(capacity * sizeof *row->samples_ms);
    if (row->samples_ms == NULL) {
        set_status(row, CB_STATUS_LAUNCH_FAILED, "no host memory for the samples");
        return -1;
    }
    start = cb_wall_ms();
    while (row->sample_count < cfg->reps || (cb_wall_ms() - start < cfg->min_time_s * 1e3 &&
                                             row->sample_count < MAX_TIMED_LAUNCHES)) {
        const unsigned set = (unsigned)(row->sample_count % row->buffer_sets);
        cl_event ev = NULL;
        double ms;

        if (deadline > 0 && row->sample_count > 0 && cb_wall_ms() >= deadline) {
            snprintf(row->reason, sizeof row->reason,
                     "--max-time %.3g s used up after %zu of %u timed launches", cfg->max_time_s,
                     row->sample_count, cfg->reps);
            break;
        }
        if (row->sample_count == capacity) {
            double *grown = realloc(row->samples_ms, 2 * capacity * sizeof *grown);

            if (grown == NULL) {
                set_status(row, CB_STATUS_LAUNCH_FAILED, "no host memory for the samples");
                return -1;
            }
            row->samples_ms = grown;
            capacity *= 2;
        }
        if (on_events) {
            if (launch(row, r, set, &ev) != 0 || event_ms(row, ev, &ms, &backwards) != 0)
                return -1;
        } else {
            const double t0 = cb_wall_ms();

            if (launch(row, r, set, NULL) != 0)
                return -1;
            RUN_CHECK(row, clFinish(row->device->queue));
            ms = cb_wall_ms() - t0;
        }
        row->samples_ms[row->sample_count++] = ms;
        total_ms += ms;
        *last_set = set;
    }
    row->wall_ms = cb_wall_ms() - start;
    /* Launches run one after another, so their device times cannot add up to more than the
     * host saw pass (allowing 2% and 0.05 ms for clock granularity). */
    if (backwards || total_ms > row->wall_ms * 1.02 + 0.05) {
        set_status(row, CB_STATUS_TIMING_INVALID,
                   backwards ? "a profiling event ended before it started"
                             : "profiling events add up to %.3f ms but only %.3f ms passed",
                   total_ms, row->wall_ms);
        return -1;
    }
    return 0;
}

static void compute_throughput(struct cb_row *row)
{
    const struct cb_problem *p = &row->problem;
    const double seconds = row->stats.median * 1e-3;
    const struct cb_device *d = row->device;

    if (seconds <= 0.0)
        return;
    row->gflops = p->flops / seconds * 1e-9;
    row->gbs = p->bytes / seconds * 1e-9;
    if (p->kernel->metric == CB_METRIC_GFLOPS && d->peak_gflops_measured > 0)
        row->fraction_of_peak = row->gflops / d->peak_gflops_measured;
    else if (p->kernel->metric == CB_METRIC_GBS && d->peak_gbs_measured > 0)
        row->fraction_of_peak = row->gbs / d->peak_gbs_measured;
}

int cb_row_plan(struct cb_row *row)
{
    const struct cb_kernel *k = row->problem.kernel;
    const char *why = k->plan(&row->problem);

    if (why != NULL) {
        set_status(row, CB_STATUS_INVALID, "%s", why);
        return -1;
    }
    if (k->requires != NULL) {
        set_status(row, CB_STATUS_INVALID, "%s", k->requires);
        return -1;
    }
    return check_limits(row);
}

static int prepare(struct cb_row *row, struct resources *r, const struct cb_config *cfg,
                   struct cb_program_cache *cache)
{
    const struct cb_problem *p = &row->problem;
    const struct cb_kernel *k = p->kernel;
    const struct cb_program *program;
    cl_int err;

    if (cb_row_plan(row) != 0)
        return -1;
    if (cb_build_options(row->build_options, sizeof row->build_options, p, cfg->cl_opts) != 0) {
        set_status(row, CB_STATUS_BUILD_FAILED, "build options are too long");
        return -1;
    }
    if (k->enqueue == NULL) {
        if (cb_program_get(cache, row->device, cfg->cl_dir, k->family, row->build_options, &program,
                           &row->build_cached) != CL_SUCCESS) {
            set_status(row, CB_STATUS_BUILD_FAILED, "program cache: out of host memory");
            return -1;
        }
        row->build_ms = program->build_ms;
        if (program->program == NULL) {
            set_status(row, CB_STATUS_BUILD_FAILED, "%s", program->failure);
            return -1;
        }
        r->kernel = clCreateKernel(program->program, k->name, &err);
        RUN_CHECK(row, err);
        if (check_kernel_limits(row, r->kernel) != 0)
            return -1;
    }
    row->buffer_sets = buffer_sets(row);
    row->cache_resident =
        row->footprint_bytes * row->buffer_sets <= (double)row->device->global_cache_bytes;
    return create_buffers(row, r, cfg);
}

void cb_run_row(struct cb_row *row, const struct cb_config *cfg, struct cb_program_cache *cache)
{
    struct resources r;
    unsigned last_set = 0;
    double first_start, first_ms, deadline = 0;
    cl_event first = NULL;

    memset(&r, 0, sizeof r);
    row->status = CB_STATUS_OK;
    row->reason[0] = '\0';
    row->timer = row->problem.kernel->enqueue == NULL ? "event" : "wall";
    if (prepare(row, &r, cfg, cache) != 0)
        goto done;
    /* The first launch is verified on its own, before any timing, so that a wrong kernel
     * costs one launch; it also absorbs first-use costs, as the first warm-up.  The --max-time
     * budget starts with it; the CPU reference's time does not count. */
    first_start = cb_wall_ms();
    if (launch(row, &r, 0, &first) != 0)
        goto done;
    if (finish(row) != 0) {
        if (first != NULL)
            clReleaseEvent(first);
        goto done;
    }
    if (completed(row, first) != 0)
        goto done;
    first_ms = cb_wall_ms() - first_start;
    if (cfg->max_time_s > 0 && first_ms > cfg->max_time_s * 1e3) {
        set_status(row, CB_STATUS_TOO_SLOW,
                   "one launch took %.0f ms, more than --max-time %.3g s: choose a smaller --size "
                   "or a larger --max-time",
                   first_ms, cfg->max_time_s);
        goto done;
    }
    if (verify(row, &r, 0, cfg, "after the first launch") != 0)
        goto done;
    if (cfg->max_time_s > 0)
        deadline = cb_wall_ms() + cfg->max_time_s * 1e3 - first_ms;
    for (unsigned i = 1; i < cfg->warmup; i++) {
        if (deadline > 0 && cb_wall_ms() >= deadline)
            break;
        if (launch(row, &r, i % row->buffer_sets, NULL) != 0)
            goto done;
    }
    if (time_launches(row, &r, cfg, deadline, &last_set) != 0)
        goto done;
    /* Checked again after timing: a race shows up in some launches and not others. */
    if (verify(row, &r, last_set, cfg, "after the timed launches") != 0)
        goto done;
    if (cb_stats_compute(row->samples_ms, row->sample_count, &row->stats) != 0) {
        set_status(row, CB_STATUS_LAUNCH_FAILED, "no host memory for the statistics");
        goto done;
    }
    compute_throughput(row);
done:
    if (row->status != CB_STATUS_OK)
        clFinish(row->device->queue); /* nothing of this row may still run on its buffers */
    release_resources(&r);
}

void cb_row_free(struct cb_row *row)
{
    free(row->samples_ms);
    row->samples_ms = NULL;
    row->sample_count = 0;
}
