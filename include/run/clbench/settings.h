/* What the run layer reads of a run's configuration: how a row is built, timed and verified
 * (struct cb_row_settings) and which rows a run has (struct cb_rows_request).  The command line
 * fills both (host/cli/args.c); the layers above hand them down. */
#ifndef CLBENCH_SETTINGS_H
#define CLBENCH_SETTINGS_H

#include "clbench/parse.h"

#include <stddef.h>

enum { CB_MAX_KERNELS = 128 };

/* --peak: where each device's measured peak comes from (host/run/peak_cache.c). */
enum cb_peak_mode {
    CB_PEAK_OFF,     /* no probes, no fraction-of-peak column */
    CB_PEAK_CACHED,  /* the cached measurement; measured and stored when there is none */
    CB_PEAK_MEASURE, /* measured now, and stored for later runs */
};

struct cb_device;
struct cb_kernel;
struct cb_problem;
struct cb_tuned_db;

/* Which tuning database entry a row's parameters came from (docs/tuning.md). */
struct cb_tuned_use {
    char match[16];    /* "exact", "class" (size class and shape) or "nearest"; "" none */
    char size[64];     /* the entry's size: "4096x4096x4096" */
    char shape[16];    /* the entry's shape: "square", "flat" or "skinny" */
    char date[32];     /* when it was tuned */
    char type[8];      /* its element type, the row's: "float", "double" or "half" */
    char skipped[320]; /* an entry the kernel no longer accepts, and why; defaults were used */
};

/* The tuned parameters of p's kernel at p's size and element type on device d, from db: fills
 * params (in the order of the kernel's parameters) and use and returns 1, or returns 0 where
 * db holds none (use->skipped says why when the entry it found was refused).  The caller sets
 * it with the database (host/tune/tuned.c), which lies above the runner that reads it. */
typedef int (*cb_tuned_lookup_fn)(const struct cb_tuned_db *db, const struct cb_device *d,
                                  const struct cb_problem *p, long *params,
                                  struct cb_tuned_use *use);

/* The planner (host/tune/shape_model.c, set by the caller as tuned_lookup is): the parameters
 * its model of the device predicts fastest for p's kernel at p's size and type on d.  Returns 1
 * with params (the kernel's order), the predicted seconds and what the choice rests on in note;
 * 0 where it has no model of the kernel; -1 with why in note (the caller keeps its defaults). */
typedef int (*cb_planner_fn)(const struct cb_device *d, const struct cb_problem *p, long *params,
                             double *seconds, char *note, size_t len);
/* The model's predicted seconds of p with params on d; negative where it cannot say. */
typedef double (*cb_predict_fn)(const struct cb_device *d, const struct cb_problem *p,
                                const long *params);

/* How every row of a run is built, timed and verified (run.c, the contracts, the peaks). */
struct cb_row_settings {
    const char *cl_dir;            /* where cl/<family>.cl are read from */
    const char *cl_opts;           /* extra clBuildProgram options */
    unsigned warmup;               /* untimed launches before the timed ones */
    unsigned reps;                 /* timed launches at least */
    double min_time_s;             /* keep timing until the launches add up to this */
    double max_time_s;             /* a row's time budget from its first launch (0: none) */
    double max_first_s;            /* a longer first launch is too_slow (0: max_time_s) */
    unsigned long long verify_max; /* output elements checked at most (0: automatic) */
    unsigned long long seed;       /* of the pseudo-random inputs */
    enum cb_peak_mode peak_mode;   /* the peak probes, for "fraction of peak" */
    int use_cache;                 /* 0: --no-cache, no peak or program read from or kept on disk */
    /* The device's state and energy per row (host/run/sensors.c): 0 (--no-sensors) reads
     * nothing; rows whose core clock moved more than clock_threshold_pct percent are flagged,
     * and with discard_throttled their launches taken while throttled are dropped. */
    int sensors;
    double clock_threshold_pct;
    int discard_throttled;
    /* --energy-window: each row's launches run for this many updates of the device's energy
     * counter at least, and take their energy from it; 0: rows are not lengthened, and a
     * shorter one integrates the power readings. */
    unsigned energy_window_periods;
    /* 1: a CPU device's cores are kept awake while a row's launches run (keep_awake.h); 0
     * (--no-keep-awake): they may sleep between launches. */
    int keep_awake;
};

/* The rows of a run (rows.c): each kernel at each size and element type, with the -D values
 * given, and where a row's parameters come from otherwise. */
struct cb_rows_request {
    const struct cb_kernel *kernels[CB_MAX_KERNELS];
    size_t kernel_count;
    struct cb_size sizes[CB_MAX_SIZES];
    size_t size_count; /* 0: each kernel's default for the device type */
    struct cb_define defines[CB_MAX_DEFINES];
    size_t define_count;
    /* --type: the element types (REAL) the four families' kernels are built with, and those of
     * the library rows that run, each kernel's rows in each: "float" (the default), "double",
     * "half", in the order given. */
    const char *real_types[3];
    unsigned real_type_count;
    int no_tuned;                    /* --no-tuned: parameters never come from a database */
    const struct cb_tuned_db *tuned; /* loaded by the caller; NULL: none */
    cb_tuned_lookup_fn tuned_lookup; /* reads `tuned` */
    int no_model;                    /* --no-model: the manifest's defaults, not the planner's */
    cb_planner_fn plan;              /* NULL: no planner */
    cb_predict_fn predict;
};

#endif
