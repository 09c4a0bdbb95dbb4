/* The busy-machine rule of the peak probes (docs/measurement.md, "Peaks and roofs"): whether
 * other work took the cores while a CPU device's probes ran, so that their roofs read low and
 * are not to be reused (peak_cache.h). */
#ifndef CLBENCH_PEAK_BUSY_H
#define CLBENCH_PEAK_BUSY_H

#include "clbench/cpu_time.h"

#include <stddef.h>

/* Other processes may use a quarter of the machine while the probes run.  Not less: the share
 * is over the whole window, whose single-threaded stretches (host references, first-launch
 * compiles) leave a core that other work takes without slowing a probe, and each probe keeps
 * its fastest launch, which a burst between launches does not touch.  On 2 cores one busy
 * loop beside the probes' two threads takes a third. */
#define CB_BUSY_OTHERS_SHARE 0.25
/* The native probe's threads must get this share of their cores. */
#define CB_BUSY_NATIVE_SHARE 0.9

/* What the rule weighs. */
struct cb_busy_evidence {
    const char *mode;    /* CLBENCH_PEAK_BUSY: "never", "always" or "auto" */
    double others_cores; /* cores other processes kept busy while the probes ran; -1: unknown */
    unsigned cores;      /* the machine's, as /proc/stat counts them */
    double load;         /* where others_cores is unknown: the 1-minute load average; -1: none */
    long online;         /* the online cores the load average is weighed against */
    double native_share; /* the native probe's threads' CPU time over their wall time; -1: none */
};

/* Writes into why the reason the machine counts as busy, or "" when it does not. */
void cb_busy_judge(const struct cb_busy_evidence *e, char *why, size_t len);

/* Watches the machine from cb_busy_watch_start to cb_busy_watch_judge, the probes between. */
struct cb_busy_watch {
    struct cb_cpu_sample start;
    int have_start; /* /proc was readable */
    double load;    /* the load average at the start; -1 where there is none */
};
void cb_busy_watch_start(struct cb_busy_watch *w);
/* The rule over the watch; native_share is the native probe's, -1 where none ran. */
void cb_busy_watch_judge(const struct cb_busy_watch *w, double native_share, char *why, size_t len);

#endif
