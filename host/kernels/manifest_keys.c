/* The manifest's keys, declared once in a table (`keys` below: name, whether it may be
 * repeated, whether a contract's argument list fixes it, its parser), and the contracts a
 * manifest may name.  A new key is one parser and one row; docs/kernel-files.md's "The
 * manifest" table documents each. */
#include "manifest_parts.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The built-in families' argument lists and checks, as the manifest lines they stand for
 * (cl/<family>.cl's kernels write the same lines themselves).  The kernels index with int. */
static const char *const vadd_lines[] = {
    "dims N",
    "arg n int = N",
    "arg a REAL[N] in",
    "arg b REAL[N] in",
    "arg c REAL[N] out",
    "require N <= 2147483647 \"n exceeds the kernel's int index range (2^31-1)\"",
    "flops N",
    "bytes 3 * N * REAL_SIZE",
    "metric gbs",
    "baseline vadd",
    "verify host_vadd",
    NULL,
};
static const char *const transpose_lines[] = {
    "dims W H",
    "arg width int = W",
    "arg height int = H",
    "arg in REAL[W * H] in",
    "arg out REAL[W * H] out",
    "require W * H >= 1 && W * H <= 2147483647 \"width x height must be 1 to 2^31-1 elements (the "
    "kernel's "
    "int index range)\"",
    "bytes 2 * W * H * REAL_SIZE",
    "metric gbs",
    "baseline transpose_naive",
    "verify host_transpose",
    NULL,
};
static const char *const copy_lines[] = {
    "dims N",
    "arg n int = N",
    "arg in REAL[N] in",
    "arg out REAL[N] out",
    "require N >= 1 && N <= 2147483647 \"n must be 1 to 2^31-1 (the kernel's index range)\"",
    "bytes 2 * N * REAL_SIZE",
    "metric gbs",
    "baseline copy_ilp",
    "verify host_copy",
    NULL,
};
static const char *const matmul_lines[] = {
    "dims M N K",
    "arg m int = M",
    "arg n int = N",
    "arg k int = K",
    "arg a REAL[M * K] in",
    "arg b REAL[K * N] in",
    "arg c REAL[M * N] out",
    "require M * K <= 2147483647 && K * N <= 2147483647 && M * N <= 2147483647 \"a matrix has "
    "2^31 elements or more: the kernels index with int\"",
    "flops 2 * M * N * K",
    "bytes (M * K + K * N + M * N) * REAL_SIZE",
    "metric gflops",
    "baseline matmul_naive",
    "verify host_matmul",
    NULL,
};

static const struct contract contracts[] = {
    {"vadd", "vadd",
     "(const int n, __global const float *a, __global const float *b, __global float *c)",
     vadd_lines},
    {"transpose", "transpose_naive",
     "(const int width, const int height, __global const float *in, __global float *out)",
     transpose_lines},
    {"copy", "copy_ilp",
     "(const int n, __global const float *in, __global float *out [, __local float *ballast])",
     copy_lines},
    {"matmul", "matmul_naive",
     "(const int M, const int N, const int K, __global const float *A, __global const float *B, "
     "__global float *C)",
     matmul_lines},
    {"generic", NULL, "(as its `arg` lines declare)", NULL},
};

static int valid_allowed(const char *s)
{
    const char *range = strstr(s, "..");
    char *end;

    if (range != NULL) {
        const long lo = strtol(s, &end, 10);

        if (end != range || end == s)
            return 0;
        const long hi = strtol(range + 2, &end, 10);
        return *end == '\0' && end != range + 2 && lo <= hi;
    }
    while (*s != '\0') {
        const char *start = s;

        strtol(s, &end, 10);
        if (end == start || (*end != ',' && *end != '\0'))
            return 0;
        s = *end == ',' ? end + 1 : end;
        if (*end == ',' && *s == '\0')
            return 0;
    }
    return 1;
}

/* device (EXPR) of a param line: an expression over the device's properties, the row's
 * REAL_SIZE and sizes, parenthesized so that its end is plain; checked once the manifest is
 * read (manifest_check.c: the sizes' names come with the contract or `dims`), evaluated per
 * row. */
static int parse_device_default(struct cursor *c, struct cb_manifest_kernel *u,
                                struct cb_param *param, unsigned index)
{
    const char *open, *p;
    unsigned depth = 0;

    cursor_blanks(c);
    open = c->at;
    if (*open != '(')
        return manifest_fail(c->x, c->line, cursor_col(c, open),
                             "param %s: a device default is an expression in parentheses, as in "
                             "`device (native_vector_width_float >= 16 ? 8 : 4)`",
                             param->name);
    for (p = open; *p != '\0'; p++) {
        depth += *p == '(';
        depth -= *p == ')';
        if (depth == 0)
            break;
    }
    if (*p == '\0')
        return manifest_fail(c->x, c->line, cursor_col(c, open),
                             "param %s: the device default's '(' is not closed", param->name);
    param->device_def = manifest_keep(u, open + 1, (size_t)(p - open - 1));
    if (param->device_def == NULL)
        return manifest_fail(c->x, c->line, 0, "out of memory");
    u->device_def[index] = (struct located){param->device_def, c->line, cursor_col(c, open + 1)};
    c->at = p + 1;
    return 0;
}

/* param NAME = DEFAULT [cpu DEFAULT] [device (EXPR)] in ALLOWED ["help"] */
static int parse_param(struct cursor *c, struct cb_manifest_kernel *u, struct pending *pend)
{
    const unsigned n = cb_kernel_param_count(&u->k);
    struct cb_param *param = &u->k.params[n];
    const char *name, *value, *allowed, *cpu_value = NULL;
    size_t len, vlen;
    char *end;

    (void)pend;
    name = cursor_ident(c, &len);
    if (name == NULL)
        return manifest_fail(c->x, c->line, cursor_col(c, c->at),
                             "param needs a macro name: `param TILE = 16 in 8,16,32 \"help\"`");
    if (n == CB_MAX_PARAMS)
        return manifest_fail(c->x, c->line, cursor_col(c, name), "more than %d parameters",
                             CB_MAX_PARAMS);
    param->name = manifest_keep(u, name, len);
    if (param->name == NULL)
        return manifest_fail(c->x, c->line, 0, "out of memory");
    if (cb_kernel_param_index(&u->k, param->name) != (int)n)
        return manifest_fail(c->x, c->line, cursor_col(c, name), "param %s is declared twice",
                             param->name);
    if (!cursor_accept_char(c, '='))
        return manifest_fail(c->x, c->line, cursor_col(c, c->at),
                             "param %s has no default: write `param %s = VALUE in ALLOWED`",
                             param->name, param->name);
    value = cursor_word(c, &vlen);
    errno = 0;
    param->def = value != NULL ? strtol(value, &end, 10) : 0;
    if (value == NULL || end != value + vlen || errno != 0)
        return manifest_fail(
            c->x, c->line, cursor_col(c, value != NULL ? value : c->at),
            "param %s: the default must be an integer, as in `param %s = 16 in 8,16,32`",
            param->name, param->name);
    /* cpu VALUE: the default on CPU devices (struct cb_kernel's def_cpu). */
    if (cursor_accept_word(c, "cpu")) {
        cpu_value = cursor_word(c, &vlen);
        errno = 0;
        u->k.def_cpu[n] = cpu_value != NULL ? strtol(cpu_value, &end, 10) : 0;
        if (cpu_value == NULL || end != cpu_value + vlen || errno != 0 || u->k.def_cpu[n] == 0)
            return manifest_fail(c->x, c->line,
                                 cursor_col(c, cpu_value != NULL ? cpu_value : c->at),
                                 "param %s: a CPU default is a non-zero integer after `cpu`, as in "
                                 "`param %s = 128 cpu 32 in 4..512`",
                                 param->name, param->name);
    }
    if (cursor_accept_word(c, "device") && parse_device_default(c, u, param, n) != 0)
        return -1;
    if (!cursor_accept_word(c, "in"))
        return manifest_fail(c->x, c->line, cursor_col(c, c->at),
                             "param %s: give its allowed values after the default: `in 8,16,32` or "
                             "`in 1..64`",
                             param->name);
    allowed = cursor_word(c, &vlen);
    param->allowed = allowed != NULL ? manifest_keep(u, allowed, vlen) : NULL;
    if (param->allowed == NULL || !valid_allowed(param->allowed))
        return manifest_fail(c->x, c->line, cursor_col(c, allowed != NULL ? allowed : c->at),
                             "param %s: allowed values are a list `8,16,32` or a range `1..64`",
                             param->name);
    if (!cb_param_allows(param, param->def))
        return manifest_fail(c->x, c->line, cursor_col(c, value),
                             "param %s: the default %ld is not in %s", param->name, param->def,
                             param->allowed);
    if (cpu_value != NULL && !cb_param_allows(param, u->k.def_cpu[n]))
        return manifest_fail(c->x, c->line, cursor_col(c, cpu_value),
                             "param %s: the CPU default %ld is not in %s", param->name,
                             u->k.def_cpu[n], param->allowed);
    cursor_blanks(c);
    if (*c->at == '"') {
        const char *close = strchr(c->at + 1, '"');

        if (close == NULL)
            return manifest_fail(c->x, c->line, cursor_col(c, c->at),
                                 "param %s: the help text lacks its closing \"", param->name);
        param->help = manifest_keep(u, c->at + 1, (size_t)(close - c->at - 1));
        c->at = close + 1;
        if (!cursor_at_end(c))
            return manifest_fail(c->x, c->line, cursor_col(c, c->at),
                                 "unexpected text after the help text");
    } else
        param->help = *c->at != '\0' ? cursor_rest(c, u, NULL) : manifest_keep(u, "", 0);
    return param->help == NULL ? manifest_fail(c->x, c->line, 0, "out of memory") : 0;
}

/* size cpu SIZE gpu SIZE shared SIZE (any of them) */
static int parse_size(struct cursor *c, struct cb_manifest_kernel *u, struct pending *pend)
{
    int any = 0;

    (void)u;
    pend->size_line = c->line;
    while (!cursor_at_end(c)) {
        static const char *const types[] = {"cpu", "gpu", "shared"};
        struct cb_size *const into[] = {&pend->cpu, &pend->gpu, &pend->shared};
        const char *which = c->at, *value;
        char buf[64], why[CB_WHY_LEN];
        size_t len, count;
        unsigned t = 0;

        while (t < 3 && !cursor_accept_word(c, types[t]))
            t++;
        if (t == 3)
            return manifest_fail(c->x, c->line, cursor_col(c, which),
                                 "size takes `cpu SIZE gpu SIZE shared SIZE`, as in "
                                 "`size cpu 1M gpu 64M`");
        value = cursor_word(c, &len);
        if (value == NULL || len >= sizeof buf)
            return manifest_fail(c->x, c->line, cursor_col(c, c->at),
                                 "size: a size must follow `%s`", types[t]);
        memcpy(buf, value, len);
        buf[len] = '\0';
        if (cb_parse_sizes(buf, into[t], 1, &count, why) != 0)
            return manifest_fail(c->x, c->line, cursor_col(c, value), "size: %s", why);
        any = 1;
    }
    return any ? 0
               : manifest_fail(c->x, c->line, cursor_col(c, c->at),
                               "size takes `cpu SIZE gpu SIZE`");
}

/* A floating scalar's value written as a decimal number (`2.5`, `-1e-3`): 1 and *out, or 0
 * when text is something else (an integer expression, which the expressions' checks take). */
static int decimal_number(const char *text, double *out)
{
    char *end;

    if (strpbrk(text, ".eE") == NULL || strpbrk(text, "xX") != NULL)
        return 0;
    *out = strtod(text, &end);
    return end != text && *end == '\0';
}

/* The value of a `const V` fill or a floating scalar's number fits the type. */
static int fits(const struct cb_elem_info *t, double v)
{
    if (t->floating)
        return fabs(v) <= t->largest;
    return v == floor(v) && v >= (double)t->min && v <= (double)t->max;
}

/* arg NAME TYPE = EXPR: a scalar, from an expression or (floating) a decimal number. */
static int parse_arg_scalar(struct cursor *c, struct cb_manifest_kernel *u,
                            struct cb_generic_arg *a)
{
    const struct cb_elem_info *t = cb_elem_info(a->type);
    const struct located *at = &u->arg_expr[u->generic.arg_count];

    a->kind = CB_ARG_SCALAR;
    a->value = cursor_rest(c, u, &u->arg_expr[u->generic.arg_count]);
    if (a->value == NULL)
        return manifest_fail(c->x, c->line, cursor_col(c, c->at),
                             "arg %s: an expression must follow '='", a->name);
    if (t->floating && decimal_number(a->value, &a->real)) {
        a->literal = 1;
        if (!fits(t, a->real))
            return manifest_fail(c->x, c->line, at->column,
                                 "arg %s: %s is beyond %s's largest value %g", a->name, a->value,
                                 t->name, t->largest);
    } else if (!t->floating && strpbrk(a->value, ".") != NULL && decimal_number(a->value, &a->real))
        return manifest_fail(c->x, c->line, at->column,
                             "arg %s: %s is not an integer: %s %s argument takes an integer "
                             "expression (declare it float or double for a number with a "
                             "fraction)",
                             a->name, a->value, a->type == CB_ELEM_INT ? "an" : "a", t->name);
    return 0;
}

/* [EXPR] after a buffer's type or `local`: the length, kept as an expression. */
static int parse_arg_length(struct cursor *c, struct cb_manifest_kernel *u,
                            struct cb_generic_arg *a)
{
    const char *start = ++c->at;
    int depth = 1;

    while (*c->at != '\0' && depth > 0) {
        depth += *c->at == '[' ? 1 : *c->at == ']' ? -1 : 0;
        c->at++;
    }
    if (depth != 0)
        return manifest_fail(c->x, c->line, cursor_col(c, start - 1), "arg %s: '[' without its ']'",
                             a->name);
    u->arg_expr[u->generic.arg_count] = (struct located){
        manifest_keep(u, start, (size_t)(c->at - 1 - start)), c->line, cursor_col(c, start)};
    a->length = u->arg_expr[u->generic.arg_count].text;
    return 0;
}

/* [FILL] of an input buffer: random (the default), zeros, iota or const V. */
static int parse_arg_fill(struct cursor *c, struct cb_generic_arg *a)
{
    const struct cb_elem_info *t = cb_elem_info(a->type);
    size_t len;

    a->fill = CB_FILL_RANDOM;
    if (!a->is_input && !cursor_at_end(c))
        return manifest_fail(
            c->x, c->line, cursor_col(c, c->at),
            "arg %s: an `out` buffer starts poisoned, so that unwritten elements show: "
            "drop '%s', or make it `inout` to start from a fill",
            a->name, c->at);
    if (cursor_accept_word(c, "zeros"))
        a->fill = CB_FILL_ZEROS;
    else if (cursor_accept_word(c, "iota"))
        a->fill = CB_FILL_IOTA;
    else if (cursor_accept_word(c, "const")) {
        const char *v = cursor_word(c, &len);
        char *end;

        a->fill = CB_FILL_CONST;
        a->fill_value = v != NULL ? strtod(v, &end) : 0;
        if (v == NULL || end != v + len)
            return manifest_fail(c->x, c->line, cursor_col(c, v != NULL ? v : c->at),
                                 "arg %s: const needs a number, as in `const 1.5`", a->name);
        if (!fits(t, a->fill_value))
            return manifest_fail(c->x, c->line, cursor_col(c, v),
                                 "arg %s: const %.*s is not a %s value", a->name, (int)len, v,
                                 t->name);
    } else
        cursor_accept_word(c, "random");
    if (!cursor_at_end(c))
        return manifest_fail(c->x, c->line, cursor_col(c, c->at),
                             "arg %s: unexpected '%s' (fills: random, zeros, iota, const V)",
                             a->name, c->at);
    return 0;
}

/* NAME TYPE[EXPR] DIR [FILL]: a buffer, after its length. */
static int parse_arg_buffer(struct cursor *c, struct cb_generic_arg *a)
{
    a->kind = CB_ARG_BUFFER;
    if (cursor_accept_word(c, "inout"))
        a->is_input = a->is_output = 1;
    else if (cursor_accept_word(c, "in"))
        a->is_input = 1;
    else if (cursor_accept_word(c, "out"))
        a->is_output = 1;
    else {
        cursor_blanks(c);
        return manifest_fail(c->x, c->line, cursor_col(c, c->at),
                             "arg %s: say in, out or inout after the length", a->name);
    }
    return parse_arg_fill(c, a);
}

/* arg NAME TYPE = EXPR | NAME TYPE[EXPR] DIR [FILL] | NAME local[EXPR], TYPE one of the
 * table of elem_type.c */
static int parse_arg(struct cursor *c, struct cb_manifest_kernel *u, struct pending *pend)
{
    struct cb_generic *g = &u->generic;
    struct cb_generic_arg *a = &g->args[g->arg_count];
    const char *name, *type, *tname;
    size_t len, tlen;
    int local;

    (void)pend;
    name = cursor_ident(c, &len);
    if (name == NULL)
        return manifest_fail(
            c->x, c->line, cursor_col(c, c->at),
            "arg needs the argument's name: `arg n int = N` or `arg x float[N] in`");
    if (g->arg_count == CB_MAX_ARGS)
        return manifest_fail(c->x, c->line, cursor_col(c, name), "more than %d arguments",
                             CB_MAX_ARGS);
    memset(a, 0, sizeof *a);
    a->name = manifest_keep(u, name, len);
    type = cursor_ident(c, &tlen);
    local = type != NULL && manifest_word_is(type, tlen, "local");
    /* REAL: the row's element type, --type's float, double or half, as the kernel's REAL. */
    a->real_type = type != NULL && manifest_word_is(type, tlen, "REAL");
    if (type == NULL || (!local && !a->real_type && cb_elem_find(type, tlen, &a->type) != 0))
        return manifest_fail(c->x, c->line, cursor_col(c, type != NULL ? type : c->at),
                             "arg %s: unknown type '%.*s': the types are char, uchar, short, "
                             "ushort, int, uint, long, ulong, half, float and double, or REAL "
                             "(--type's) (TYPE = EXPR, TYPE[LENGTH]), or local[BYTES]",
                             a->name, type != NULL ? (int)tlen : 0, type != NULL ? type : "");
    if (!local && cursor_accept_char(c, '=')) {
        if (parse_arg_scalar(c, u, a) != 0)
            return -1;
        g->arg_count++;
        return 0;
    }
    tname = local ? "float" : a->real_type ? "REAL" : cb_elem_info(a->type)->name;
    if (*c->at != '[')
        return manifest_fail(c->x, c->line, cursor_col(c, c->at),
                             "arg %s: write `%s = EXPR` for a scalar, `%s[LENGTH]` for a buffer, "
                             "`local[BYTES]` for local memory",
                             a->name, local ? "int" : tname, tname);
    if (parse_arg_length(c, u, a) != 0)
        return -1;
    if (local) {
        a->kind = CB_ARG_LOCAL;
        if (!cursor_at_end(c))
            return manifest_fail(c->x, c->line, cursor_col(c, c->at),
                                 "arg %s: nothing follows local[BYTES]", a->name);
    } else if (parse_arg_buffer(c, a) != 0)
        return -1;
    g->arg_count++;
    return 0;
}

/* Joins `dir` of path and name, unless name is absolute. */
static char *relative_to(struct cb_manifest_kernel *u, const char *path, const char *name,
                         size_t len)
{
    const char *slash = strrchr(path, '/');
    char buf[4096];
    int n;

    if (name[0] == '/' || slash == NULL)
        return manifest_keep(u, name, len);
    n = snprintf(buf, sizeof buf, "%.*s/%.*s", (int)(slash - path), path, (int)len, name);
    return n < 0 || (size_t)n >= sizeof buf ? NULL : manifest_keep(u, buf, (size_t)n);
}

/* verify REFKERNEL [in FILE] [on DEVICE] [rtol X] [atol Y] [exact] */
static int parse_verify(struct cursor *c, struct cb_manifest_kernel *u, struct pending *pend)
{
    struct cb_generic_check *check = &u->generic.check;
    const char *name;
    size_t len;
    unsigned seen = 0; /* a bit per option of `options` below */

    (void)pend;
    u->verify_line = c->line;
    name = cursor_ident(c, &len);
    if (name == NULL)
        return manifest_fail(c->x, c->line, cursor_col(c, c->at),
                             "verify needs a reference kernel: `verify my_ref rtol 1e-5`");
    check->ref_kernel = manifest_keep(u, name, len);
    while (!cursor_at_end(c)) {
        static const char *const options[] = {"exact", "in", "on", "rtol", "atol"};
        const char *opt = c->at, *v;
        size_t vlen;
        unsigned o = 0;

        while (o < 5 && !cursor_accept_word(c, options[o]))
            o++;
        if (o == 5)
            return manifest_fail(
                c->x, c->line, cursor_col(c, opt),
                "verify: unexpected '%s' (options: in FILE, on DEVICE, rtol X, atol Y, "
                "exact)",
                opt);
        /* `atol 1e-3 atol 1e-4` kept the last one: which did the user mean? */
        if (seen & (1u << o))
            return manifest_fail(c->x, c->line, cursor_col(c, opt),
                                 "verify: %s is given twice: keep one", options[o]);
        seen |= 1u << o;
        if (o == 0) {
            check->exact = 1;
            continue;
        }
        v = cursor_word(c, &vlen);
        if (v == NULL)
            return manifest_fail(c->x, c->line, cursor_col(c, c->at),
                                 "verify: a value must follow '%s'", options[o]);
        if (o == 1) {
            check->ref_file = relative_to(u, c->x->path, v, vlen);
            u->verify_file_column = cursor_col(c, v);
        } else if (o == 2)
            check->ref_device = manifest_keep(u, v, vlen);
        else {
            char *end;
            const double x = strtod(v, &end);

            if (end != v + vlen || !(x >= 0))
                return manifest_fail(c->x, c->line, cursor_col(c, v),
                                     "verify: %s takes a number at least 0, as in 1e-5",
                                     options[o]);
            *(o == 3 ? &check->rtol : &check->atol) = x;
        }
    }
    return 0;
}

static const struct contract *contract_find(const char *s, size_t len)
{
    for (unsigned i = 0; i < sizeof contracts / sizeof contracts[0]; i++)
        if (manifest_word_is(s, len, contracts[i].name))
            return &contracts[i];
    return NULL;
}

/* The line's end: nothing may follow what the key took. */
static int line_done(struct cursor *c)
{
    return cursor_at_end(c)
               ? 0
               : manifest_fail(c->x, c->line, cursor_col(c, c->at), "unexpected '%s'", c->at);
}

static int parse_contract(struct cursor *c, struct cb_manifest_kernel *u, struct pending *pend)
{
    size_t len = 0;
    const char *name = cursor_ident(c, &len);

    u->contract = name != NULL ? contract_find(name, len) : NULL;
    if (u->contract == NULL)
        return manifest_fail(c->x, c->line, cursor_col(c, name != NULL ? name : c->at),
                             "unknown contract '%.*s' (use vadd, transpose, copy, matmul or "
                             "generic)",
                             name != NULL ? (int)len : 0, name != NULL ? name : "");
    pend->contract_line = c->line;
    return line_done(c);
}

/* summary TEXT, reproduces TEXT */
static int parse_text(struct cursor *c, struct cb_manifest_kernel *u, const char **out,
                      const char *key)
{
    *out = cursor_rest(c, u, NULL);
    return *out != NULL ? 0 : manifest_fail(c->x, c->line, 0, "%s is empty", key);
}

static int parse_summary(struct cursor *c, struct cb_manifest_kernel *u, struct pending *pend)
{
    (void)pend;
    return parse_text(c, u, &u->k.summary, "summary");
}

static int parse_reproduces(struct cursor *c, struct cb_manifest_kernel *u, struct pending *pend)
{
    (void)pend;
    return parse_text(c, u, &u->k.experiment, "reproduces");
}

static int parse_require(struct cursor *c, struct cb_manifest_kernel *u, struct pending *pend)
{
    (void)pend;
    if (u->require_count == MAX_REQUIRES)
        return manifest_fail(c->x, c->line, 0, "more than %d require lines", MAX_REQUIRES);
    struct located *r = &u->require[u->require_count];
    char *text = (char *)cursor_rest(c, u, r);
    char *quote = text != NULL ? strchr(text, '"') : NULL;
    size_t len;

    if (text == NULL || quote == text)
        return manifest_fail(c->x, c->line, cursor_col(c, c->at),
                             "require needs a condition, as in `require TILE divides 256`");
    /* COND "reason": the reason a row gets when COND is false, instead of the condition. */
    if (quote != NULL) {
        len = strlen(quote);
        if (len < 3 || quote[len - 1] != '"' || memchr(quote + 1, '"', len - 2) != NULL)
            return manifest_fail(c->x, c->line, r->column + (unsigned)(quote - text),
                                 "require: the reason is one \"quoted\" text at the line's end");
        quote[len - 1] = '\0';
        u->require_reason[u->require_count] = quote + 1;
        while (quote > text && (quote[-1] == ' ' || quote[-1] == '\t'))
            quote--;
        *quote = '\0';
    }
    u->require_count++;
    return 0;
}

static int parse_global(struct cursor *c, struct cb_manifest_kernel *u, struct pending *pend)
{
    (void)pend;
    return cursor_expr_list(c, u, "global", u->global, 3, &u->global_count);
}

static int parse_local(struct cursor *c, struct cb_manifest_kernel *u, struct pending *pend)
{
    (void)pend;
    return cursor_expr_list(c, u, "local", u->local, 3, &u->local_count);
}

/* KEY EXPR, the rest of the line one expression. */
static int parse_expr(struct cursor *c, struct cb_manifest_kernel *u, struct located *l,
                      const char *key)
{
    l->text = cursor_rest(c, u, l);
    return l->text != NULL
               ? 0
               : manifest_fail(c->x, c->line, cursor_col(c, c->at), "%s needs an expression", key);
}

static int parse_local_mem(struct cursor *c, struct cb_manifest_kernel *u, struct pending *pend)
{
    (void)pend;
    return parse_expr(c, u, &u->local_mem, "local_mem");
}

static int parse_dynamic_local(struct cursor *c, struct cb_manifest_kernel *u, struct pending *pend)
{
    (void)pend;
    return parse_expr(c, u, &u->dynamic_local, "dynamic_local");
}

static int parse_flops(struct cursor *c, struct cb_manifest_kernel *u, struct pending *pend)
{
    (void)pend;
    return parse_expr(c, u, &u->flops, "flops");
}

static int parse_bytes(struct cursor *c, struct cb_manifest_kernel *u, struct pending *pend)
{
    (void)pend;
    return parse_expr(c, u, &u->bytes, "bytes");
}

/* twin NAME, baseline NAME */
static int parse_kernel_name(struct cursor *c, struct cb_manifest_kernel *u, const char **out,
                             unsigned *line, const char *key)
{
    size_t len = 0;
    const char *name = cursor_ident(c, &len);

    if (name == NULL)
        return manifest_fail(c->x, c->line, cursor_col(c, c->at), "%s needs a kernel name", key);
    *out = manifest_keep(u, name, len);
    *line = c->line;
    return *out != NULL ? line_done(c) : manifest_fail(c->x, c->line, 0, "out of memory");
}

static int parse_twin(struct cursor *c, struct cb_manifest_kernel *u, struct pending *pend)
{
    (void)pend;
    return parse_kernel_name(c, u, &u->k.twin, &u->twin_line, "twin");
}

static int parse_baseline(struct cursor *c, struct cb_manifest_kernel *u, struct pending *pend)
{
    (void)pend;
    return parse_kernel_name(c, u, &u->k.baseline, &u->baseline_line, "baseline");
}

/* then NAME: the kernel of the same file that a plan's second launch runs (struct cb_then). */
static int parse_then(struct cursor *c, struct cb_manifest_kernel *u, struct pending *pend)
{
    (void)pend;
    return parse_kernel_name(c, u, &u->k.then, &u->then_line, "then");
}

static int parse_metric(struct cursor *c, struct cb_manifest_kernel *u, struct pending *pend)
{
    if (cursor_accept_word(c, "gflops"))
        u->k.metric = CB_METRIC_GFLOPS;
    else if (cursor_accept_word(c, "gbs"))
        u->k.metric = CB_METRIC_GBS;
    else
        return manifest_fail(c->x, c->line, cursor_col(c, c->at), "metric is gflops or gbs");
    pend->metric_given = 1;
    pend->metric_line = c->line;
    return line_done(c);
}

static int parse_dims(struct cursor *c, struct cb_manifest_kernel *u, struct pending *pend)
{
    unsigned n = 0;
    const char *name;
    size_t len;

    (void)pend;
    while ((name = cursor_ident(c, &len)) != NULL) {
        if (n == CB_MAX_DIMS)
            return manifest_fail(c->x, c->line, cursor_col(c, name), "dims takes at most 3 names");
        u->k.dim_names[n++] = manifest_keep(u, name, len);
    }
    if (n == 0 || !cursor_at_end(c))
        return manifest_fail(c->x, c->line, cursor_col(c, c->at),
                             "dims takes 1 to 3 size names, as in `dims N` or `dims W H`");
    u->k.dims = n;
    return 0;
}

static int parse_private_mem(struct cursor *c, struct cb_manifest_kernel *u, struct pending *pend)
{
    (void)pend;
    return parse_expr(c, u, &u->private_mem, "private_mem");
}

static int parse_loops(struct cursor *c, struct cb_manifest_kernel *u, struct pending *pend)
{
    (void)pend;
    return parse_expr(c, u, &u->loops, "loops");
}

/* plan NAME: a plan plug-in by name (host/kernels/plugins.c). */
static int parse_plan(struct cursor *c, struct cb_manifest_kernel *u, struct pending *pend)
{
    size_t len = 0;
    const char *name = cursor_ident(c, &len);
    char list[128];

    (void)pend;
    u->hook = name != NULL ? cb_plugin_find(name, len) : NULL;
    if (u->hook == NULL || u->hook->plan == NULL)
        return manifest_fail(c->x, c->line, cursor_col(c, name != NULL ? name : c->at),
                             "unknown plan '%.*s': the plans are the plug-ins of "
                             "host/kernels/plugins.c (%s; a new one is a row of its table)",
                             name != NULL ? (int)len : 0, name != NULL ? name : "",
                             cb_plugin_names(1, list, sizeof list));
    u->hook_line = c->line;
    return line_done(c);
}

/* libraries NAME [NAME]: library rows for the report's "vs library" column. */
static int parse_libraries(struct cursor *c, struct cb_manifest_kernel *u, struct pending *pend)
{
    const unsigned max = sizeof u->k.libraries / sizeof u->k.libraries[0];
    unsigned n = 0;
    const char *name;
    size_t len;

    (void)pend;
    while ((name = cursor_ident(c, &len)) != NULL) {
        if (n == max)
            return manifest_fail(c->x, c->line, cursor_col(c, name),
                                 "libraries takes at most %u "
                                 "names",
                                 max);
        u->k.libraries[n++] = manifest_keep(u, name, len);
    }
    if (n == 0 || !cursor_at_end(c))
        return manifest_fail(c->x, c->line, cursor_col(c, c->at),
                             "libraries takes kernel names, as in `libraries sgemm_cublas "
                             "sgemm_openblas`");
    u->libraries_line = c->line;
    return 0;
}

/* types T [T...]: the element types (REAL, --type) a kernel with REAL arguments can be built
 * with, of float, double and half; without the line, all three.  Rows of another type are
 * unsupported. */
static int parse_types(struct cursor *c, struct cb_manifest_kernel *u, struct pending *pend)
{
    const char *name;
    size_t len;

    (void)pend;
    while ((name = cursor_ident(c, &len)) != NULL) {
        enum cb_elem_type t;

        if (cb_elem_find(name, len, &t) != 0 ||
            (t != CB_ELEM_FLOAT && t != CB_ELEM_DOUBLE && t != CB_ELEM_HALF))
            return manifest_fail(c->x, c->line, cursor_col(c, name),
                                 "unknown type '%.*s' in types: a kernel's REAL is float, double "
                                 "or half",
                                 (int)len, name);
        u->k.types |= 1u << t;
    }
    if (u->k.types == 0 || !cursor_at_end(c))
        return manifest_fail(c->x, c->line, cursor_col(c, c->at),
                             "types takes float, double or half, as in `types float double`");
    return 0;
}

/* finding curve TITLE | finding grid X Y TITLE | finding ladder TITLE */
static int parse_finding(struct cursor *c, struct cb_manifest_kernel *u, struct pending *pend)
{
    struct cb_finding *f = &u->k.finding;
    size_t len;

    (void)pend;
    if (cursor_accept_word(c, "curve"))
        f->kind = CB_FINDING_CURVE;
    else if (cursor_accept_word(c, "ladder"))
        f->kind = CB_FINDING_LADDER;
    else if (cursor_accept_word(c, "grid")) {
        const char *x = cursor_ident(c, &len);

        f->x = x != NULL ? manifest_keep(u, x, len) : NULL;
        const char *y = x != NULL ? cursor_ident(c, &len) : NULL;

        f->y = y != NULL ? manifest_keep(u, y, len) : NULL;
        if (f->y == NULL)
            return manifest_fail(c->x, c->line, cursor_col(c, c->at),
                                 "finding grid names two parameters, as in `finding grid RX RY "
                                 "results per work-item`");
        f->kind = CB_FINDING_GRID;
    } else {
        cursor_blanks(c);
        return manifest_fail(c->x, c->line, cursor_col(c, c->at),
                             "finding is `curve TITLE`, `grid X Y TITLE` or `ladder TITLE`");
    }
    f->title = cursor_rest(c, u, NULL);
    return f->title != NULL ? 0
                            : manifest_fail(c->x, c->line, cursor_col(c, c->at),
                                            "finding: a title must follow, for the report");
}

/* One manifest key. */
struct key {
    const char *name;
    int repeatable; /* else a second line with it is refused */
    /* 1: part of an argument list, which a contract other than generic fixes: refused beside
     * one, and the key the message lists as "generic only". */
    int fixed;
    int (*parse)(struct cursor *c, struct cb_manifest_kernel *u, struct pending *pend);
};

static const struct key keys[] = {
    {"contract", 0, 0, parse_contract},
    {"summary", 0, 0, parse_summary},
    {"reproduces", 0, 0, parse_reproduces},
    {"param", 1, 0, parse_param},
    {"require", 1, 0, parse_require},
    {"global", 0, 0, parse_global},
    {"local", 0, 0, parse_local},
    {"local_mem", 0, 0, parse_local_mem},
    {"dynamic_local", 0, 0, parse_dynamic_local},
    {"size", 0, 0, parse_size},
    {"twin", 0, 0, parse_twin},
    {"baseline", 0, 0, parse_baseline},
    {"metric", 0, 0, parse_metric},
    {"dims", 0, 1, parse_dims},
    {"arg", 1, 1, parse_arg},
    {"flops", 0, 1, parse_flops},
    {"bytes", 0, 1, parse_bytes},
    {"verify", 0, 0, parse_verify},
    {"plan", 0, 0, parse_plan},
    {"then", 0, 0, parse_then},
    {"private_mem", 0, 0, parse_private_mem},
    {"loops", 0, 0, parse_loops},
    {"libraries", 0, 0, parse_libraries},
    {"finding", 0, 0, parse_finding},
    {"types", 0, 0, parse_types},
};
enum { KEY_COUNT = sizeof keys / sizeof keys[0] };
_Static_assert((int)KEY_COUNT <= (int)KEY_SLOTS, "struct pending's key_line has a slot per key");

/* "contract, summary, ...; generic only: dims, arg, ...", from the table. */
static const char *keys_text(char *buf, size_t len)
{
    size_t used = 0;

    buf[0] = '\0';
    for (int fixed = 0; fixed < 2; fixed++) {
        const char *sep = fixed ? "; generic only: " : "";

        for (unsigned i = 0; i < KEY_COUNT && used < len; i++)
            if (keys[i].fixed == fixed) {
                const int n = snprintf(buf + used, len - used, "%s%s", sep, keys[i].name);

                used += n > 0 ? (size_t)n : 0;
                sep = ", ";
            }
    }
    return buf;
}

int manifest_parse_key(struct cursor *c, struct cb_manifest_kernel *u, struct pending *pend)
{
    char list[256];
    const char *name;
    size_t len;

    name = cursor_ident(c, &len);
    if (name == NULL)
        return manifest_fail(c->x, c->line, cursor_col(c, c->at), "expected a key (%s)",
                             keys_text(list, sizeof list));
    for (unsigned i = 0; i < KEY_COUNT; i++) {
        if (!manifest_word_is(name, len, keys[i].name))
            continue;
        /* A second `global` would silently replace the first: the user meant one of them. */
        if (!keys[i].repeatable && pend->key_line[i] != 0)
            return manifest_fail(c->x, c->line, cursor_col(c, name),
                                 "%s is given twice (first on line %u): keep one", keys[i].name,
                                 pend->key_line[i]);
        if (pend->key_line[i] == 0)
            pend->key_line[i] = c->line;
        return keys[i].parse(c, u, pend);
    }
    return manifest_fail(c->x, c->line, cursor_col(c, name), "unknown key '%.*s' (keys: %s)",
                         (int)len, name, keys_text(list, sizeof list));
}

/* The key a contract's line gives: its first word's row of the table. */
static unsigned key_of(const char *line)
{
    const size_t len = strcspn(line, " ");
    unsigned i = 0;

    while (i < KEY_COUNT && !manifest_word_is(line, len, keys[i].name))
        i++;
    return i;
}

int manifest_apply_contract(const struct context *x, struct cb_manifest_kernel *u,
                            struct pending *pend)
{
    const struct contract *ct = u->contract;
    unsigned given[KEY_COUNT], first = KEY_COUNT;

    if (ct == NULL || ct->lines == NULL)
        return 0;
    /* The first line, in the file, of a key the contract's argument list fixes. */
    for (unsigned i = 0; i < KEY_COUNT; i++) {
        given[i] = pend->key_line[i];
        if (keys[i].fixed && given[i] != 0 && (first == KEY_COUNT || given[i] < given[first]))
            first = i;
    }
    if (first < KEY_COUNT)
        return manifest_fail(x, given[first], 0,
                             "`%s` is only for the generic contract; the %s contract's arguments "
                             "are fixed: %s",
                             keys[first].name, ct->name, ct->signature);
    for (const char *const *line = ct->lines; *line != NULL; line++) {
        const unsigned k = key_of(*line);
        struct cursor c;

        /* The manifest's own line of that key stands: its baseline, its reference. */
        if (k < KEY_COUNT && !keys[k].repeatable && given[k] != 0)
            continue;
        c = (struct cursor){x, manifest_keep(u, *line, strlen(*line)), NULL, pend->contract_line,
                            1};
        if (c.s == NULL)
            return manifest_fail(x, pend->contract_line, 0, "out of memory");
        c.at = c.s;
        if (manifest_parse_key(&c, u, pend) != 0)
            return -1;
    }
    return 0;
}
