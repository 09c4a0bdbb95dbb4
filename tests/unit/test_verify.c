/* Unit tests of verification (host/run/verify.c) on a made-up kernel with a known reference. */
#include "check.h"
#include "clbench/inputs.h"
#include "clbench/plugin.h"
#include "clbench/verify.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
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

/* M x N x K with K over one panel of cb_ref_matmul_many (256 rows of 256 columns of B) and the
 * sample's columns over one. */
enum { MM_M = 4, MM_N = 600, MM_K = 300 };

static struct cb_problem matmul_problem(const struct cb_kernel *k, enum cb_elem_type real)
{
    struct cb_problem p = {.kernel = k, .real = real, .output_elems = MM_M * MM_N};

    p.size[0] = MM_M;
    p.size[1] = MM_N;
    p.size[2] = MM_K;
    p.reduction_len = p.ref_cost = MM_K;
    return p;
}

/* The matmul reference's many-element form gives each element's sum and scale bit for bit as
 * the one-element form does, in every REAL type, over several panels of columns and of K. */
int test_matmul_reference_many_is_exact(void)
{
    static const struct cb_kernel mm = {.name = "mm", .reference = cb_ref_matmul};
    const size_t count = MM_M * MM_N / 4;
    size_t *index = malloc(count * sizeof *index);
    double *want = malloc(count * sizeof *want), *scale = malloc(count * sizeof *scale);
    float *a = cb_inputs_make(MM_M * MM_K, 3), *b = cb_inputs_make(MM_K * MM_N, 4);
    double *ad = malloc(MM_M * MM_K * sizeof *ad), *bd = malloc(MM_K * MM_N * sizeof *bd);
    uint16_t *ah = malloc(MM_M * MM_K * sizeof *ah), *bh = malloc(MM_K * MM_N * sizeof *bh);
    const enum cb_elem_type types[] = {CB_ELEM_FLOAT, CB_ELEM_DOUBLE, CB_ELEM_HALF};

    ASSERT_TRUE(index && want && scale && a && b && ad && bd && ah && bh);
    for (size_t i = 0; i < MM_M * MM_K; i++) {
        ad[i] = a[i];
        ah[i] = (uint16_t)(0x3000 + i * 37 % 0x0fff + (i % 3 == 0 ? 0x8000 : 0));
    }
    for (size_t i = 0; i < MM_K * MM_N; i++) {
        bd[i] = b[i];
        bh[i] = (uint16_t)(0x3000 + i * 53 % 0x0fff + (i % 5 == 0 ? 0x8000 : 0));
    }
    for (size_t i = 0; i < count; i++)
        index[i] = 4 * i + i % 4; /* 300 columns, each in two rows */
    for (unsigned t = 0; t < 3; t++) {
        const struct cb_problem p = matmul_problem(&mm, types[t]);
        const void *in[2] = {t == 0   ? (const void *)a
                             : t == 1 ? (const void *)ad
                                      : ah,
                             t == 0   ? (const void *)b
                             : t == 1 ? (const void *)bd
                                      : bh};

        ASSERT_EQ_U(cb_ref_matmul_many(&p, in, index, count, want, scale), 0);
        for (size_t i = 0; i < count; i++) {
            double one_scale;
            const double one = cb_ref_matmul(&p, in, index[i], &one_scale);

            ASSERT_TRUE(memcmp(&one, &want[i], sizeof one) == 0);
            ASSERT_TRUE(memcmp(&one_scale, &scale[i], sizeof one) == 0);
        }
    }
    free(index);
    free(want);
    free(scale);
    free(a);
    free(b);
    free(ad);
    free(bd);
    free(ah);
    free(bh);
    return 0;
}

/* A sampled matmul check by the many-element form passes the exact product, finds the same
 * worst element as one element at a time, and fails a wrong element or a missing term. */
int test_verify_matmul_many_like_one_at_a_time(void)
{
    static const struct cb_kernel one = {.name = "mm", .reference = cb_ref_matmul};
    static const struct cb_kernel many = {
        .name = "mm", .reference = cb_ref_matmul, .reference_many = cb_ref_matmul_many};
    const struct cb_problem p1 = matmul_problem(&one, CB_ELEM_FLOAT);
    const struct cb_problem pm = matmul_problem(&many, CB_ELEM_FLOAT);
    float *a = cb_inputs_make(MM_M * MM_K, 5), *b = cb_inputs_make(MM_K * MM_N, 6);
    float *out = malloc(MM_M * MM_N * sizeof *out);
    const void *in[2] = {a, b};
    struct cb_verify v1, vm;

    ASSERT_TRUE(a != NULL && b != NULL && out != NULL);
    for (size_t i = 0; i < MM_M * MM_N; i++) {
        double s;

        out[i] = (float)cb_ref_matmul(&p1, in, i, &s);
    }
    ASSERT_EQ_U(cb_verify_output(&pm, in, out, 1500, 9, &vm), 0);
    ASSERT_EQ_U(cb_verify_output(&p1, in, out, 1500, 9, &v1), 0);
    ASSERT_TRUE(vm.sampled && vm.checked == 1500);
    ASSERT_TRUE(memcmp(&vm.max_rel_err, &v1.max_rel_err, sizeof vm.max_rel_err) == 0);
    ASSERT_EQ_U(vm.worst_index, v1.worst_index);
    out[MM_M * MM_N - 1] += 0.01f; /* the last element is always checked */
    ASSERT_TRUE(cb_verify_output(&pm, in, out, 1500, 9, &vm) >= 1);
    ASSERT_EQ_U(vm.worst_index, MM_M * MM_N - 1);
    for (size_t i = 0; i < MM_M * MM_N; i++) /* a kernel that drops the last term of K */
        out[i] -= a[i / MM_N * MM_K + MM_K - 1] * b[(MM_K - 1) * MM_N + i % MM_N];
    ASSERT_TRUE(cb_verify_output(&pm, in, out, 1500, 9, &vm) > 1400);
    free(a);
    free(b);
    free(out);
    return 0;
}
