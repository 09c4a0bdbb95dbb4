/* Timing statistics; the median is the headline because launch times have a long right tail
 * (clock ramp-up, other tenants) that drags the mean. */
#include "clbench/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int compare_double(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

int cb_stats_compute(const double *samples, size_t count, struct cb_stats *s)
{
    double *sorted;
    double sum = 0.0, squares = 0.0;

    memset(s, 0, sizeof *s);
    if (count == 0)
        return -1;
    sorted = malloc(count * sizeof *sorted);
    if (sorted == NULL)
        return -1;
    memcpy(sorted, samples, count * sizeof *sorted);
    qsort(sorted, count, sizeof *sorted, compare_double);
    for (size_t i = 0; i < count; i++)
        sum += sorted[i];
    s->count = count;
    s->mean = sum / (double)count;
    for (size_t i = 0; i < count; i++)
        squares += (sorted[i] - s->mean) * (sorted[i] - s->mean);
    s->min = sorted[0];
    s->max = sorted[count - 1];
    s->median = count % 2 ? sorted[count / 2] : 0.5 * (sorted[count / 2 - 1] + sorted[count / 2]);
    s->stddev = count > 1 ? sqrt(squares / (double)(count - 1)) : 0.0;
    s->cv = s->mean > 0.0 ? s->stddev / s->mean : 0.0;
    free(sorted);
    return 0;
}
