/* The profiling clock's check, once per device when it is opened: one kernel of known work at
 * two sizes, timed by its profiling events and by the host clock.  Where the events do not
 * agree with the host (too little, too much, or not growing with the work), the device's rows
 * are timed on the host clock (timer "wall") and say why. */
#ifndef CLBENCH_CLOCK_CHECK_H
#define CLBENCH_CLOCK_CHECK_H

#include "clbench/device.h"

/* Sets d->clock_checked, events_trusted, clock_event_ms, clock_wall_ms and clock_why; prints
 * one warning line when the events cannot be trusted.  d must be open. */
void cb_clock_check(struct cb_device *d);

/* The verdict alone, from the check's measurements: event_ms and wall_ms of the larger
 * launch (event_ms < 0: an event that ended before it started), small_event_ms of the launch
 * of a quarter of its work. */
void cb_clock_judge(struct cb_device *d, double small_event_ms, double event_ms, double wall_ms);

#endif
