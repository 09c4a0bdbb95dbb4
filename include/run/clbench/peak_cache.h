/* Measured peaks kept in the per-user cache (cache_dir.h, "peaks/"), so that a run spends the
 * probes' seconds once per device rather than every time.  An entry is keyed by the host, the
 * device, its platform and driver, and the probes themselves (cl/peak.cl's hash and
 * CB_PEAK_PROBE_VERSION); it holds the figures, their sources and the date they were measured,
 * and a checksum of all of it: an edited or corrupt entry is refused and measured again.  A
 * peak measured while the machine was busy (host/run/peak_busy.c) is stored with the reason and
 * measured again by the next run, which keeps the higher of the two for each roof. */
#ifndef CLBENCH_PEAK_CACHE_H
#define CLBENCH_PEAK_CACHE_H

#include "clbench/settings.h"
#include "clbench/device.h"
#include "clbench/source.h"

/* Bump when the probes' host side (host/run/peak.c: sizes, settings) changes what they
 * measure; an edit of cl/peak.cl is seen by its hash. */
#define CB_PEAK_PROBE_VERSION 3

/* Fills d's measured peaks as cfg->peak_mode says, and d->peak_source and d->peak_date.  With
 * CB_PEAK_CACHED and nothing cached, measures and says so on stderr. */
void cb_peak_obtain(struct cb_device *d, const struct cb_row_settings *cfg,
                    struct cb_program_cache *cache);

#endif
