/* Unit tests of the profiling clock's verdict (host/run/clock_check.c), on the measurements of
 * real clocks: sound ones pass, each way of being broken fails with a reason that says which. */
#include "check.h"
#include "clbench/clock_check.h"
#include "clbench/sensors.h"

#include <string.h>

static struct cb_device judged(double small_event_ms, double event_ms, double wall_ms)
{
    struct cb_device d;

    memset(&d, 0, sizeof d);
    strcpy(d.platform_name, "rusticl");
    cb_clock_judge(&d, small_event_ms, event_ms, wall_ms);
    return d;
}

int test_clock_judge_trusts_sound_clocks(void)
{
    /* PoCL 3.1 on an idle host, and on a host at load 13 (the wake-up adds to the wall). */
    struct cb_device d = judged(16.9, 67.7, 73.3);

    ASSERT_TRUE(d.clock_checked && d.events_trusted);
    ASSERT_TRUE(d.clock_why[0] == '\0');
    d = judged(1.4, 5.88, 28.0);
    ASSERT_TRUE(d.events_trusted);
    return 0;
}

int test_clock_judge_rejects_broken_clocks(void)
{
    /* Rusticl 22.3: a constant 1 ns whatever the launch. */
    struct cb_device d = judged(1e-6, 1e-6, 39.6);

    ASSERT_TRUE(d.clock_checked && !d.events_trusted);
    ASSERT_STR_HAS(d.clock_why, "rusticl's profiling events measured 1e-06 ms");
    d = judged(10.0, 80.0, 50.0); /* more than the host saw pass */
    ASSERT_TRUE(!d.events_trusted);
    ASSERT_STR_HAS(d.clock_why, "saw take only 50 ms");
    d = judged(40.0, 45.0, 50.0); /* does not grow with the work */
    ASSERT_TRUE(!d.events_trusted);
    ASSERT_STR_HAS(d.clock_why, "for 4 times the work");
    d = judged(1.0, -1.0, 50.0); /* ended before it started */
    ASSERT_TRUE(!d.events_trusted);
    ASSERT_STR_HAS(d.clock_why, "ended before it started");
    return 0;
}

/* The sensors' arithmetic (host/run/sensors.c): a counter's increase across its wrap, and the
 * range of a row's readings. */
int test_sensor_counter_wraps_at_its_range(void)
{
    ASSERT_NEAR(cb_counter_delta(100, 350, 1000), 250, 1e-9);
    ASSERT_NEAR(cb_counter_delta(900, 150, 1000), 250, 1e-9); /* wrapped once */
    ASSERT_TRUE(cb_counter_delta(900, 150, 0) < 0);           /* wrapped, range unknown */
    return 0;
}

int test_sensor_range_of_readings(void)
{
    double odd[] = {1890, 1665, 1755}, even[] = {4, 1, 3, 2}, one[] = {45};
    struct cb_range r = cb_range_of(odd, 3);

    ASSERT_NEAR(r.min, 1665, 0);
    ASSERT_NEAR(r.median, 1755, 0);
    ASSERT_NEAR(r.max, 1890, 0);
    r = cb_range_of(even, 4);
    ASSERT_NEAR(r.median, 2.5, 0);
    r = cb_range_of(one, 1);
    ASSERT_TRUE(r.min == 45 && r.median == 45 && r.max == 45);
    ASSERT_TRUE(strcmp(cb_throttle_reason_name(2), "power_cap") == 0);
    ASSERT_TRUE(cb_throttle_reason_name(9) == NULL);
    return 0;
}

/* A short row's energy from power readings: trapezoids between readings, the first and last
 * held beyond them, only the window counted. */
int test_sensor_power_integral_trapezoids_and_ends(void)
{
    const double t[] = {10, 20, 40}, w[] = {100, 300, 300}, one_t[] = {5}, one_w[] = {50};

    /* [10, 40]: 200 W on average for 10 ms, then 300 W for 20 ms: 2 J + 6 J. */
    ASSERT_NEAR(cb_power_integral(t, w, 3, 10, 40), 8, 1e-9);
    /* [0, 50]: 10 ms held at 100 W before the first, 10 ms at 300 W after the last. */
    ASSERT_NEAR(cb_power_integral(t, w, 3, 0, 50), 8 + 1 + 3, 1e-9);
    /* Inside one segment, [12, 18]: the line from 140 to 260 W, 200 W on average. */
    ASSERT_NEAR(cb_power_integral(t, w, 3, 12, 18), 1.2, 1e-9);
    ASSERT_NEAR(cb_power_integral(one_t, one_w, 1, 0, 100), 5, 1e-9);
    ASSERT_NEAR(cb_power_integral(t, w, 0, 0, 100), 0, 0);
    ASSERT_NEAR(cb_power_integral(t, w, 3, 40, 10), 0, 0); /* an empty window */
    return 0;
}
