/* Unit tests of the busy-machine rule of the peak probes: /proc's CPU times parsed
 * (host/base/cpu_time.c), the cores other processes used between two samples, and the rule
 * that weighs them (host/run/peak_busy.c). */
#include "check.h"
#include "clbench/cpu_time.h"
#include "clbench/peak_busy.h"

#include <string.h>

/* /proc/stat of a 2-core machine: the "cpu" line, one line per core, then the rest. */
static const char stat_before[] = "cpu  3209252 475202 614804 1610837 3903 0 1907 14863 0 0\n"
                                  "cpu0 1600612 235227 308834 810261 2338 0 636 7452 0 0\n"
                                  "cpu1 1608640 239975 305970 800575 1565 0 1270 7410 0 0\n"
                                  "intr 1 2 3\nctxt 99\nbtime 1764000000\nprocesses 12\n";
/* 10 s later, 1500 more ticks busy (idle and iowait grew too; guest columns are inside user). */
static const char stat_after[] = "cpu  3210252 475302 615104 1611137 3999 0 1957 14913 50 0\n"
                                 "cpu0 1601112 235277 308984 810411 2386 0 661 7477 25 0\n"
                                 "cpu1 1609140 240025 306120 800725 1613 0 1295 7435 25 0\n"
                                 "intr 1 2 3\n";

int test_cpu_time_parses_proc_stat(void)
{
    unsigned long long busy;
    unsigned cores;

    ASSERT_TRUE(cb_proc_stat_parse(stat_before, &busy, &cores) == 0);
    ASSERT_EQ_U(busy, 3209252ull + 475202 + 614804 + 1907 + 14863);
    ASSERT_EQ_U(cores, 2);
    ASSERT_TRUE(cb_proc_stat_parse("intr 1 2\n", &busy, &cores) == -1);
    ASSERT_TRUE(cb_proc_stat_parse("cpu  1 2 3\ncpu0 1 2 3\n", &busy, &cores) == -1);
    ASSERT_TRUE(cb_proc_stat_parse("cpu  1 2 3 4 5 6 7 8\n", &busy, &cores) == -1); /* no cores */
    return 0;
}

int test_cpu_time_parses_pid_stat(void)
{
    unsigned long long own;

    /* The command name may hold blanks and ')'. */
    ASSERT_TRUE(cb_proc_pid_stat_parse("4242 (a b) c) S 1 4242 4242 0 -1 4194304 103 0 0 0 "
                                       "700 300 20 5 20 0 9 0 2981328 3133440 390\n",
                                       &own) == 0);
    ASSERT_EQ_U(own, 700 + 300 + 20 + 5);
    ASSERT_TRUE(cb_proc_pid_stat_parse("4242 (clbench) S 1 2 3\n", &own) == -1);
    ASSERT_TRUE(cb_proc_pid_stat_parse("no name at all", &own) == -1);
    return 0;
}

int test_cpu_time_others_cores(void)
{
    struct cb_cpu_sample a = {.own_ticks = 5000, .wall_ms = 1000.0};
    struct cb_cpu_sample b = {.own_ticks = 6200, .wall_ms = 11000.0};

    ASSERT_TRUE(cb_proc_stat_parse(stat_before, &a.busy_ticks, &a.cores) == 0);
    ASSERT_TRUE(cb_proc_stat_parse(stat_after, &b.busy_ticks, &b.cores) == 0);
    /* 1500 ticks busy, 1200 of them this process's: 300 ticks of others in 10 s at 100 a
     * second, 0.3 of a core. */
    ASSERT_NEAR(cb_cpu_others_cores(&a, &b, 100), 0.3, 1e-12);
    b.own_ticks = 6600; /* counted more finely than the CPUs': never below 0 */
    ASSERT_NEAR(cb_cpu_others_cores(&a, &b, 100), 0.0, 0.0);
    b.wall_ms = a.wall_ms;
    ASSERT_TRUE(cb_cpu_others_cores(&a, &b, 100) < 0);
    b.wall_ms = 11000.0;
    b.cores = 3; /* a core came online: the totals do not compare */
    ASSERT_TRUE(cb_cpu_others_cores(&a, &b, 100) < 0);
    return 0;
}

static void judge(char *why, size_t len, const char *mode, double others, double load,
                  double native)
{
    const struct cb_busy_evidence e = {.mode = mode,
                                       .others_cores = others,
                                       .cores = 2,
                                       .load = load,
                                       .online = 2,
                                       .native_share = native};

    cb_busy_judge(&e, why, len);
}

int test_busy_judges_other_processes_not_the_load_average(void)
{
    char why[160];

    /* Right after clbench's own rows the load average reads 1.9 on 2 cores; the probes ran
     * beside a tenth of a core of other work: not busy. */
    judge(why, sizeof why, "auto", 0.1, 1.9, -1.0);
    ASSERT_TRUE(why[0] == '\0');
    judge(why, sizeof why, "auto", 0.5, 1.9, 0.95); /* a quarter of the machine: still not */
    ASSERT_TRUE(why[0] == '\0');
    judge(why, sizeof why, "auto", 1.3, 0.2, -1.0);
    ASSERT_TRUE(strcmp(why, "other processes used 1.3 of 2 cores while the probes ran") == 0);
    judge(why, sizeof why, "auto", 0.52, 0.2, -1.0);
    ASSERT_STR_HAS(why, "used 0.52 of 2 cores");
    /* The native probe's own test stands beside it. */
    judge(why, sizeof why, "auto", 0.1, 0.2, 0.6);
    ASSERT_TRUE(strcmp(why, "the native probe's threads got 60% of their cores") == 0);
    /* Without /proc/stat, the load average as before. */
    judge(why, sizeof why, "auto", -1.0, 1.9, -1.0);
    ASSERT_TRUE(strcmp(why, "load average 1.90 on 2 cores before the probes") == 0);
    judge(why, sizeof why, "auto", -1.0, 0.9, -1.0);
    ASSERT_TRUE(why[0] == '\0');
    /* CLBENCH_PEAK_BUSY overrides the evidence either way. */
    judge(why, sizeof why, "never", 2.0, 2.0, 0.1);
    ASSERT_TRUE(why[0] == '\0');
    judge(why, sizeof why, "always", 0.0, 0.0, 1.0);
    ASSERT_TRUE(strcmp(why, "CLBENCH_PEAK_BUSY=always") == 0);
    return 0;
}
