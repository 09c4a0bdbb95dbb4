/* Kernel manifests: finding them in a .cl file's comments, parsing their keys into struct
 * cb_kernel objects, checking the expressions, and the plan function that evaluates them per
 * row; see manifest.h.  The grammar is documented in README.md ("Your own kernels").
 */
#define _POSIX_C_SOURCE 200809L
#include "clbench/manifest.h"

#include "clbench/check.h"
#include "clbench/expr.h"
#include "clbench/families.h"
#include "clbench/parse.h"
#include "clbench/text_file.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { MAX_REQUIRES = 16, MAX_VARS = CB_MAX_DIMS + CB_MAX_PARAMS };

/* An expression with where it was written, for messages. */
struct located {
    const char *text; /* NULL: absent */
    unsigned line, column;
};

/* A family's argument list, inputs, work model and reference, which a user kernel that
 * declares the contract gets as they are; only its NDRange comes from its manifest. */
struct contract {
    const char *name;
    unsigned dims;
    const char *vars[CB_MAX_DIMS]; /* the size variables' names */
    unsigned inputs;
    enum cb_metric metric;
    const char *baseline;
    cb_plan_fn model;
    cb_reference_fn reference;
    const char *signature; /* for messages */
};

static const struct contract contracts[] = {
    {"vadd",
     1,
     {"N"},
     2,
     CB_METRIC_GBS,
     "vadd",
     cb_contract_vadd,
     cb_ref_vadd,
     "(const int n, __global const float *a, __global const float *b, __global float *c)"},
    {"transpose",
     2,
     {"W", "H"},
     1,
     CB_METRIC_GBS,
     "transpose_naive",
     cb_contract_transpose,
     cb_ref_transpose,
     "(const int width, const int height, __global const float *in, __global float *out)"},
    {"copy",
     1,
     {"N"},
     1,
     CB_METRIC_GBS,
     "copy_ilp",
     cb_contract_copy,
     cb_ref_copy,
     "(const int n, __global const float *in, __global float *out [, __local float *ballast])"},
    {"matmul",
     3,
     {"M", "N", "K"},
     2,
     CB_METRIC_GFLOPS,
     "matmul_naive",
     cb_contract_matmul,
     cb_ref_matmul,
     "(const int M, const int N, const int K, __global const float *A, __global const float *B, "
     "__global float *C)"},
    {"generic", 0, {NULL}, 0, CB_METRIC_GBS, NULL, NULL, NULL, "(as its `arg` lines declare)"},
};
enum { CONTRACT_COUNT = sizeof contracts / sizeof contracts[0] };

static const char *const keys_text =
    "contract, summary, reproduces, param, require, global, local, "
    "local_mem, dynamic_local, size, twin, baseline, metric; "
    "generic only: dims, arg, flops, bytes, verify";

struct user_kernel {
    struct cb_kernel k; /* first: the plan function gets back here from p->kernel */
    struct cb_generic generic;
    const struct contract *contract;
    const struct cb_manifest_file *file;
    unsigned line; /* of `clbench:kernel NAME` */
    const char *dim_names[CB_MAX_DIMS];
    char size_names[CB_MAX_DIMS * 32]; /* dim_names joined by 'x', for --list-kernels */
    struct located require[MAX_REQUIRES];
    unsigned require_count;
    struct located global[3], local[3];
    unsigned global_count, local_count;
    struct located local_mem, dynamic_local, flops, bytes;
    struct located arg_expr[CB_MAX_ARGS];
    unsigned twin_line, baseline_line, verify_line;
    char **owned; /* strings this kernel's fields point to */
    size_t owned_count;
};

/* ---- messages ---------------------------------------------------------------------------- */

struct context {
    const char *path;
    char *why;
    size_t len;
};

static int fail(const struct context *x, unsigned line, unsigned column, const char *fmt, ...)
    CB_PRINTF(4, 5);

/* "PATH:LINE:COLUMN: message" (LINE and COLUMN where known). */
static int fail(const struct context *x, unsigned line, unsigned column, const char *fmt, ...)
{
    va_list ap;
    int n;

    if (line > 0 && column > 0)
        n = snprintf(x->why, x->len, "%s:%u:%u: ", x->path, line, column);
    else if (line > 0)
        n = snprintf(x->why, x->len, "%s:%u: ", x->path, line);
    else
        n = snprintf(x->why, x->len, "%s: ", x->path);
    if (n < 0 || (size_t)n >= x->len)
        return -1;
    va_start(ap, fmt);
    vsnprintf(x->why + n, x->len - (size_t)n, fmt, ap);
    va_end(ap);
    return -1;
}

/* ---- owned strings ----------------------------------------------------------------------- */

static char *keep(struct user_kernel *u, const char *s, size_t len)
{
    char **grown = realloc(u->owned, (u->owned_count + 1) * sizeof *grown);
    char *copy;

    if (grown == NULL)
        return NULL;
    u->owned = grown;
    copy = malloc(len + 1);
    if (copy == NULL)
        return NULL;
    memcpy(copy, s, len);
    copy[len] = '\0';
    u->owned[u->owned_count++] = copy;
    return copy;
}

static void user_kernel_free(struct user_kernel *u)
{
    if (u == NULL)
        return;
    for (size_t i = 0; i < u->owned_count; i++)
        free(u->owned[i]);
    free(u->owned);
    free(u);
}

/* ---- comments and kernels of the source -------------------------------------------------- */

/* One line of a comment, without its comment markers. */
struct comment_line {
    unsigned line;
    unsigned comment; /* lines of one comment share it; a run of // lines is one comment */
    const char *body; /* into the text */
    size_t body_len;
    unsigned column; /* of body[0], 1-based */
};

struct scan {
    struct comment_line *lines;
    size_t count;
    char *code; /* the text with comments and literals blanked, for finding kernels */
};

static int add_comment_line(struct scan *s, const char *text, const char *from, const char *to,
                            unsigned line, unsigned comment, int first)
{
    const char *line_start = from;
    struct comment_line *grown;

    while (line_start > text && line_start[-1] != '\n')
        line_start--;
    while (from < to && (*from == ' ' || *from == '\t'))
        from++;
    if (first && to - from >= 2 && from[0] == '/' && (from[1] == '*' || from[1] == '/'))
        from += 2;
    while (from < to && (*from == ' ' || *from == '\t' || *from == '*' || *from == '/'))
        from++;
    while (to > from && (to[-1] == ' ' || to[-1] == '\t' || to[-1] == '\r'))
        to--;
    if (to - from >= 2 && to[-2] == '*' && to[-1] == '/')
        to -= 2;
    while (to > from && (to[-1] == ' ' || to[-1] == '\t' || to[-1] == '*'))
        to--;
    grown = realloc(s->lines, (s->count + 1) * sizeof *grown);
    if (grown == NULL)
        return -1;
    s->lines = grown;
    grown[s->count++] = (struct comment_line){line, comment, from, (size_t)(to - from),
                                              (unsigned)(from - line_start) + 1};
    return 0;
}

/* Splits the comment text[start, end) into its lines. */
static int add_comment(struct scan *s, const char *text, size_t start, size_t end, unsigned line,
                       unsigned comment)
{
    size_t from = start;

    for (size_t i = start; i <= end; i++)
        if (i == end || text[i] == '\n') {
            if (add_comment_line(s, text, text + from, text + i, line, comment, from == start) != 0)
                return -1;
            line++;
            from = i + 1;
        }
    return 0;
}

static int scan_source(const char *text, struct scan *s)
{
    const size_t n = strlen(text);
    unsigned line = 1, comment = 0, last_line_comment = 0;
    size_t i = 0;

    memset(s, 0, sizeof *s);
    s->code = malloc(n + 1);
    if (s->code == NULL)
        return -1;
    memcpy(s->code, text, n + 1);
    while (i < n) {
        if (text[i] == '/' && text[i + 1] == '*') {
            const char *close = strstr(text + i + 2, "*/");
            const size_t end = close != NULL ? (size_t)(close - text) + 2 : n;

            if (add_comment(s, text, i, end, line, ++comment) != 0)
                return -1;
            for (size_t j = i; j < end; j++)
                if (text[j] == '\n')
                    line++;
                else
                    s->code[j] = ' ';
            i = end;
        } else if (text[i] == '/' && text[i + 1] == '/') {
            const size_t end = i + strcspn(text + i, "\n");

            /* Consecutive // lines form one comment. */
            if (last_line_comment == 0 || last_line_comment + 1 != line)
                comment++;
            last_line_comment = line;
            if (add_comment(s, text, i, end, line, comment) != 0)
                return -1;
            memset(s->code + i, ' ', end - i);
            i = end;
        } else if (text[i] == '"' || text[i] == '\'') {
            const char quote = text[i];
            size_t j = i + 1;

            while (j < n && text[j] != quote && text[j] != '\n')
                j += text[j] == '\\' && j + 1 < n && text[j + 1] != '\n' ? 2 : 1;
            /* The closing quote goes with the literal; a newline (unterminated) does not. */
            if (j < n && text[j] == quote)
                j++;
            memset(s->code + i, ' ', j - i);
            i = j;
        } else {
            line += text[i] == '\n';
            i++;
        }
    }
    return 0;
}

static void scan_free(struct scan *s)
{
    free(s->lines);
    free(s->code);
}

static int is_ident_start(char c)
{
    return isalpha((unsigned char)c) || c == '_';
}

static int is_ident(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

/* The next identifier of code at or after *at; NULL at the end. */
static const char *next_ident(const char **at, size_t *len)
{
    const char *p = *at;

    while (*p != '\0' && !is_ident_start(*p)) {
        if (isdigit((unsigned char)*p))
            while (is_ident(*p))
                p++;
        else
            p++;
    }
    if (*p == '\0')
        return NULL;
    *at = p;
    while (is_ident(*p))
        p++;
    *len = (size_t)(p - *at);
    {
        const char *start = *at;

        *at = p;
        return start;
    }
}

static int word_is(const char *s, size_t len, const char *w)
{
    return strlen(w) == len && strncmp(s, w, len) == 0;
}

/* Skips blanks and any __attribute__((...)) at *at. */
static void skip_attributes(const char **at)
{
    for (;;) {
        const char *p = *at;

        while (isspace((unsigned char)*p))
            p++;
        if (strncmp(p, "__attribute__", 13) != 0 || is_ident(p[13])) {
            *at = p;
            return;
        }
        p += 13;
        while (isspace((unsigned char)*p))
            p++;
        if (*p == '(') {
            int depth = 0;

            do {
                depth += *p == '(' ? 1 : *p == ')' ? -1 : 0;
                p++;
            } while (*p != '\0' && depth > 0);
        }
        *at = p;
    }
}

/* 1 if code declares `__kernel void name(` or `kernel void name(`, attributes allowed. */
static int declares_kernel(const char *code, const char *name)
{
    const char *at = code;
    const char *id;
    size_t len;

    while ((id = next_ident(&at, &len)) != NULL) {
        const char *p = at;

        if (!word_is(id, len, "__kernel") && !word_is(id, len, "kernel"))
            continue;
        skip_attributes(&p);
        if (strncmp(p, "void", 4) != 0 || is_ident(p[4]))
            continue;
        p += 4;
        skip_attributes(&p);
        len = strlen(name);
        if (strncmp(p, name, len) == 0 && !is_ident(p[len])) {
            p += len;
            while (isspace((unsigned char)*p))
                p++;
            if (*p == '(')
                return 1;
        }
    }
    return 0;
}

/* ---- a manifest line --------------------------------------------------------------------- */

struct cursor {
    const struct context *x;
    char *s;         /* a NUL-terminated copy of the line's body */
    const char *at;  /* the next character */
    unsigned line;   /* in the file */
    unsigned column; /* of s[0] */
};

static unsigned col(const struct cursor *c, const char *p)
{
    return c->column + (unsigned)(p - c->s);
}

static void blanks(struct cursor *c)
{
    while (*c->at == ' ' || *c->at == '\t')
        c->at++;
}

static int at_end(struct cursor *c)
{
    blanks(c);
    return *c->at == '\0';
}

static const char *ident(struct cursor *c, size_t *len)
{
    const char *start;

    blanks(c);
    start = c->at;
    if (!is_ident_start(*start))
        return NULL;
    while (is_ident(*c->at))
        c->at++;
    *len = (size_t)(c->at - start);
    return start;
}

/* A run of non-blank characters. */
static const char *word(struct cursor *c, size_t *len)
{
    const char *start;

    blanks(c);
    start = c->at;
    while (*c->at != '\0' && *c->at != ' ' && *c->at != '\t')
        c->at++;
    *len = (size_t)(c->at - start);
    return *len > 0 ? start : NULL;
}

static int accept_char(struct cursor *c, char ch)
{
    blanks(c);
    if (*c->at != ch)
        return 0;
    c->at++;
    return 1;
}

static int accept_word(struct cursor *c, const char *w)
{
    const char *save = c->at;
    size_t len;
    const char *got = ident(c, &len);

    if (got != NULL && word_is(got, len, w))
        return 1;
    c->at = save;
    return 0;
}

/* The rest of the line, blanks trimmed; NULL if empty. */
static const char *rest(struct cursor *c, struct user_kernel *u, struct located *where)
{
    const char *end;

    blanks(c);
    end = c->at + strlen(c->at);
    if (end == c->at)
        return NULL;
    if (where != NULL) {
        where->line = c->line;
        where->column = col(c, c->at);
    }
    {
        const char *start = c->at;
        char *text = keep(u, start, (size_t)(end - start));

        c->at = end;
        if (where != NULL)
            where->text = text;
        return text;
    }
}

/* A comma list of up to `max` expressions, split at the commas outside parentheses. */
static int expr_list(struct cursor *c, struct user_kernel *u, const char *key, struct located *out,
                     unsigned max, unsigned *count)
{
    *count = 0;
    blanks(c);
    if (*c->at == '\0')
        return fail(c->x, c->line, col(c, c->at), "%s needs an expression: `%s N` or `%s W, H`",
                    key, key, key);
    while (*c->at != '\0') {
        const char *start, *end;
        int depth = 0;

        blanks(c);
        start = c->at;
        while (*c->at != '\0' && !(*c->at == ',' && depth == 0)) {
            depth += *c->at == '(' ? 1 : *c->at == ')' ? -1 : 0;
            c->at++;
        }
        end = c->at;
        while (end > start && (end[-1] == ' ' || end[-1] == '\t'))
            end--;
        if (*count == max)
            return fail(c->x, c->line, col(c, start), "%s takes at most %u dimensions", key, max);
        out[*count] =
            (struct located){keep(u, start, (size_t)(end - start)), c->line, col(c, start)};
        if (out[*count].text == NULL)
            return fail(c->x, c->line, 0, "out of memory");
        (*count)++;
        if (*c->at == ',') {
            c->at++;
            if (at_end(c))
                return fail(c->x, c->line, col(c, c->at), "%s: an expression is missing after ','",
                            key);
        }
    }
    return 0;
}

/* ---- keys -------------------------------------------------------------------------------- */

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

/* param NAME = DEFAULT in ALLOWED ["help"] */
static int parse_param(struct cursor *c, struct user_kernel *u)
{
    const unsigned n = cb_kernel_param_count(&u->k);
    struct cb_param *param = &u->k.params[n];
    const char *name, *value, *allowed;
    size_t len, vlen;
    char *end;

    name = ident(c, &len);
    if (name == NULL)
        return fail(c->x, c->line, col(c, c->at),
                    "param needs a macro name: `param TILE = 16 in 8,16,32 \"help\"`");
    if (n == CB_MAX_PARAMS)
        return fail(c->x, c->line, col(c, name), "more than %d parameters", CB_MAX_PARAMS);
    param->name = keep(u, name, len);
    if (param->name == NULL)
        return fail(c->x, c->line, 0, "out of memory");
    if (cb_kernel_param_index(&u->k, param->name) != (int)n)
        return fail(c->x, c->line, col(c, name), "param %s is declared twice", param->name);
    if (!accept_char(c, '='))
        return fail(c->x, c->line, col(c, c->at),
                    "param %s has no default: write `param %s = VALUE in ALLOWED`", param->name,
                    param->name);
    value = word(c, &vlen);
    errno = 0;
    param->def = value != NULL ? strtol(value, &end, 10) : 0;
    if (value == NULL || end != value + vlen || errno != 0)
        return fail(c->x, c->line, col(c, value != NULL ? value : c->at),
                    "param %s: the default must be an integer, as in `param %s = 16 in 8,16,32`",
                    param->name, param->name);
    if (!accept_word(c, "in"))
        return fail(c->x, c->line, col(c, c->at),
                    "param %s: give its allowed values after the default: `in 8,16,32` or "
                    "`in 1..64`",
                    param->name);
    allowed = word(c, &vlen);
    param->allowed = allowed != NULL ? keep(u, allowed, vlen) : NULL;
    if (param->allowed == NULL || !valid_allowed(param->allowed))
        return fail(c->x, c->line, col(c, allowed != NULL ? allowed : c->at),
                    "param %s: allowed values are a list `8,16,32` or a range `1..64`",
                    param->name);
    if (!cb_param_allows(param, param->def))
        return fail(c->x, c->line, col(c, value), "param %s: the default %ld is not in %s",
                    param->name, param->def, param->allowed);
    blanks(c);
    if (*c->at == '"') {
        const char *close = strchr(c->at + 1, '"');

        if (close == NULL)
            return fail(c->x, c->line, col(c, c->at),
                        "param %s: the help text lacks its closing \"", param->name);
        param->help = keep(u, c->at + 1, (size_t)(close - c->at - 1));
        c->at = close + 1;
        if (!at_end(c))
            return fail(c->x, c->line, col(c, c->at), "unexpected text after the help text");
    } else
        param->help = *c->at != '\0' ? rest(c, u, NULL) : keep(u, "", 0);
    return param->help == NULL ? fail(c->x, c->line, 0, "out of memory") : 0;
}

/* size cpu SIZE gpu SIZE (either or both) */
static int parse_size(struct cursor *c, struct cb_size *cpu, struct cb_size *gpu)
{
    int any = 0;

    while (!at_end(c)) {
        const char *which = c->at, *value;
        const int is_cpu = accept_word(c, "cpu");
        char buf[64], why[CB_WHY_LEN];
        size_t len, count;

        if (!is_cpu && !accept_word(c, "gpu"))
            return fail(c->x, c->line, col(c, which),
                        "size takes `cpu SIZE gpu SIZE`, as in "
                        "`size cpu 1M gpu 64M`");
        value = word(c, &len);
        if (value == NULL || len >= sizeof buf)
            return fail(c->x, c->line, col(c, c->at), "size: a size must follow `%s`",
                        is_cpu ? "cpu" : "gpu");
        memcpy(buf, value, len);
        buf[len] = '\0';
        if (cb_parse_sizes(buf, is_cpu ? cpu : gpu, 1, &count, why) != 0)
            return fail(c->x, c->line, col(c, value), "size: %s", why);
        any = 1;
    }
    return any ? 0 : fail(c->x, c->line, col(c, c->at), "size takes `cpu SIZE gpu SIZE`");
}

/* arg NAME int = EXPR | NAME float[EXPR] DIR [FILL] | NAME int[EXPR] DIR [FILL] |
 * NAME local[EXPR] */
static int parse_arg(struct cursor *c, struct user_kernel *u)
{
    struct cb_generic *g = &u->generic;
    struct cb_generic_arg *a = &g->args[g->arg_count];
    const char *name, *type;
    size_t len, tlen;

    name = ident(c, &len);
    if (name == NULL)
        return fail(c->x, c->line, col(c, c->at),
                    "arg needs the argument's name: `arg n int = N` or `arg x float[N] in`");
    if (g->arg_count == CB_MAX_ARGS)
        return fail(c->x, c->line, col(c, name), "more than %d arguments", CB_MAX_ARGS);
    memset(a, 0, sizeof *a);
    a->name = keep(u, name, len);
    type = ident(c, &tlen);
    if (type == NULL || !(word_is(type, tlen, "int") || word_is(type, tlen, "float") ||
                          word_is(type, tlen, "local")))
        return fail(c->x, c->line, col(c, type != NULL ? type : c->at),
                    "arg %s: the type is int, float[LENGTH], int[LENGTH] or local[BYTES]", a->name);
    if (word_is(type, tlen, "int") && accept_char(c, '=')) {
        a->kind = CB_ARG_SCALAR;
        a->type = CB_ELEM_INT;
        a->value = rest(c, u, &u->arg_expr[g->arg_count]);
        if (a->value == NULL)
            return fail(c->x, c->line, col(c, c->at), "arg %s: an expression must follow '='",
                        a->name);
        g->arg_count++;
        return 0;
    }
    if (*c->at != '[')
        return fail(c->x, c->line, col(c, c->at),
                    "arg %s: write `int = EXPR` for a scalar, `float[LENGTH]` or `int[LENGTH]` "
                    "for a buffer, `local[BYTES]` for local memory",
                    a->name);
    {
        const char *start = ++c->at;
        int depth = 1;

        while (*c->at != '\0' && depth > 0) {
            depth += *c->at == '[' ? 1 : *c->at == ']' ? -1 : 0;
            c->at++;
        }
        if (depth != 0)
            return fail(c->x, c->line, col(c, start - 1), "arg %s: '[' without its ']'", a->name);
        u->arg_expr[g->arg_count] =
            (struct located){keep(u, start, (size_t)(c->at - 1 - start)), c->line, col(c, start)};
        a->length = u->arg_expr[g->arg_count].text;
    }
    if (word_is(type, tlen, "local")) {
        a->kind = CB_ARG_LOCAL;
        if (!at_end(c))
            return fail(c->x, c->line, col(c, c->at), "arg %s: nothing follows local[BYTES]",
                        a->name);
        g->arg_count++;
        return 0;
    }
    a->kind = CB_ARG_BUFFER;
    a->type = word_is(type, tlen, "int") ? CB_ELEM_INT : CB_ELEM_FLOAT;
    if (accept_word(c, "inout"))
        a->is_input = a->is_output = 1;
    else if (accept_word(c, "in"))
        a->is_input = 1;
    else if (accept_word(c, "out"))
        a->is_output = 1;
    else {
        blanks(c);
        return fail(c->x, c->line, col(c, c->at), "arg %s: say in, out or inout after the length",
                    a->name);
    }
    a->fill = CB_FILL_RANDOM;
    if (!a->is_input && !at_end(c))
        return fail(c->x, c->line, col(c, c->at),
                    "arg %s: an `out` buffer starts poisoned, so that unwritten elements show: "
                    "drop '%s', or make it `inout` to start from a fill",
                    a->name, c->at);
    if (accept_word(c, "zeros"))
        a->fill = CB_FILL_ZEROS;
    else if (accept_word(c, "iota"))
        a->fill = CB_FILL_IOTA;
    else if (accept_word(c, "const")) {
        const char *v = word(c, &len);
        char *end;

        a->fill = CB_FILL_CONST;
        a->fill_value = v != NULL ? strtod(v, &end) : 0;
        if (v == NULL || end != v + len)
            return fail(c->x, c->line, col(c, v != NULL ? v : c->at),
                        "arg %s: const needs a number, as in `const 1.5`", a->name);
    } else
        accept_word(c, "random");
    if (!at_end(c))
        return fail(c->x, c->line, col(c, c->at),
                    "arg %s: unexpected '%s' (fills: random, zeros, iota, const V)", a->name,
                    c->at);
    g->arg_count++;
    return 0;
}

/* Joins `dir` of path and name, unless name is absolute. */
static char *relative_to(struct user_kernel *u, const char *path, const char *name, size_t len)
{
    const char *slash = strrchr(path, '/');
    char buf[4096];
    int n;

    if (name[0] == '/' || slash == NULL)
        return keep(u, name, len);
    n = snprintf(buf, sizeof buf, "%.*s/%.*s", (int)(slash - path), path, (int)len, name);
    return n < 0 || (size_t)n >= sizeof buf ? NULL : keep(u, buf, (size_t)n);
}

/* verify REFKERNEL [in FILE] [on DEVICE] [rtol X] [atol Y] [exact] */
static int parse_verify(struct cursor *c, struct user_kernel *u)
{
    struct cb_generic_check *check = &u->generic.check;
    const char *name;
    size_t len;

    name = ident(c, &len);
    if (name == NULL)
        return fail(c->x, c->line, col(c, c->at),
                    "verify needs a reference kernel: `verify my_ref rtol 1e-5`");
    check->ref_kernel = keep(u, name, len);
    while (!at_end(c)) {
        const char *opt = c->at, *v;
        size_t vlen;

        if (accept_word(c, "exact")) {
            check->exact = 1;
            continue;
        }
        if (!accept_word(c, "in") && !accept_word(c, "on") && !accept_word(c, "rtol") &&
            !accept_word(c, "atol"))
            return fail(c->x, c->line, col(c, opt),
                        "verify: unexpected '%s' (options: in FILE, on DEVICE, rtol X, atol Y, "
                        "exact)",
                        opt);
        v = word(c, &vlen);
        if (v == NULL)
            return fail(c->x, c->line, col(c, c->at), "verify: a value must follow '%.4s'", opt);
        if (opt[0] == 'i')
            check->ref_file = relative_to(u, c->x->path, v, vlen);
        else if (opt[0] == 'o')
            check->ref_device = keep(u, v, vlen);
        else {
            char *end;
            const double x = strtod(v, &end);

            if (end != v + vlen || !(x >= 0))
                return fail(c->x, c->line, col(c, v),
                            "verify: %.4s takes a number at least 0, as in 1e-5", opt);
            *(opt[0] == 'r' ? &check->rtol : &check->atol) = x;
        }
    }
    return 0;
}

static const struct contract *find_contract(const char *s, size_t len)
{
    for (unsigned i = 0; i < CONTRACT_COUNT; i++)
        if (word_is(s, len, contracts[i].name))
            return &contracts[i];
    return NULL;
}

/* The keys a manifest gives at most once (param, require and arg are repeated). */
static const char *const single_keys[] = {
    "contract", "summary",  "reproduces", "global", "local", "local_mem", "dynamic_local", "size",
    "twin",     "baseline", "metric",     "dims",   "flops", "bytes",     "verify"};
enum { SINGLE_KEY_COUNT = sizeof single_keys / sizeof single_keys[0] };

/* The state of one manifest while its lines are read (keys come in any order). */
struct pending {
    struct cb_size cpu, gpu;
    unsigned size_line, generic_key_line, contract_line, dynamic_local_line;
    const char *generic_key;
    int metric_given; /* else the contract's metric */
    unsigned metric_line;
    unsigned single_line[SINGLE_KEY_COUNT]; /* where each single key was given, 0: not yet */
};

static int parse_key(struct cursor *c, struct user_kernel *u, struct pending *pend)
{
    static const char *const generic_keys[] = {"dims", "arg", "flops", "bytes", "verify"};
    const char *key;
    size_t len;

    key = ident(c, &len);
    if (key == NULL)
        return fail(c->x, c->line, col(c, c->at), "expected a key (%s)", keys_text);
    for (unsigned i = 0; i < 5; i++)
        if (word_is(key, len, generic_keys[i]) && pend->generic_key_line == 0) {
            pend->generic_key_line = c->line;
            pend->generic_key = generic_keys[i];
        }
    /* A second `global` would silently replace the first: the user meant one of them. */
    for (unsigned i = 0; i < SINGLE_KEY_COUNT; i++)
        if (word_is(key, len, single_keys[i])) {
            if (pend->single_line[i] != 0)
                return fail(c->x, c->line, col(c, key),
                            "%s is given twice (first on line %u): keep one", single_keys[i],
                            pend->single_line[i]);
            pend->single_line[i] = c->line;
        }
    if (word_is(key, len, "contract")) {
        const char *name = ident(c, &len);

        u->contract = name != NULL ? find_contract(name, len) : NULL;
        if (u->contract == NULL)
            return fail(c->x, c->line, col(c, name != NULL ? name : c->at),
                        "unknown contract '%.*s' (use vadd, transpose, copy, matmul or generic)",
                        name != NULL ? (int)len : 0, name != NULL ? name : "");
        pend->contract_line = c->line;
    } else if (word_is(key, len, "summary")) {
        u->k.summary = rest(c, u, NULL);
        return u->k.summary != NULL ? 0 : fail(c->x, c->line, 0, "summary is empty");
    } else if (word_is(key, len, "reproduces")) {
        u->k.experiment = rest(c, u, NULL);
        return u->k.experiment != NULL ? 0 : fail(c->x, c->line, 0, "reproduces is empty");
    } else if (word_is(key, len, "param"))
        return parse_param(c, u);
    else if (word_is(key, len, "require")) {
        if (u->require_count == MAX_REQUIRES)
            return fail(c->x, c->line, 0, "more than %d require lines", MAX_REQUIRES);
        if (rest(c, u, &u->require[u->require_count]) == NULL)
            return fail(c->x, c->line, col(c, c->at),
                        "require needs a condition, as in "
                        "`require TILE divides 256`");
        u->require_count++;
        return 0;
    } else if (word_is(key, len, "global"))
        return expr_list(c, u, "global", u->global, 3, &u->global_count);
    else if (word_is(key, len, "local"))
        return expr_list(c, u, "local", u->local, 3, &u->local_count);
    else if (word_is(key, len, "local_mem") || word_is(key, len, "dynamic_local") ||
             word_is(key, len, "flops") || word_is(key, len, "bytes")) {
        struct located *l = word_is(key, len, "local_mem")       ? &u->local_mem
                            : word_is(key, len, "dynamic_local") ? &u->dynamic_local
                            : word_is(key, len, "flops")         ? &u->flops
                                                                 : &u->bytes;

        l->text = rest(c, u, l);
        if (l->text == NULL)
            return fail(c->x, c->line, col(c, c->at), "%.*s needs an expression", (int)len, key);
        if (l == &u->dynamic_local)
            pend->dynamic_local_line = c->line;
        return 0;
    } else if (word_is(key, len, "size")) {
        pend->size_line = c->line;
        return parse_size(c, &pend->cpu, &pend->gpu);
    } else if (word_is(key, len, "twin") || word_is(key, len, "baseline")) {
        const int twin = key[0] == 't';
        const char *name = ident(c, &len);

        if (name == NULL)
            return fail(c->x, c->line, col(c, c->at), "%s needs a kernel name",
                        twin ? "twin" : "baseline");
        *(twin ? &u->k.twin : &u->k.baseline) = keep(u, name, len);
        *(twin ? &u->twin_line : &u->baseline_line) = c->line;
    } else if (word_is(key, len, "metric")) {
        if (accept_word(c, "gflops"))
            u->k.metric = CB_METRIC_GFLOPS;
        else if (accept_word(c, "gbs"))
            u->k.metric = CB_METRIC_GBS;
        else
            return fail(c->x, c->line, col(c, c->at), "metric is gflops or gbs");
        pend->metric_given = 1;
        pend->metric_line = c->line;
    } else if (word_is(key, len, "dims")) {
        unsigned n = 0;
        const char *name;

        while ((name = ident(c, &len)) != NULL) {
            if (n == CB_MAX_DIMS)
                return fail(c->x, c->line, col(c, name), "dims takes at most 3 names");
            u->dim_names[n++] = keep(u, name, len);
        }
        if (n == 0 || !at_end(c))
            return fail(c->x, c->line, col(c, c->at),
                        "dims takes 1 to 3 size names, as in `dims N` or `dims W H`");
        u->k.dims = n;
    } else if (word_is(key, len, "arg"))
        return parse_arg(c, u);
    else if (word_is(key, len, "verify")) {
        u->verify_line = c->line;
        return parse_verify(c, u);
    } else
        return fail(c->x, c->line, col(c, key), "unknown key '%.*s' (keys: %s)", (int)len, key,
                    keys_text);
    return at_end(c) ? 0 : fail(c->x, c->line, col(c, c->at), "unexpected '%s'", c->at);
}

/* ---- evaluation -------------------------------------------------------------------------- */

/* The variables of u's expressions: its size names, then its parameters; values from p (or
 * none, for checks). */
static size_t variables(const struct user_kernel *u, const struct cb_problem *p,
                        struct cb_expr_var vars[MAX_VARS])
{
    const unsigned nparams = cb_kernel_param_count(&u->k);
    size_t n = 0;

    for (unsigned i = 0; i < u->k.dims; i++)
        vars[n++] = (struct cb_expr_var){u->dim_names[i], p != NULL ? (long long)p->size[i] : 0};
    for (unsigned i = 0; i < nparams; i++)
        vars[n++] = (struct cb_expr_var){u->k.params[i].name, p != NULL ? p->param[i] : 0};
    return n;
}

/* The row's reason for the runner, which copies it at once (rows are planned one at a time). */
static char plan_reason[CB_REASON_LEN];

/* Evaluates e; on an error, the reason names the file, line, column and the row's values. */
static int evaluate(const struct user_kernel *u, const struct located *e, const char *key,
                    const struct cb_expr_var *vars, size_t count, long long *out)
{
    struct cb_expr_error err;
    char values[160] = "";
    size_t used = 0;

    if (cb_expr_eval(e->text, vars, count, out, &err) == 0)
        return 0;
    for (size_t i = 0; i < count && used < sizeof values; i++) {
        const int n = snprintf(values + used, sizeof values - used, "%s%s=%lld", i ? ", " : "",
                               vars[i].name, vars[i].value);

        used += n > 0 ? (size_t)n : 0;
    }
    snprintf(plan_reason, sizeof plan_reason, "%s:%u:%u: %s: %s (at %s)", u->file->path, e->line,
             e->column + err.column - 1, key, err.message, values);
    return -1;
}

/* 1..max, or the reason. */
static int in_range(const struct user_kernel *u, const struct located *e, const char *key,
                    long long v, long long max, size_t *out)
{
    if (v >= 1 && v <= max) {
        *out = (size_t)v;
        return 0;
    }
    snprintf(plan_reason, sizeof plan_reason, "%s:%u: %s `%s` is %lld, outside 1..%lld",
             u->file->path, e->line, key, e->text, v, max);
    return -1;
}

/* Everything but the family's model: constraints, generic arguments and work, NDRange.
 * *eval_error: the failure was an expression error, not a false `require`. */
static int plan_manifest(const struct user_kernel *u, struct cb_problem *p, int *eval_error)
{
    struct cb_expr_var vars[MAX_VARS];
    const size_t count = variables(u, p, vars);
    long long v;

    *eval_error = 1;
    for (unsigned i = 0; i < u->require_count; i++) {
        if (evaluate(u, &u->require[i], "require", vars, count, &v) != 0)
            return -1;
        if (v == 0) {
            *eval_error = 0;
            snprintf(plan_reason, sizeof plan_reason, "require %s is false (%s:%u)",
                     u->require[i].text, u->file->path, u->require[i].line);
            return -1;
        }
    }
    if (u->contract->model != NULL) {
        const char *why = u->contract->model(p);

        if (why != NULL) {
            *eval_error = 0;
            snprintf(plan_reason, sizeof plan_reason, "%s", why);
            return -1;
        }
    }
    for (unsigned i = 0; i < u->generic.arg_count; i++) {
        const struct cb_generic_arg *a = &u->generic.args[i];
        const struct located *e = &u->arg_expr[i];

        if (evaluate(u, e, a->name, vars, count, &v) != 0)
            return -1;
        if (a->kind == CB_ARG_SCALAR) {
            if (v < CL_INT_MIN || v > CL_INT_MAX) {
                snprintf(plan_reason, sizeof plan_reason,
                         "%s:%u: arg %s = %lld does not fit in an int", u->file->path, e->line,
                         a->name, v);
                return -1;
            }
            p->arg_value[i] = v;
        } else if (in_range(u, e, a->name, v, (long long)1 << 40, &p->arg_length[i]) != 0)
            return -1;
    }
    if (u->flops.text != NULL) {
        if (evaluate(u, &u->flops, "flops", vars, count, &v) != 0)
            return -1;
        p->flops = (double)v;
    }
    if (u->bytes.text != NULL) {
        if (evaluate(u, &u->bytes, "bytes", vars, count, &v) != 0)
            return -1;
        p->bytes = (double)v;
    }
    p->work_dim = u->global_count;
    for (unsigned i = 0; i < u->global_count; i++) {
        if (evaluate(u, &u->global[i], "global", vars, count, &v) != 0 ||
            in_range(u, &u->global[i], "global", v, (long long)1 << 40, &p->global[i]) != 0)
            return -1;
        p->local[i] = 0;
        if (u->local_count == 0)
            continue;
        if (evaluate(u, &u->local[i], "local", vars, count, &v) != 0 ||
            in_range(u, &u->local[i], "local", v, (long long)1 << 20, &p->local[i]) != 0)
            return -1;
        /* OpenCL 1.2 launches only whole work-groups. */
        if (p->global[i] % p->local[i] != 0) {
            *eval_error = 0;
            snprintf(plan_reason, sizeof plan_reason,
                     "global size %zu is not a multiple of local size %zu in dimension %u "
                     "(%s:%u): round it up, e.g. `global round_up(%s, %s)`",
                     p->global[i], p->local[i], i, u->file->path, u->global[i].line,
                     u->global[i].text, u->local[i].text);
            return -1;
        }
    }
    p->local_mem_bytes = 0;
    if (u->local_mem.text != NULL) {
        if (evaluate(u, &u->local_mem, "local_mem", vars, count, &v) != 0)
            return -1;
        p->local_mem_bytes = v > 0 ? (size_t)v : 0;
    }
    p->dynamic_local_bytes = 0;
    if (u->dynamic_local.text != NULL) {
        if (evaluate(u, &u->dynamic_local, "dynamic_local", vars, count, &v) != 0)
            return -1;
        p->dynamic_local_bytes = v > 0 ? (size_t)v : 0;
    }
    return 0;
}

static const char *plan_user(struct cb_problem *p)
{
    int eval_error;

    return plan_manifest((const struct user_kernel *)p->kernel, p, &eval_error) == 0 ? NULL
                                                                                     : plan_reason;
}

/* ---- one manifest ------------------------------------------------------------------------ */

/* Checks every expression's syntax and names, then evaluates them at the default sizes and
 * parameters, so that a manifest that cannot work fails when it is loaded. */
static int check_expressions(const struct context *x, const struct user_kernel *u)
{
    struct cb_expr_var vars[MAX_VARS];
    const size_t count = variables(u, NULL, vars);
    const struct located *all[MAX_REQUIRES + 6 + 4 + CB_MAX_ARGS];
    size_t n = 0;
    struct cb_problem p;
    int eval_error;

    for (unsigned i = 0; i < u->require_count; i++)
        all[n++] = &u->require[i];
    for (unsigned i = 0; i < u->global_count; i++)
        all[n++] = &u->global[i];
    for (unsigned i = 0; i < u->local_count; i++)
        all[n++] = &u->local[i];
    all[n++] = &u->local_mem;
    all[n++] = &u->dynamic_local;
    all[n++] = &u->flops;
    all[n++] = &u->bytes;
    for (unsigned i = 0; i < u->generic.arg_count; i++)
        all[n++] = &u->arg_expr[i];
    for (size_t i = 0; i < n; i++) {
        struct cb_expr_error err;

        if (all[i]->text != NULL && cb_expr_check(all[i]->text, vars, count, &err) != 0)
            return fail(x, all[i]->line, all[i]->column + err.column - 1,
                        "%s (variables: the sizes %s%s and the params)", err.message,
                        u->k.dims > 0 ? u->dim_names[0] : "", u->k.dims > 1 ? " ..." : "");
    }
    memset(&p, 0, sizeof p);
    p.kernel = &u->k;
    memcpy(p.size, u->k.default_size_cpu, sizeof p.size);
    for (unsigned i = 0; i < cb_kernel_param_count(&u->k); i++)
        p.param[i] = u->k.params[i].def;
    if (plan_manifest(u, &p, &eval_error) != 0 && eval_error) {
        const char *message = plan_reason + strlen(x->path) + 1;

        /* plan_reason starts with "PATH:"; keep the rest. */
        snprintf(x->why, x->len, "%s:%s", x->path, message);
        return -1;
    }
    return 0;
}

static int default_sizes(const struct context *x, struct user_kernel *u, const struct pending *pend)
{
    const struct cb_size *given[2] = {&pend->cpu, &pend->gpu};
    size_t *out[2] = {u->k.default_size_cpu, u->k.default_size_gpu};
    const struct cb_kernel *like =
        u->contract->baseline != NULL ? cb_kernel_find(u->contract->baseline) : NULL;

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
            return fail(x, pend->size_line, 0,
                        "size: %u dimensions given, the kernel has %u (write one number or %u)",
                        s->ndims, u->k.dims, u->k.dims);
        for (unsigned i = 0; i < CB_MAX_DIMS; i++)
            out[t][i] = i < u->k.dims ? s->dim[s->ndims == 1 ? 0 : i] : 1;
    }
    return 0;
}

/* Whether a built-in kernel belongs to `family`. */
static int builtin_family(const char *family)
{
    for (size_t i = 0; i < cb_kernel_total(); i++)
        if (cb_kernel_at(i)->source_path == NULL && strcmp(cb_kernel_at(i)->family, family) == 0)
            return 1;
    return 0;
}

/* A generic kernel's family, for -k and the report's groups: its file's name without the
 * extension, or with it where that is a built-in family's name (a generic kernel in a file
 * called matmul.cl is no matmul: its rows would sit under GFLOP/s and matmul_naive). */
static const char *file_stem(struct user_kernel *u, const char *path)
{
    const char *base = strrchr(path, '/');
    const char *dot;
    const char *stem;

    base = base != NULL ? base + 1 : path;
    dot = strrchr(base, '.');
    stem = dot != NULL && dot > base ? keep(u, base, (size_t)(dot - base)) : keep(u, "user", 4);
    return stem != NULL && builtin_family(stem) ? keep(u, base, strlen(base)) : stem;
}

/* Completes u once all of its lines are read: required keys, the contract's fixed parts. */
static int finish(const struct context *x, struct user_kernel *u, const struct pending *pend,
                  const char *code)
{
    const struct contract *ct = u->contract;

    if (ct == NULL)
        return fail(x, u->line, 0,
                    "kernel %s has no `contract` line: add `contract vadd|transpose|copy|matmul|"
                    "generic`",
                    u->k.name);
    if (!declares_kernel(code, u->k.name))
        return fail(x, u->line, 0,
                    "the manifest names kernel '%s' but the file has no `__kernel void %s(`: "
                    "fix the name in the manifest or in the source",
                    u->k.name, u->k.name);
    if (ct->model != NULL && pend->generic_key_line != 0)
        return fail(x, pend->generic_key_line, 0,
                    "`%s` is only for the generic contract; the %s contract's arguments are "
                    "fixed: %s",
                    pend->generic_key, ct->name, ct->signature);
    if (pend->dynamic_local_line != 0 && ct != &contracts[2])
        return fail(x, pend->dynamic_local_line, 0,
                    "dynamic_local is only for the copy contract (its optional __local argument)");
    if (u->global_count == 0)
        return fail(x, u->line, 0,
                    "kernel %s has no `global` line: give its NDRange, e.g. `global N` or "
                    "`global round_up(N, WGS)`",
                    u->k.name);
    if (u->local_count != 0 && u->local_count != u->global_count)
        return fail(x, u->line, 0, "global has %u dimensions but local has %u", u->global_count,
                    u->local_count);
    if (ct->model == NULL) {
        if (u->k.dims == 0)
            return fail(x, u->line, 0,
                        "generic kernel %s has no `dims` line: name its sizes, e.g. `dims N`",
                        u->k.name);
        if (u->generic.arg_count == 0)
            return fail(x, u->line, 0,
                        "generic kernel %s has no `arg` lines: declare each kernel argument in "
                        "order, e.g. `arg n int = N`",
                        u->k.name);
        u->k.family = file_stem(u, x->path);
        u->k.generic = &u->generic;
        if (!pend->metric_given)
            u->k.metric =
                u->bytes.text == NULL && u->flops.text != NULL ? CB_METRIC_GFLOPS : CB_METRIC_GBS;
        else if ((u->k.metric == CB_METRIC_GBS ? u->bytes.text : u->flops.text) == NULL)
            return fail(x, pend->metric_line, 0,
                        "metric %s needs a `%s` line: without it there is nothing to divide by "
                        "the time",
                        u->k.metric == CB_METRIC_GBS ? "gbs" : "gflops",
                        u->k.metric == CB_METRIC_GBS ? "bytes" : "flops");
    } else {
        u->k.family = ct->name;
        u->k.dims = ct->dims;
        for (unsigned i = 0; i < ct->dims; i++)
            u->dim_names[i] = ct->vars[i];
        u->k.inputs = ct->inputs;
        u->k.reference = ct->reference;
        if (!pend->metric_given)
            u->k.metric = ct->metric;
        if (u->k.baseline == NULL)
            u->k.baseline = ct->baseline;
    }
    for (unsigned i = 0; i < u->k.dims; i++)
        snprintf(u->size_names + strlen(u->size_names),
                 sizeof u->size_names - strlen(u->size_names), "%s%s", i ? "x" : "",
                 u->dim_names[i]);
    u->k.size_names = u->size_names;
    for (unsigned i = 0; i < cb_kernel_param_count(&u->k); i++)
        for (unsigned d = 0; d < u->k.dims; d++)
            if (strcmp(u->k.params[i].name, u->dim_names[d]) == 0)
                return fail(x, u->line, 0, "param %s has the name of a size variable: rename it",
                            u->k.params[i].name);
    if (u->k.summary == NULL)
        u->k.summary = keep(u, "(no summary line)", 17);
    if (u->k.experiment == NULL)
        u->k.experiment = keep(u, "(no reproduces line)", 20);
    if (u->k.family == NULL || u->k.summary == NULL || u->k.experiment == NULL)
        return fail(x, u->line, 0, "out of memory");
    if (default_sizes(x, u, pend) != 0)
        return -1;
    u->k.plan = plan_user;
    return check_expressions(x, u);
}

/* Reads the manifest starting at comment line `first`; *next: the line after it. */
static int parse_manifest(const struct context *x, const struct scan *s, size_t first,
                          struct cb_manifest_file *file, struct user_kernel **out, size_t *next)
{
    struct user_kernel *u = calloc(1, sizeof *u);
    const struct comment_line *head = &s->lines[first];
    struct pending pend;
    const char *name;
    size_t i, len;
    struct cursor c;

    memset(&pend, 0, sizeof pend);
    *out = u;
    if (u == NULL)
        return fail(x, head->line, 0, "out of memory");
    u->file = file;
    u->line = head->line;
    u->k.source_path = file->path;
    u->generic.check.rtol = 1e-5;
    u->generic.check.atol = 1e-6;
    c = (struct cursor){x, keep(u, head->body, head->body_len), NULL, head->line, head->column};
    if (c.s == NULL)
        return fail(x, head->line, 0, "out of memory");
    c.at = c.s + strlen("clbench:kernel");
    name = ident(&c, &len);
    if (name == NULL || !at_end(&c))
        return fail(x, head->line, col(&c, c.at),
                    "write the kernel's name after clbench:kernel, as in `clbench:kernel my_mm`");
    u->k.name = keep(u, name, len);
    for (i = first + 1; i < s->count && s->lines[i].comment == head->comment; i++) {
        const struct comment_line *l = &s->lines[i];

        if (l->body_len >= 14 && strncmp(l->body, "clbench:kernel", 14) == 0)
            break;
        if (l->body_len == 0 || l->body[0] == '#')
            continue;
        c = (struct cursor){x, keep(u, l->body, l->body_len), NULL, l->line, l->column};
        if (c.s == NULL)
            return fail(x, l->line, 0, "out of memory");
        c.at = c.s;
        if (parse_key(&c, u, &pend) != 0)
            return -1;
    }
    *next = i;
    return finish(x, u, &pend, s->code);
}

static void hash_text(const char *text, char out[32])
{
    uint64_t h = 14695981039346656037ULL;

    for (const unsigned char *p = (const unsigned char *)text; *p != '\0'; p++)
        h = (h ^ *p) * 1099511628211ULL;
    snprintf(out, 32, "fnv1a64:%016llx", (unsigned long long)h);
}

int cb_manifest_parse(const char *path, const char *text, struct cb_manifest_file **out, char *why,
                      size_t len)
{
    const struct context x = {path, why, len};
    struct cb_manifest_file *file = calloc(1, sizeof *file);
    struct scan s;
    size_t i = 0;
    int status = 0;

    *out = NULL;
    memset(&s, 0, sizeof s);
    if (file == NULL || (file->path = strdup(path)) == NULL ||
        (file->text = strdup(text)) == NULL || scan_source(text, &s) != 0) {
        scan_free(&s);
        cb_manifest_file_free(file);
        return fail(&x, 0, 0, "out of memory");
    }
    hash_text(text, file->hash);
    while (status == 0 && i < s.count) {
        struct user_kernel *u = NULL;
        struct cb_kernel **grown;

        if (s.lines[i].body_len < 14 || strncmp(s.lines[i].body, "clbench:kernel", 14) != 0 ||
            is_ident(s.lines[i].body[14])) {
            i++;
            continue;
        }
        status = parse_manifest(&x, &s, i, file, &u, &i);
        for (size_t k = 0; status == 0 && k < file->count; k++)
            if (strcmp(file->kernels[k]->name, u->k.name) == 0)
                status =
                    fail(&x, u->line, 0, "kernel %s has a second manifest in this file", u->k.name);
        grown = status == 0 ? realloc(file->kernels, (file->count + 1) * sizeof *grown) : NULL;
        if (grown == NULL) {
            if (status == 0)
                status = fail(&x, 0, 0, "out of memory");
            user_kernel_free(u);
            break;
        }
        file->kernels = grown;
        file->kernels[file->count++] = &u->k;
    }
    if (status == 0 && file->count == 0)
        status = fail(&x, 0, 0,
                      "no kernel manifest: declare each kernel in a comment starting with "
                      "`clbench:kernel NAME` (see README, \"Your own kernels\")");
    for (size_t k = 0; status == 0 && k < file->count; k++) {
        const struct user_kernel *u = (const struct user_kernel *)file->kernels[k];
        const char *ref = u->generic.check.ref_kernel;
        int found = u->generic.check.ref_file != NULL || ref == NULL;

        for (size_t j = 0; !found && j < file->count; j++)
            found = strcmp(file->kernels[j]->name, ref) == 0;
        if (ref != NULL && strcmp(ref, u->k.name) == 0)
            status = fail(&x, u->verify_line, 0,
                          "verify: %s is its own reference, which checks nothing: name a simpler "
                          "kernel that computes the same outputs",
                          ref);
        else if (!found)
            status = fail(&x, u->verify_line, 0,
                          "verify: no manifest for reference kernel '%s' in this file (declare it "
                          "with its own manifest, or add `in FILE`)",
                          ref);
    }
    scan_free(&s);
    if (status != 0) {
        cb_manifest_file_free(file);
        return -1;
    }
    *out = file;
    return 0;
}

void cb_manifest_file_free(struct cb_manifest_file *file)
{
    if (file == NULL)
        return;
    for (size_t i = 0; i < file->count; i++)
        user_kernel_free((struct user_kernel *)file->kernels[i]);
    free(file->kernels);
    free(file->path);
    free(file->text);
    free(file);
}

/* ---- loaded files ------------------------------------------------------------------------ */

static struct cb_manifest_file **loaded;
static size_t loaded_count;
/* Each loaded file's identity, parallel to loaded: `a.cl` and `./a.cl` are one file. */
static struct stat *loaded_stat;

const struct cb_manifest_file *cb_kernel_file_of(const struct cb_kernel *k)
{
    return k->source_path != NULL ? ((const struct user_kernel *)k)->file : NULL;
}

const char *cb_kernel_file_text(const char *path)
{
    for (size_t i = 0; i < loaded_count; i++)
        if (strcmp(loaded[i]->path, path) == 0)
            return loaded[i]->text;
    return NULL;
}

const char *cb_manifest_where(const struct cb_kernel *k, const char *key, char *buf, size_t len)
{
    const struct user_kernel *u = (const struct user_kernel *)k;
    unsigned line = 0;

    if (k->source_path != NULL)
        line = strcmp(key, "local") == 0 ? u->local[0].line : u->local_mem.line;
    if (line > 0)
        snprintf(buf, len, " (%s:%u)", k->source_path, line);
    else
        snprintf(buf, len, "%s", "");
    return buf;
}

/* Registers every kernel of every loaded file again, after a failed load. */
static void register_loaded(void)
{
    cb_kernels_reset_added();
    for (size_t f = 0; f < loaded_count; f++)
        for (size_t i = 0; i < loaded[f]->count; i++)
            cb_kernel_add(loaded[f]->kernels[i]);
}

static int register_file(const struct context *x, struct cb_manifest_file *file)
{
    for (size_t i = 0; i < file->count; i++) {
        const struct user_kernel *u = (const struct user_kernel *)file->kernels[i];
        const struct cb_kernel *other = cb_kernel_find(u->k.name);

        if (other != NULL && other->source_path != NULL)
            return fail(x, u->line, 0,
                        "kernel %s is declared in '%s' too: rename one of them (kernel names are "
                        "one namespace)",
                        u->k.name, other->source_path);
        if (other != NULL)
            return fail(x, u->line, 0, "kernel %s is a built-in kernel's name: rename yours",
                        u->k.name);
        /* -k takes kernels before families: `-k matmul` would stop meaning the ladder. */
        if (builtin_family(u->k.name) || strcmp(u->k.name, "all") == 0)
            return fail(x, u->line, 0, "kernel %s: -k %s already means %s: rename yours", u->k.name,
                        u->k.name,
                        strcmp(u->k.name, "all") == 0 ? "every kernel" : "a built-in family");
        if (cb_kernel_add(&u->k) != 0)
            return fail(x, u->line, 0, "out of memory");
    }
    return 0;
}

/* Whether `other` computes what u does, so that their times compare: the same family, or
 * both generic. */
static int same_problem(const struct user_kernel *u, const struct cb_kernel *other)
{
    return u->k.generic != NULL ? other->generic != NULL : strcmp(other->family, u->k.family) == 0;
}

/* Twins, baselines and reference kernels must name registered kernels, twins and baselines
 * ones of the same problem (a matmul's time against a vadd's is no verdict). */
static int check_names(const struct context *x, const struct cb_manifest_file *file)
{
    for (size_t i = 0; i < file->count; i++) {
        const struct user_kernel *u = (const struct user_kernel *)file->kernels[i];
        const struct cb_kernel *twin = u->k.twin != NULL ? cb_kernel_find(u->k.twin) : NULL;
        const struct cb_kernel *base = u->k.baseline != NULL ? cb_kernel_find(u->k.baseline) : NULL;

        if (u->k.twin != NULL && cb_kernel_find(u->k.twin) == NULL)
            return fail(x, u->twin_line, 0,
                        "twin %s is not a kernel of this file, of a file loaded before it, or "
                        "built in",
                        u->k.twin);
        if (u->k.baseline != NULL && cb_kernel_find(u->k.baseline) == NULL)
            return fail(x, u->baseline_line, 0,
                        "baseline %s is not a kernel of this file, of a file loaded before it, "
                        "or built in",
                        u->k.baseline);
        if (twin != NULL && !same_problem(u, twin))
            return fail(x, u->twin_line, 0,
                        "twin %s is a %s kernel but %s is a %s one: name a kernel of the same "
                        "contract",
                        u->k.twin, twin->generic != NULL ? "generic" : twin->family, u->k.name,
                        u->k.generic != NULL ? "generic" : u->k.family);
        if (base != NULL && !same_problem(u, base))
            return fail(x, u->baseline_line, 0,
                        "baseline %s is a %s kernel but %s is a %s one: name a kernel of the "
                        "same contract",
                        u->k.baseline, base->generic != NULL ? "generic" : base->family, u->k.name,
                        u->k.generic != NULL ? "generic" : u->k.family);
        if (u->generic.check.ref_kernel != NULL &&
            cb_kernel_find(u->generic.check.ref_kernel) == NULL)
            return fail(x, u->verify_line, 0, "verify: no kernel %s in '%s'",
                        u->generic.check.ref_kernel, u->generic.check.ref_file);
    }
    return 0;
}

int cb_kernel_file_load(const char *path, char *why, size_t len)
{
    const struct context x = {path, why, len};
    struct cb_manifest_file *file, **grown;
    struct stat st, *grown_stat;
    char *text;

    if (stat(path, &st) != 0)
        return fail(&x, 0, 0, "cannot read the kernel file: %s", strerror(errno));
    if (!S_ISREG(st.st_mode))
        return fail(&x, 0, 0, "not a regular file: give a .cl file to --kernel-file");
    for (size_t i = 0; i < loaded_count; i++)
        if (loaded_stat[i].st_dev == st.st_dev && loaded_stat[i].st_ino == st.st_ino)
            return 0;
    text = cb_read_text_file(path);
    if (text == NULL)
        return fail(&x, 0, 0, "cannot read the kernel file: %s", strerror(errno));
    if (cb_manifest_parse(path, text, &file, why, len) != 0) {
        free(text);
        return -1;
    }
    free(text);
    grown = realloc(loaded, (loaded_count + 1) * sizeof *grown);
    if (grown != NULL)
        loaded = grown;
    grown_stat =
        grown != NULL ? realloc(loaded_stat, (loaded_count + 1) * sizeof *grown_stat) : NULL;
    if (grown_stat == NULL) {
        cb_manifest_file_free(file);
        return fail(&x, 0, 0, "out of memory");
    }
    loaded_stat = grown_stat;
    loaded_stat[loaded_count] = st;
    loaded[loaded_count++] = file;
    if (register_file(&x, file) != 0)
        goto undo;
    for (size_t i = 0; i < file->count; i++) {
        const char *ref_file =
            ((const struct user_kernel *)file->kernels[i])->generic.check.ref_file;

        if (ref_file != NULL && cb_kernel_file_load(ref_file, why, len) != 0)
            goto undo;
    }
    if (check_names(&x, file) != 0)
        goto undo;
    return 0;
undo:
    /* Files loaded after this one (its references) stay: they loaded fine. */
    for (size_t i = 0; i < loaded_count; i++)
        if (loaded[i] == file) {
            memmove(&loaded[i], &loaded[i + 1], (loaded_count - i - 1) * sizeof *loaded);
            memmove(&loaded_stat[i], &loaded_stat[i + 1],
                    (loaded_count - i - 1) * sizeof *loaded_stat);
            loaded_count--;
            break;
        }
    cb_manifest_file_free(file);
    register_loaded();
    return -1;
}

void cb_kernel_files_unload(void)
{
    cb_kernels_reset_added();
    for (size_t i = 0; i < loaded_count; i++)
        cb_manifest_file_free(loaded[i]);
    free(loaded);
    free(loaded_stat);
    loaded = NULL;
    loaded_stat = NULL;
    loaded_count = 0;
}
