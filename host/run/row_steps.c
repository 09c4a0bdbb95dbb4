/* The steps of a row that the runner (run.c) and both contracts (generic.c,
 * library_contract.c) share: failing a row, counting a buffer against the device's memory,
 * checking an output's guards, building the kernel and checking an output against a host
 * reference; see contract.h. */
#include "clbench/contract.h"

#include "clbench/arginfo.h"
#include "clbench/buffer_pool.h"
#include "clbench/device.h"
#include "clbench/parallel.h"
#include "clbench/size_math.h"
#include "clbench/source.h"
#include "clbench/verify.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void cb_row_fail(struct cb_row *row, enum cb_status status, const char *fmt, ...)
{
    va_list ap;

    row->status = status;
    va_start(ap, fmt);
    vsnprintf(row->reason, sizeof row->reason, fmt, ap);
    va_end(ap);
}

int cb_row_check_buffer(struct cb_row *row, double bytes)
{
    if (bytes > (double)row->device->max_alloc_bytes) {
        cb_row_fail(row, CB_STATUS_OVER_LIMITS,
                    "a buffer of %.0f MiB exceeds CL_DEVICE_MAX_MEM_ALLOC_SIZE (%.0f MiB): "
                    "choose a smaller --size",
                    cb_mib(bytes), cb_mib((double)row->device->max_alloc_bytes));
        return -1;
    }
    row->footprint_bytes += bytes;
    if (row->footprint_bytes > (double)row->device->global_mem_bytes) {
        cb_row_fail(row, CB_STATUS_OVER_LIMITS,
                    "buffers of %.0f MiB exceed the device's global memory (%.0f MiB): "
                    "choose a smaller --size",
                    cb_mib(row->footprint_bytes), cb_mib((double)row->device->global_mem_bytes));
        return -1;
    }
    return 0;
}

cl_mem cb_row_input_buffer(struct cb_row *row, const void *src, size_t bytes, const char *what)
{
    const struct cb_device *d = row->device;
    const int mapped = cb_device_host_memory(d);
    const char *call = "clCreateBuffer";
    void *to;
    cl_int err;
    /* Written whole below, whatever a row before left in it. */
    cl_mem buffer = cb_pool_take(d->context, CL_MEM_READ_ONLY, bytes, &err);

    if (err == CL_SUCCESS && !mapped) {
        call = "clEnqueueWriteBuffer";
        err = clEnqueueWriteBuffer(d->queue, buffer, CL_TRUE, 0, bytes, src, 0, NULL, NULL);
    } else if (err == CL_SUCCESS) {
        call = "clEnqueueMapBuffer";
        to = clEnqueueMapBuffer(d->queue, buffer, CL_TRUE, CL_MAP_WRITE_INVALIDATE_REGION, 0, bytes,
                                0, NULL, NULL, &err);
        if (err == CL_SUCCESS) {
            cb_parallel_copy(to, src, bytes);
            call = "clEnqueueUnmapMemObject";
            err = clEnqueueUnmapMemObject(d->queue, buffer, to, 0, NULL, NULL);
        }
    }
    if (err == CL_SUCCESS)
        return buffer;
    cb_cl_fail(err, call, __FILE__, __LINE__);
    cb_row_fail(row, CB_STATUS_LAUNCH_FAILED, "%s (%s) failed: %s: %s", call, what,
                cb_cl_errname(err), cb_cl_advice(err));
    cb_pool_give(buffer);
    return NULL;
}

int cb_row_check_guards(struct cb_row *row, const struct cb_guarded *g, size_t front, size_t elems,
                        size_t elem_size, cl_uint *scratch, const char *output, const char *when)
{
    struct cb_guard_damage dmg;

    CB_ROW_CHECK(
        row, cb_guarded_check(row->device, g, front, elems * elem_size, elem_size, scratch, &dmg));
    if (dmg.written == 0)
        return 0;
    if (output == NULL)
        cb_row_fail(row, CB_STATUS_OUT_OF_BOUNDS,
                    "the kernel wrote %zu elements outside its output %s (%zu before it, %zu "
                    "after; nearest at output[%lld] of %zu): an out-of-bounds write",
                    dmg.written, when, dmg.before, dmg.written - dmg.before, dmg.nearest, elems);
    else
        cb_row_fail(row, CB_STATUS_OUT_OF_BOUNDS,
                    "the kernel wrote %zu elements outside its output '%s' %s (%zu before it, %zu "
                    "after; nearest at %s[%lld] of %zu): an out-of-bounds write",
                    dmg.written, output, when, dmg.before, dmg.written - dmg.before, output,
                    dmg.nearest, elems);
    return -1;
}

int cb_row_build(struct cb_row *row, const struct cb_device *d, struct cb_program_cache *cache,
                 const struct cb_row_settings *cfg, const struct cb_problem *p, const char *options,
                 const struct cb_program **program, int *cached, cl_kernel *kernel)
{
    const struct cb_kernel *k = p->kernel;
    char path[CB_PATH_LEN];
    cl_int err;

    if (cb_source_path(path, sizeof path, cfg->cl_dir, k) != 0) {
        cb_row_fail(row, CB_STATUS_BUILD_FAILED, "kernel source path is too long");
        return -1;
    }
    if (cb_program_get(cache, d, path, options, k, program, cached) != CL_SUCCESS) {
        cb_row_fail(row, CB_STATUS_BUILD_FAILED, "program cache: out of host memory");
        return -1;
    }
    if ((*program)->program == NULL) {
        cb_row_fail(row, CB_STATUS_BUILD_FAILED, "%s", (*program)->failure);
        return -1;
    }
    *kernel = clCreateKernel((*program)->program, k->name, &err);
    if (err == CL_INVALID_KERNEL_NAME) {
        /* The manifest found `__kernel void NAME(` in the text, but the compiler did not. */
        cb_row_fail(row, CB_STATUS_BUILD_FAILED,
                    "the built program has no kernel '%s' (CL_INVALID_KERNEL_NAME): is it inside "
                    "an #if that is false, or named like an OpenCL built-in function?",
                    k->name);
        return -1;
    }
    CB_ROW_CHECK_ERR(row, err, "clCreateKernel");
    if (k->source_path != NULL &&
        cb_kernel_args_check(*kernel, p, row->reason, sizeof row->reason) != 0) {
        row->status = CB_STATUS_LAUNCH_FAILED;
        return -1;
    }
    return 0;
}

int cb_row_output_repeats(struct cb_row *row, cl_mem out, const void *passed, size_t bytes)
{
    enum { PART = 1u << 22 };
    unsigned char *part = malloc(bytes < PART ? bytes : PART);
    int same = 1;

    if (part == NULL) {
        cb_row_fail(row, CB_STATUS_LAUNCH_FAILED, "no host memory to read the output back");
        return -1;
    }
    for (size_t at = 0; at < bytes && same; at += PART) {
        const size_t n = bytes - at < PART ? bytes - at : PART;
        const cl_int err =
            clEnqueueReadBuffer(row->device->queue, out, CL_TRUE, at, n, part, 0, NULL, NULL);

        if (err != CL_SUCCESS) {
            free(part);
            CB_ROW_CHECK_ERR(row, err, "clEnqueueReadBuffer");
        }
        same = memcmp(part, (const unsigned char *)passed + at, n) == 0;
    }
    free(part);
    return same;
}

int cb_row_verify_host(struct cb_row *row, const void *const *host_in, const void *host_out,
                       const struct cb_row_env *env, const char *when)
{
    enum { PRINTED_MISMATCHES = 5 };
    const struct cb_problem *p = &row->problem;
    const struct cb_row_settings *cfg = env->cfg;

    if (cb_verify_output(p, host_in, host_out, cfg->verify_max, cfg->seed, &row->verify) == 0) {
        size_t first = 0;
        const size_t nan = row->verify.sampled
                               ? cb_verify_count_nan(p->real, host_out, p->output_elems, &first)
                               : 0;

        if (nan == 0)
            return 0;
        /* The sample passed, but the poison is still there: elements never written. */
        row->verify.failures = nan;
        row->verify.worst_index = first;
        row->verify.worst_got = cb_real_get(p->real, host_out, first);
        cb_row_fail(row, CB_STATUS_VERIFY_FAILED,
                    "%zu of %zu output elements are NaN %s (first at [%zu]; the sample of %zu "
                    "checked against the reference missed them): the kernel must write every "
                    "element (outputs start as NaN)",
                    nan, p->output_elems, when, first, row->verify.checked);
        return -1;
    }
    cb_verify_print(p, host_in, host_out, &row->verify, cfg->seed, PRINTED_MISMATCHES);
    cb_row_fail(row, CB_STATUS_VERIFY_FAILED,
                "%zu of %zu checked elements wrong %s; worst [%zu]: got %.9g want %.9g "
                "(rel %.2e > %.2e)",
                row->verify.failures, row->verify.checked, when, row->verify.worst_index,
                row->verify.worst_got, row->verify.worst_want, row->verify.max_rel_err,
                row->verify.tolerance);
    return -1;
}
