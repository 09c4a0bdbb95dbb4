/* Unit tests of verification (host/run/verify.c) on a made-up kernel with a known reference. */
#include "check.h"
#include "clbench/inputs.h"
#include "clbench/verify.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* out[i] = in[0][i] * 2, exactly. */
static double ref_double(const struct cb_problem *p, const void *const in[], size_t i,
                         double *scale)
{
    const double v = cb_real_get(p->real, in[0], i);

    *scale = fabs(2.0 * v);
    return 2.0 * v;
}

static const struct cb_kernel doubler = {.name = "doubler", .reference = ref_double};

static struct cb_problem problem(size_t n, double reduction_len, double ref_cost)
{
    struct cb_problem p = {.kernel = &doubler, .output_elems = n};

    p.reduction_len = reduction_len;
    p.ref_cost = ref_cost;
    return p;
}

int test_verify_detects_wrong_and_nan(void)
{
    enum { N = 100 };
    float in[N], out[N];
    const void *const inputs[] = {in};
    const struct cb_problem p = problem(N, 0, 1);
    struct cb_verify v;

    for (int i = 0; i < N; i++) {
        in[i] = (float)i - 50.5f;
        out[i] = 2.0f * in[i];
    }
    ASSERT_EQ_U(cb_verify_output(&p, inputs, out, 0, 1, &v), 0);
    ASSERT_EQ_U(v.checked, N);
    ASSERT_TRUE(!v.sampled);
    out[17] = nextafterf(out[17], INFINITY) + 0.01f;
    out[42] = NAN;
    ASSERT_EQ_U(cb_verify_output(&p, inputs, out, 0, 1, &v), 2);
    ASSERT_TRUE(isinf(v.max_rel_err)); /* NaN counts as the worst possible error */
    ASSERT_EQ_U(v.worst_index, 42);
    return 0;
}

int test_verify_samples_large_outputs(void)
{
    const size_t n = 1u << 22;
    float *in = malloc(n * sizeof *in), *out = malloc(n * sizeof *out);
    const void *inputs[1];
    /* A reference costing 4096 operations per element cannot be checked everywhere. */
    const struct cb_problem p = problem(n, 0, 4096);
    struct cb_verify v;
    size_t failures;

    ASSERT_TRUE(in != NULL && out != NULL);
    inputs[0] = in;
    for (size_t i = 0; i < n; i++) {
        in[i] = (float)(i % 1000);
        out[i] = 2.0f * in[i];
    }
    out[n - 1] = -1.0f; /* the last element is always among the sampled */
    failures = cb_verify_output(&p, inputs, out, 0, 7, &v);
    ASSERT_TRUE(v.sampled);
    ASSERT_EQ_U(v.checked, CB_VERIFY_BUDGET / 4096);
    ASSERT_TRUE(failures >= 1);
    ASSERT_EQ_U(cb_verify_count(&p, 100), 100); /* --verify-max caps it further */
    free(in);
    free(out);
    return 0;
}

/* A check split over the host's cores counts every failure once and names the first of the
 * largest errors, as one pass over the output would. */
int test_verify_parts_merge_like_one_pass(void)
{
    const size_t n = 1u << 22;
    float *in = malloc(n * sizeof *in), *out = malloc(n * sizeof *out);
    const void *inputs[1];
    const struct cb_problem p = problem(n, 0, 1);
    struct cb_verify v;

    ASSERT_TRUE(in != NULL && out != NULL);
    inputs[0] = in;
    for (size_t i = 0; i < n; i++) {
        in[i] = 1.0f + (float)(i % 7);
        out[i] = 2.0f * in[i];
    }
    /* Three equal worst errors far apart (in different parts on a machine with 2+ cores), and
     * smaller ones between. */
    for (size_t i = 1000; i < n; i += n / 5)
        out[i] *= 1.5f;
    out[n / 3] = NAN;
    out[n - 2] = NAN;
    out[n / 2 + 3] = 2.0f * in[n / 2 + 3] * 1.001f;
    ASSERT_EQ_U(cb_verify_output(&p, inputs, out, 0, 1, &v), 8);
    ASSERT_EQ_U(v.checked, n);
    ASSERT_TRUE(isinf(v.max_rel_err));
    ASSERT_EQ_U(v.worst_index, n / 3);
    out[n / 3] = 2.0f * in[n / 3];
    out[n - 2] = 2.0f * in[n - 2];
    ASSERT_EQ_U(cb_verify_output(&p, inputs, out, 0, 1, &v), 6);
    ASSERT_NEAR(v.max_rel_err, 0.5, 1e-6);
    ASSERT_EQ_U(v.worst_index, 1000);
    free(in);
    free(out);
    return 0;
}

/* Element i of the seeded inputs depends on the seed and i only: a long array (filled in parts
 * on several cores) begins with the short one; values are in [-1, 1) and seeds differ. */
int test_inputs_independent_of_length_and_split(void)
{
    const size_t n = 3u << 20, m = 1000;
    float *a = cb_inputs_make(n, 5), *b = cb_inputs_make(m, 5), *c = cb_inputs_make(m, 6);
    size_t same = 0;

    ASSERT_TRUE(a != NULL && b != NULL && c != NULL);
    ASSERT_TRUE(memcmp(a, b, m * sizeof *a) == 0);
    for (size_t i = 0; i < n; i++)
        ASSERT_TRUE(a[i] >= -1.0f && a[i] < 1.0f);
    for (size_t i = 0; i < m; i++)
        same += b[i] == c[i];
    ASSERT_TRUE(same < 10);
    free(a);
    free(b);
    free(c);
    return 0;
}

int test_tolerance_grows_with_reduction(void)
{
    const struct cb_problem copy = problem(1, 0, 1), sum = problem(1, 4096, 4096);

    ASSERT_NEAR(cb_tolerance(&copy), 2.0 * FLT_EPSILON, 0.0);
    ASSERT_TRUE(cb_tolerance(&sum) > 100 * FLT_EPSILON);
    ASSERT_TRUE(cb_tolerance(&sum) < 1e-4); /* still tight enough to catch a missing term */
    return 0;
}

/* The generic contract's bound: |got - want| <= atol + rtol * |want|, at the edge included. */
int test_compare_floats_within_atol_and_rtol(void)
{
    const float want[] = {0.0f, 100.0f, 100.0f, -8.0f, 1.0f};
    const float got[] = {0.5f, 100.5f, 101.5f, -8.0f, 1.0f};
    struct cb_verify v = {.atol = 0.5, .tolerance = 0.01}; /* bounds 0.5, 1.5, 1.5, 0.58, 0.51 */

    ASSERT_EQ_U(cb_compare_floats(got, want, 5, "out", &v), 0);
    ASSERT_EQ_U(v.checked, 5);
    ASSERT_TRUE(v.worst_excess <= 1.0 && v.worst_excess > 0.99); /* element 0 or 2, at the edge */
    v = (struct cb_verify){.atol = 0.5, .tolerance = 0.0};
    ASSERT_EQ_U(cb_compare_floats(got, want, 5, "out", &v), 1); /* 101.5 vs 100: 1.5 > 0.5 */
    ASSERT_EQ_U(v.worst_index, 2);
    ASSERT_NEAR(v.worst_got, 101.5, 0);
    ASSERT_NEAR(v.worst_want, 100.0, 0);
    ASSERT_NEAR(v.max_rel_err, 0.015, 1e-12);
    ASSERT_TRUE(strcmp(v.worst_output, "out") == 0);
    /* No tolerance at all: only equal values pass. */
    v = (struct cb_verify){0};
    ASSERT_EQ_U(cb_compare_floats(got, want, 5, "out", &v), 3);
    return 0;
}

/* NaN never passes, not even against NaN; an infinity passes only against the same one. */
int test_compare_floats_nan_and_infinity(void)
{
    const float want[] = {NAN, 1.0f, INFINITY, INFINITY, 2.0f};
    const float got[] = {NAN, NAN, INFINITY, -INFINITY, 2.0f};
    struct cb_verify v = {.atol = 1e30, .tolerance = 1.0};

    ASSERT_EQ_U(cb_compare_floats(got, want, 5, "x", &v), 3);
    ASSERT_EQ_U(v.worst_index, 0); /* the first of the infinitely bad ones */
    ASSERT_TRUE(isinf(v.max_rel_err));
    return 0;
}

/* Ints compare exactly; several outputs add up, and the worst names its output. */
int test_compare_ints_exact_and_accumulates(void)
{
    const int want[] = {1, 2, 3, 2000000000};
    const int same[] = {1, 2, 3, 2000000000};
    const int off[] = {1, 2, 4, 2000000001};
    struct cb_verify v = {.atol = 10.0, .tolerance = 1.0}; /* ignored for ints */

    ASSERT_EQ_U(cb_compare_ints(same, want, 4, "a", &v), 0);
    ASSERT_EQ_U(cb_compare_ints(off, want, 4, "b", &v), 2);
    ASSERT_EQ_U(v.checked, 8);
    ASSERT_EQ_U(v.failures, 2);
    ASSERT_TRUE(strcmp(v.worst_output, "b") == 0);
    ASSERT_EQ_U(v.worst_index, 2);
    ASSERT_NEAR(v.worst_got, 4.0, 0);
    return 0;
}

int test_verify_sample_is_capped(void)
{
    struct cb_problem p = {.output_elems = (size_t)1 << 28, .ref_cost = 1.0};

    /* A copy of 2^28 floats is over the budget: a sample, of at most CB_VERIFY_SAMPLE_MAX. */
    ASSERT_EQ_U(cb_verify_count(&p, 0), CB_VERIFY_SAMPLE_MAX);
    p.output_elems = (size_t)1 << 25; /* within the budget: every element */
    ASSERT_EQ_U(cb_verify_count(&p, 0), (size_t)1 << 25);
    p.output_elems = (size_t)1 << 20;
    p.ref_cost = 1024.0; /* a 1024^3 matmul: the budget over the cost of one element */
    ASSERT_EQ_U(cb_verify_count(&p, 0), CB_VERIFY_BUDGET / 1024);
    return 0;
}

/* A double row is held to double's roundoff: an error that a float row passes fails it, and
 * its outputs are read as doubles. */
int test_verify_double_tolerance(void)
{
    enum { N = 64 };
    double in[N], out[N];
    const void *const inputs[] = {in};
    struct cb_problem p = problem(N, 0, 1);
    struct cb_verify v;

    p.real = CB_ELEM_DOUBLE;
    for (int i = 0; i < N; i++) {
        in[i] = 0.1 * (double)i - 3.3;
        out[i] = 2.0 * in[i];
    }
    ASSERT_EQ_U(cb_verify_output(&p, inputs, out, 0, 1, &v), 0);
    ASSERT_TRUE(v.tolerance < 1e-14);
    out[5] *= 1.0 + 1e-9; /* far within float's bound */
    ASSERT_EQ_U(cb_verify_output(&p, inputs, out, 0, 1, &v), 1);
    ASSERT_EQ_U(v.worst_index, 5);
    p.real = CB_ELEM_HALF;
    ASSERT_TRUE(cb_tolerance(&p) > 1e-3); /* half: 2^-10 per rounding */
    return 0;
}
