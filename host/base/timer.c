/* Host wall clock; see timer.h. */
#define _POSIX_C_SOURCE 200809L
#include "clbench/timer.h"

#include <time.h>

double cb_wall_ms(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}
