/* Planning a row of a kernel its manifest declares: the manifest's expressions evaluated over
 * the row's sizes and parameters; a refusal names the file, line and column. */
#include "manifest_parts.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

size_t manifest_variables(const struct cb_manifest_kernel *u, const struct cb_problem *p,
                          struct cb_expr_var vars[MAX_VARS])
{
    const unsigned nparams = cb_kernel_param_count(&u->k);
    size_t n = 0;

    for (unsigned i = 0; i < u->k.dims; i++)
        vars[n++] =
            (struct cb_expr_var){u->k.dim_names[i], p != NULL ? (long long)p->size[i] : 0, NULL};
    for (unsigned i = 0; i < nparams; i++)
        vars[n++] = (struct cb_expr_var){u->k.params[i].name, p != NULL ? p->param[i] : 0, NULL};
    /* The element size of a kernel with REAL arguments (--type: 4 float, 8 double, 2 half),
     * for its byte counts: `private_mem ILP * VEC * REAL_SIZE`. */
    if (u->k.types != 0)
        vars[n++] =
            (struct cb_expr_var){"REAL_SIZE", p != NULL ? (long long)cb_real_size(p) : 4, NULL};
    return n;
}

/* Evaluates e; on an error, the reason names the file, line, column and the row's values. */
static int evaluate(const struct cb_manifest_kernel *u, const struct located *e, const char *key,
                    const struct cb_expr_var *vars, size_t count, long long *out, char *why,
                    size_t len)
{
    struct cb_expr_error err;
    char values[160] = "";
    size_t used = 0;

    if (cb_expr_eval(e->text, vars, count, out, &err) == 0)
        return 0;
    /* The sizes and parameters; REAL_SIZE, the last, only where a user would not know it. */
    for (size_t i = 0; i < count && used < sizeof values; i++) {
        const int n = strcmp(vars[i].name, "REAL_SIZE") == 0 && vars[i].value == 4
                          ? 0
                          : snprintf(values + used, sizeof values - used, "%s%s=%lld",
                                     i ? ", " : "", vars[i].name, vars[i].value);

        used += n > 0 ? (size_t)n : 0;
    }
    snprintf(why, len, "%s:%u:%u: %s: %s (at %s)", u->file->path, e->line,
             e->column + err.column - 1, key, err.message, values);
    return -1;
}

/* 1..max, or the reason. */
static int in_range(const struct cb_manifest_kernel *u, const struct located *e, const char *key,
                    long long v, long long max, size_t *out, char *why, size_t len)
{
    if (v >= 1 && v <= max) {
        *out = (size_t)v;
        return 0;
    }
    snprintf(why, len, "%s:%u: %s `%s` is %lld, outside 1..%lld", u->file->path, e->line, key,
             e->text, v, max);
    return -1;
}

/* A count of operations or bytes below zero would be a negative throughput. */
static int not_negative(const struct cb_manifest_kernel *u, const struct located *e,
                        const char *key, long long v, char *why, size_t len)
{
    if (v >= 0)
        return 0;
    snprintf(why, len, "%s:%u: %s `%s` is %lld: a count of %s cannot be negative", u->file->path,
             e->line, key, e->text, v, strcmp(key, "flops") == 0 ? "operations" : "bytes moved");
    return -1;
}

/* What a host reference reads (struct cb_problem's inputs and output, in the order of the
 * `in` arguments), and the terms each output element sums, for the tolerance and the cost of
 * a check. */
static void host_check(const struct cb_manifest_kernel *u, struct cb_problem *p)
{
    unsigned inputs = 0;

    for (unsigned i = 0; i < u->generic.arg_count; i++) {
        const struct cb_generic_arg *a = &u->generic.args[i];

        if (a->kind != CB_ARG_BUFFER)
            continue;
        if (a->is_output)
            p->output_elems = p->arg_length[i];
        else
            p->input_elems[inputs++] = p->arg_length[i];
    }
    p->reduction_len = u->reference->sums_dim > 0 ? (double)p->size[u->reference->sums_dim - 1] : 0;
    p->ref_cost = p->reduction_len > 1.0 ? p->reduction_len : 1.0;
}

int manifest_plan(const struct cb_manifest_kernel *u, struct cb_problem *p, int *eval_error,
                  char *why, size_t len)
{
    struct cb_expr_var vars[MAX_VARS];
    const size_t count = manifest_variables(u, p, vars);
    long long v;

    *eval_error = 1;
    for (unsigned i = 0; i < u->require_count; i++) {
        if (evaluate(u, &u->require[i], "require", vars, count, &v, why, len) != 0)
            return -1;
        if (v == 0) {
            *eval_error = 0;
            if (u->require_reason[i] != NULL)
                snprintf(why, len, "%s", u->require_reason[i]);
            else
                snprintf(why, len, "require %s is false (%s:%u)", u->require[i].text, u->file->path,
                         u->require[i].line);
            return -1;
        }
    }
    /* A plan plug-in plans the NDRange (and what else it knows); the manifest's own lines
     * below then refine it. */
    if (u->hook != NULL && u->hook->plan(p, why, len) != 0) {
        *eval_error = 0;
        return -1;
    }
    for (unsigned i = 0; i < u->generic.arg_count; i++) {
        const struct cb_generic_arg *a = &u->generic.args[i];
        const struct cb_elem_info *t = cb_elem_info(cb_arg_type(a, p->real));
        const struct located *e = &u->arg_expr[i];

        p->arg_value[i] = 0;
        p->arg_real[i] = a->real;
        if (a->literal)
            continue;
        if (evaluate(u, e, a->name, vars, count, &v, why, len) != 0)
            return -1;
        if (a->kind == CB_ARG_SCALAR && t->floating) {
            p->arg_real[i] = (double)v;
            if (fabs(p->arg_real[i]) > t->largest) {
                snprintf(why, len, "%s:%u:%u: arg %s = %lld is beyond %s's largest value %g",
                         u->file->path, e->line, e->column, a->name, v, t->name, t->largest);
                return -1;
            }
        } else if (a->kind == CB_ARG_SCALAR) {
            if (v < t->min || v > t->max) {
                snprintf(why, len, "%s:%u:%u: arg %s = %lld does not fit in %s (%lld .. %lld)",
                         u->file->path, e->line, e->column, a->name, v, t->name, t->min, t->max);
                return -1;
            }
            p->arg_value[i] = v;
        } else if (in_range(u, e, a->name, v, (long long)1 << 40, &p->arg_length[i], why, len) != 0)
            return -1;
    }
    if (u->reference != NULL)
        host_check(u, p);
    if (u->flops.text != NULL) {
        if (evaluate(u, &u->flops, "flops", vars, count, &v, why, len) != 0 ||
            not_negative(u, &u->flops, "flops", v, why, len) != 0)
            return -1;
        p->flops = (double)v;
    }
    if (u->bytes.text != NULL) {
        if (evaluate(u, &u->bytes, "bytes", vars, count, &v, why, len) != 0 ||
            not_negative(u, &u->bytes, "bytes", v, why, len) != 0)
            return -1;
        p->bytes = (double)v;
    }
    if (u->global_count > 0)
        p->work_dim = u->global_count;
    for (unsigned i = 0; i < u->global_count; i++) {
        if (evaluate(u, &u->global[i], "global", vars, count, &v, why, len) != 0 ||
            in_range(u, &u->global[i], "global", v, (long long)1 << 40, &p->global[i], why, len) !=
                0)
            return -1;
        p->local[i] = 0;
        if (u->local_count == 0)
            continue;
        if (evaluate(u, &u->local[i], "local", vars, count, &v, why, len) != 0 ||
            in_range(u, &u->local[i], "local", v, (long long)1 << 20, &p->local[i], why, len) != 0)
            return -1;
        /* OpenCL 1.2 launches only whole work-groups. */
        if (p->global[i] % p->local[i] != 0) {
            *eval_error = 0;
            snprintf(why, len,
                     "global size %zu is not a multiple of local size %zu in dimension %u "
                     "(%s:%u): round it up, e.g. `global round_up(%s, %s)`",
                     p->global[i], p->local[i], i, u->file->path, u->global[i].line,
                     u->global[i].text, u->local[i].text);
            return -1;
        }
    }
    if (u->hook == NULL)
        p->local_mem_bytes = p->dynamic_local_bytes = p->private_mem_bytes = 0;
    if (u->local_mem.text != NULL) {
        if (evaluate(u, &u->local_mem, "local_mem", vars, count, &v, why, len) != 0)
            return -1;
        p->local_mem_bytes = v > 0 ? (size_t)v : 0;
    }
    if (u->private_mem.text != NULL) {
        if (evaluate(u, &u->private_mem, "private_mem", vars, count, &v, why, len) != 0)
            return -1;
        p->private_mem_bytes = v > 0 ? (size_t)v : 0;
    }
    p->loop_iterations = 0;
    if (u->loops.text != NULL) {
        if (evaluate(u, &u->loops, "loops", vars, count, &v, why, len) != 0)
            return -1;
        p->loop_iterations = v > 0 ? (double)v : 0;
    }
    if (u->dynamic_local.text != NULL) {
        if (evaluate(u, &u->dynamic_local, "dynamic_local", vars, count, &v, why, len) != 0)
            return -1;
        p->dynamic_local_bytes = v > 0 ? (size_t)v : 0;
    }
    return 0;
}

int manifest_plan_row(struct cb_problem *p, char *why, size_t len)
{
    int eval_error;

    return manifest_plan(p->kernel->manifest, p, &eval_error, why, len);
}
