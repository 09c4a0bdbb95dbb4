/* Integer expressions of kernel manifests (sizes, NDRanges, constraints): 64-bit signed
 * arithmetic + - * / % ( ), ceil/round_up/min/max, comparisons, && || !, `a divides b` and
 * `c ? a : b`.
 * Every error (overflow, division or modulo by zero, an unknown variable, trailing
 * characters, a number that is not an integer) is reported with its column.  Pure: no I/O.
 * The grammar is in docs/kernel-files.md ("The manifest"); unit-tested in tests/unit/test_expr.c.
 */
#ifndef CLBENCH_EXPR_H
#define CLBENCH_EXPR_H

#include <stddef.h>

enum { CB_EXPR_MSG_LEN = 160 };

/* A named value an expression may use (a size variable, a -D parameter, a device property).
 * `missing` non-NULL: the value is not known, and evaluating the name is an error with that
 * text (a property the driver does not report); checking an expression accepts the name. */
struct cb_expr_var {
    const char *name;
    long long value;
    const char *missing;
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
