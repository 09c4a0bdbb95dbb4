/* Output verification against the CPU reference; see verify.h. */
#include "clbench/verify.h"

#include "clbench/inputs.h"
#include "clbench/parallel.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The unit roundoff of each REAL type: 2^-23 (float), 2^-52 (double), 2^-10 (half). */
static double epsilon(enum cb_elem_type t)
{
    return t == CB_ELEM_DOUBLE ? DBL_EPSILON : t == CB_ELEM_HALF ? 0x1p-10 : FLT_EPSILON;
}

double cb_tolerance(const struct cb_problem *p)
{
    return epsilon(p->real) * (2.0 + 4.0 * sqrt(p->reduction_len));
}

/* Reference operations per output element, at least one (a copy's reference costs a read). */
static double element_cost(const struct cb_problem *p)
{
    return p->ref_cost > 1.0 ? p->ref_cost : 1.0;
}

size_t cb_verify_count(const struct cb_problem *p, unsigned long long max_elems)
{
    const double cost = element_cost(p);
    size_t count = p->output_elems;
    const double affordable = (double)CB_VERIFY_BUDGET / cost;

    if ((double)count > affordable) {
        count = affordable < 64.0 ? 64 : (size_t)affordable;
        if (count > CB_VERIFY_SAMPLE_MAX)
            count = CB_VERIFY_SAMPLE_MAX;
    }
    if (max_elems != 0 && count > max_elems)
        count = (size_t)max_elems;
    return count < p->output_elems ? count : p->output_elems;
}

/* The i-th of `count` checked elements: all of them in order, or the first, the last and one
 * seeded element in each of count - 2 equal strata between.  Increasing indices keep a sample
 * of a large output as cheap as a sweep over it (random order spent most of a check in cache
 * misses), and every part of the output is looked at. */
static size_t checked_index(const struct cb_problem *p, size_t count, uint64_t seed, size_t i)
{
    const size_t n = p->output_elems, strata = count - 2;

    if (count == n)
        return i;
    if (i == 0)
        return 0;
    if (i == 1)
        return n - 1;
    {
        const size_t s = i - 2;
        const size_t lo = (size_t)((double)s / (double)strata * (double)n);
        const size_t hi = (size_t)((double)(s + 1) / (double)strata * (double)n);
        const size_t width = hi > lo ? hi - lo : 1;
        const size_t index = lo + (size_t)(cb_splitmix64(seed ^ (uint64_t)i) % width);

        return index < n ? index : n - 1;
    }
}

/* Relative error of element i against want, a sum of terms whose magnitudes sum to scale;
 * INFINITY for NaN or infinity (the poison, or garbage). */
static double error_against(const struct cb_problem *p, const void *out, size_t i, double want,
                            double scale)
{
    const double got = cb_real_get(p->real, out, i);

    if (!isfinite(got))
        return INFINITY;
    return fabs(got - want) / (scale > DBL_MIN ? scale : 1.0);
}

/* Relative error of element i against the reference. */
static double relative_error(const struct cb_problem *p, const void *const in[], const void *out,
                             size_t i, double *want)
{
    double scale;

    *want = p->kernel->reference(p, in, i, &scale);
    return error_against(p, out, i, *want, scale);
}

struct check {
    const struct cb_problem *p;
    const void *const *in;
    const void *out;
    size_t count;
    uint64_t seed;
    struct cb_verify part[CB_PARALLEL_MAX_PARTS]; /* each part's failures and worst element */
};

/* Counts element i, whose reference is want, in v. */
static void note(const struct check *c, struct cb_verify *v, size_t i, double want, double rel)
{
    if (rel > v->tolerance)
        v->failures++;
    if (rel > v->max_rel_err) {
        v->max_rel_err = rel;
        v->worst_index = i;
        v->worst_got = cb_real_get(c->p->real, c->out, i);
        v->worst_want = want;
    }
}

/* Checked elements a many-element reference computes at a time. */
enum { MANY_BLOCK = 1 << 15 };

/* A part's elements from begin on by the reference's many-element form, in blocks; returns
 * where it stopped: end, or a block it had no memory for (the rest go one at a time). */
static size_t check_many(struct check *c, struct cb_verify *v, size_t begin, size_t end)
{
    const size_t most = end - begin < MANY_BLOCK ? end - begin : MANY_BLOCK;
    size_t *index = malloc(most * sizeof *index);
    double *want = malloc(most * sizeof *want), *scale = malloc(most * sizeof *scale);
    size_t n = begin;

    while (index != NULL && want != NULL && scale != NULL && n < end) {
        const size_t count = end - n < most ? end - n : most;

        for (size_t j = 0; j < count; j++)
            index[j] = checked_index(c->p, c->count, c->seed, n + j);
        if (c->p->kernel->reference_many(c->p, c->in, index, count, want, scale) != 0)
            break;
        for (size_t j = 0; j < count; j++)
            note(c, v, index[j], want[j], error_against(c->p, c->out, index[j], want[j], scale[j]));
        n += count;
    }
    free(index);
    free(want);
    free(scale);
    return n;
}

static void check_part(void *ctx, size_t begin, size_t end, unsigned part)
{
    struct check *c = ctx;
    struct cb_verify *v = &c->part[part];
    size_t n = begin;

    if (c->p->kernel->reference_many != NULL && end > begin)
        n = check_many(c, v, begin, end);
    for (; n < end; n++) {
        const size_t i = checked_index(c->p, c->count, c->seed, n);
        double want;
        const double rel = relative_error(c->p, c->in, c->out, i, &want);

        note(c, v, i, want, rel);
    }
}

size_t cb_verify_output(const struct cb_problem *p, const void *const in[], const void *out,
                        unsigned long long max_elems, unsigned long long seed, struct cb_verify *v)
{
    const size_t count = cb_verify_count(p, max_elems);
    const double cost = element_cost(p);
    const size_t grain = cost < (double)(1u << 18) ? (size_t)((double)(1u << 18) / cost) : 1;
    struct check c;
    unsigned parts;

    memset(&c, 0, sizeof c);
    c.p = p;
    c.in = in;
    c.out = out;
    c.count = count;
    c.seed = seed;

    *v = (struct cb_verify){.tolerance = cb_tolerance(p), .checked = count};
    v->sampled = count < p->output_elems;
    for (unsigned k = 0; k < CB_PARALLEL_MAX_PARTS; k++)
        c.part[k].tolerance = v->tolerance;
    /* Parts of about the same work: a matmul's sampled element costs K multiply-adds. */
    parts = cb_parallel_for(count, grain, check_part, &c);
    /* In index order, so the worst element is the first of the largest errors, as in one pass. */
    for (unsigned k = 0; k < parts; k++) {
        const struct cb_verify *w = &c.part[k];

        v->failures += w->failures;
        if (w->max_rel_err > v->max_rel_err) {
            v->max_rel_err = w->max_rel_err;
            v->worst_index = w->worst_index;
            v->worst_got = w->worst_got;
            v->worst_want = w->worst_want;
        }
    }
    return v->failures;
}

size_t cb_verify_count_nan(enum cb_elem_type t, const void *out, size_t count, size_t *first)
{
    size_t nan = 0;

    for (size_t i = 0; i < count; i++)
        if (isnan(cb_real_get(t, out, i)) && nan++ == 0)
            *first = i;
    return nan;
}

void cb_verify_print(const struct cb_problem *p, const void *const in[], const void *out,
                     const struct cb_verify *v, unsigned long long seed, unsigned limit)
{
    unsigned printed = 0;

    for (size_t n = 0; n < v->checked && printed < limit; n++) {
        const size_t i = checked_index(p, v->checked, seed, n);
        double want;
        const double rel = relative_error(p, in, out, i, &want);

        if (rel > v->tolerance) {
            fprintf(stderr, "clbench: '%s' [%zu]: got %.9g want %.9g (rel %.2e > %.2e)\n",
                    p->kernel->name, i, cb_real_get(p->real, out, i), want, rel, v->tolerance);
            printed++;
        }
    }
}

/* Records element i as the worst so far when its excess is larger. */
static void note_worst(struct cb_verify *v, size_t i, double got, double want, double excess,
                       const char *name)
{
    if (excess > v->worst_excess || v->worst_output == NULL) {
        v->worst_excess = excess;
        v->worst_index = i;
        v->worst_got = got;
        v->worst_want = want;
        v->worst_output = name;
        v->max_rel_err = want != 0.0 ? fabs(got - want) / fabs(want) : (got == want ? 0 : INFINITY);
        if (isnan(got))
            v->max_rel_err = INFINITY;
    }
}

int cb_compare_one(int floating, int equal, double got, double want, size_t i, const char *name,
                   struct cb_verify *v)
{
    const double bound = v->atol + v->tolerance * fabs(want);
    double excess;

    if (!floating)
        excess = equal ? 0.0 : INFINITY;
    else if (isnan(got) || isnan(want))
        excess = INFINITY;
    else if (isinf(got) || isinf(want))
        excess = got == want ? 0.0 : INFINITY;
    else if (bound > 0.0)
        excess = fabs(got - want) / bound;
    else
        excess = got == want ? 0.0 : INFINITY;
    note_worst(v, i, got, want, excess, name);
    v->failures += !(excess <= 1.0);
    return !(excess <= 1.0);
}

size_t cb_compare_floats(const float *got, const float *want, size_t count, const char *name,
                         struct cb_verify *v)
{
    size_t failures = 0;

    for (size_t i = 0; i < count; i++)
        failures += (size_t)cb_compare_one(1, 0, got[i], want[i], i, name, v);
    v->checked += count;
    return failures;
}

size_t cb_compare_ints(const int *got, const int *want, size_t count, const char *name,
                       struct cb_verify *v)
{
    size_t failures = 0;

    for (size_t i = 0; i < count; i++)
        failures += (size_t)cb_compare_one(0, got[i] == want[i], got[i], want[i], i, name, v);
    v->checked += count;
    return failures;
}
