/* Host wall clock, for build times and for cross-checking event timestamps. */
#ifndef CLBENCH_TIMER_H
#define CLBENCH_TIMER_H

/* Milliseconds of CLOCK_MONOTONIC. */
double cb_wall_ms(void);

#endif
