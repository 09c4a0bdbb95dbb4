/* The profiling clock's check; see clock_check.h.
 *
 * One work-item per compute unit (times 64) runs a chain of `iters` dependent multiply-adds:
 * work that grows linearly with iters and cannot be skipped, since the chain's end is stored.
 * iters doubles until the host sees one launch take CLOCK_MIN_WALL_MS, so that launch overhead
 * and clock granularity are small beside it on any device, from a GPU to a simulator; then a
 * launch of that size and one of a quarter of it are timed by both clocks.  The events must
 * (a) cover most of what the host saw pass (Rusticl 22.3's events report a nanosecond for any
 * launch: too little), (b) not exceed it (too much), and (c) grow with the work (an event that
 * reports a constant).
 *
 * A device whose events passed is remembered in the cache (clock/<hash>: the device, platform
 * and driver, and the measurements), so that later runs skip the check; one whose events
 * failed is checked again every run, in case a busy host made a sound clock look wrong. */
#include "clbench/clock_check.h"

#include "clbench/cache_dir.h"
#include "clbench/check.h"
#include "clbench/timer.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char clock_source[] =
    "__kernel void clock_work(const int iters, __global float *out)\n"
    "{\n"
    "    float x = (float)get_global_id(0) * 1e-3f;\n"
    "    for (int k = 0; k < iters; k++)\n"
    "        x = fma(x, 0.999f, 0.001f);\n"
    "    out[get_global_id(0)] = x;\n"
    "}\n";

enum {
    CLOCK_MAX_DOUBLINGS = 24,
    CLOCK_FIRST_ITERS = 64,
    CLOCK_JUDGEMENTS = 3,
};
static const double CLOCK_MIN_WALL_MS = 25.0;
/* Events may cover this much less than the host saw: the host adds the launch, the wait and
 * its own wake-up, which on a loaded host can be most of the wall time.  Broken clocks are off
 * by orders of magnitude more (results/README.md, "What the code's thresholds rest on"). */
static const double CLOCK_MIN_COVER = 0.05;

struct clock_sample {
    double event_ms, wall_ms;
};

static cl_int time_once(struct cb_device *d, cl_kernel k, size_t items, cl_int iters,
                        struct clock_sample *s)
{
    cl_ulong start = 0, end = 0;
    cl_event ev = NULL;
    double t0;
    cl_int err;

    CB_CHECK(clSetKernelArg(k, 0, sizeof iters, &iters));
    t0 = cb_wall_ms();
    CB_CHECK(clEnqueueNDRangeKernel(d->queue, k, 1, NULL, &items, NULL, 0, NULL, &ev));
    err = clFinish(d->queue);
    s->wall_ms = cb_wall_ms() - t0;
    if (err == CL_SUCCESS)
        err = clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof start, &start, NULL);
    if (err == CL_SUCCESS)
        err = clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof end, &end, NULL);
    clReleaseEvent(ev);
    s->event_ms = end >= start ? (double)(end - start) * 1e-6 : -1.0;
    return err;
}

/* The better of two launches by each clock: a busy host only ever adds time. */
static cl_int time_pair(struct cb_device *d, cl_kernel k, size_t items, cl_int iters,
                        struct clock_sample *s)
{
    struct clock_sample b;

    CB_CHECK(time_once(d, k, items, iters, s));
    CB_CHECK(time_once(d, k, items, iters, &b));
    if (b.wall_ms < s->wall_ms)
        *s = b;
    return CL_SUCCESS;
}

void cb_clock_judge(struct cb_device *d, double small_event_ms, double event_ms, double wall_ms)
{
    d->clock_checked = 1;
    d->clock_event_ms = event_ms;
    d->clock_wall_ms = wall_ms;
    d->events_trusted = 0;
    if (event_ms < 0)
        snprintf(d->clock_why, sizeof d->clock_why,
                 "a profiling event of %.120s ended before it started", d->platform_name);
    else if (event_ms < CLOCK_MIN_COVER * wall_ms)
        snprintf(
            d->clock_why, sizeof d->clock_why,
            "%.120s's profiling events measured %.3g ms for a launch the host saw take %.3g ms",
            d->platform_name, event_ms, wall_ms);
    else if (event_ms > wall_ms * 1.02 + 0.05)
        snprintf(d->clock_why, sizeof d->clock_why,
                 "%.120s's profiling events measured %.3g ms for a launch the host saw take only "
                 "%.3g ms",
                 d->platform_name, event_ms, wall_ms);
    else if (event_ms < 1.5 * small_event_ms)
        snprintf(d->clock_why, sizeof d->clock_why,
                 "%.120s's profiling events measured %.3g ms for 4 times the work of a launch they "
                 "measured at %.3g ms",
                 d->platform_name, event_ms, small_event_ms);
    else {
        d->events_trusted = 1;
        d->clock_why[0] = '\0';
    }
}

static cl_int check(struct cb_device *d, cl_kernel k, cl_mem out, size_t items)
{
    struct clock_sample small, large = {0, 0};
    cl_int iters = CLOCK_FIRST_ITERS;

    CB_CHECK(clSetKernelArg(k, 1, sizeof out, &out));
    CB_CHECK(time_once(d, k, items, iters, &large)); /* first use: compiles, pages in */
    /* The better of two launches must take long enough: one launch alone can look long only
     * because a busy host held the process up. */
    for (int i = 0;; i++) {
        CB_CHECK(time_pair(d, k, items, iters, &large));
        if (large.wall_ms >= CLOCK_MIN_WALL_MS)
            break;
        if (i == CLOCK_MAX_DOUBLINGS || iters > (1 << 27))
            return CL_INVALID_WORK_DIMENSION; /* never long enough: reported as such below */
        iters *= large.wall_ms < CLOCK_MIN_WALL_MS / 8 ? 8 : 2;
    }
    /* A busy host can stretch one launch's events (a CPU driver's threads held up), so a
     * clock is judged wrong only when it looks wrong CLOCK_JUDGEMENTS times; a broken one
     * (Rusticl 22.3's) looks wrong every time. */
    for (int judged = 0; judged < CLOCK_JUDGEMENTS && !d->events_trusted; judged++) {
        if (judged > 0)
            CB_CHECK(time_pair(d, k, items, iters, &large));
        CB_CHECK(time_pair(d, k, items, iters / 4, &small));
        cb_clock_judge(d, small.event_ms, large.event_ms, large.wall_ms);
    }
    return CL_SUCCESS;
}

/* The cache entry's path and the key stored in it; -1 when the cache is off. */
static int entry(const struct cb_device *d, char *path, size_t path_len, char *key, size_t key_len)
{
    char name[32];

    snprintf(key, key_len, "clock 1|%s|%s|%s|%s", d->platform_name, d->platform_version, d->name,
             d->driver);
    snprintf(name, sizeof name, "%016" PRIx64, cb_hash64(key, strlen(key), CB_HASH64_INIT));
    return cb_cache_entry_path(path, path_len, "clock", name);
}

static int load_trusted(struct cb_device *d)
{
    char path[4096], key[4 * CB_NAME_LEN + 16];
    size_t len = 0, key_end;
    char *text;
    double event_ms, wall_ms;
    int ok = 0;

    if (entry(d, path, sizeof path, key, sizeof key) != 0 ||
        (text = cb_cache_read(path, &len)) == NULL)
        return 0;
    key_end = strlen(key);
    if (len > key_end && strncmp(text, key, key_end) == 0 && text[key_end] == '\n' &&
        sscanf(text + key_end + 1, "event %lf %lf", &event_ms, &wall_ms) == 2) {
        d->clock_checked = d->events_trusted = 1;
        d->clock_event_ms = event_ms;
        d->clock_wall_ms = wall_ms;
        d->clock_why[0] = '\0';
        ok = 1;
    }
    free(text);
    return ok;
}

static void store_trusted(const struct cb_device *d)
{
    char path[4096], key[4 * CB_NAME_LEN + 16], text[4 * CB_NAME_LEN + 96];
    int len;

    if (entry(d, path, sizeof path, key, sizeof key) != 0)
        return;
    len = snprintf(text, sizeof text, "%s\nevent %.6f %.6f\n", key, d->clock_event_ms,
                   d->clock_wall_ms);
    if (len > 0 && (size_t)len < sizeof text)
        cb_cache_write(path, text, (size_t)len);
}

void cb_clock_check(struct cb_device *d)
{
    const char *src = clock_source;
    const size_t items = (size_t)(d->compute_units > 0 ? d->compute_units : 1) * 64;
    cl_program program;
    cl_kernel k = NULL;
    cl_mem out = NULL;
    cl_int err;

    if (d->clock_checked || load_trusted(d))
        return;
    program = clCreateProgramWithSource(d->context, 1, &src, NULL, &err);
    if (err == CL_SUCCESS)
        err = clBuildProgram(program, 1, &d->id, "", NULL, NULL);
    if (err == CL_SUCCESS)
        k = clCreateKernel(program, "clock_work", &err);
    if (err == CL_SUCCESS)
        out = clCreateBuffer(d->context, CL_MEM_WRITE_ONLY, items * sizeof(cl_float), NULL, &err);
    if (err == CL_SUCCESS)
        err = check(d, k, out, items);
    if (err != CL_SUCCESS) {
        /* Nothing shows the clock wrong: rows keep their events, and their own two-sided
         * check (run.c) still catches a clock that misbehaves. */
        cb_warn("profiling clock check on %s (%s): %s: timing rows by their events unchecked",
                d->name, d->platform_name,
                err == CL_INVALID_WORK_DIMENSION ? "its kernel never ran long enough to judge"
                                                 : cb_cl_errname(err));
        d->clock_checked = 0;
        d->events_trusted = 1;
    } else if (d->events_trusted)
        store_trusted(d);
    else
        cb_warn("%s (%s): %s: timing its rows on the host clock instead (timer: wall)", d->name,
                d->platform_name, d->clock_why);
    if (out != NULL)
        clReleaseMemObject(out);
    if (k != NULL)
        clReleaseKernel(k);
    if (program != NULL)
        clReleaseProgram(program);
}
