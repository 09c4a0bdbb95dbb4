/* The environment before the drivers; see driver_env.h. */
#define _POSIX_C_SOURCE 200809L
#include "clbench/driver_env.h"

#include <stdlib.h>
#include <string.h>

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
