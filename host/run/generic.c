/* An OpenCL kernel's part of running a row (contract.h): its declared arguments (generic.h)
 * become buffers, filled or poisoned, and bound in order, REAL ones of the row's type; a
 * trailing __local argument and a second launch where the plan asks for them.  Its outputs are
 * compared element by element with those of its reference kernel, run once on the same inputs,
 * on the row's device or on the one the check names, or its one output with a host reference
 * on a sample (verify.h).  Without a reference the row ends unverified. */
#include "clbench/contract.h"
#include "clbench/buffer_pool.h"
#include "clbench/device_defaults.h"
#include "clbench/elements.h"
#include "clbench/oracle.h"
#include "clbench/size_math.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { PRINTED_MISMATCHES = 5 };

struct generic_buffers {
    const struct cb_generic *g; /* &resolved */
    struct cb_generic resolved; /* the kernel's arguments, REAL ones of the row's type */
    /* A two-launch plan's scratch (struct cb_then), one for all buffer sets: each repetition
     * writes it before it reads it. */
    cl_mem scratch;
    cl_mem in[CB_MAX_BUFFER_SETS][CB_MAX_ARGS];             /* arguments only read */
    struct cb_guarded out[CB_MAX_BUFFER_SETS][CB_MAX_ARGS]; /* outputs, inout included */
    size_t guard_front;
    /* Every buffer's contents before a launch, shared with other rows (cb_elem_share). */
    const void *initial[CB_MAX_ARGS];
    void *got[CB_MAX_ARGS]; /* outputs read back */
    /* `got` holds outputs whose check passed: a later output the same to the bit passes as
     * they did (cb_row_output_repeats). */
    int passed;
    void *want[CB_MAX_ARGS]; /* the reference's outputs, once it ran */
    cl_uint *guard_scratch;
    /* Elements of each `out` that held the poison after the first launch, one bit each, and
     * their count: unwritten, or written with the poison's value (the second poison tells). */
    unsigned char *suspect[CB_MAX_ARGS];
    size_t suspects;
    int first_checked; /* the first launch's outputs were looked at for the poison */
    int second_poison; /* set 0's outputs hold the second poison, for the check after */
    int reference_ran;
};

static int is_buffer(const struct cb_generic_arg *a)
{
    return a->kind == CB_ARG_BUFFER;
}

/* Argument i's type in p's rows: its own, or p's for a REAL one. */
static enum cb_elem_type type_at(const struct cb_problem *p, unsigned i)
{
    return cb_arg_type(&p->kernel->generic->args[i], p->real);
}

/* For arguments of r->resolved, whose types are the row's. */
static size_t elem_size(const struct cb_generic_arg *a)
{
    return cb_elem_info(a->type)->size;
}

static size_t buffer_bytes(const struct cb_problem *p, unsigned i)
{
    return p->arg_length[i] * cb_elem_info(type_at(p, i))->size;
}

/* A kernel checked by a host reference (plugin.h) rather than by a reference kernel. */
static int host_checked(const struct cb_problem *p)
{
    return p->kernel->reference != NULL;
}

/* A type of argument i's that the device lacks: unsupported, naming the extension. */
static int check_extension(struct cb_row *row, unsigned i)
{
    const struct cb_generic_arg *a = &row->problem.kernel->generic->args[i];
    const enum cb_elem_type t = type_at(&row->problem, i);
    const char *ext = a->kind != CB_ARG_LOCAL ? cb_elem_info(t)->extension : NULL;

    if (ext == NULL || cb_device_has_extension(row->device, ext))
        return 0;
    cb_row_fail(row, CB_STATUS_UNSUPPORTED,
                "argument '%s' is %s, which needs %s: %s does not list it in "
                "CL_DEVICE_EXTENSIONS",
                a->name, cb_elem_info(t)->name, ext, row->device->name);
    return -1;
}

/* An argument of a type whose extension the row's device lacks (cl_khr_fp64 for double): the
 * row ends unsupported, naming it, and -1; else 0.  Asked before the device's limits, which
 * say nothing about a kernel that cannot run there. */
static int generic_admit(struct cb_row *row)
{
    const struct cb_generic *g = row->problem.kernel->generic;

    for (unsigned i = 0; i < g->arg_count; i++)
        if (check_extension(row, i) != 0)
            return -1;
    return 0;
}

static int generic_check_buffers(struct cb_row *row)
{
    struct cb_problem *p = &row->problem;
    const struct cb_generic *g = p->kernel->generic;
    double local_bytes = (double)p->local_mem_bytes;
    int scratch_counted = 0;

    p->output_elems = 0;
    for (unsigned i = 0; i < g->arg_count; i++) {
        const struct cb_generic_arg *a = &g->args[i];

        if (a->kind == CB_ARG_LOCAL)
            local_bytes += (double)p->arg_length[i];
        if (!is_buffer(a))
            continue;
        if (p->arg_length[i] == 0) {
            cb_row_fail(row, CB_STATUS_INVALID,
                        "argument '%s' has length 0 at this size: OpenCL has no empty buffers",
                        a->name);
            return -1;
        }
        /* A second launch's scratch counts after the inputs, before the output. */
        if (a->is_output && !scratch_counted) {
            scratch_counted = 1;
            if (p->then.scratch_elems > 0 &&
                cb_row_check_buffer(row, (double)cb_real_size(p) * (double)p->then.scratch_elems) !=
                    0)
                return -1;
        }
        if (cb_row_check_buffer(row, (double)buffer_bytes(p, i)) != 0)
            return -1;
        if (a->is_output)
            p->output_elems += p->arg_length[i];
    }
    if (local_bytes > (double)row->device->local_mem_bytes) {
        cb_row_fail(row, CB_STATUS_OVER_LIMITS,
                    "needs %.1f KiB of local memory, the device has %.1f KiB "
                    "(CL_DEVICE_LOCAL_MEM_SIZE): choose smaller parameters",
                    local_bytes / 1024.0, row->device->local_mem_bytes / 1024.0);
        return -1;
    }
    return 0;
}

static void generic_release(void *state)
{
    struct generic_buffers *r = state;

    if (r == NULL)
        return;
    for (unsigned s = 0; s < CB_MAX_BUFFER_SETS; s++)
        for (unsigned i = 0; i < CB_MAX_ARGS; i++) {
            cb_pool_give(r->in[s][i]);
            cb_guarded_release(&r->out[s][i]);
        }
    for (unsigned i = 0; i < CB_MAX_ARGS; i++) {
        cb_elem_unshare(r->initial[i]);
        free(r->got[i]);
        free(r->want[i]);
        free(r->suspect[i]);
    }
    free(r->guard_scratch);
    if (r->scratch != NULL)
        clReleaseMemObject(r->scratch);
    free(r);
}

/* Writes the initial contents of output i of set s (poison, or an inout's fill). */
static int reset_output(struct cb_row *row, struct generic_buffers *r, unsigned s, unsigned i)
{
    CB_ROW_CHECK(row, clEnqueueWriteBuffer(row->device->queue, r->out[s][i].inner, CL_FALSE, 0,
                                           buffer_bytes(&row->problem, i), r->initial[i], 0, NULL,
                                           NULL));
    return 0;
}

/* A two-launch plan's scratch, poisoned like the output: a part of it that the first launch
 * never writes reaches the output as the poison through the second, and fails verification.
 * Written from the host, not filled: Oclgrind 21.10 takes what clEnqueueFillBuffer wrote for
 * uninitialised when a later kernel reads it. */
static int create_scratch(struct cb_row *row, struct generic_buffers *r)
{
    const struct cb_problem *p = &row->problem;
    const size_t size = cb_real_size(p), bytes = p->then.scratch_elems * size;
    char *poison = malloc(bytes);
    cl_int err;

    if (poison == NULL) {
        cb_row_fail(row, CB_STATUS_OVER_LIMITS, "no host memory for %.0f MiB of scratch",
                    cb_mib((double)bytes));
        return -1;
    }
    for (size_t i = 0; i < bytes; i += size)
        memcpy(poison + i, cb_elem_poison(p->real), size);
    r->scratch = clCreateBuffer(row->device->context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                bytes, poison, &err);
    free(poison);
    CB_ROW_CHECK_ERR(row, err, "clCreateBuffer (the scratch)");
    return 0;
}

static int generic_create(struct cb_row *row, const struct cb_row_env *env, void **state)
{
    const struct cb_problem *p = &row->problem;
    const struct cb_device *d = row->device;
    const struct cb_generic *g;
    struct generic_buffers *r = calloc(1, sizeof *r);
    unsigned inputs = 0;

    *state = r;
    if (r == NULL) {
        cb_row_fail(row, CB_STATUS_LAUNCH_FAILED, "out of host memory");
        return -1;
    }
    r->resolved = *p->kernel->generic;
    for (unsigned i = 0; i < r->resolved.arg_count; i++) {
        r->resolved.args[i].type = type_at(p, i);
        r->resolved.args[i].real_type = 0;
    }
    r->g = g = &r->resolved;
    CB_ROW_CHECK(row, cb_guard_front(d, &r->guard_front));
    r->guard_scratch = malloc(r->guard_front + CB_GUARD_BYTES);
    if (r->guard_scratch == NULL) {
        cb_row_fail(row, CB_STATUS_OVER_LIMITS, "no host memory for the guards");
        return -1;
    }
    for (unsigned i = 0; i < g->arg_count; i++) {
        if (!is_buffer(&g->args[i]))
            continue;
        /* A host-checked kernel's inputs are seeded by their order among the inputs, as a
         * library row's are: the same data for a kernel and its library baseline. */
        r->initial[i] = cb_elem_share(&g->args[i], p->arg_length[i],
                                      env->cfg->seed + (host_checked(p) ? inputs : i));
        inputs += g->args[i].is_input;
        if (r->initial[i] == NULL ||
            (g->args[i].is_output && (r->got[i] = malloc(buffer_bytes(p, i))) == NULL)) {
            cb_row_fail(row, CB_STATUS_OVER_LIMITS, "no host memory for argument '%s'",
                        g->args[i].name);
            return -1;
        }
    }
    for (unsigned s = 0; s < row->buffer_sets; s++)
        for (unsigned i = 0; i < g->arg_count; i++) {
            const struct cb_generic_arg *a = &g->args[i];

            if (!is_buffer(a))
                continue;
            if (!a->is_output) {
                r->in[s][i] =
                    cb_row_input_buffer(row, r->initial[i], buffer_bytes(p, i), "an input");
                if (r->in[s][i] == NULL)
                    return -1;
                continue;
            }
            CB_ROW_CHECK(row,
                         cb_guarded_create(d, r->guard_front, buffer_bytes(p, i),
                                           cb_elem_poison(a->type), elem_size(a), &r->out[s][i]));
            if (a->is_input && reset_output(row, r, s, i) != 0)
                return -1;
        }
    if (p->then.scratch_elems > 0 && create_scratch(row, r) != 0)
        return -1;
    CB_ROW_CHECK(row, clFinish(d->queue));
    return 0;
}

/* Binds the arguments of p (the row's problem or its reference's) in declaration order. */
static int bind(struct cb_row *row, cl_kernel kernel, const struct cb_problem *p,
                const cl_mem mem[])
{
    const struct cb_generic *g = p->kernel->generic;

    for (cl_uint i = 0; i < g->arg_count; i++) {
        const struct cb_generic_arg *a = &g->args[i];
        const enum cb_elem_type t = type_at(p, i);
        unsigned char value[8]; /* the scalar in its type's bytes */

        cb_elem_put(t, value, 0, p->arg_value[i], p->arg_real[i]);
        if (a->kind == CB_ARG_SCALAR)
            CB_ROW_CHECK(row, clSetKernelArg(kernel, i, cb_elem_info(t)->size, value));
        else if (g->args[i].kind == CB_ARG_LOCAL)
            CB_ROW_CHECK(row, clSetKernelArg(kernel, i, p->arg_length[i], NULL));
        else
            CB_ROW_CHECK(row, clSetKernelArg(kernel, i, sizeof(cl_mem), &mem[i]));
    }
    /* `dynamic_local`: local memory the runtime reserves for a work-group, as a trailing
     * __local argument the kernel need not touch (copy_ilp's occupancy ballast). */
    if (p->dynamic_local_bytes > 0)
        CB_ROW_CHECK(row, clSetKernelArg(kernel, g->arg_count, p->dynamic_local_bytes, NULL));
    return 0;
}

static int generic_set_args(struct cb_row *row, void *state, cl_kernel kernel, unsigned set)
{
    const struct generic_buffers *r = state;
    cl_mem mem[CB_MAX_ARGS];

    for (unsigned i = 0; i < r->g->arg_count; i++)
        mem[i] = !r->g->args[i].is_output               ? r->in[set][i]
                 : row->problem.then.first_into_scratch ? r->scratch
                                                        : r->out[set][i].inner;
    return bind(row, kernel, &row->problem, mem);
}

/* The second launch's arguments, as its plan lists them (struct cb_then): its inputs and
 * output are the kernel's `in` buffers in their order and its `out` buffer. */
static int generic_set_then_args(struct cb_row *row, void *state, cl_kernel kernel, unsigned set)
{
    const struct cb_then *then = &row->problem.then;
    const struct generic_buffers *r = state;
    cl_mem inputs[CB_MAX_ARGS], output = NULL;
    unsigned count = 0;

    for (unsigned i = 0; i < r->g->arg_count; i++)
        if (is_buffer(&r->g->args[i]) && r->g->args[i].is_output)
            output = r->out[set][i].inner;
        else if (is_buffer(&r->g->args[i]))
            inputs[count++] = r->in[set][i];
    for (cl_uint i = 0; i < then->arg_count; i++) {
        const struct cb_then_arg *a = &then->args[i];
        const cl_mem *buffer = a->kind == CB_THEN_INPUT    ? &inputs[a->input]
                               : a->kind == CB_THEN_OUTPUT ? &output
                                                           : &r->scratch;

        if (a->kind == CB_THEN_INT)
            CB_ROW_CHECK(row, clSetKernelArg(kernel, i, sizeof(cl_int), &a->value));
        else
            CB_ROW_CHECK(row, clSetKernelArg(kernel, i, sizeof(cl_mem), buffer));
    }
    return 0;
}

static int generic_restore(struct cb_row *row, void *state, unsigned set)
{
    struct generic_buffers *r = state;
    int restored = 0;

    for (unsigned i = 0; i < r->g->arg_count; i++)
        if (is_buffer(&r->g->args[i]) && r->g->args[i].is_output && r->g->args[i].is_input) {
            if (reset_output(row, r, set, i) != 0)
                return -1;
            restored = 1;
        }
    return restored;
}

static int generic_repoison(struct cb_row *row, void *state, unsigned set)
{
    struct generic_buffers *r = state;
    const struct cb_problem *p = &row->problem;

    if (r->suspects == 0)
        return 0;
    r->passed = 0; /* r->got holds the second poison next */
    for (unsigned i = 0; i < r->g->arg_count; i++) {
        const struct cb_generic_arg *a = &r->g->args[i];

        if (!is_buffer(a) || !a->is_output)
            continue;
        if (a->is_input) {
            if (reset_output(row, r, set, i) != 0)
                return -1;
            continue;
        }
        /* Written from the host, as the first poison's fill is read back: r->got is free now. */
        for (size_t e = 0; e < p->arg_length[i]; e++)
            memcpy((char *)r->got[i] + e * elem_size(a), cb_elem_second_poison(a->type),
                   elem_size(a));
        CB_ROW_CHECK(row, clEnqueueWriteBuffer(row->device->queue, r->out[set][i].inner, CL_TRUE, 0,
                                               buffer_bytes(p, i), r->got[i], 0, NULL, NULL));
    }
    r->second_poison = 1;
    return 1;
}

/* The reference's problem: the row's size, and the row's value of each parameter the
 * reference shares by name (its default for the others).  0, or -1 with why it cannot run. */
static int plan_reference(const struct cb_row *row, const struct cb_kernel *ref,
                          struct cb_problem *rp, char *why, size_t len)
{
    const struct cb_problem *p = &row->problem;
    long defaults[CB_MAX_PARAMS];
    char note[CB_PARAMS_NOTE_LEN];

    memset(rp, 0, sizeof *rp);
    rp->kernel = ref;
    rp->real = p->real;
    memcpy(rp->size, p->size, sizeof rp->size);
    cb_param_defaults(rp, row->device, defaults, note, sizeof note);
    for (unsigned i = 0; i < cb_kernel_param_count(ref); i++) {
        const int mine = cb_kernel_param_index(p->kernel, ref->params[i].name);

        rp->param[i] = mine >= 0 ? p->param[mine] : defaults[i];
    }
    return ref->plan(rp, why, len);
}

static const char *arg_shape(const struct cb_generic_arg *a, const struct cb_problem *p, unsigned i,
                             char *buf, size_t len)
{
    const struct cb_elem_info *t = cb_elem_info(type_at(p, i));

    if (a->kind == CB_ARG_SCALAR && t->floating)
        snprintf(buf, len, "%s = %.17g", t->name, p->arg_real[i]);
    else if (a->kind == CB_ARG_SCALAR)
        snprintf(buf, len, "%s = %lld", t->name, p->arg_value[i]);
    else if (a->kind == CB_ARG_LOCAL)
        snprintf(buf, len, "local");
    else
        snprintf(buf, len, "%s[%zu] %s", t->name, p->arg_length[i],
                 a->is_input && a->is_output ? "inout"
                 : a->is_output              ? "out"
                                             : "in");
    return buf;
}

/* The reference must take what the kernel takes: same kinds, types, lengths and scalar
 * values (local sizes may differ: it may use less local memory, or none). */
static int same_arguments(struct cb_row *row, const struct cb_problem *rp)
{
    const struct cb_problem *p = &row->problem;
    const struct cb_generic *g = p->kernel->generic, *rg = rp->kernel->generic;
    char mine[96], theirs[96];

    if (rg == NULL || rg->arg_count != g->arg_count) {
        cb_row_fail(row, CB_STATUS_VERIFY_FAILED,
                    "reference '%s' does not take the same arguments (%s): a reference must "
                    "declare the kernel's argument list, with the generic contract",
                    rp->kernel->name, rg == NULL ? "not a generic kernel" : "argument count");
        return -1;
    }
    for (unsigned i = 0; i < g->arg_count; i++) {
        const struct cb_generic_arg *a = &g->args[i], *b = &rg->args[i];
        int same = a->kind == b->kind;

        if (same && a->kind == CB_ARG_SCALAR)
            same = type_at(p, i) == type_at(rp, i) && p->arg_value[i] == rp->arg_value[i] &&
                   p->arg_real[i] == rp->arg_real[i];
        if (same && a->kind == CB_ARG_BUFFER)
            same = type_at(p, i) == type_at(rp, i) && a->is_input == b->is_input &&
                   a->is_output == b->is_output && p->arg_length[i] == rp->arg_length[i];
        if (!same) {
            cb_row_fail(row, CB_STATUS_VERIFY_FAILED,
                        "reference '%s' does not take the same arguments: argument %u '%s' is "
                        "%s here but %s there; a reference must declare the kernel's argument "
                        "list",
                        rp->kernel->name, i + 1, a->name, arg_shape(a, p, i, mine, sizeof mine),
                        arg_shape(b, rp, i, theirs, sizeof theirs));
            return -1;
        }
    }
    return 0;
}

/* Puts "reference 'name': " before the reason a failing step of the reference left. */
static void blame_reference(struct cb_row *row, const char *name)
{
    char reason[sizeof row->reason];
    const int n = snprintf(reason, sizeof reason, "reference '%s': ", name);

    if (n > 0 && (size_t)n < sizeof reason) {
        snprintf(reason + n, sizeof reason - (size_t)n, "%.*s",
                 (int)(sizeof reason - (size_t)n - 1), row->reason);
        memcpy(row->reason, reason, sizeof reason);
    }
}

/* Runs the reference once on dev, on the row's initial buffer contents, into r->want. */
static int launch_reference(struct cb_row *row, struct generic_buffers *r,
                            const struct cb_problem *rp, struct cb_device *dev,
                            struct cb_program_cache *cache, const struct cb_row_settings *cfg,
                            cl_mem mem[])
{
    const struct cb_generic *g = r->g;
    char options[CB_OPTIONS_LEN];
    const struct cb_program *program;
    int cached;
    cl_kernel kernel = NULL;
    cl_int err;
    int status = -1;

    if (cb_build_options(options, sizeof options, rp, cfg->cl_opts) != 0) {
        cb_row_fail(row, CB_STATUS_BUILD_FAILED, "build options are too long");
        return -1;
    }
    if (cb_row_build(row, dev, cache, cfg, rp, options, &program, &cached, &kernel) != 0)
        return -1;
    for (unsigned i = 0; i < g->arg_count; i++) {
        if (!is_buffer(&g->args[i]))
            continue;
        mem[i] = clCreateBuffer(dev->context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                buffer_bytes(rp, i), (void *)r->initial[i], &err);
        if (err != CL_SUCCESS) {
            cb_cl_fail(err, "clCreateBuffer", __FILE__, __LINE__);
            cb_row_fail(row, CB_STATUS_LAUNCH_FAILED, "clCreateBuffer: %s", cb_cl_errname(err));
            goto out;
        }
        if (g->args[i].is_output && (r->want[i] = malloc(buffer_bytes(rp, i))) == NULL) {
            cb_row_fail(row, CB_STATUS_LAUNCH_FAILED, "no host memory for the reference");
            goto out;
        }
    }
    if (bind(row, kernel, rp, mem) != 0)
        goto out;
    err = clEnqueueNDRangeKernel(dev->queue, kernel, rp->work_dim, NULL, rp->global,
                                 rp->local[0] != 0 ? rp->local : NULL, 0, NULL, NULL);
    if (err == CL_SUCCESS)
        err = clFinish(dev->queue);
    for (unsigned i = 0; i < g->arg_count && err == CL_SUCCESS; i++)
        if (is_buffer(&g->args[i]) && g->args[i].is_output)
            err = clEnqueueReadBuffer(dev->queue, mem[i], CL_TRUE, 0, buffer_bytes(rp, i),
                                      r->want[i], 0, NULL, NULL);
    if (err != CL_SUCCESS) {
        cb_cl_fail(err, "running the reference", __FILE__, __LINE__);
        cb_row_fail(row, CB_STATUS_LAUNCH_FAILED, "launch failed on %s: %s", dev->name,
                    cb_cl_errname(err));
        goto out;
    }
    status = 0;
out:
    clReleaseKernel(kernel);
    return status;
}

static int run_reference(struct cb_row *row, struct generic_buffers *r,
                         const struct cb_row_env *env)
{
    const struct cb_generic_check *check = &r->g->check;
    const struct cb_kernel *ref = cb_kernel_find(check->ref_kernel);
    struct cb_device *dev = row->device;
    struct cb_program_cache *cache = env->cache;
    struct cb_problem rp;
    cl_mem mem[CB_MAX_ARGS] = {NULL};
    char why[CB_REASON_LEN], where[CB_REASON_LEN];
    int status;

    if (ref == NULL) {
        cb_row_fail(row, CB_STATUS_VERIFY_FAILED,
                    "reference kernel '%s' is not declared: give it a manifest in this file, or "
                    "name its file with `verify %s in FILE`",
                    check->ref_kernel, check->ref_kernel);
        return -1;
    }
    if (plan_reference(row, ref, &rp, why, sizeof why) != 0) {
        cb_row_fail(row, CB_STATUS_VERIFY_FAILED, "reference '%s' cannot run this row: %s",
                    ref->name, why);
        return -1;
    }
    if (same_arguments(row, &rp) != 0)
        return -1;
    if (check->ref_device != NULL &&
        cb_oracle_find(env->oracles, check->ref_device, row->device, env->cache, &dev, &cache,
                       where, sizeof where) != 0) {
        cb_row_fail(row, CB_STATUS_VERIFY_FAILED, "reference '%s' cannot run: %s", ref->name,
                    where);
        return -1;
    }
    for (unsigned i = 0; i < r->g->arg_count; i++) {
        const char *ext =
            r->g->args[i].kind != CB_ARG_LOCAL ? cb_elem_info(r->g->args[i].type)->extension : NULL;

        if (ext != NULL && !cb_device_has_extension(dev, ext)) {
            cb_row_fail(row, CB_STATUS_VERIFY_FAILED,
                        "reference '%s' cannot run on %s: argument '%s' needs %s, which it lacks",
                        ref->name, dev->name, r->g->args[i].name, ext);
            return -1;
        }
    }
    snprintf(row->reference_device, sizeof row->reference_device, "%s", dev->name);
    status = launch_reference(row, r, &rp, dev, cache, env->cfg, mem);
    for (unsigned i = 0; i < CB_MAX_ARGS; i++)
        if (mem[i] != NULL)
            clReleaseMemObject(mem[i]);
    if (status != 0)
        blame_reference(row, ref->name);
    r->reference_ran = status == 0;
    return status;
}

/* The bound of a floating output: the manifest's rtol and atol, else its type's defaults;
 * exact makes floats exact too (to the last bit but for the sign of zero). */
static void output_bound(const struct cb_generic_check *check, const struct cb_generic_arg *a,
                         struct cb_verify *v)
{
    const struct cb_elem_info *t = cb_elem_info(a->type);

    v->atol = check->exact ? 0.0 : check->atol >= 0 ? check->atol : t->atol;
    v->tolerance = check->exact ? 0.0 : check->rtol >= 0 ? check->rtol : t->rtol;
}

/* Compares element e of output i; 1 when it fails. */
static int compare_element(const struct generic_buffers *r, unsigned i, size_t e,
                           struct cb_verify *v)
{
    const struct cb_generic_arg *a = &r->g->args[i];
    const size_t size = elem_size(a);

    return cb_compare_one(
        cb_elem_info(a->type)->floating,
        memcmp((const char *)r->got[i] + e * size, (const char *)r->want[i] + e * size, size) == 0,
        cb_elem_get(a->type, r->got[i], e), cb_elem_get(a->type, r->want[i], e), e, a->name, v);
}

static void print_mismatches(const struct cb_row *row, const struct generic_buffers *r)
{
    const struct cb_problem *p = &row->problem;
    unsigned printed = 0;

    for (unsigned i = 0; i < r->g->arg_count; i++) {
        const struct cb_generic_arg *a = &r->g->args[i];

        if (!is_buffer(a) || !a->is_output)
            continue;
        for (size_t e = 0; e < p->arg_length[i] && printed < PRINTED_MISMATCHES; e++) {
            struct cb_verify one = {0};
            char got[48], want[48];

            output_bound(&r->g->check, a, &one);
            if (compare_element(r, i, e, &one) == 0)
                continue;
            cb_elem_format(a->type, r->got[i], e, got, sizeof got);
            cb_elem_format(a->type, r->want[i], e, want, sizeof want);
            fprintf(stderr, "clbench: '%s' %s[%zu]: got %s want %s\n", p->kernel->name, a->name, e,
                    got, want);
            printed++;
        }
    }
}

static int is_pure_output(const struct cb_generic_arg *a)
{
    return is_buffer(a) && a->is_output && !a->is_input;
}

static int holds(const struct generic_buffers *r, unsigned i, size_t e, const void *poison)
{
    const size_t size = elem_size(&r->g->args[i]);

    return memcmp((const char *)r->got[i] + e * size, poison, size) == 0;
}

/* After the first launch: marks the elements of each `out` still holding the poison. */
static int mark_suspects(struct cb_row *row, struct generic_buffers *r)
{
    const struct cb_problem *p = &row->problem;

    for (unsigned i = 0; i < r->g->arg_count; i++) {
        const struct cb_generic_arg *a = &r->g->args[i];

        if (!is_pure_output(a))
            continue;
        for (size_t e = 0; e < p->arg_length[i]; e++) {
            if (!holds(r, i, e, cb_elem_poison(a->type)))
                continue;
            if (r->suspect[i] == NULL &&
                (r->suspect[i] = calloc(p->arg_length[i] / 8 + 1, 1)) == NULL) {
                cb_row_fail(row, CB_STATUS_LAUNCH_FAILED,
                            "no host memory to check output '%s' for unwritten elements", a->name);
                return -1;
            }
            r->suspect[i][e / 8] |= (unsigned char)(1u << (e % 8));
            r->suspects++;
        }
    }
    return 0;
}

/* "0xa5": a poison's bits, as a hex number of its type's width (the NaNs all print "nan"). */
static void poison_hex(enum cb_elem_type t, const void *poison, char *buf, size_t len)
{
    uint64_t bits = 0;

    memcpy(&bits, poison, cb_elem_info(t)->size); /* little-endian, as cb_elem_poison says */
    snprintf(buf, len, "0x%0*" PRIx64, (int)(2 * cb_elem_info(t)->size), bits);
}

/* After the launch over the second poison: an element that held the first poison and now
 * holds the second was written by neither launch, whatever a reference did with it. */
static int check_unwritten(struct cb_row *row, const struct generic_buffers *r)
{
    const struct cb_problem *p = &row->problem;

    for (unsigned i = 0; i < r->g->arg_count; i++) {
        const struct cb_generic_arg *a = &r->g->args[i];
        size_t unwritten = 0, shown = 0;
        char first[96] = "", one[32], poison1[48], poison2[48];

        if (!is_pure_output(a) || r->suspect[i] == NULL)
            continue;
        for (size_t e = 0; e < p->arg_length[i]; e++) {
            if (!(r->suspect[i][e / 8] & (1u << (e % 8))) ||
                !holds(r, i, e, cb_elem_second_poison(a->type)))
                continue;
            if (shown < 3) {
                snprintf(one, sizeof one, "%s[%zu]", shown ? ", " : "", e);
                strncat(first, one, sizeof first - strlen(first) - 1);
                shown++;
            }
            unwritten++;
        }
        if (unwritten == 0)
            continue;
        poison_hex(a->type, cb_elem_poison(a->type), poison1, sizeof poison1);
        poison_hex(a->type, cb_elem_second_poison(a->type), poison2, sizeof poison2);
        cb_row_fail(row, CB_STATUS_VERIFY_FAILED,
                    "%zu of %zu elements of output '%s' never written (at %s%s): they kept the "
                    "poison of one launch (%s) and of the next (%s); the kernel must write every "
                    "element of an output",
                    unwritten, p->arg_length[i], a->name, first, unwritten > shown ? ", ..." : "",
                    poison1, poison2);
        return -1;
    }
    return 0;
}

/* 1 when every output of set `set` is the same to the bit as the one in r->got that passed,
 * 0 when one is not (or none passed yet), -1. */
static int repeats_passed(struct cb_row *row, const struct generic_buffers *r, unsigned set)
{
    const struct cb_problem *p = &row->problem;

    if (!r->passed)
        return 0;
    for (unsigned i = 0; i < r->g->arg_count; i++) {
        int same;

        if (!is_buffer(&r->g->args[i]) || !r->g->args[i].is_output)
            continue;
        same = cb_row_output_repeats(row, r->out[set][i].inner, r->got[i], buffer_bytes(p, i));
        if (same != 1)
            return same;
    }
    return 1;
}

/* A kernel checked by a host reference (plugin.h): its one output against the reference on
 * a sample (verify.h), so that a large output costs a sample, not a reference's launch. */
static int verify_host(struct cb_row *row, struct generic_buffers *r, unsigned set,
                       const struct cb_row_env *env, const char *when)
{
    const struct cb_problem *p = &row->problem;
    const void *in[CB_MAX_INPUTS] = {NULL};
    unsigned inputs = 0, out = 0;
    int same;

    for (unsigned i = 0; i < r->g->arg_count; i++)
        if (is_buffer(&r->g->args[i]) && r->g->args[i].is_output)
            out = i;
        else if (is_buffer(&r->g->args[i]) && inputs < CB_MAX_INPUTS)
            in[inputs++] = r->initial[i];
    if (cb_row_check_guards(row, &r->out[set][out], r->guard_front, p->arg_length[out],
                            elem_size(&r->g->args[out]), r->guard_scratch, NULL, when) != 0)
        return -1;
    same = repeats_passed(row, r, set);
    if (same != 0)
        return same > 0 ? 0 : -1;
    r->passed = 0;
    CB_ROW_CHECK(row, clEnqueueReadBuffer(row->device->queue, r->out[set][out].inner, CL_TRUE, 0,
                                          buffer_bytes(p, out), r->got[out], 0, NULL, NULL));
    if (cb_row_verify_host(row, in, r->got[out], env, when) != 0)
        return -1;
    r->passed = 1;
    return 0;
}

static int generic_verify(struct cb_row *row, void *state, unsigned set,
                          const struct cb_row_env *env, const char *when)
{
    const struct cb_problem *p = &row->problem;
    struct generic_buffers *r = state;
    const struct cb_generic_check *check = &r->g->check;
    struct cb_verify *v = &row->verify;
    double atol = 0, rtol = 0;
    int bound_known = 0, same;

    if (host_checked(p))
        return verify_host(row, r, set, env, when);
    for (unsigned i = 0; i < r->g->arg_count; i++) {
        const struct cb_generic_arg *a = &r->g->args[i];

        if (is_buffer(a) && a->is_output &&
            cb_row_check_guards(row, &r->out[set][i], r->guard_front, p->arg_length[i],
                                elem_size(a), r->guard_scratch, a->name, when) != 0)
            return -1;
    }
    same = repeats_passed(row, r, set);
    if (same != 0)
        return same > 0 ? 0 : -1;
    r->passed = 0;
    for (unsigned i = 0; i < r->g->arg_count; i++)
        if (is_buffer(&r->g->args[i]) && r->g->args[i].is_output)
            CB_ROW_CHECK(row, clEnqueueReadBuffer(row->device->queue, r->out[set][i].inner, CL_TRUE,
                                                  0, buffer_bytes(p, i), r->got[i], 0, NULL, NULL));
    if (!r->first_checked) {
        r->first_checked = 1;
        if (mark_suspects(row, r) != 0)
            return -1;
        /* Compared after the launch over the second poison, once unwritten elements are told
         * from written ones (a NaN poison would otherwise be "got nan want nan"). */
        if (r->suspects > 0)
            return 0;
    } else if (r->second_poison) {
        r->second_poison = 0;
        if (check_unwritten(row, r) != 0)
            return -1;
    }
    if (check->ref_kernel == NULL)
        return 0;
    if (!r->reference_ran && run_reference(row, r, env) != 0)
        return -1;
    *v = (struct cb_verify){0};
    for (unsigned i = 0; i < r->g->arg_count; i++) {
        const struct cb_generic_arg *a = &r->g->args[i];

        if (!is_buffer(a) || !a->is_output)
            continue;
        output_bound(check, a, v);
        /* The row records the bound of its first floating output (integers: 0, exact). */
        if (!bound_known && cb_elem_info(a->type)->floating) {
            atol = v->atol;
            rtol = v->tolerance;
            bound_known = 1;
        }
        for (size_t e = 0; e < p->arg_length[i]; e++)
            compare_element(r, i, e, v);
        v->checked += p->arg_length[i];
    }
    v->atol = atol;
    v->tolerance = rtol;
    if (v->failures == 0) {
        r->passed = 1;
        return 0;
    }
    print_mismatches(row, r);
    cb_row_fail(row, CB_STATUS_VERIFY_FAILED,
                "%zu of %zu elements wrong %s against reference '%s'; worst %s[%zu]: got %.9g "
                "want %.9g (allowed |got - want| <= %g + %g * |want|%s)",
                v->failures, v->checked, when, check->ref_kernel, v->worst_output, v->worst_index,
                v->worst_got, v->worst_want, v->atol, v->tolerance,
                check->exact || !bound_known ? ", exact" : "");
    return -1;
}

static const char *generic_timer(const struct cb_kernel *k)
{
    (void)k;
    return "event";
}

static enum cb_status generic_final_status(const struct cb_row *row, char *reason, size_t len)
{
    if (row->problem.kernel->generic->check.ref_kernel != NULL || host_checked(&row->problem))
        return CB_STATUS_OK;
    snprintf(reason, len,
             "no `verify` line in its manifest: outputs were checked only for "
             "out-of-bounds and unwritten elements");
    return CB_STATUS_UNVERIFIED;
}

const struct cb_row_contract cb_generic_contract = {
    .takes_types = "its manifest's `types` line leaves it out",
    .admit = generic_admit,
    .timer = generic_timer,
    .describe = NULL,
    .check_buffers = generic_check_buffers,
    .create = generic_create,
    .set_args = generic_set_args,
    .set_then_args = generic_set_then_args,
    .launch = NULL,
    .verify = generic_verify,
    .restore = generic_restore,
    .repoison = generic_repoison,
    .final_status = generic_final_status,
    .release = generic_release,
};
