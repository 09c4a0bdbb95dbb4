/* The environment before the drivers; see driver_env.h. */
#define _POSIX_C_SOURCE 200809L
#include "clbench/driver_env.h"

#include "clbench/cpu_time.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern char **environ;

/* Kept for the life of the process: every worker started later needs it. */
static char **snapshot;

void cb_driver_env_snapshot(void)
{
    size_t n = 0;
    char **copy;

    if (snapshot != NULL)
        return;
    while (environ[n] != NULL)
        n++;
    copy = calloc(n + 1, sizeof *copy);
    if (copy == NULL)
        return; /* workers then get the environment as it is then */
    for (size_t i = 0; i < n; i++)
        if ((copy[i] = strdup(environ[i])) == NULL) {
            while (i > 0)
                free(copy[--i]);
            free(copy);
            return;
        }
    snapshot = copy;
}

char *const *cb_driver_env(void)
{
    return snapshot != NULL ? snapshot : environ;
}

static char pocl_affinity[96] = "unset (the devices were not enumerated)";

void cb_driver_env_pin_pocl(void)
{
    const char *set = getenv("POCL_AFFINITY");
    const long online = sysconf(_SC_NPROCESSORS_ONLN);

    if (set != NULL) {
        snprintf(pocl_affinity, sizeof pocl_affinity, "%.40s (from the environment)", set);
        return;
    }
    if ((long)cb_cpus_allowed() != online) {
        snprintf(pocl_affinity, sizeof pocl_affinity,
                 "unset (this process may not run on every one of the %ld online CPUs)", online);
        return;
    }
    if (setenv("POCL_AFFINITY", "1", 0) == 0)
        snprintf(pocl_affinity, sizeof pocl_affinity, "1 (set by clbench)");
}

const char *cb_driver_env_pocl_affinity(void)
{
    return pocl_affinity;
}
