/* Unit tests of the timing statistics (host/run/stats.c). */
#include "check.h"
#include "clbench/stats.h"

#include <math.h>

int test_stats_odd_and_even_median(void)
{
    const double odd[] = {5.0, 1.0, 3.0};
    const double even[] = {4.0, 1.0, 3.0, 2.0};
    struct cb_stats s;

    ASSERT_TRUE(cb_stats_compute(odd, 3, &s) == 0);
    ASSERT_NEAR(s.median, 3.0, 0.0);
    ASSERT_NEAR(s.min, 1.0, 0.0);
    ASSERT_NEAR(s.max, 5.0, 0.0);
    ASSERT_NEAR(s.mean, 3.0, 1e-15);
    ASSERT_NEAR(s.stddev, 2.0, 1e-15); /* sample stddev of 1, 3, 5 */
    ASSERT_NEAR(s.cv, 2.0 / 3.0, 1e-15);
    ASSERT_NEAR(odd[0], 5.0, 0.0); /* the input is not reordered */
    ASSERT_TRUE(cb_stats_compute(even, 4, &s) == 0);
    ASSERT_NEAR(s.median, 2.5, 0.0);
    ASSERT_EQ_U(s.count, 4);
    return 0;
}

int test_stats_single_sample_and_empty(void)
{
    const double one[] = {0.125};
    struct cb_stats s;

    ASSERT_TRUE(cb_stats_compute(one, 1, &s) == 0);
    ASSERT_NEAR(s.median, 0.125, 0.0);
    ASSERT_NEAR(s.stddev, 0.0, 0.0);
    ASSERT_TRUE(cb_stats_compute(one, 0, &s) != 0);
    return 0;
}
