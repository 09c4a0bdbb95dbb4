/* Checking a kernel's output against its CPU reference (pure; unit-tested). */
#ifndef CLBENCH_VERIFY_H
#define CLBENCH_VERIFY_H

#include "clbench/kernel.h"

/* Reference operations spent on one check at most: beyond it a sample is checked.  2^25
 * checks every element of the side-by-side's shared sizes (32M-float copies, 4096^2
 * transposes) and 32K elements of a 1024^3 matmul. */
#define CB_VERIFY_BUDGET (1ULL << 25)
/* Elements of a sample at most: a GPU's larger defaults (2^28-float copies, 8192^2
 * transposes) take 4M, one per stratum of the output, where 32M cost seconds of host time per
 * row (a transpose's reference reads its input across rows, a cache miss per element;
 * results/README.md, "What the code's thresholds rest on").  Outputs are still scanned whole
 * for the poison. */
#define CB_VERIFY_SAMPLE_MAX (1ULL << 22)

struct cb_verify {
    size_t checked;     /* output elements compared */
    int sampled;        /* 1 if `checked` is a sample of the output */
    size_t failures;    /* elements beyond the tolerance (NaN included) */
    double max_rel_err; /* largest |got - want| / scale seen */
    double tolerance;   /* the bound max_rel_err was held to */
    size_t worst_index; /* where max_rel_err (or the first NaN) was */
    double worst_got, worst_want;
    /* The generic contract's check against a reference kernel (cb_compare_*): */
    double atol;              /* the absolute part of the bound (tolerance is the relative) */
    double worst_excess;      /* largest |got - want| / (atol + rtol * |want|): > 1 fails */
    const char *worst_output; /* the output argument worst_index is in */
};

/* The relative-error bound of a problem: a few roundings of its type (p->real: float, double
 * or half) for element-wise kernels, growing with the square root of the reduction length for
 * sums (the rounding errors of a sum of random terms add like a random walk). */
double cb_tolerance(const struct cb_problem *p);

/* How many output elements a check compares: all of them when the reference is cheap enough
 * (CB_VERIFY_BUDGET) and within max_elems (0: no limit), else that many sampled ones. */
size_t cb_verify_count(const struct cb_problem *p, unsigned long long max_elems);

/* Compares out[] (of type p->real) with the reference; fills v; returns the number of failures (0:
 * passed). Sampled elements are the first, the last and one seeded element in each of equal strata
 * between, in increasing order. */
size_t cb_verify_output(const struct cb_problem *p, const void *const in[], const void *out,
                        unsigned long long max_elems, unsigned long long seed, struct cb_verify *v);

/* NaN elements of out[0..count): the poison of elements a kernel never wrote (or NaN it
 * computed); *first: the first one.  A sampled check sees few of them, so the whole output
 * is scanned for them. */
size_t cb_verify_count_nan(enum cb_elem_type t, const void *out, size_t count, size_t *first);

/* Prints up to `limit` mismatches of a failed check, as "'name' [i]: got X want Y (rel E > T)". */
void cb_verify_print(const struct cb_problem *p, const void *const in[], const void *out,
                     const struct cb_verify *v, unsigned long long seed, unsigned limit);

/* The generic contract's element-wise check of one output against the reference kernel's,
 * accumulated into v (zero it before the first output; set v->tolerance = rtol and v->atol).
 * Floats pass when |got - want| <= atol + rtol * |want|, NaN or infinity never, unless want
 * is the same infinity; ints only when equal.  The worst element is the one furthest beyond
 * its bound (worst_excess), in v->worst_output = name.  Returns the failures in this output. */
size_t cb_compare_floats(const float *got, const float *want, size_t count, const char *name,
                         struct cb_verify *v);
size_t cb_compare_ints(const int *got, const int *want, size_t count, const char *name,
                       struct cb_verify *v);
/* One element at index i, accumulated into v as above (failures, the worst element; not
 * `checked`): a floating one is held to v's bound; any other passes only when `equal` (the
 * caller compares integers exactly; got and want are then for messages).  1 when it fails. */
int cb_compare_one(int floating, int equal, double got, double want, size_t i, const char *name,
                   struct cb_verify *v);

#endif
