/* The steps of a row that the runner (run.c) and every contract (family_contract.c, generic.c)
 * share: failing a row, counting a buffer against the device's memory, checking an output's
 * guards and building the kernel; see contract.h. */
#include "clbench/contract.h"

#include "clbench/arginfo.h"
#include "clbench/source.h"
#include "clbench/size_math.h"

#include <stdarg.h>
#include <stdio.h>

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
    if (cb_program_get(cache, d, path, options, program, cached) != CL_SUCCESS) {
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
