/* Cores kept awake while a row's launches run; see keep_awake.h. */
#define _GNU_SOURCE /* SCHED_IDLE */
#include "clbench/keep_awake.h"

#include "clbench/cpu_time.h"
#include "clbench/device.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>

struct cb_keep_awake {
    atomic_int stop;
    atomic_uint started, idle; /* threads past setting their class; those at SCHED_IDLE */
    unsigned count;
    pthread_t threads[];
};

/* glibc's thread attributes take no SCHED_IDLE: each thread lowers itself first, and one that
 * cannot ends at once rather than compete with the runtime at normal priority. */
static void *yield_until_stopped(void *arg)
{
    struct cb_keep_awake *k = arg;
    const struct sched_param param = {.sched_priority = 0};
    const int idle = pthread_setschedparam(pthread_self(), SCHED_IDLE, &param) == 0;

    if (idle)
        atomic_fetch_add(&k->idle, 1);
    atomic_fetch_add(&k->started, 1);
    while (idle && !atomic_load_explicit(&k->stop, memory_order_relaxed))
        sched_yield();
    return NULL;
}

/* The cores this process may run on, at most the device's compute units. */
static unsigned cores_to_keep(const struct cb_device *d)
{
    const unsigned allowed = cb_cpus_allowed();

    return allowed > 0 && allowed < d->compute_units ? allowed : d->compute_units;
}

struct cb_keep_awake *cb_keep_awake_start(const struct cb_device *d, int on)
{
    struct cb_keep_awake *k;
    unsigned cores;

    if (!on || !cb_device_host_memory(d) || (cores = cores_to_keep(d)) == 0)
        return NULL;
    k = malloc(sizeof *k + cores * sizeof k->threads[0]);
    if (k == NULL)
        return NULL;
    atomic_init(&k->stop, 0);
    atomic_init(&k->started, 0);
    atomic_init(&k->idle, 0);
    k->count = 0;
    while (k->count < cores &&
           pthread_create(&k->threads[k->count], NULL, yield_until_stopped, k) == 0)
        k->count++;
    while (atomic_load(&k->started) < k->count)
        sched_yield();
    if (atomic_load(&k->idle) == 0) {
        cb_keep_awake_stop(k);
        return NULL;
    }
    return k;
}

unsigned cb_keep_awake_threads(const struct cb_keep_awake *k)
{
    return k != NULL ? atomic_load(&k->idle) : 0;
}

void cb_keep_awake_stop(struct cb_keep_awake *k)
{
    if (k == NULL)
        return;
    atomic_store(&k->stop, 1);
    for (unsigned i = 0; i < k->count; i++)
        pthread_join(k->threads[i], NULL);
    free(k);
}
