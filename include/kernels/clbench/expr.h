/* Integer expressions of kernel manifests (sizes, NDRanges, constraints): 64-bit signed
 * arithmetic + - * / % ( ), ceil/round_up/min/max, comparisons, && || ! and `a divides b`.
 * Every error (overflow, division or modulo by zero, an unknown variable, trailing
 * characters, a number that is not an integer) is reported with its column.  Pure: no I/O.
 * The grammar is in README.md ("Your own kernels"); unit-tested in tests/unit/test_expr.c.
 */
#ifndef CLBENCH_EXPR_H
#define CLBENCH_EXPR_H

#include <stddef.h>

enum { CB_EXPR_MSG_LEN = 160 };

/* A named value an expression may use (a size variable or a -D parameter). */
struct cb_expr_var {
    const char *name;
    long long value;
};

struct cb_expr_error {
    unsigned column; /* 1-based, in the expression's text */
    char message[CB_EXPR_MSG_LEN];
};

/* Evaluates `text` over vars.  Returns 0 and the value in *out, or -1 with *err filled. */
int cb_expr_eval(const char *text, const struct cb_expr_var *vars, size_t count, long long *out,
                 struct cb_expr_error *err);

/* Checks the syntax and that every variable is one of vars (their values are not used, and
 * arithmetic errors that depend on them are not reported).  Returns 0 or -1 with *err. */
int cb_expr_check(const char *text, const struct cb_expr_var *vars, size_t count,
                  struct cb_expr_error *err);

#endif
