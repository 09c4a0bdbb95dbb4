/* The manifest expression evaluator: a tokenizer and a recursive-descent parser that
 * evaluates as it parses; see expr.h.  Precedence, lowest first:
 *   ||   &&   == != < <= > >= divides   + -   * / %   unary - + !   numbers, names, f(a, b), ( )
 */
#include "clbench/expr.h"

#include "clbench/check.h"

#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

struct parser {
    const char *text;
    const char *at;
    const struct cb_expr_var *vars;
    size_t count;
    int dry;        /* cb_expr_check: names and syntax only */
    unsigned depth; /* of parentheses and calls: bounded, so that no input exhausts the stack */
    struct cb_expr_error *err;
    int failed;
};

static int fail_at(struct parser *ps, const char *where, const char *fmt, ...) CB_PRINTF(3, 4);

/* Records the first error only: later ones are consequences of it. */
static int fail_at(struct parser *ps, const char *where, const char *fmt, ...)
{
    va_list ap;

    if (ps->failed)
        return -1;
    ps->failed = 1;
    ps->err->column = (unsigned)(where - ps->text) + 1;
    va_start(ap, fmt);
    vsnprintf(ps->err->message, sizeof ps->err->message, fmt, ap);
    va_end(ap);
    return -1;
}

static void skip_blanks(struct parser *ps)
{
    while (*ps->at == ' ' || *ps->at == '\t')
        ps->at++;
}

/* Consumes `op` when the input continues with it (and, for a word, not with more of a name). */
static int accept(struct parser *ps, const char *op)
{
    const size_t len = strlen(op);

    skip_blanks(ps);
    if (strncmp(ps->at, op, len) != 0)
        return 0;
    if (isalpha((unsigned char)op[0]) &&
        (isalnum((unsigned char)ps->at[len]) || ps->at[len] == '_'))
        return 0;
    /* "<" must not take the first half of "<=", nor "!" of "!=", nor "=" stand alone. */
    if ((strcmp(op, "<") == 0 || strcmp(op, ">") == 0 || strcmp(op, "!") == 0) &&
        ps->at[len] == '=')
        return 0;
    ps->at += len;
    return 1;
}

static int arith(struct parser *ps, const char *where, char op, long long a, long long b,
                 long long *out)
{
    long long r = 0;
    int overflow = 0;

    if (ps->dry) {
        *out = 1;
        return 0;
    }
    switch (op) {
    case '+':
        overflow = __builtin_add_overflow(a, b, &r);
        break;
    case '-':
        overflow = __builtin_sub_overflow(a, b, &r);
        break;
    case '*':
        overflow = __builtin_mul_overflow(a, b, &r);
        break;
    case '/':
    case '%':
        if (b == 0)
            return fail_at(ps, where, "%s by zero", op == '/' ? "division" : "modulo");
        overflow = a == LLONG_MIN && b == -1;
        r = overflow ? 0 : op == '/' ? a / b : a % b;
        break;
    }
    if (overflow)
        return fail_at(ps, where, "integer overflow in %lld %c %lld", a, op, b);
    *out = r;
    return 0;
}

static int parse_or(struct parser *ps, long long *out);

/* ceil(a, b), round_up(a, b), min(a, b), max(a, b), after the name and its "(". */
static int call(struct parser *ps, const char *name, size_t len, const char *where, long long *out)
{
    long long a, b, q = 0;

    if (parse_or(ps, &a) != 0)
        return -1;
    if (!accept(ps, ","))
        return fail_at(ps, ps->at, "expected ',' between the arguments of %.*s", (int)len, name);
    if (parse_or(ps, &b) != 0)
        return -1;
    if (!accept(ps, ")"))
        return fail_at(ps, ps->at, "expected ')' after the arguments of %.*s", (int)len, name);
    if (strncmp(name, "min", len) == 0 && len == 3) {
        *out = a < b ? a : b;
        return 0;
    }
    if (strncmp(name, "max", len) == 0 && len == 3) {
        *out = a > b ? a : b;
        return 0;
    }
    if (ps->dry) {
        *out = 1;
        return 0;
    }
    if (b == 0)
        return fail_at(ps, where, "division by zero in %.*s(%lld, 0)", (int)len, name, a);
    if (arith(ps, where, '/', a, b, &q) != 0)
        return -1;
    if (a % b != 0 && (a < 0) == (b < 0))
        q++;      /* toward +infinity */
    if (len == 4) /* ceil */
        *out = q;
    else if (arith(ps, where, '*', q, b, out) != 0)
        return -1;
    return 0;
}

enum { MAX_DEPTH = 64 };

static int primary(struct parser *ps, long long *out)
{
    const char *start;

    skip_blanks(ps);
    start = ps->at;
    if (ps->depth >= MAX_DEPTH)
        return fail_at(ps, start, "expression nested more than %d deep", MAX_DEPTH);
    if (isdigit((unsigned char)*start)) {
        long long v = 0;

        while (isdigit((unsigned char)*ps->at)) {
            if (__builtin_mul_overflow(v, 10, &v) || __builtin_add_overflow(v, *ps->at - '0', &v))
                return fail_at(ps, start, "number too large for 64 bits");
            ps->at++;
        }
        if (*ps->at == '.' || *ps->at == 'e' || *ps->at == 'E')
            return fail_at(ps, start, "not an integer: expressions are whole numbers");
        if (isalpha((unsigned char)*ps->at) || *ps->at == '_')
            return fail_at(ps, ps->at, "unexpected '%c' after a number", *ps->at);
        *out = v;
        return 0;
    }
    if (*start == '.' && isdigit((unsigned char)start[1]))
        return fail_at(ps, start, "not an integer: expressions are whole numbers");
    if (isalpha((unsigned char)*start) || *start == '_') {
        static const char *const functions[] = {"ceil", "round_up", "min", "max"};
        size_t len;

        while (isalnum((unsigned char)*ps->at) || *ps->at == '_')
            ps->at++;
        len = (size_t)(ps->at - start);
        for (size_t i = 0; i < sizeof functions / sizeof functions[0]; i++)
            if (strlen(functions[i]) == len && strncmp(functions[i], start, len) == 0) {
                if (!accept(ps, "("))
                    return fail_at(ps, ps->at, "%s needs arguments: %s(a, b)", functions[i],
                                   functions[i]);
                ps->depth++;
                if (call(ps, start, len, start, out) != 0)
                    return -1;
                ps->depth--;
                return 0;
            }
        for (size_t i = 0; i < ps->count; i++)
            if (strlen(ps->vars[i].name) == len && strncmp(ps->vars[i].name, start, len) == 0) {
                *out = ps->dry ? 1 : ps->vars[i].value;
                return 0;
            }
        return fail_at(ps, start, "unknown variable '%.*s'", (int)len, start);
    }
    if (accept(ps, "(")) {
        ps->depth++;
        if (parse_or(ps, out) != 0)
            return -1;
        if (!accept(ps, ")"))
            return fail_at(ps, ps->at, "expected ')'");
        ps->depth--;
        return 0;
    }
    if (*start == '\0')
        return fail_at(ps, start, "expression ends where a value was expected");
    return fail_at(ps, start, "unexpected '%c' where a value was expected", *start);
}

static int unary(struct parser *ps, long long *out)
{
    const char *where;
    long long v;
    int status;

    skip_blanks(ps);
    where = ps->at;
    if (*where != '-' && *where != '+' && !(*where == '!' && where[1] != '='))
        return primary(ps, out);
    if (ps->depth >= MAX_DEPTH)
        return fail_at(ps, where, "expression nested more than %d deep", MAX_DEPTH);
    ps->at++;
    ps->depth++;
    status = unary(ps, &v);
    ps->depth--;
    if (status != 0)
        return -1;
    if (*where == '-')
        return arith(ps, where, '-', 0, v, out);
    *out = *where == '!' ? !v : v;
    return 0;
}

/* operand { op operand }, left to right, for the operators in ops. */
static int left_assoc(struct parser *ps, long long *out,
                      int (*operand)(struct parser *, long long *), const char *ops)
{
    if (operand(ps, out) != 0)
        return -1;
    for (;;) {
        const char *where;
        long long rhs;

        skip_blanks(ps);
        where = ps->at;
        if (*where == '\0' || strchr(ops, *where) == NULL)
            return 0;
        ps->at++;
        if (operand(ps, &rhs) != 0 || arith(ps, where, *where, *out, rhs, out) != 0)
            return -1;
    }
}

static int term(struct parser *ps, long long *out)
{
    return left_assoc(ps, out, unary, "*/%");
}

static int sum(struct parser *ps, long long *out)
{
    return left_assoc(ps, out, term, "+-");
}

static int comparison(struct parser *ps, long long *out)
{
    static const char *const ops[] = {"==", "!=", "<=", ">=", "<", ">", "divides"};
    long long rhs;
    int op = -1;
    const char *where;

    if (sum(ps, out) != 0)
        return -1;
    skip_blanks(ps);
    where = ps->at;
    for (int i = 0; i < 7 && op < 0; i++)
        if (accept(ps, ops[i]))
            op = i;
    if (op < 0)
        return 0;
    if (sum(ps, &rhs) != 0)
        return -1;
    switch (op) {
    case 0:
        *out = *out == rhs;
        break;
    case 1:
        *out = *out != rhs;
        break;
    case 2:
        *out = *out <= rhs;
        break;
    case 3:
        *out = *out >= rhs;
        break;
    case 4:
        *out = *out < rhs;
        break;
    case 5:
        *out = *out > rhs;
        break;
    default:
        if (!ps->dry && *out == 0)
            return fail_at(ps, where, "0 divides nothing (modulo by zero)");
        *out = ps->dry || rhs % *out == 0;
        break;
    }
    return 0;
}

static int conjunction(struct parser *ps, long long *out)
{
    if (comparison(ps, out) != 0)
        return -1;
    while (accept(ps, "&&")) {
        const int dry = ps->dry;
        long long rhs;

        ps->dry = dry || !*out; /* short-circuit: `N > 0 && 64 / N > 1` is fine at N = 0 */
        if (comparison(ps, &rhs) != 0)
            return -1;
        ps->dry = dry;
        *out = *out && rhs;
    }
    return 0;
}

static int parse_or(struct parser *ps, long long *out)
{
    if (conjunction(ps, out) != 0)
        return -1;
    while (accept(ps, "||")) {
        const int dry = ps->dry;
        long long rhs;

        ps->dry = dry || *out;
        if (conjunction(ps, &rhs) != 0)
            return -1;
        ps->dry = dry;
        *out = *out || rhs;
    }
    return 0;
}

static int run(const char *text, const struct cb_expr_var *vars, size_t count, int dry,
               long long *out, struct cb_expr_error *err)
{
    struct parser ps = {text, text, vars, count, dry, 0, err, 0};

    err->column = 0;
    err->message[0] = '\0';
    if (parse_or(&ps, out) != 0)
        return -1;
    skip_blanks(&ps);
    if (*ps.at != '\0')
        return fail_at(&ps, ps.at, "unexpected '%c' after the expression", *ps.at);
    return 0;
}

int cb_expr_eval(const char *text, const struct cb_expr_var *vars, size_t count, long long *out,
                 struct cb_expr_error *err)
{
    return run(text, vars, count, 0, out, err);
}

int cb_expr_check(const char *text, const struct cb_expr_var *vars, size_t count,
                  struct cb_expr_error *err)
{
    long long unused;

    return run(text, vars, count, 1, &unused, err);
}
