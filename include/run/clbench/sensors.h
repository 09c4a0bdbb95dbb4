/* The device's state and energy while a row's timed launches run: clocks, power, temperature and
 * throttle reasons through NVML on NVIDIA devices (matched by PCI bus id), the cores' clock
 * through cpufreq and the package energy through RAPL (powercap) on CPU devices of this host.
 * A sensor that cannot be read leaves its fields absent, with the reason; nothing here fails a
 * row.  Where the run file keeps it: README.md, "Device state and energy". */
#ifndef CLBENCH_SENSORS_H
#define CLBENCH_SENSORS_H

#include "clbench/device_info.h"

#include <stddef.h>

enum cb_state_field {
    CB_STATE_SM_CLOCK, /* MHz: the SM clock (NVML), the cores' mean clock (cpufreq) */
    CB_STATE_MEM_CLOCK,
    CB_STATE_POWER,       /* W: NVML's board power, or RAPL's package power */
    CB_STATE_TEMPERATURE, /* degrees C */
    CB_STATE_FIELDS
};
enum { CB_SENSOR_WHY_LEN = 320 };

struct cb_range {
    double min, median, max;
};

/* What the device was doing during one row's timed launches. */
struct cb_row_state {
    /* "nvml", "cpufreq", or "rapl" (a CPU with RAPL's package power and no cpufreq); NULL:
     * nothing was read (no device_state). */
    const char *source;
    size_t samples;   /* readings over the timed launches */
    unsigned present; /* bit (1u << field) set: range[field] holds values */
    struct cb_range range[CB_STATE_FIELDS];
    /* Why a field of the source's is absent ("" where present, or not the source's). */
    char missing[CB_STATE_FIELDS][CB_SENSOR_WHY_LEN];
    int reasons_known;            /* the source reports throttle reasons */
    unsigned long long reasons;   /* the union of the readings' NVML clock-event reason bits */
    int throttled;                /* a reason other than idle or an application clock setting */
    double clock_moved_pct;       /* (max - min) / max of the core clock, percent */
    int clock_moved;              /* clock_moved_pct above --clock-threshold */
    long discarded;               /* launches dropped by --discard-throttled; -1: not asked */
    char note[CB_SENSOR_WHY_LEN]; /* what --discard-throttled did not do, and why */
};

/* The energy of one row's timed launches, over the window from just before the first to just
 * after the last: an energy counter's difference where the window spans enough of its updates,
 * else the sampler's power readings integrated over it. */
struct cb_row_energy {
    /* "nvml" or "rapl" (the counter's difference), "nvml-power" (NVML's power readings
     * integrated); NULL: absent, why in `absent` ("": no sensor) */
    const char *source;
    double joules;                                            /* over the window */
    size_t launches;                                          /* timed launches in the window */
    double joules_per_launch, gflops_per_joule, gb_per_joule; /* 0: not known */
    double window_ms;                                         /* host time the energy covers */
    /* The shortest window whose counter difference is used (CB_ENERGY_COUNTER_PERIODS of its
     * updates, or --energy-window's); 0 without a counter.  `extended`: the row's timing ran
     * past --min-time to reach it (--energy-window). */
    double min_window_ms;
    int extended;
    /* The expected error, percent: for a counter its quantisation bound (one update period
     * over the window), for instantaneous power readings their stated accuracy and the
     * standard error of their mean; 0 with `approximate` where it is not known (NVML's
     * averaged power). */
    double error_pct;
    int approximate;
    /* nvml-power: the readings rose through the window (they trail a load that has just
     * started), so the energy is a lower estimate: `approximate` too. */
    int rising;
    size_t power_readings; /* the power readings integrated (nvml-power, or power_joules) */
    /* Where the source is NVML's counter and instantaneous power readings cover the window
     * too: their integral over the same window (0: not taken). */
    double power_joules;
    char absent[CB_SENSOR_WHY_LEN];
};

/* A window spanning this many of the energy counter's updates or more takes its energy from
 * the counter (quantisation under 1/10); a shorter one integrates the power readings, unless
 * --energy-window lengthens the rows. */
#define CB_ENERGY_COUNTER_PERIODS 10

/* At device open: finds the device's sensors and records in d->state_nvml, state_rapl and
 * state_cpufreq what reads it or why nothing does; prints one line (once per device) for a
 * sensor that should be there and is not (NVML on an NVIDIA device, RAPL that is present but
 * unreadable).  `enabled` 0 (--no-sensors): none is opened, and the strings say so. */
void cb_sensors_open(struct cb_device *d, int enabled);
void cb_sensors_close(struct cb_device *d);
/* Why the device's rows have no energy ("" where they have, or nothing is known). */
const char *cb_sensors_energy_absent(const struct cb_device *d);

/* The time `periods` updates of the device's energy counter take; 0 without a counter. */
double cb_sensors_min_window_ms(const struct cb_device *d, double periods);

/* One row's readings: started before its timed launches (a sampler thread and the energy
 * counter's first reading), told each timed launch's host start and end, finished after the
 * last.  A window spanning counter_periods of the counter's updates or more takes its energy
 * from the counter.  start returns NULL where the device has no sensor (or no memory: then
 * nothing is recorded). */
struct cb_sampling;
struct cb_sampling *cb_sampling_start(const struct cb_device *d, double counter_periods);
void cb_sampling_launch(struct cb_sampling *s, double start_ms, double end_ms);
/* Stops the sampler and fills state and energy (both zeroed first; with s NULL they say no
 * sensor).  bad[0..launches) where not NULL: 1 for each launch that overlapped a reading
 * taken while throttled or with the core clock more than threshold_pct below the row's
 * highest.  Frees s. */
void cb_sampling_finish(struct cb_sampling *s, struct cb_row_state *state,
                        struct cb_row_energy *energy, double threshold_pct, unsigned char *bad,
                        size_t launches);

/* The names of the NVML clock-event reason bits, as the run file writes them ("power_cap",
 * "thermal_slowdown", ...): the name of bit `bit`, NULL for an unknown bit. */
const char *cb_throttle_reason_name(unsigned bit);
/* The reason bits that count as throttling: all but idle and an application clock setting. */
#define CB_THROTTLE_MASK (~0x3ULL)

/* The median, min and max of v[0..n) (n >= 1; v is sorted in place). */
struct cb_range cb_range_of(double *v, size_t n);
/* A counter's increase from `before` to `after` that wraps at `range` (0: unknown): -1 when it
 * went backwards and the range is unknown. */
double cb_counter_delta(double before, double after, double range);
/* The energy in J over [from_ms, to_ms] of power readings w[i] W taken at t_ms[i] (ascending):
 * the trapezoids between readings, held at the first before it and the last after it. */
double cb_power_integral(const double *t_ms, const double *w, size_t n, double from_ms,
                         double to_ms);

#endif
