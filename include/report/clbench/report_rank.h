/* The Mann-Whitney U test (Wilcoxon rank-sum) that `clbench report --baseline` uses to tell a
 * change in a row's timings from noise, and the Hodges-Lehmann estimate of the shift with its
 * distribution-free confidence interval.  Kernel timings are skewed (a long tail of slow
 * launches) and have few samples, so a rank test that assumes no distribution fits better
 * than a t-test on means; with few samples only the exact distribution can call a change
 * significant (5 against 5, complete separation: p = 2/252, where the normal approximation
 * gives 0.012).
 */
#ifndef CLBENCH_REPORT_RANK_H
#define CLBENCH_REPORT_RANK_H

#include <stddef.h>

/* Up to this many samples in all the p-value comes from the exact distribution (the counts
 * of rank sums stay below 2^53, exact in a double); past it, the normal approximation. */
enum { CB_RANK_EXACT_MAX = 50 };

struct cb_rank_test {
    double u;  /* U of the first sample: how many (a, b) pairs have a > b, ties counting 1/2 */
    double z;  /* the normal approximation's z, continuity-corrected, >= 0 */
    double p;  /* two-sided p-value */
    int exact; /* p is from the exact permutation distribution (ties included) */
};

/* Two-sided Mann-Whitney U test of samples a and b.  Up to CB_RANK_EXACT_MAX samples in all:
 * the exact distribution of the rank sum over every way of splitting the pooled samples,
 * tied values sharing their mean rank, p = 2 min(P(U <= u), P(U >= u)), at most 1.  Past it:
 * cb_mann_whitney_asymptotic.  Returns -1 when a sample is empty (or out of memory), else 0. */
int cb_mann_whitney(const double *a, size_t na, const double *b, size_t nb,
                    struct cb_rank_test *out);
/* The normal approximation with a correction of the variance for ties and a continuity
 * correction of 1/2 (the same as scipy.stats.mannwhitneyu(a, b, method="asymptotic")).  With
 * no variation at all, p is 1. */
int cb_mann_whitney_asymptotic(const double *a, size_t na, const double *b, size_t nb,
                               struct cb_rank_test *out);
/* The smallest p cb_mann_whitney can give with these sample counts (every value of one sample
 * above every value of the other): when it is not below alpha, no change can be significant. */
double cb_mann_whitney_best_p(size_t na, size_t nb);

struct cb_shift {
    double estimate; /* median of the pairwise differences b[j] - a[i] */
    double lo, hi;   /* the confidence interval's bounds, order statistics of the differences */
    double level;    /* its confidence: 1 - alpha or, where the sample counts cannot reach that,
                        the most they can give */
};

/* The Hodges-Lehmann estimate of the shift from a to b and its distribution-free confidence
 * interval at 1 - alpha: [D(k), D(m+1-k)] of the m = na nb sorted differences, k from the
 * exact distribution of U without ties (up to CB_RANK_EXACT_MAX samples), else from the
 * normal approximation.  The order statistics are found by bisection over the values with a
 * linear count per step, so the m differences are never stored.  -1 on an empty sample or
 * out of memory. */
int cb_hodges_lehmann(const double *a, size_t na, const double *b, size_t nb, double alpha,
                      struct cb_shift *out);

#endif
