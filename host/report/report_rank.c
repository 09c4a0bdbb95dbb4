/* The Mann-Whitney U test and the Hodges-Lehmann shift; see report_rank.h. */
#include "clbench/report_rank.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct ranked {
    double value;
    int first; /* from sample a */
};

static int by_value(const void *x, const void *y)
{
    const double a = ((const struct ranked *)x)->value, b = ((const struct ranked *)y)->value;

    return (a > b) - (a < b);
}

static int by_double(const void *x, const void *y)
{
    const double a = *(const double *)x, b = *(const double *)y;

    return (a > b) - (a < b);
}

/* The pooled samples sorted, with twice each one's rank (tied values share the mean of the
 * ranks they span, so twice it is an integer).  Returns the doubled rank sum of sample a and
 * the ties' term sum(t^3 - t); NULL when out of memory. */
static long *doubled_ranks(const double *a, size_t na, const double *b, size_t nb, long *sum_a,
                           double *ties)
{
    const size_t n = na + nb;
    struct ranked *all = malloc(n * sizeof *all);
    long *w = malloc(n * sizeof *w);

    if (all == NULL || w == NULL) {
        free(all);
        free(w);
        return NULL;
    }
    for (size_t i = 0; i < na; i++)
        all[i] = (struct ranked){a[i], 1};
    for (size_t i = 0; i < nb; i++)
        all[na + i] = (struct ranked){b[i], 0};
    qsort(all, n, sizeof *all, by_value);
    *sum_a = 0;
    *ties = 0;
    for (size_t i = 0; i < n;) {
        size_t j = i;
        double t;

        while (j < n && all[j].value == all[i].value)
            j++;
        t = (double)(j - i);
        for (size_t k = i; k < j; k++) {
            w[k] = (long)(i + 1 + j); /* twice the mean of the 1-based ranks i+1 .. j */
            if (all[k].first)
                *sum_a += w[k];
        }
        *ties += t * t * t - t;
        i = j;
    }
    free(all);
    return w;
}

/* How many of the C(n, n1) ways to pick n1 of the n weights give each sum: counts[s] for
 * s = 0 .. *smax.  Dynamic programming over the weights, one row per number picked; the
 * counts stay exact in a double up to CB_RANK_EXACT_MAX weights.  NULL when out of memory. */
static double *sum_counts(const long *w, size_t n, size_t n1, long *smax)
{
    size_t width;
    double *f, *counts;

    *smax = 0;
    for (size_t i = 0; i < n; i++)
        *smax += w[i];
    width = (size_t)*smax + 1;
    f = calloc((n1 + 1) * width, sizeof *f);
    counts = malloc(width * sizeof *counts);
    if (f == NULL || counts == NULL) {
        free(f);
        free(counts);
        return NULL;
    }
    f[0] = 1;
    for (size_t i = 0; i < n; i++)
        for (size_t k = (i + 1 < n1 ? i + 1 : n1); k >= 1; k--) {
            double *row = f + k * width;
            const double *prev = f + (k - 1) * width;

            for (size_t s = width; s-- > (size_t)w[i];)
                row[s] += prev[s - (size_t)w[i]];
        }
    memcpy(counts, f + n1 * width, width * sizeof *counts);
    free(f);
    return counts;
}

int cb_mann_whitney_asymptotic(const double *a, size_t na, const double *b, size_t nb,
                               struct cb_rank_test *out)
{
    const double n1 = (double)na, n2 = (double)nb, nn = (double)(na + nb);
    double ties, mu, sigma, u_max;
    long sum_a;
    long *w;

    if (na == 0 || nb == 0)
        return -1;
    w = doubled_ranks(a, na, b, nb, &sum_a, &ties);
    if (w == NULL)
        return -1;
    free(w);
    out->exact = 0;
    out->u = (double)sum_a / 2 - n1 * (n1 + 1) / 2;
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

int cb_mann_whitney(const double *a, size_t na, const double *b, size_t nb,
                    struct cb_rank_test *out)
{
    const size_t n = na + nb;
    double ties, below = 0, above = 0, total = 0, *counts;
    long sum_a, smax;
    long *w;

    if (cb_mann_whitney_asymptotic(a, na, b, nb, out) != 0)
        return -1;
    if (n > CB_RANK_EXACT_MAX)
        return 0;
    w = doubled_ranks(a, na, b, nb, &sum_a, &ties);
    counts = w != NULL ? sum_counts(w, n, na, &smax) : NULL;
    free(w);
    if (counts == NULL)
        return -1;
    /* Sums are integers (doubled ranks): the comparisons are exact. */
    for (long s = 0; s <= smax; s++) {
        total += counts[s];
        if (s <= sum_a)
            below += counts[s];
        if (s >= sum_a)
            above += counts[s];
    }
    free(counts);
    out->exact = 1;
    out->p = 2 * (below < above ? below : above) / total;
    if (out->p > 1)
        out->p = 1;
    return 0;
}

double cb_mann_whitney_best_p(size_t na, size_t nb)
{
    const double n1 = (double)na, n2 = (double)nb;
    double z, ways = 1;

    if (na == 0 || nb == 0)
        return 1;
    if (na + nb <= CB_RANK_EXACT_MAX) {
        /* One split of C(n, na) has every value of a below every value of b, one above. */
        for (size_t i = 1; i <= na; i++)
            ways = ways * (double)(nb + i) / (double)i;
        return 2 / ways < 1 ? 2 / ways : 1;
    }
    z = (n1 * n2 / 2 - 0.5) / sqrt(n1 * n2 * (n1 + n2 + 1) / 12);
    return erfc(z / sqrt(2.0));
}

/* Doubles in the order of an unsigned key, so that bisection over keys visits every double
 * between two others (no NaN lies between two finite values). */
static uint64_t key_of(double v)
{
    uint64_t u;

    memcpy(&u, &v, sizeof u);
    return (u >> 63) ? ~u : u | (UINT64_C(1) << 63);
}

static double value_of(uint64_t key)
{
    const uint64_t u = (key >> 63) ? key & ~(UINT64_C(1) << 63) : ~key;
    double v;

    memcpy(&v, &u, sizeof v);
    return v;
}

/* How many differences b[j] - a[i] are <= t (a, b sorted): for each b[j] the a[i] that qualify
 * are a suffix of a, and it only shrinks as b[j] grows.  The differences are computed as the
 * estimate reads them, so rounding cannot make the count disagree with them. */
static double count_at_most(const double *a, size_t na, const double *b, size_t nb, double t)
{
    double count = 0;
    size_t i = 0;

    for (size_t j = 0; j < nb; j++) {
        while (i < na && b[j] - a[i] > t)
            i++;
        count += (double)(na - i);
    }
    return count;
}

/* The k-th smallest (1-based) of the differences: the smallest value with at least k
 * differences at or below it is itself a difference. */
static double kth_difference(const double *a, size_t na, const double *b, size_t nb, double k)
{
    uint64_t lo = key_of(b[0] - a[na - 1]), hi = key_of(b[nb - 1] - a[0]);

    while (lo < hi) {
        const uint64_t mid = lo + (hi - lo) / 2;

        if (count_at_most(a, na, b, nb, value_of(mid)) >= k)
            hi = mid;
        else
            lo = mid + 1;
    }
    return value_of(lo);
}

/* z with P(Z > z) = q for a standard normal Z, by bisection. */
static double normal_upper_quantile(double q)
{
    double lo = 0, hi = 40;

    for (int i = 0; i < 200; i++) {
        const double mid = (lo + hi) / 2;

        if (0.5 * erfc(mid / sqrt(2.0)) > q)
            lo = mid;
        else
            hi = mid;
    }
    return (lo + hi) / 2;
}

/* k of the interval [D(k), D(m+1-k)] and its confidence. */
static int interval_rank(size_t na, size_t nb, double alpha, double *k, double *level)
{
    const size_t n = na + nb;
    const double m = (double)na * (double)nb;

    if (n <= CB_RANK_EXACT_MAX) {
        long *w = malloc(n * sizeof *w), smax;
        const long base = (long)(na * (na + 1)); /* the smallest doubled rank sum */
        double *counts, total = 0, cum = 0;

        if (w == NULL)
            return -1;
        for (size_t i = 0; i < n; i++)
            w[i] = 2 * (long)(i + 1);
        counts = sum_counts(w, n, na, &smax);
        free(w);
        if (counts == NULL)
            return -1;
        for (long s = 0; s <= smax; s++)
            total += counts[s];
        /* U = u at doubled sum base + 2u; k is the largest with P(U <= k-1) <= alpha/2. */
        *k = 1;
        *level = 1 - 2 * counts[base] / total;
        for (long u = 0; base + 2 * u <= smax && 2 * u < (long)m; u++) {
            cum += counts[base + 2 * u];
            if (cum / total > alpha / 2)
                break;
            *k = (double)(u + 1);
            *level = 1 - 2 * cum / total;
        }
        free(counts);
        return 0;
    }
    {
        const double sigma = sqrt(m * (double)(n + 1) / 12);

        *k = floor(m / 2 - normal_upper_quantile(alpha / 2) * sigma);
        *level = 1 - alpha;
        if (*k < 1) {
            *k = 1;
            *level = 1 - erfc((m / 2 - 0.5) / sigma / sqrt(2.0));
        }
    }
    return 0;
}

int cb_hodges_lehmann(const double *a, size_t na, const double *b, size_t nb, double alpha,
                      struct cb_shift *out)
{
    const double m = (double)na * (double)nb;
    double *sa, *sb, k;
    int status = -1;

    if (na == 0 || nb == 0)
        return -1;
    sa = malloc(na * sizeof *sa);
    sb = malloc(nb * sizeof *sb);
    if (sa != NULL && sb != NULL && interval_rank(na, nb, alpha, &k, &out->level) == 0) {
        memcpy(sa, a, na * sizeof *sa);
        memcpy(sb, b, nb * sizeof *sb);
        qsort(sa, na, sizeof *sa, by_double);
        qsort(sb, nb, sizeof *sb, by_double);
        out->estimate = kth_difference(sa, na, sb, nb, floor((m + 1) / 2));
        if (fmod(m, 2) == 0)
            out->estimate = (out->estimate + kth_difference(sa, na, sb, nb, m / 2 + 1)) / 2;
        out->lo = kth_difference(sa, na, sb, nb, k);
        out->hi = kth_difference(sa, na, sb, nb, m + 1 - k);
        status = 0;
    }
    free(sa);
    free(sb);
    return status;
}
