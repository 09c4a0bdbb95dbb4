/* The Mann-Whitney U test (Wilcoxon rank-sum) that `clbench report --baseline` uses to tell a
 * change in a row's timings from noise.  Kernel timings are skewed (a long tail of slow
 * launches) and have few samples, so a rank test that assumes no distribution fits better
 * than a t-test on means.
 */
#ifndef CLBENCH_REPORT_RANK_H
#define CLBENCH_REPORT_RANK_H

#include <stddef.h>

struct cb_rank_test {
    double u; /* U of the first sample: how many (a, b) pairs have a > b, ties counting 1/2 */
    double z; /* the normal approximation's z, continuity-corrected, >= 0 */
    double p; /* two-sided p-value */
};

/* Two-sided Mann-Whitney U test of samples a and b with the normal approximation, a
 * correction of the variance for ties and a continuity correction of 1/2 (the same as
 * scipy.stats.mannwhitneyu(a, b, method="asymptotic")).  With no variation at all, p is 1.
 * Returns -1 when a sample is empty (or out of memory), else 0. */
int cb_mann_whitney(const double *a, size_t na, const double *b, size_t nb,
                    struct cb_rank_test *out);

#endif
