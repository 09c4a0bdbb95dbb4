/* Summary statistics of timing samples (pure; unit-tested). */
#ifndef CLBENCH_STATS_H
#define CLBENCH_STATS_H

#include <stddef.h>

struct cb_stats {
    size_t count;
    double min, median, mean, max;
    double stddev; /* sample standard deviation (n - 1) */
    double cv;     /* stddev / mean */
};

/* Fills s from samples[0..count); samples are left as they are.  Returns -1 when count is 0
 * or memory runs out. */
int cb_stats_compute(const double *samples, size_t count, struct cb_stats *s);

#endif
