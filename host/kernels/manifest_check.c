/* The checks a manifest passes when it is loaded, so that a kernel that cannot work fails
 * there with its file, line and column, not in the middle of a run. */
#include "manifest_parts.h"

#include "clbench/device_defaults.h"

#include <stdio.h>
#include <string.h>

/* Each param's `device (EXPR)`: its syntax, and names among the device's properties,
 * REAL_SIZE and the sizes (its values come per row). */
static int check_device_defaults(const struct context *x, const struct cb_manifest_kernel *u)
{
    struct cb_expr_var vars[CB_DEFAULT_VARS];
    const size_t count = cb_default_vars(&u->k, NULL, NULL, vars);

    for (unsigned i = 0; i < cb_kernel_param_count(&u->k); i++) {
        const struct located *e = &u->device_def[i];
        struct cb_expr_error err;

        if (e->text != NULL && cb_expr_check(e->text, vars, count, &err) != 0)
            return manifest_fail(x, e->line, e->column + err.column - 1,
                                 "param %s: device default: %s (its names are the device's "
                                 "properties, REAL_SIZE and the sizes %s%s%s%s%s: README \"The "
                                 "manifest\")",
                                 u->k.params[i].name, err.message,
                                 u->k.dims > 0 ? u->k.dim_names[0] : "", u->k.dims > 1 ? " " : "",
                                 u->k.dims > 1 ? u->k.dim_names[1] : "", u->k.dims > 2 ? " " : "",
                                 u->k.dims > 2 ? u->k.dim_names[2] : "");
    }
    return 0;
}

/* Checks every expression's syntax and names, then evaluates them at the default sizes and
 * parameters, so that a manifest that cannot work fails when it is loaded. */
static int check_expressions(const struct context *x, const struct cb_manifest_kernel *u)
{
    struct cb_expr_var vars[MAX_VARS];
    const size_t count = manifest_variables(u, NULL, vars);
    const struct located *all[MAX_REQUIRES + 6 + 6 + CB_MAX_ARGS];
    size_t n = 0;
    struct cb_problem p;
    int eval_error;

    if (check_device_defaults(x, u) != 0)
        return -1;
    for (unsigned i = 0; i < u->require_count; i++)
        all[n++] = &u->require[i];
    for (unsigned i = 0; i < u->global_count; i++)
        all[n++] = &u->global[i];
    for (unsigned i = 0; i < u->local_count; i++)
        all[n++] = &u->local[i];
    all[n++] = &u->local_mem;
    all[n++] = &u->private_mem;
    all[n++] = &u->loops;
    all[n++] = &u->dynamic_local;
    all[n++] = &u->flops;
    all[n++] = &u->bytes;
    for (unsigned i = 0; i < u->generic.arg_count; i++)
        if (!u->generic.args[i].literal) /* a decimal number: checked when it was read */
            all[n++] = &u->arg_expr[i];
    for (size_t i = 0; i < n; i++) {
        struct cb_expr_error err;

        if (all[i]->text != NULL && cb_expr_check(all[i]->text, vars, count, &err) != 0)
            return manifest_fail(x, all[i]->line, all[i]->column + err.column - 1,
                                 "%s (variables: the sizes %s%s and the params)", err.message,
                                 u->k.dims > 0 ? u->k.dim_names[0] : "",
                                 u->k.dims > 1 ? " ..." : "");
    }
    memset(&p, 0, sizeof p);
    p.kernel = &u->k;
    memcpy(p.size, u->k.default_size_cpu, sizeof p.size);
    for (unsigned i = 0; i < cb_kernel_param_count(&u->k); i++)
        p.param[i] = u->k.params[i].def;
    /* The reason names the file as the manifest does: x->path. */
    return manifest_plan(u, &p, &eval_error, x->why, x->len) != 0 && eval_error ? -1 : 0;
}

static int default_sizes(const struct context *x, struct cb_manifest_kernel *u,
                         const struct pending *pend)
{
    const struct cb_size *given[2] = {&pend->cpu, &pend->gpu};
    size_t *out[2] = {u->k.default_size_cpu, u->k.default_size_gpu};
    const struct cb_kernel *like = u->contract != NULL && u->contract->baseline != NULL
                                       ? cb_kernel_find(u->contract->baseline)
                                       : NULL;

    for (int t = 0; t < 2; t++) {
        const struct cb_size *s = given[t]->ndims > 0 ? given[t] : given[1 - t];

        if (s->ndims == 0) {
            /* None given: the family's, or 1M / 1024^2 / 256^3 for a generic kernel. */
            for (unsigned i = 0; i < CB_MAX_DIMS; i++)
                out[t][i] = like != NULL
                                ? (t == 0 ? like->default_size_cpu[i] : like->default_size_gpu[i])
                            : i < u->k.dims ? (u->k.dims == 1   ? (size_t)1 << 20
                                               : u->k.dims == 2 ? 1024
                                                                : 256)
                                            : 1;
            continue;
        }
        if (s->ndims != 1 && s->ndims != u->k.dims)
            return manifest_fail(
                x, pend->size_line, 0,
                "size: %u dimensions given, the kernel has %u (write one number or %u)", s->ndims,
                u->k.dims, u->k.dims);
        for (unsigned i = 0; i < CB_MAX_DIMS; i++)
            out[t][i] = i < u->k.dims ? s->dim[s->ndims == 1 ? 0 : i] : 1;
    }
    /* Not given: all zero, which means the CPU's default (struct cb_kernel). */
    if (pend->shared.ndims != 0 && pend->shared.ndims != 1 && pend->shared.ndims != u->k.dims)
        return manifest_fail(x, pend->size_line, 0,
                             "size: shared has %u dimensions, the kernel has %u",
                             pend->shared.ndims, u->k.dims);
    for (unsigned i = 0; pend->shared.ndims != 0 && i < CB_MAX_DIMS; i++)
        u->k.default_size_shared[i] =
            i < u->k.dims ? pend->shared.dim[pend->shared.ndims == 1 ? 0 : i] : 1;
    return 0;
}

/* A plan serves the kernels of one argument list and reads parameters by name: each must be
 * declared. */
static int check_hook(const struct context *x, const struct cb_manifest_kernel *u)
{
    const char *at = u->hook->params;
    char sizes[CB_MAX_DIMS * 32] = "";

    for (unsigned i = 0; i < u->k.dims; i++)
        snprintf(sizes + strlen(sizes), sizeof sizes - strlen(sizes), "%s%s", i ? " " : "",
                 u->k.dim_names[i]);
    if (u->hook->sizes != NULL && strcmp(u->hook->sizes, sizes) != 0)
        return manifest_fail(x, u->hook_line, 0,
                             "plan %s is a plan of the %s contract, not of %s: name one of its "
                             "contract's plans",
                             u->hook->name, u->hook->contract,
                             u->k.contract != NULL ? u->k.contract : u->k.family);
    while (*at != '\0') {
        const size_t len = strcspn(at, " ");
        int declared = 0;

        for (unsigned i = 0; i < cb_kernel_param_count(&u->k); i++)
            declared |=
                strlen(u->k.params[i].name) == len && strncmp(u->k.params[i].name, at, len) == 0;
        if (!declared)
            return manifest_fail(x, u->hook_line, 0,
                                 "plan %s reads the parameter %.*s: declare it with a `param %.*s "
                                 "= VALUE in ALLOWED` line",
                                 u->hook->name, (int)len, at, (int)len, at);
        at += len + (at[len] == ' ');
    }
    return 0;
}

/* `then NAME`: a second launch, which only a plan hook can plan (its NDRange and arguments
 * are the hook's), of another kernel of the same file. */
static int check_then(const struct context *x, const struct cb_manifest_kernel *u, const char *code)
{
    if (u->hook == NULL)
        return manifest_fail(x, u->then_line, 0,
                             "then %s: a second launch is planned by a `plan` hook of a built-in "
                             "family (host/kernels/<family>.c), which kernel %s has none of",
                             u->k.then, u->k.name);
    if (strcmp(u->k.then, u->k.name) == 0 || !manifest_declares_kernel(code, u->k.then))
        return manifest_fail(x, u->then_line, 0,
                             "then %s: the file has no other `__kernel void %s(` to launch "
                             "second",
                             u->k.then, u->k.then);
    return 0;
}

/* `verify NAME` naming a host reference plug-in: it reads the REAL inputs in their order and
 * computes the one REAL `out` buffer.  A kernel of a contract has one always. */
static int host_reference(const struct context *x, struct cb_manifest_kernel *u)
{
    struct cb_generic_check *check = &u->generic.check;
    const struct cb_plugin *ref = cb_plugin_find(check->ref_kernel, strlen(check->ref_kernel));
    const struct cb_generic *g = &u->generic;
    unsigned inputs = 0, outputs = 0;
    char list[128];

    if ((ref == NULL || ref->reference == NULL) && u->contract != NULL &&
        u->contract->lines != NULL)
        return manifest_fail(x, u->verify_line, 0,
                             "verify %s: a %s kernel is checked by a host reference of "
                             "host/kernels/plugins.c (%s)",
                             check->ref_kernel, u->contract->name,
                             cb_plugin_names(0, list, sizeof list));
    if (ref == NULL || ref->reference == NULL)
        return 0; /* a reference kernel */
    if (check->ref_file != NULL || check->ref_device != NULL || check->exact || check->rtol >= 0 ||
        check->atol >= 0)
        return manifest_fail(x, u->verify_line, 0,
                             "verify %s: a host reference takes no options (its tolerance "
                             "follows the reduction's length)",
                             check->ref_kernel);
    for (unsigned i = 0; i < g->arg_count; i++) {
        const struct cb_generic_arg *a = &g->args[i];

        if (a->kind != CB_ARG_BUFFER)
            continue;
        if (!a->real_type || (a->is_input && a->is_output))
            return manifest_fail(x, u->verify_line, 0,
                                 "verify %s: a host reference reads REAL `in` buffers and checks "
                                 "one REAL `out` buffer; argument '%s' is neither",
                                 check->ref_kernel, a->name);
        inputs += a->is_input;
        outputs += a->is_output;
    }
    if (outputs != 1 || inputs > CB_MAX_INPUTS)
        return manifest_fail(x, u->verify_line, 0,
                             "verify %s: a host reference checks one `out` buffer from at most %d "
                             "`in` buffers; kernel %s has %u and %u",
                             check->ref_kernel, CB_MAX_INPUTS, u->k.name, outputs, inputs);
    u->reference = ref;
    u->k.reference = ref->reference;
    u->k.reference_many = ref->reference_many;
    check->ref_kernel = NULL; /* no reference kernel to run */
    return 0;
}

/* REAL arguments make a kernel's rows follow --type: every REAL type unless `types` says. */
static int element_types(const struct context *x, struct cb_manifest_kernel *u)
{
    int real = 0;

    for (unsigned i = 0; i < u->generic.arg_count; i++)
        real |= u->generic.args[i].real_type;
    if (!real && u->k.types != 0)
        return manifest_fail(x, u->line, 0,
                             "kernel %s has a `types` line but no REAL argument: `types` names "
                             "the types REAL takes (--type)",
                             u->k.name);
    if (real && u->k.types == 0)
        u->k.types = 1u << CB_ELEM_FLOAT | 1u << CB_ELEM_DOUBLE | 1u << CB_ELEM_HALF;
    return 0;
}

int manifest_finish(const struct context *x, struct cb_manifest_kernel *u,
                    const struct pending *pend, const char *code)
{
    const struct contract *ct = u->contract;

    if (!manifest_declares_kernel(code, u->k.name))
        return manifest_fail(
            x, u->line, 0,
            "the manifest names kernel '%s' but the file has no `__kernel void %s(`: "
            "fix the name in the manifest or in the source",
            u->k.name, u->k.name);
    /* A contract's kernels join its family; the others are their file's (manifest.c). */
    if (ct != NULL && ct->lines != NULL)
        u->k.family = u->k.contract = ct->name;
    if (u->hook != NULL && check_hook(x, u) != 0)
        return -1;
    if (u->k.then != NULL && check_then(x, u, code) != 0)
        return -1;
    if (u->k.finding.kind == CB_FINDING_GRID && (cb_kernel_param_index(&u->k, u->k.finding.x) < 0 ||
                                                 cb_kernel_param_index(&u->k, u->k.finding.y) < 0))
        return manifest_fail(x, u->line, 0,
                             "finding grid %s %s: both must be parameters of kernel %s",
                             u->k.finding.x, u->k.finding.y, u->k.name);
    if (u->global_count == 0 && u->hook == NULL)
        return manifest_fail(x, u->line, 0,
                             "kernel %s has no `global` line: give its NDRange, e.g. `global N` or "
                             "`global round_up(N, WGS)`",
                             u->k.name);
    if (u->local_count != 0 && u->local_count != u->global_count)
        return manifest_fail(x, u->line, 0, "global has %u dimensions but local has %u",
                             u->global_count, u->local_count);
    if (u->k.dims == 0)
        return manifest_fail(x, u->line, 0,
                             "generic kernel %s has no `dims` line: name its sizes, e.g. `dims N`",
                             u->k.name);
    if (u->generic.arg_count == 0)
        return manifest_fail(
            x, u->line, 0,
            "generic kernel %s has no `arg` lines: declare each kernel argument in "
            "order, e.g. `arg n int = N`",
            u->k.name);
    u->k.generic = &u->generic;
    if (!pend->metric_given)
        u->k.metric =
            u->bytes.text == NULL && u->flops.text != NULL ? CB_METRIC_GFLOPS : CB_METRIC_GBS;
    else if ((u->k.metric == CB_METRIC_GBS ? u->bytes.text : u->flops.text) == NULL)
        return manifest_fail(
            x, pend->metric_line, 0,
            "metric %s needs a `%s` line: without it there is nothing to divide by "
            "the time",
            u->k.metric == CB_METRIC_GBS ? "gbs" : "gflops",
            u->k.metric == CB_METRIC_GBS ? "bytes" : "flops");
    if (u->verify_line != 0 && host_reference(x, u) != 0)
        return -1;
    if (element_types(x, u) != 0)
        return -1;
    for (unsigned i = 0; i < u->k.dims; i++)
        snprintf(u->size_names + strlen(u->size_names),
                 sizeof u->size_names - strlen(u->size_names), "%s%s", i ? "x" : "",
                 u->k.dim_names[i]);
    u->k.size_names = u->size_names;
    for (unsigned i = 0; i < cb_kernel_param_count(&u->k); i++)
        for (unsigned d = 0; d < u->k.dims; d++)
            if (strcmp(u->k.params[i].name, u->k.dim_names[d]) == 0)
                return manifest_fail(x, u->line, 0,
                                     "param %s has the name of a size variable: rename it",
                                     u->k.params[i].name);
    if (u->k.summary == NULL)
        u->k.summary = manifest_keep(u, "(no summary line)", 17);
    if (u->k.experiment == NULL)
        u->k.experiment = manifest_keep(u, "(no reproduces line)", 20);
    if (u->k.family == NULL || u->k.summary == NULL || u->k.experiment == NULL)
        return manifest_fail(x, u->line, 0, "out of memory");
    if (default_sizes(x, u, pend) != 0)
        return -1;
    u->k.plan = manifest_plan_row;
    return check_expressions(x, u);
}
