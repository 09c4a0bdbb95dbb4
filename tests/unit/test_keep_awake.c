/* Unit tests of the threads that keep a CPU device's cores awake while a row's launches run
 * (host/run/keep_awake.c): one per compute unit (at most the cores this process may use), all
 * at SCHED_IDLE, none for a GPU, for a simulator that calls itself every type, or with the
 * setting off, and none left after stop. */
#define _GNU_SOURCE /* SCHED_IDLE, CPU_COUNT */
#include "check.h"
#include "clbench/keep_awake.h"

#include <dirent.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The process's threads, and how many of them run at SCHED_IDLE (from /proc/self/task). */
static unsigned threads(unsigned *idle)
{
    DIR *dir = opendir("/proc/self/task");
    struct dirent *e;
    unsigned count = 0;

    *idle = 0;
    while (dir != NULL && (e = readdir(dir)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        count++;
        *idle += sched_getscheduler(atoi(e->d_name)) == SCHED_IDLE;
    }
    if (dir != NULL)
        closedir(dir);
    return count;
}

/* The process's threads once those just joined have left /proc (a joined thread's entry can
 * outlive pthread_join by a moment): waits up to a second for `want`. */
static unsigned threads_settled(unsigned want)
{
    const struct timespec ms = {0, 1000000};
    unsigned idle, count = threads(&idle);

    for (int i = 0; i < 1000 && count != want; i++) {
        nanosleep(&ms, NULL);
        count = threads(&idle);
    }
    return count;
}

int test_keep_awake_threads_idle_per_core(void)
{
    struct cb_device cpu, gpu;
    cpu_set_t allowed;
    unsigned idle, before = threads(&idle), expect;
    struct cb_keep_awake *k;

    ASSERT_TRUE(sched_getaffinity(0, sizeof allowed, &allowed) == 0);
    memset(&cpu, 0, sizeof cpu);
    cpu.type = CL_DEVICE_TYPE_CPU;
    cpu.compute_units = 64; /* more than the cores allowed: one thread per allowed core */
    gpu = cpu;
    gpu.type = CL_DEVICE_TYPE_GPU;
    ASSERT_TRUE(cb_keep_awake_start(&gpu, 1) == NULL);
    gpu.type = CL_DEVICE_TYPE_CPU | CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_ACCELERATOR; /* Oclgrind */
    ASSERT_TRUE(cb_keep_awake_start(&gpu, 1) == NULL);
    ASSERT_TRUE(cb_keep_awake_start(&cpu, 0) == NULL);

    expect = (unsigned)CPU_COUNT(&allowed) < 64 ? (unsigned)CPU_COUNT(&allowed) : 64;
    k = cb_keep_awake_start(&cpu, 1);
    ASSERT_TRUE(k != NULL);
    ASSERT_EQ_U(cb_keep_awake_threads(k), expect);
    ASSERT_EQ_U(threads(&idle), before + expect);
    ASSERT_EQ_U(idle, expect);
    cb_keep_awake_stop(k);
    ASSERT_EQ_U(threads_settled(before), before);

    cpu.compute_units = 1;
    k = cb_keep_awake_start(&cpu, 1);
    ASSERT_EQ_U(cb_keep_awake_threads(k), 1);
    cb_keep_awake_stop(k);
    ASSERT_EQ_U(cb_keep_awake_threads(NULL), 0);
    return 0;
}
