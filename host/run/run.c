/* One row from limits check to statistics; see run.h.  The lifecycle is the same for every
 * contract; what depends on the argument list (buffers, arguments, verification) is behind
 * struct cb_row_contract (contract.h): an OpenCL kernel's part is in generic.c, a library
 * baseline's in library_contract.c.  Every OpenCL object a row
 * creates is held in struct resources and released by release_resources, on every path. */
#include "clbench/run.h"

#include "clbench/check.h"
#include "clbench/contract.h"
#include "clbench/keep_awake.h"
#include "clbench/manifest.h"
#include "clbench/private_limit.h"
#include "clbench/timer.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_TIMED_LAUNCHES = 100000 };

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
    "unverified",
    "unavailable",
    "crashed",
    "timed_out",
    "unsupported",
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

int cb_status_measured(enum cb_status status)
{
    return status == CB_STATUS_OK || status == CB_STATUS_UNVERIFIED;
}

struct resources {
    const struct cb_row_contract *contract;
    void *buffers; /* the contract's */
    cl_kernel kernel;
    cl_kernel then_kernel; /* a two-launch plan's second kernel (struct cb_then), else NULL */
    double own_ms;         /* a library row's own time of its last launch */
    /* A two-launch row's timed launches, each kernel's own time (event timer only). */
    double *first_ms, *second_ms;
    size_t own_capacity;
};

static void release_kernels(struct resources *r)
{
    if (r->kernel != NULL)
        clReleaseKernel(r->kernel);
    if (r->then_kernel != NULL)
        clReleaseKernel(r->then_kernel);
    r->kernel = r->then_kernel = NULL;
}

static void release_resources(struct resources *r)
{
    r->contract->release(r->buffers);
    release_kernels(r);
    free(r->first_ms);
    free(r->second_ms);
}

/* Device limits the planned problem must respect; returns 0 or sets OVER_LIMITS. */
static int check_limits(struct cb_row *row)
{
    const struct cb_problem *p = &row->problem;
    const struct cb_device *d = row->device;
    size_t group = 1;
    char where[CB_REASON_LEN]; /* a kernel file's manifest line, for the user to edit */

    for (unsigned i = 0; i < p->work_dim && p->local[0] != 0; i++) {
        group *= p->local[i];
        if (p->local[i] > d->max_work_item_sizes[i]) {
            cb_row_fail(
                row, CB_STATUS_OVER_LIMITS,
                "local size %zu in dimension %u exceeds CL_DEVICE_MAX_WORK_ITEM_SIZES (%zu) "
                "of this device%s: choose smaller tile or work-group parameters",
                p->local[i], i, d->max_work_item_sizes[i],
                cb_manifest_where(p->kernel, "local", where, sizeof where));
            return -1;
        }
    }
    if (group > d->max_work_group_size) {
        cb_row_fail(row, CB_STATUS_OVER_LIMITS,
                    "work-group of %zu exceeds CL_DEVICE_MAX_WORK_GROUP_SIZE (%zu) of this "
                    "device%s: choose smaller tile or work-group parameters",
                    group, d->max_work_group_size,
                    cb_manifest_where(p->kernel, "local", where, sizeof where));
        return -1;
    }
    /* Past it the driver's work-group function overflows its thread's stack: SIGSEGV. */
    if (p->local[0] != 0 &&
        cb_private_limit_exceeded(&d->private_limit, group, p->private_mem_bytes)) {
        cb_row_fail(row, CB_STATUS_OVER_LIMITS,
                    "a work-group's private arrays need %.1f KiB (%zu work-items x %zu bytes), "
                    "over the %.1f KiB %s can hold: its worker threads' stack of %.0f KiB "
                    "(ulimit -s) less %.0f KiB for its own frames%s: choose a smaller work-group "
                    "or fewer private values per work-item",
                    (double)group * (double)p->private_mem_bytes / 1024.0, group,
                    p->private_mem_bytes, d->private_limit.bytes / 1024.0, d->private_limit.driver,
                    d->private_limit.stack_bytes / 1024.0,
                    (d->private_limit.stack_bytes - d->private_limit.bytes) / 1024.0,
                    cb_manifest_where(p->kernel, "private_mem", where, sizeof where));
        return -1;
    }
    if (d->loop_limit > 0 && p->loop_iterations > (double)d->loop_limit) {
        cb_row_fail(row, CB_STATUS_OVER_LIMITS,
                    "a work-item's loops run up to %.0f iterations, past the %ld after which "
                    "llvmpipe ends all the loops of a work-item without an error (Mesa gallivm's "
                    "LP_MAX_TGSI_LOOP_ITERATIONS)%s: choose parameters or a size with fewer "
                    "iterations per work-item",
                    p->loop_iterations, d->loop_limit,
                    cb_manifest_where(p->kernel, "loops", where, sizeof where));
        return -1;
    }
    if (p->local_mem_bytes + p->dynamic_local_bytes > d->local_mem_bytes) {
        cb_row_fail(row, CB_STATUS_OVER_LIMITS,
                    "needs %.1f KiB of local memory, the device has %.1f KiB "
                    "(CL_DEVICE_LOCAL_MEM_SIZE)%s: choose a smaller tile",
                    (p->local_mem_bytes + p->dynamic_local_bytes) / 1024.0,
                    d->local_mem_bytes / 1024.0,
                    cb_manifest_where(p->kernel, "local_mem", where, sizeof where));
        return -1;
    }
    return 0;
}

/* Work-items in one work-group; 0 when the runtime chooses. */
static size_t work_group(const struct cb_problem *p)
{
    size_t group = p->local[0];

    for (unsigned i = 1; i < p->work_dim && group != 0; i++)
        group *= p->local[i];
    return group;
}

/* Limits only known once the kernel is built (register pressure, the compiler's local arrays):
 * 0, -1 with the row failed, or 1 when the work-group exceeds CL_KERNEL_WORK_GROUP_SIZE. */
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
        cb_row_fail(row, CB_STATUS_LAUNCH_FAILED, "clGetKernelWorkGroupInfo: %s",
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
        cb_row_fail(row, group > compiled_group ? CB_STATUS_OVER_LIMITS : CB_STATUS_INVALID,
                    "work-group of %zu but the kernel was compiled for %zux%zux%zu "
                    "(reqd_work_group_size): its parameters and its source disagree",
                    group, compiled[0], compiled[1], compiled[2]);
        return -1;
    }
    /* Without a work-group the runtime picks one, which such a kernel refuses (the same
     * CL_INVALID_WORK_GROUP_SIZE): a kernel file with reqd_work_group_size and no `local`. */
    if (p->local[0] == 0 && compiled[0] != 0) {
        cb_row_fail(row, CB_STATUS_INVALID,
                    "the kernel was compiled for a work-group of %zux%zux%zu "
                    "(reqd_work_group_size) but the launch leaves the work-group to the runtime: "
                    "give it (a manifest's `local` line)",
                    compiled[0], compiled[1], compiled[2]);
        return -1;
    }
    row->kernel_work_group_size = kernel_group;
    if (p->local[0] != 0 && group > kernel_group && !cb_device_wgs_advisory(row->device))
        return 1;
    if (local_bytes > row->device->local_mem_bytes) {
        cb_row_fail(row, CB_STATUS_OVER_LIMITS,
                    "the built kernel uses %.1f KiB of local memory, the device has %.1f KiB "
                    "(CL_DEVICE_LOCAL_MEM_SIZE)",
                    local_bytes / 1024.0, row->device->local_mem_bytes / 1024.0);
        return -1;
    }
    return 0;
}

/* A library row whose own host threads keep the cores busy between calls (OpenBLAS). */
static int spins_own_threads(const struct cb_row *row)
{
    const struct cb_library *library = row->problem.kernel->library;

    return library != NULL && library->spins_own_threads;
}

/* Enough sets of buffers that together they overflow the device's global cache, so that a
 * launch never finds its data left in cache by the previous one; one set when a single set
 * already does.  A library row rotates as many (struct cb_library_call), so that a kernel and
 * its baseline are timed on data as cold. */
static unsigned buffer_sets(const struct cb_row *row)
{
    const double cache = (double)row->device->global_cache_bytes;
    double sets;

    if (row->footprint_bytes >= 2.0 * cache)
        return 1;
    sets = ceil(2.0 * cache / row->footprint_bytes);
    return sets > CB_MAX_BUFFER_SETS ? CB_MAX_BUFFER_SETS : (unsigned)sets;
}

/* Launches of one repetition: 1, or 2 for a plan with a second launch (struct cb_then). */
static unsigned launch_count(const struct cb_problem *p)
{
    return p->then.work_dim != 0 ? 2 : 1;
}

/* The status and reason of a launch the runtime refused: over the limits where the first
 * kernel's work-group or the device's resources say so, else a failed launch.  `then` names
 * the second launch's kernel (struct cb_then), NULL for the first launch.  Returns -1. */
static int launch_failed(struct cb_row *row, cl_int err, const char *then)
{
    const struct cb_problem *p = &row->problem;

    cb_cl_fail(err, "clEnqueueNDRangeKernel", __FILE__, __LINE__);
    if (then != NULL)
        cb_row_fail(row, CB_STATUS_LAUNCH_FAILED,
                    "clEnqueueNDRangeKernel (%s, the second launch): %s", then, cb_cl_errname(err));
    else if ((err == CL_INVALID_WORK_GROUP_SIZE || err == CL_OUT_OF_RESOURCES) &&
             work_group(p) > row->kernel_work_group_size)
        cb_row_fail(row, CB_STATUS_OVER_LIMITS,
                    "work-group of %zu exceeds this kernel's CL_KERNEL_WORK_GROUP_SIZE (%zu) on "
                    "this device and the launch failed (%s): choose smaller parameters",
                    work_group(p), row->kernel_work_group_size, cb_cl_errname(err));
    else if (err == CL_OUT_OF_RESOURCES)
        /* Seen on an H100 for 48 KiB of local memory, exactly the reported
         * CL_DEVICE_LOCAL_MEM_SIZE, plus the kernel's own: a limit, not a broken launch. */
        cb_row_fail(row, CB_STATUS_OVER_LIMITS,
                    "the device refused the launch for lack of resources (CL_OUT_OF_RESOURCES: "
                    "registers or local memory per work-group): choose smaller parameters");
    else
        cb_row_fail(row, CB_STATUS_LAUNCH_FAILED, "clEnqueueNDRangeKernel: %s", cb_cl_errname(err));
    return -1;
}

/* One repetition on buffer set `set`: the kernel's launch, and the plan's second launch where
 * it has one, in order on the row's in-order queue.  Their events in ev[0] and ev[1] when ev
 * is not NULL (rows launched through their contract have none). */
static int launch(struct cb_row *row, struct resources *r, unsigned set, cl_event *ev)
{
    const struct cb_problem *p = &row->problem;
    cl_command_queue q = row->device->queue;
    cl_int err;

    if (r->contract->launch != NULL)
        return r->contract->launch(row, r->buffers, set, &r->own_ms);
    if (r->contract->set_args(row, r->buffers, r->kernel, set) != 0)
        return -1;
    err = clEnqueueNDRangeKernel(q, r->kernel, p->work_dim, NULL, p->global,
                                 p->local[0] != 0 ? p->local : NULL, 0, NULL, ev);
    if (err != CL_SUCCESS)
        return launch_failed(row, err, NULL);
    if (p->then.work_dim == 0)
        return 0;
    if (r->contract->set_then_args(row, r->buffers, r->then_kernel, set) == 0) {
        err = clEnqueueNDRangeKernel(q, r->then_kernel, p->then.work_dim, NULL, p->then.global,
                                     p->then.local, 0, NULL, ev != NULL ? &ev[1] : NULL);
        if (err == CL_SUCCESS)
            return 0;
        launch_failed(row, err, p->kernel->then);
    }
    if (ev != NULL) /* the first launch's, which the caller never sees */
        clReleaseEvent(ev[0]);
    return -1;
}

static int finish(struct cb_row *row)
{
    CB_ROW_CHECK(row, clFinish(row->device->queue));
    return 0;
}

/* A launch the runtime accepted can still fail on the device; its events say so, where
 * clFinish need not.  Releases the `count` events of ev (ev[0] NULL for rows that enqueue
 * through a hook). */
static int completed(struct cb_row *row, cl_event ev[], unsigned count)
{
    cl_int state[2] = {CL_COMPLETE, CL_COMPLETE};
    cl_int err = CL_SUCCESS;

    if (ev[0] == NULL)
        return 0;
    for (unsigned i = 0; i < count; i++) {
        const cl_int e = clGetEventInfo(ev[i], CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof state[i],
                                        &state[i], NULL);

        err = err != CL_SUCCESS ? err : e;
        clReleaseEvent(ev[i]);
    }
    CB_ROW_CHECK_ERR(row, err, "clGetEventInfo (the launch's status)");
    for (unsigned i = 0; i < count; i++)
        if (state[i] < 0) {
            cb_row_fail(row, CB_STATUS_LAUNCH_FAILED, "the first launch%s ended with %s",
                        i == 1 ? "'s second kernel" : "", cb_cl_errname(state[i]));
            return -1;
        }
    return 0;
}

/* The times of one repetition of `count` launches (ev[0..count)): *ms from the first's
 * CL_PROFILING_COMMAND_START to the last's CL_PROFILING_COMMAND_END, and each launch's own
 * time in own[i].  Releases the events. */
static int event_ms(struct cb_row *row, cl_event ev[], unsigned count, double *ms, double own[],
                    int *backwards)
{
    cl_ulong start[2] = {0, 0}, end[2] = {0, 0};
    cl_int err = clWaitForEvents(count, ev);

    for (unsigned i = 0; i < count && err == CL_SUCCESS; i++) {
        err = clGetEventProfilingInfo(ev[i], CL_PROFILING_COMMAND_START, sizeof start[i], &start[i],
                                      NULL);
        if (err == CL_SUCCESS)
            err = clGetEventProfilingInfo(ev[i], CL_PROFILING_COMMAND_END, sizeof end[i], &end[i],
                                          NULL);
    }
    for (unsigned i = 0; i < count; i++)
        clReleaseEvent(ev[i]);
    CB_ROW_CHECK_ERR(row, err, "clGetEventProfilingInfo");
    for (unsigned i = 0; i < count; i++) {
        if (end[i] < start[i])
            *backwards = 1;
        own[i] = end[i] >= start[i] ? (double)(end[i] - start[i]) * 1e-6 : 0.0;
    }
    *ms = end[count - 1] >= start[0] ? (double)(end[count - 1] - start[0]) * 1e-6 : 0.0;
    return 0;
}

enum launch_timer { TIMER_EVENTS, TIMER_LIBRARY, TIMER_WALL };

/* Room for sample i of each launch's own time (r->first_ms, r->second_ms). */
static int grow_own(struct resources *r, size_t i)
{
    const size_t capacity = r->own_capacity > 0 ? 2 * r->own_capacity : 64;
    double *first, *second;

    if (i < r->own_capacity)
        return 0;
    first = realloc(r->first_ms, capacity * sizeof *first);
    if (first == NULL)
        return -1;
    r->first_ms = first;
    second = realloc(r->second_ms, capacity * sizeof *second);
    if (second == NULL)
        return -1;
    r->second_ms = second;
    r->own_capacity = capacity;
    return 0;
}

/* Times launches until there are at least cfg->reps and cfg->min_time_s has passed on the
 * host clock (launch overheads included, so that a tiny kernel cannot loop for long), or until
 * the row's --max-time deadline (0: none) has passed, after one launch at least.  The samples
 * start over; their sum goes into *total_ms. */
static int launch_loop(struct cb_row *row, struct resources *r, const struct cb_row_settings *cfg,
                       double deadline, enum launch_timer timer, unsigned *last_set,
                       double *total_ms, int *backwards, struct cb_sampling *sampling,
                       double min_time_s)
{
    size_t capacity = cfg->reps;
    const int two = timer == TIMER_EVENTS && launch_count(&row->problem) == 2;
    double start;

    free(row->samples_ms);
    row->sample_count = 0;
    *total_ms = 0.0;
    row->samples_ms = malloc(capacity * sizeof *row->samples_ms);
    if (row->samples_ms == NULL) {
        cb_row_fail(row, CB_STATUS_LAUNCH_FAILED, "no host memory for the samples");
        return -1;
    }
    start = cb_wall_ms();
    while (row->sample_count < cfg->reps ||
           (cb_wall_ms() - start < min_time_s * 1e3 && row->sample_count < MAX_TIMED_LAUNCHES)) {
        const unsigned set = (unsigned)(row->sample_count % row->buffer_sets);
        cl_event ev[2] = {NULL, NULL};
        const double launch_start = cb_wall_ms();
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
                cb_row_fail(row, CB_STATUS_LAUNCH_FAILED, "no host memory for the samples");
                return -1;
            }
            row->samples_ms = grown;
            capacity *= 2;
        }
        if (two && grow_own(r, row->sample_count) != 0) {
            cb_row_fail(row, CB_STATUS_LAUNCH_FAILED, "no host memory for the samples");
            return -1;
        }
        if (timer == TIMER_EVENTS) {
            double own[2];

            if (launch(row, r, set, ev) != 0 ||
                event_ms(row, ev, launch_count(&row->problem), &ms, own, backwards) != 0)
                return -1;
            if (two) {
                r->first_ms[row->sample_count] = own[0];
                r->second_ms[row->sample_count] = own[1];
            }
        } else if (timer == TIMER_LIBRARY) {
            if (launch(row, r, set, NULL) != 0)
                return -1;
            ms = r->own_ms;
        } else {
            const double t0 = cb_wall_ms();

            if (launch(row, r, set, NULL) != 0)
                return -1;
            CB_ROW_CHECK(row, clFinish(row->device->queue));
            ms = cb_wall_ms() - t0;
        }
        cb_sampling_launch(sampling, launch_start, cb_wall_ms());
        row->samples_ms[row->sample_count++] = ms;
        *total_ms += ms;
        *last_set = set;
    }
    row->wall_ms = cb_wall_ms() - start;
    return 0;
}

/* --discard-throttled: drops the timed launches marked bad[] from the samples (and a two-launch
 * row's own times), unless that would drop them all. */
static void discard_launches(struct cb_row *row, struct resources *r, const unsigned char *bad)
{
    const int two = r->first_ms != NULL && r->own_capacity >= row->sample_count;
    size_t kept = 0, dropped = 0;

    for (size_t i = 0; i < row->sample_count; i++)
        dropped += bad[i] != 0;
    row->state.discarded = 0;
    if (dropped == row->sample_count) {
        snprintf(row->state.note, sizeof row->state.note,
                 "all %zu timed launches ran throttled or with the clock moved: none discarded",
                 row->sample_count);
        return;
    }
    for (size_t i = 0; i < row->sample_count; i++) {
        if (bad[i])
            continue;
        row->samples_ms[kept] = row->samples_ms[i];
        if (two) {
            r->first_ms[kept] = r->first_ms[i];
            r->second_ms[kept] = r->second_ms[i];
        }
        kept++;
    }
    row->sample_count = kept;
    row->state.discarded = (long)dropped;
}

/* Times the launches (launch_loop) while the device's sensors read its state and energy; with
 * --energy-window, the launches run for that many updates of the energy counter at least. */
static int sample_launches(struct cb_row *row, struct resources *r,
                           const struct cb_row_settings *cfg, double deadline,
                           enum launch_timer timer, unsigned *last_set, double *total_ms,
                           int *backwards)
{
    const unsigned periods = cfg->energy_window_periods;
    const double window_ms = periods > 0 ? cb_sensors_min_window_ms(row->device, periods) : 0;
    const double min_time_s = fmax(cfg->min_time_s, window_ms * 1e-3);
    struct cb_sampling *sampling =
        cb_sampling_start(row->device, periods > 0 ? periods : CB_ENERGY_COUNTER_PERIODS);
    unsigned char *bad = NULL;
    int status;

    status = launch_loop(row, r, cfg, deadline, timer, last_set, total_ms, backwards, sampling,
                         min_time_s);
    if (cfg->discard_throttled && row->sample_count > 0)
        bad = calloc(row->sample_count, 1);
    cb_sampling_finish(sampling, &row->state, &row->energy, cfg->clock_threshold_pct, bad,
                       row->sample_count);
    if (sampling == NULL)
        snprintf(row->energy.absent, sizeof row->energy.absent, "%s",
                 cb_sensors_energy_absent(row->device));
    row->energy.extended = row->energy.source != NULL && window_ms > cfg->min_time_s * 1e3;
    if (status == 0 && bad != NULL && row->state.source != NULL)
        discard_launches(row, r, bad);
    free(bad);
    return status;
}

/* Launches of a millisecond and more, on a device whose clock the check at device open could
 * not vouch for: events that cover less than 2% of the host's time for them are not real.
 * Where the check passed, a tiny kernel's events can: on a loaded host its launches wait far
 * longer than it runs (results/README.md, "What the code's thresholds rest on"). */
static const double EVENTS_COVER_MIN_LAUNCH_MS = 1.0;
static const double EVENTS_COVER_MIN = 0.02;

/* Times the row's launches by its timer, and checks the events both ways against the host
 * clock: more than the host saw pass is an invalid timing; far less, for launches long enough
 * to measure, means the events are not real, and the row is timed again on the host clock. */
static int time_launches(struct cb_row *row, struct resources *r, const struct cb_row_settings *cfg,
                         double deadline, unsigned *last_set)
{
    const enum launch_timer timer = strcmp(row->timer, "event") == 0 ? TIMER_EVENTS
                                    : r->contract->launch != NULL    ? TIMER_LIBRARY
                                                                     : TIMER_WALL;
    double total_ms;
    int backwards = 0;

    if (sample_launches(row, r, cfg, deadline, timer, last_set, &total_ms, &backwards) != 0)
        return -1;
    /* Launches run one after another, so their device times cannot add up to more than the
     * host saw pass (allowing 2% and 0.05 ms for clock granularity). */
    if (backwards || total_ms > row->wall_ms * 1.02 + 0.05) {
        cb_row_fail(row, CB_STATUS_TIMING_INVALID,
                    backwards ? "a profiling event ended before it started"
                              : "profiling events add up to %.3f ms but only %.3f ms passed",
                    total_ms, row->wall_ms);
        return -1;
    }
    /* An event of 0 ns measured nothing (a clock coarser than the launch): the host clock
     * times such a row, so that no sample is zero. */
    for (size_t i = 0; timer == TIMER_EVENTS && i < row->sample_count; i++)
        if (row->samples_ms[i] <= 0.0) {
            snprintf(row->timer_reason, sizeof row->timer_reason,
                     "%.120s's profiling events gave a launch 0 ns", row->device->platform_name);
            row->timer = "wall";
            return sample_launches(row, r, cfg, deadline, TIMER_WALL, last_set, &total_ms,
                                   &backwards);
        }
    if (timer != TIMER_EVENTS || (row->device->clock_checked && row->device->events_trusted) ||
        row->wall_ms < EVENTS_COVER_MIN_LAUNCH_MS * (double)row->sample_count ||
        total_ms >= EVENTS_COVER_MIN * row->wall_ms)
        return 0;
    snprintf(row->timer_reason, sizeof row->timer_reason,
             "%.120s's profiling events added up to %.3g ms over %zu launches the host saw take "
             "%.3g ms",
             row->device->platform_name, total_ms, row->sample_count, row->wall_ms);
    row->timer = "wall";
    return sample_launches(row, r, cfg, deadline, TIMER_WALL, last_set, &total_ms, &backwards);
}

/* A two-launch row timed by events: the median of each launch's own time, beside the
 * repetitions' (which run from the first's start to the second's end). */
static int own_medians(struct cb_row *row, const struct resources *r)
{
    struct cb_stats first, second;

    row->then_first_ms = row->then_second_ms = 0;
    if (launch_count(&row->problem) != 2 || strcmp(row->timer, "event") != 0)
        return 0;
    if (cb_stats_compute(r->first_ms, row->sample_count, &first) != 0 ||
        cb_stats_compute(r->second_ms, row->sample_count, &second) != 0) {
        cb_row_fail(row, CB_STATUS_LAUNCH_FAILED, "no host memory for the statistics");
        return -1;
    }
    row->then_first_ms = first.median;
    row->then_second_ms = second.median;
    return 0;
}

static void compute_throughput(struct cb_row *row)
{
    const struct cb_problem *p = &row->problem;
    const double seconds = row->stats.median * 1e-3;
    const struct cb_device *d = row->device;
    /* A double row's roof is the FP64 probe's (a half row's the FP16 one's). */
    const double roof_gflops = cb_row_roof_gflops(d, p->kernel, p->real);

    if (seconds <= 0.0)
        return;
    row->gflops = p->flops / seconds * 1e-9;
    row->gbs = p->bytes / seconds * 1e-9;
    if (p->kernel->metric == CB_METRIC_GFLOPS && roof_gflops > 0)
        row->fraction_of_peak = row->gflops / roof_gflops;
    else if (p->kernel->metric == CB_METRIC_GBS && d->peak_gbs_measured > 0)
        row->fraction_of_peak = row->gbs / d->peak_gbs_measured;
    if (row->energy.joules_per_launch > 0) {
        row->energy.gflops_per_joule = p->flops * 1e-9 / row->energy.joules_per_launch;
        row->energy.gb_per_joule = p->bytes * 1e-9 / row->energy.joules_per_launch;
    }
}

const struct cb_row_contract *cb_row_contract_of(const struct cb_kernel *k)
{
    return k->library != NULL ? &cb_library_contract : &cb_generic_contract;
}

/* A row of a type its kernel does not take (its manifest's `types`, a
 * library's precision), or whose extension the device lacks: unsupported, with the reason;
 * asked first, since nothing else about the row matters then. */
static int check_real_type(struct cb_row *row)
{
    const struct cb_problem *p = &row->problem;
    const struct cb_elem_info *t = cb_elem_info(p->real);

    if (p->kernel->types == 0)
        return 0; /* no REAL: its arguments' own types, checked by its contract's admit */
    if (!cb_kernel_takes(p->kernel, p->real)) {
        cb_row_fail(row, CB_STATUS_UNSUPPORTED, "%s does not take --type %s: %s", p->kernel->name,
                    t->name, cb_row_contract_of(p->kernel)->takes_types);
        return -1;
    }
    if (t->extension != NULL && !cb_device_has_extension(row->device, t->extension)) {
        cb_row_fail(row, CB_STATUS_UNSUPPORTED,
                    "--type %s needs %s: %s does not list it in CL_DEVICE_EXTENSIONS", t->name,
                    t->extension, row->device->name);
        return -1;
    }
    return 0;
}

/* A launch of more work-items than a 64-bit count holds wraps around inside the driver (PoCL
 * asserts and the worker dies): the row is invalid, never launched.  0, or -1. */
static int check_work_items(struct cb_row *row, const char *which, cl_uint dims,
                            const size_t global[])
{
    double items = 1.0;
    char shape[96] = "";

    for (cl_uint i = 0; i < dims; i++) {
        const size_t n = strlen(shape);

        items *= (double)global[i];
        snprintf(shape + n, sizeof shape - n, "%s%zu", i > 0 ? " x " : "", global[i]);
    }
    if (items < 0x1p63)
        return 0;
    cb_row_fail(row, CB_STATUS_INVALID,
                "%s global size %s is %.3g work-items, more than a 64-bit count holds (2^63): "
                "choose a smaller --size or a smaller `global`",
                which, shape, items);
    return -1;
}

int cb_row_plan(struct cb_row *row)
{
    const struct cb_kernel *k = row->problem.kernel;
    char why[CB_REASON_LEN];

    if (check_real_type(row) != 0)
        return -1;

    if (k->plan(&row->problem, why, sizeof why) != 0) {
        cb_row_fail(row, CB_STATUS_INVALID, "%s", why);
        return -1;
    }
    if (check_work_items(row, "the", row->problem.work_dim, row->problem.global) != 0 ||
        check_work_items(row, "the second launch's", row->problem.then.work_dim,
                         row->problem.then.global) != 0)
        return -1;
    if (k->requires != NULL) {
        cb_row_fail(row, CB_STATUS_UNAVAILABLE, "%s", k->requires);
        return -1;
    }
    row->footprint_bytes = 0;
    if (cb_row_contract_of(k)->admit(row) != 0)
        return -1;
    return check_limits(row) != 0 || cb_row_contract_of(k)->check_buffers(row) != 0 ? -1 : 0;
}

/* Halves, one at a time and in the manifest's order, the parameters whose halving gives a
 * smaller work-group that the kernel's plan accepts, until the work-group is within limit.
 * Returns 0 with the problem replanned, or -1 with it unchanged. */
static int shrink_work_group(struct cb_problem *p, size_t limit)
{
    const struct cb_kernel *k = p->kernel;
    struct cb_problem best = *p;
    char why[CB_REASON_LEN];

    while (work_group(&best) > limit) {
        struct cb_problem next;
        size_t next_group = 0;
        long next_value = 0;

        /* The halving that loses least (the largest work-group left), and among equals the
         * largest parameter, so that WGX=16 WGY=16 goes to 8x8 before 4x16. */
        for (unsigned i = 0; i < cb_kernel_param_count(k); i++) {
            struct cb_problem trial = best;

            trial.param[i] = best.param[i] / 2;
            if (trial.param[i] < 1 || !cb_param_allows(&k->params[i], trial.param[i]) ||
                k->plan(&trial, why, sizeof why) != 0 || work_group(&trial) == 0 ||
                work_group(&trial) >= work_group(&best))
                continue;
            if (work_group(&trial) > next_group ||
                (work_group(&trial) == next_group && best.param[i] > next_value)) {
                next = trial;
                next_group = work_group(&trial);
                next_value = best.param[i];
            }
        }
        if (next_group == 0)
            return -1;
        best = next;
    }
    *p = best;
    return 0;
}

/* The device whose adjusted work-groups were said (fit_work_group). */
static const struct cb_device *said_adjusted;

/* A work-group over the built kernel's CL_KERNEL_WORK_GROUP_SIZE: smaller parameters where
 * they make one (0: replanned, to be built again) unless the user chose the parameters, else
 * over_limits (-1). */
static int fit_work_group(struct cb_row *row)
{
    struct cb_problem *p = &row->problem;
    const struct cb_kernel *k = p->kernel;
    const size_t planned = work_group(p), limit = row->kernel_work_group_size;
    /* The user's -D values and a tuner's point are what the row is for: never others. */
    const int chosen = row->params_from != NULL && (strcmp(row->params_from, "command line") == 0 ||
                                                    strcmp(row->params_from, "tuning") == 0);
    char from[CB_REASON_LEN / 2] = "", to[CB_REASON_LEN / 2] = "";
    size_t used = 0, used_to = 0;
    long before[CB_MAX_PARAMS];

    memcpy(before, p->param, sizeof before);
    if (chosen || shrink_work_group(p, limit) != 0) {
        cb_row_fail(row, CB_STATUS_OVER_LIMITS,
                    "work-group of %zu exceeds this kernel's CL_KERNEL_WORK_GROUP_SIZE (%zu) on "
                    "%.100s%s",
                    planned, limit, row->device->platform_name,
                    chosen ? ": choose smaller parameters"
                           : " and no parameter of the kernel gives a smaller one");
        return -1;
    }
    for (unsigned i = 0; i < cb_kernel_param_count(k); i++)
        if (before[i] != p->param[i] && used < sizeof from && used_to < sizeof to) {
            used += (size_t)snprintf(from + used, sizeof from - used, "%s%s=%ld",
                                     used > 0 ? " " : "", k->params[i].name, before[i]);
            used_to += (size_t)snprintf(to + used_to, sizeof to - used_to, "%s%s=%ld",
                                        used_to > 0 ? " " : "", k->params[i].name, p->param[i]);
        }
    snprintf(row->adjusted, sizeof row->adjusted,
             "%.120s instead of %.120s: a work-group of %zu, not %zu, fits this kernel's "
             "CL_KERNEL_WORK_GROUP_SIZE (%zu) on %.60s",
             to, from, work_group(p), planned, limit, row->device->platform_name);
    /* Once per device (a worker serves one): a device with a low limit adjusts most kernels,
     * and each row's `adjusted` says what it ran. */
    if (said_adjusted != row->device) {
        said_adjusted = row->device;
        cb_warn("%.100s: work-groups made smaller to fit each kernel's CL_KERNEL_WORK_GROUP_SIZE "
                "(%s: %s); the rows' 'adjusted' says what each ran",
                row->device->name, k->name, row->adjusted);
    }
    return 0;
}

/* llvmpipe ends a work-item's loops silently at its limit: a row that fails verification there,
 * of a kernel whose manifest does not bound its loops (`loops`), says what may be the cause. */
static void loop_limit_hint(struct cb_row *row)
{
    const size_t used = strlen(row->reason);

    if (row->status != CB_STATUS_VERIFY_FAILED || row->device->loop_limit <= 0 ||
        row->problem.loop_iterations > 0)
        return;
    snprintf(row->reason + used, sizeof row->reason - used,
             "; if a work-item of this kernel loops more than %ld times in all, that is the "
             "cause: %s ends its loops there without an error (declare `loops EXPR` in the "
             "manifest and such rows are refused)",
             row->device->loop_limit, row->device->name);
}

/* A plan's second launch (struct cb_then): its kernel, from the same program, and the limit
 * of its work-group.  0 where the plan has none. */
static int create_then_kernel(struct cb_row *row, struct resources *r, cl_program program)
{
    struct cb_problem *p = &row->problem;
    size_t limit = 0, group = 1;
    cl_int err;

    if (p->then.work_dim == 0)
        return 0;
    /* Only the families' hooks plan one, so the contract is theirs, which binds it. */
    if (p->kernel->then == NULL) {
        cb_row_fail(row, CB_STATUS_INVALID,
                    "the plan of %s asks for a second launch, but its manifest names no kernel "
                    "to launch: add `then KERNEL` to it",
                    p->kernel->name);
        return -1;
    }
    r->then_kernel = clCreateKernel(program, p->kernel->then, &err);
    if (err == CL_INVALID_KERNEL_NAME) {
        cb_row_fail(row, CB_STATUS_BUILD_FAILED,
                    "the built program has no kernel '%s' (CL_INVALID_KERNEL_NAME), the second "
                    "launch its manifest's `then` names",
                    p->kernel->then);
        return -1;
    }
    CB_ROW_CHECK_ERR(row, err, "clCreateKernel (the second launch)");
    CB_ROW_CHECK(row,
                 clGetKernelWorkGroupInfo(r->then_kernel, row->device->id,
                                          CL_KERNEL_WORK_GROUP_SIZE, sizeof limit, &limit, NULL));
    for (unsigned i = 0; i < p->then.work_dim; i++)
        group *= p->then.local[i];
    if (cb_device_wgs_advisory(row->device))
        return 0;
    /* The second kernel's work-group is the plan's choice, not a parameter's: where it is over
     * the limit (Rusticl's llvmpipe allows 32 work-items), halving its largest even extent keeps
     * the global size a multiple of it. */
    for (;;) {
        unsigned widest = 0;

        for (unsigned i = 1; i < p->then.work_dim; i++)
            if (p->then.local[i] > p->then.local[widest])
                widest = i;
        if (group <= limit || p->then.local[widest] % 2 != 0)
            break; /* past the limit still: the launch says so (CL_INVALID_WORK_GROUP_SIZE) */
        p->then.local[widest] /= 2;
        group /= 2;
    }
    return 0;
}

static int prepare(struct cb_row *row, struct resources *r, const struct cb_row_env *env)
{
    const struct cb_problem *p = &row->problem;
    const struct cb_kernel *k = p->kernel;
    const struct cb_program *program;
    int fits = 0;

    row->adjusted[0] = '\0';
    /* At most twice: the first build may show the work-group too large for the kernel. */
    for (int attempt = 0; attempt < 2; attempt++) {
        if (attempt > 0) {
            release_kernels(r);
            if (fit_work_group(row) != 0)
                return -1;
        }
        if (cb_row_plan(row) != 0)
            return -1;
        if (cb_build_options(row->build_options, sizeof row->build_options, p, env->cfg->cl_opts) !=
            0) {
            cb_row_fail(row, CB_STATUS_BUILD_FAILED, "build options are too long");
            return -1;
        }
        if (r->contract->launch != NULL) /* no kernel of ours to build */
            break;
        if (cb_row_build(row, row->device, env->cache, env->cfg, p, row->build_options, &program,
                         &row->build_cached, &r->kernel) != 0 ||
            create_then_kernel(row, r, program->program) != 0)
            return -1;
        row->build_ms = program->build_ms;
        row->build_source = row->build_cached ? "memory" : program->from_disk ? "disk" : "built";
        snprintf(row->build_warnings, sizeof row->build_warnings, "%s", program->warnings);
        cb_kernel_info_query(&row->kernel_info, r->kernel, program->program, row->device, k->name,
                             !row->build_cached);
        fits = check_kernel_limits(row, r->kernel);
        if (fits <= 0)
            break;
    }
    if (fits < 0)
        return -1;
    if (fits == 1) {
        cb_row_fail(row, CB_STATUS_OVER_LIMITS,
                    "work-group of %zu still exceeds this kernel's CL_KERNEL_WORK_GROUP_SIZE "
                    "(%zu) on %.100s with smaller parameters",
                    work_group(p), row->kernel_work_group_size, row->device->platform_name);
        return -1;
    }
    row->buffer_sets = buffer_sets(row);
    row->cache_resident =
        row->footprint_bytes * row->buffer_sets <= (double)row->device->global_cache_bytes;
    return r->contract->create(row, env, &r->buffers);
}

/* A row over the main job's budget per launch; cb_row_too_slow_ms reads the time back. */
#define TOO_SLOW_FORMAT                                                                            \
    "one launch took %.0f ms, more than the main job's %.3g s a launch: give --size to run "       \
    "this size"

double cb_row_too_slow_ms(const struct cb_row *row)
{
    double ms = 0;

    if (row->status != CB_STATUS_TOO_SLOW ||
        sscanf(row->reason, "one launch took %lf ms", &ms) != 1)
        return 0;
    return ms;
}

void cb_run_row(struct cb_row *row, const struct cb_row_env *env)
{
    const struct cb_row_settings *cfg = env->cfg;
    struct resources r;
    unsigned last_set = 0;
    double first_start, first_ms, deadline = 0;
    unsigned warmed = 0;
    cl_event first[2] = {NULL, NULL};
    int restored;
    const double row_start = cb_wall_ms();
    struct cb_keep_awake *awake = NULL;

    memset(&r, 0, sizeof r);
    memset(&row->state, 0, sizeof row->state);
    memset(&row->energy, 0, sizeof row->energy);
    row->state.discarded = -1;
    r.contract = cb_row_contract_of(row->problem.kernel);
    row->status = CB_STATUS_OK;
    row->reason[0] = '\0';
    row->kept_awake = 0;
    row->timer = r.contract->timer(row->problem.kernel);
    row->timer_reason[0] = '\0';
    if (strcmp(row->timer, "event") == 0 && row->device->clock_checked &&
        !row->device->events_trusted) {
        row->timer = "wall";
        snprintf(row->timer_reason, sizeof row->timer_reason, "%s", row->device->clock_why);
    }
    if (prepare(row, &r, env) != 0)
        goto done;
    if (r.contract->describe != NULL)
        r.contract->describe(row);
    /* The first launch is verified on its own, before any timing, so that a wrong kernel
     * costs one launch; it also absorbs first-use costs, as the first warm-up.  The --max-time
     * budget starts with it; the CPU reference's time does not count. */
    first_start = cb_wall_ms();
    if (launch(row, &r, 0, first) != 0)
        goto done;
    if (finish(row) != 0) {
        for (unsigned i = 0; i < 2; i++)
            if (first[i] != NULL)
                clReleaseEvent(first[i]);
        goto done;
    }
    if (completed(row, first, launch_count(&row->problem)) != 0)
        goto done;
    first_ms = cb_wall_ms() - first_start;
    if (cfg->max_first_s == 0 && cfg->max_time_s > 0 && first_ms > cfg->max_time_s * 1e3) {
        cb_row_fail(row, CB_STATUS_TOO_SLOW,
                    "one launch took %.0f ms, more than --max-time %.3g s: choose a smaller --size "
                    "or a larger --max-time",
                    first_ms, cfg->max_time_s);
        goto done;
    }
    if (r.contract->verify(row, r.buffers, 0, env, "after the first launch") != 0)
        goto done;
    /* An output element still holding its poison may be unwritten or hold the poison's value:
     * one more launch over a second poison tells them apart, with or without a reference. */
    restored = r.contract->repoison != NULL ? r.contract->repoison(row, r.buffers, 0) : 0;
    if (restored < 0 ||
        (restored > 0 && (launch(row, &r, 0, NULL) != 0 || finish(row) != 0 ||
                          r.contract->verify(row, r.buffers, 0, env, "over a second poison") != 0)))
        goto done;
    awake = cb_keep_awake_start(row->device, cfg->keep_awake && !spins_own_threads(row));
    row->kept_awake = cb_keep_awake_threads(awake);
    if (cfg->max_first_s > 0 && first_ms > cfg->max_first_s * 1e3) {
        /* The first launch may carry first-use costs (PoCL compiles a kernel's work-group
         * function at its first launch): the next one, a warm-up, is the one judged. */
        const double t0 = cb_wall_ms();

        if (launch(row, &r, 1 % row->buffer_sets, NULL) != 0 || finish(row) != 0)
            goto done;
        first_ms = cb_wall_ms() - t0;
        warmed = 1;
        if (first_ms > cfg->max_first_s * 1e3) {
            cb_row_fail(row, CB_STATUS_TOO_SLOW, TOO_SLOW_FORMAT, first_ms, cfg->max_first_s);
            goto done;
        }
    }
    if (cfg->max_time_s > 0)
        deadline = cb_wall_ms() + cfg->max_time_s * 1e3 - first_ms;
    for (unsigned i = 1 + warmed; i < cfg->warmup; i++) {
        if (deadline > 0 && cb_wall_ms() >= deadline)
            break;
        if (launch(row, &r, i % row->buffer_sets, NULL) != 0)
            goto done;
    }
    if (time_launches(row, &r, cfg, deadline, &last_set) != 0)
        goto done;
    /* Checked again after timing: a race shows up in some launches and not others.  Outputs
     * that are also inputs have been through every launch, so they start over for one more. */
    restored = r.contract->restore != NULL ? r.contract->restore(row, r.buffers, last_set) : 0;
    if (restored < 0 ||
        (restored > 0 && (launch(row, &r, last_set, NULL) != 0 || finish(row) != 0)))
        goto done;
    if (r.contract->verify(row, r.buffers, last_set, env, "after the timed launches") != 0)
        goto done;
    if (cb_stats_compute(row->samples_ms, row->sample_count, &row->stats) != 0) {
        cb_row_fail(row, CB_STATUS_LAUNCH_FAILED, "no host memory for the statistics");
        goto done;
    }
    compute_throughput(row);
    if (own_medians(row, &r) != 0)
        goto done;
    if (r.contract->final_status != NULL)
        row->status = r.contract->final_status(row, row->reason, sizeof row->reason);
done:
    cb_keep_awake_stop(awake);
    loop_limit_hint(row);
    cb_row_explain(row);
    if (row->status != CB_STATUS_OK)
        clFinish(row->device->queue); /* nothing of this row may still run on its buffers */
    release_resources(&r);
    row->elapsed_ms = cb_wall_ms() - row_start;
}

void cb_row_free(struct cb_row *row)
{
    free(row->samples_ms);
    row->samples_ms = NULL;
    row->sample_count = 0;
}

int cb_row_failed(const struct cb_row *row)
{
    return !cb_status_measured(row->status) && row->status != CB_STATUS_UNAVAILABLE &&
           row->status != CB_STATUS_UNSUPPORTED;
}

void cb_rows_warn_libraries(const struct cb_row *rows, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        const char *w = rows[i].library.warning;
        size_t j = 0;

        while (j < i && strcmp(rows[j].library.warning, w) != 0)
            j++;
        if (w[0] != '\0' && j == i)
            cb_warn("%s", w);
    }
    /* A core the user chose, and the library at its best with it: said once, as a note. */
    for (size_t i = 0; i < count; i++) {
        const struct cb_library_info *l = &rows[i].library;

        if (strncmp(l->core_from, "OPENBLAS_CORETYPE=", 18) == 0 &&
            strstr(l->core_from, "set by clbench") == NULL && l->warning[0] == '\0') {
            fprintf(stderr,
                    "clbench: note: OpenBLAS ran its %s kernels as %s in the environment says "
                    "(clbench chose no core)\n",
                    l->core, l->core_from);
            break;
        }
    }
}
