/* Measuring a device's achievable bandwidth and arithmetic rate with clbench's own probes
 * (cl/peak.cl), the denominators of "fraction of peak". */
#ifndef CLBENCH_PEAK_H
#define CLBENCH_PEAK_H

#include "clbench/settings.h"
#include "clbench/device.h"
#include "clbench/source.h"

/* Runs the probes on an open device and fills its peak_* fields.  A probe that fails leaves
 * its field at 0 and warns; the run goes on without that fraction. */
void cb_peak_measure(struct cb_device *d, const struct cb_row_settings *cfg,
                     struct cb_program_cache *cache);

/* Compiles what the probes' first launches on d would (cb_rows_warm): each probe once,
 * small and untimed, where cfg->peak_mode would run them; measures nothing. */
void cb_peak_warm(struct cb_device *d, const struct cb_row_settings *cfg,
                  struct cb_program_cache *cache);

/* Times an empty kernel's launches (host/run/launch_overhead.c) into d->launch_event_us and
 * d->launch_wall_us; on failure leaves them 0 and warns. */
void cb_launch_overhead_measure(struct cb_device *d, const struct cb_row_settings *cfg,
                                struct cb_program_cache *cache);

#endif
