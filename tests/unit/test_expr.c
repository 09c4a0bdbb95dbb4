/* Unit tests of the manifest expression evaluator (host/kernels/expr.c). */
#include "check.h"
#include "clbench/expr.h"

#include <limits.h>

static const struct cb_expr_var vars[] = {
    {"N", 1000, NULL}, {"WGS", 256, NULL}, {"TSM", 64, NULL}, {"WPTM", 8, NULL}};
enum { NVARS = sizeof vars / sizeof vars[0] };

static long long eval(const char *text, int *ok)
{
    struct cb_expr_error err;
    long long v = 0;

    *ok = cb_expr_eval(text, vars, NVARS, &v, &err) == 0;
    return v;
}

/* The error of text, which must fail: its message must hold `part`, at `column`. */
static int fails(const char *text, const char *part, unsigned column)
{
    struct cb_expr_error err;
    long long v;

    if (cb_expr_eval(text, vars, NVARS, &v, &err) == 0) {
        fprintf(stderr, "'%s' evaluated to %lld, expected an error\n", text, v);
        return 0;
    }
    if (strstr(err.message, part) == NULL || err.column != column) {
        fprintf(stderr, "'%s': column %u '%s', expected column %u '%s'\n", text, err.column,
                err.message, column, part);
        return 0;
    }
    return 1;
}

int test_expr_arithmetic_and_precedence(void)
{
    int ok;

    ASSERT_EQ_U(eval("1 + 2 * 3", &ok), 7);
    ASSERT_TRUE(ok);
    ASSERT_EQ_U(eval("(1 + 2) * 3", &ok), 9);
    ASSERT_EQ_U(eval("N / WGS", &ok), 3);
    ASSERT_EQ_U(eval("N % WGS", &ok), 232);
    ASSERT_EQ_U(eval("-3 + 10", &ok), 7);
    ASSERT_EQ_U(eval("10 - 2 - 3", &ok), 5);       /* left-associative */
    ASSERT_EQ_U(eval("100 / 10 / 5 % 3", &ok), 2); /* left-associative: not 20 */
    ASSERT_EQ_U(eval("ceil(N, WGS)", &ok), 4);
    ASSERT_EQ_U(eval("round_up(N, WGS)", &ok), 1024);
    ASSERT_EQ_U(eval("round_up(1024, WGS)", &ok), 1024);
    ASSERT_EQ_U(eval("min(N, WGS) + max(3, 4)", &ok), 260);
    ASSERT_EQ_U(eval("ceil(TSM, WPTM) * 2", &ok), 16);
    ASSERT_TRUE(ok);
    return 0;
}

int test_expr_comparisons_and_logic(void)
{
    int ok;

    ASSERT_EQ_U(eval("WPTM divides TSM", &ok), 1);
    ASSERT_EQ_U(eval("WGS divides N", &ok), 0);
    ASSERT_EQ_U(eval("TSM % WPTM == 0 && N > 0", &ok), 1);
    ASSERT_EQ_U(eval("N < 10 || WGS >= 256", &ok), 1);
    ASSERT_EQ_U(eval("!(N != 1000)", &ok), 1);
    ASSERT_EQ_U(eval("N <= 999", &ok), 0);
    /* The right side of a decided && or || is not evaluated. */
    ASSERT_EQ_U(eval("N < 0 && 1 / 0", &ok), 0);
    ASSERT_TRUE(ok);
    ASSERT_EQ_U(eval("N > 0 || 1 % 0", &ok), 1);
    ASSERT_TRUE(ok);
    return 0;
}

int test_expr_errors_name_the_column(void)
{
    ASSERT_TRUE(fails("N / 0", "division by zero", 3));
    ASSERT_TRUE(fails("N % (WGS - 256)", "modulo by zero", 3));
    ASSERT_TRUE(fails("ceil(N, 0)", "division by zero", 1));
    ASSERT_TRUE(fails("9223372036854775807 + 1", "overflow", 21));
    ASSERT_TRUE(fails("N * 9223372036854775807", "overflow", 3));
    ASSERT_TRUE(fails("99999999999999999999", "too large", 1));
    ASSERT_TRUE(fails("N + TILE", "unknown variable 'TILE'", 5));
    ASSERT_TRUE(fails("N + 1 )", "unexpected ')'", 7));
    ASSERT_TRUE(fails("N 2", "unexpected '2'", 3));
    ASSERT_TRUE(fails("1.5 * N", "not an integer", 1));
    ASSERT_TRUE(fails("N * 2e3", "not an integer", 5));
    ASSERT_TRUE(fails("(N + 1", "expected ')'", 7));
    ASSERT_TRUE(fails("ceil(N)", "expected ','", 7));
    ASSERT_TRUE(fails("N +", "ends where a value", 4));
    ASSERT_TRUE(fails("", "ends where a value", 1));
    ASSERT_TRUE(fails("0 divides N", "modulo by zero", 3));
    ASSERT_TRUE(fails("N = 3", "unexpected '='", 3));
    {
        /* Nesting is bounded, so that no manifest can exhaust the stack. */
        char deep[200];

        memset(deep, '(', 70);
        deep[70] = '1';
        memset(deep + 71, ')', 70);
        deep[141] = '\0';
        ASSERT_TRUE(fails(deep, "nested more than 64 deep", 65));
        memset(deep, '-', 100);
        deep[100] = '1';
        deep[101] = '\0';
        ASSERT_TRUE(fails(deep, "nested more than 64 deep", 65));
    }
    return 0;
}

int test_expr_check_names_without_values(void)
{
    struct cb_expr_error err;

    /* Values do not matter for a check: a division by a variable is not an error yet. */
    ASSERT_TRUE(cb_expr_check("N / (WGS - 256)", vars, NVARS, &err) == 0);
    ASSERT_TRUE(cb_expr_check("N / TILE", vars, NVARS, &err) != 0);
    ASSERT_STR_HAS(err.message, "unknown variable 'TILE'");
    ASSERT_EQ_U(err.column, 5);
    ASSERT_TRUE(cb_expr_check("N +* 2", vars, NVARS, &err) != 0);
    ASSERT_EQ_U(err.column, 4);
    return 0;
}

int test_expr_conditional_and_missing_values(void)
{
    static const struct cb_expr_var dev[] = {{"width", 8, NULL},
                                             {"units", 0, "the driver does not report it"}};
    struct cb_expr_error err;
    long long v = 0;
    int ok;

    ASSERT_EQ_U(eval("N > 500 ? 16 : 8", &ok), 16);
    ASSERT_TRUE(ok);
    ASSERT_EQ_U(eval("N < 500 ? 16 : WGS < 100 ? 4 : 2", &ok), 2); /* right-associative */
    ASSERT_EQ_U(eval("(N > 1 ? 3 : 4) * 2", &ok), 6);
    ASSERT_EQ_U(eval("min(N > 1 ? 3 : 4, 2)", &ok), 2);
    ASSERT_EQ_U(eval("N > 1 ? 5 : 1 / 0", &ok), 5); /* the branch not taken is only checked */
    ASSERT_TRUE(ok);
    ASSERT_TRUE(fails("N > 1 ? 5", "expected ':'", 10));
    ASSERT_TRUE(fails("N > 1 ? 5 : NOPE", "unknown variable 'NOPE'", 13));
    /* A value the device does not report: an error where it is used, none where it is not. */
    ASSERT_TRUE(cb_expr_eval("width >= 16 ? 8 : 4", dev, 2, &v, &err) == 0 && v == 4);
    ASSERT_TRUE(cb_expr_eval("width > 1 || units > 4", dev, 2, &v, &err) == 0 && v == 1);
    ASSERT_TRUE(cb_expr_eval("units > 4 ? 2 : 1", dev, 2, &v, &err) != 0);
    ASSERT_TRUE(err.column == 1 && strstr(err.message, "units: the driver does not report it"));
    ASSERT_TRUE(cb_expr_check("units > 4 ? 2 : 1", dev, 2, &err) == 0);
    return 0;
}
