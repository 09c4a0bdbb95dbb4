/* The Mann-Whitney U test; see report_rank.h. */
#include "clbench/report_rank.h"

#include <math.h>
#include <stdlib.h>

struct ranked {
    double value;
    int first; /* from sample a */
};

static int by_value(const void *x, const void *y)
{
    const double a = ((const struct ranked *)x)->value, b = ((const struct ranked *)y)->value;

    return (a > b) - (a < b);
}

int cb_mann_whitney(const double *a, size_t na, const double *b, size_t nb,
                    struct cb_rank_test *out)
{
    const size_t n = na + nb;
    const double n1 = (double)na, n2 = (double)nb, nn = (double)n;
    struct ranked *all;
    double rank_sum = 0, ties = 0, mu, sigma, u_max;

    if (na == 0 || nb == 0)
        return -1;
    all = malloc(n * sizeof *all);
    if (all == NULL)
        return -1;
    for (size_t i = 0; i < na; i++)
        all[i] = (struct ranked){a[i], 1};
    for (size_t i = 0; i < nb; i++)
        all[na + i] = (struct ranked){b[i], 0};
    qsort(all, n, sizeof *all, by_value);
    /* Equal values share the mean of the ranks they span (1-based). */
    for (size_t i = 0; i < n;) {
        size_t j = i;
        double t, mid;

        while (j < n && all[j].value == all[i].value)
            j++;
        t = (double)(j - i);
        mid = ((double)i + 1 + (double)j) / 2;
        for (size_t k = i; k < j; k++)
            if (all[k].first)
                rank_sum += mid;
        ties += t * t * t - t;
        i = j;
    }
    free(all);
    out->u = rank_sum - n1 * (n1 + 1) / 2;
    mu = n1 * n2 / 2;
    sigma = sqrt(n1 * n2 / 12 * ((nn + 1) - ties / (nn * (nn - 1))));
    u_max = out->u > n1 * n2 - out->u ? out->u : n1 * n2 - out->u;
    if (!(sigma > 0)) {
        out->z = 0;
        out->p = 1;
        return 0;
    }
    out->z = (u_max - mu - 0.5) / sigma;
    if (out->z < 0)
        out->z = 0;
    out->p = erfc(out->z / sqrt(2.0));
    if (out->p > 1)
        out->p = 1;
    return 0;
}
