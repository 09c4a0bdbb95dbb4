/* The busy-machine rule of the peak probes; see peak_busy.h. */
#define _POSIX_C_SOURCE 200809L
#include "clbench/peak_busy.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void cb_busy_judge(const struct cb_busy_evidence *e, char *why, size_t len)
{
    why[0] = '\0';
    if (strcmp(e->mode, "never") == 0)
        return;
    if (strcmp(e->mode, "always") == 0)
        snprintf(why, len, "CLBENCH_PEAK_BUSY=always");
    else if (e->others_cores >= 0 && e->cores > 0) {
        if (e->others_cores > CB_BUSY_OTHERS_SHARE * e->cores)
            snprintf(why, len, "other processes used %.2g of %u cores while the probes ran",
                     e->others_cores, e->cores);
    } else if (e->online > 0 && e->load > 0.5 * (double)e->online)
        /* Without /proc/stat: the load average lags a minute and counts this process's own
         * earlier work, so only a machine busy for a while trips it. */
        snprintf(why, len, "load average %.2f on %ld cores before the probes", e->load, e->online);
    if (why[0] == '\0' && e->native_share >= 0 && e->native_share < CB_BUSY_NATIVE_SHARE)
        snprintf(why, len, "the native probe's threads got %.0f%% of their cores",
                 100.0 * e->native_share);
}

/* CLBENCH_PEAK_BUSY: "never" trusts every measurement (a machine known to be dedicated),
 * "always" distrusts every one (to test the rule); anything else, or unset, applies it. */
static const char *busy_mode(void)
{
    const char *mode = getenv("CLBENCH_PEAK_BUSY");

    return mode != NULL && (strcmp(mode, "never") == 0 || strcmp(mode, "always") == 0) ? mode
                                                                                       : "auto";
}

/* The 1-minute load average (/proc/loadavg, Linux); -1 where there is none. */
static double load_average(void)
{
    FILE *f = fopen("/proc/loadavg", "r");
    double load = -1.0;

    if (f != NULL) {
        if (fscanf(f, "%lf", &load) != 1)
            load = -1.0;
        fclose(f);
    }
    return load;
}

void cb_busy_watch_start(struct cb_busy_watch *w)
{
    w->load = load_average();
    w->have_start = cb_cpu_sample_take(&w->start) == 0;
}

void cb_busy_watch_judge(const struct cb_busy_watch *w, double native_share, char *why, size_t len)
{
    struct cb_cpu_sample end;
    struct cb_busy_evidence e = {.mode = busy_mode(),
                                 .others_cores = -1.0,
                                 .load = w->load,
                                 .online = sysconf(_SC_NPROCESSORS_ONLN),
                                 .native_share = native_share};

    if (w->have_start && cb_cpu_sample_take(&end) == 0) {
        e.others_cores = cb_cpu_others_cores(&w->start, &end, sysconf(_SC_CLK_TCK));
        e.cores = end.cores;
    }
    cb_busy_judge(&e, why, len);
}
