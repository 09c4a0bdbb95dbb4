/* Running one row: a kernel, a size and a set of parameters on one device.  Checks the
 * device's limits, builds, launches, verifies and times; whatever happens, the row ends with a
 * status and a reason, and the run goes on with the next row. */
#ifndef CLBENCH_RUN_H
#define CLBENCH_RUN_H

#include "clbench/args.h"
#include "clbench/device.h"
#include "clbench/source.h"
#include "clbench/stats.h"
#include "clbench/verify.h"

enum cb_status {
    CB_STATUS_OK,
    CB_STATUS_INVALID,     /* the size/parameter combination breaks a kernel constraint */
    CB_STATUS_OVER_LIMITS, /* the device cannot hold it (memory, work-group, local memory) */
    CB_STATUS_BUILD_FAILED,
    CB_STATUS_LAUNCH_FAILED, /* an OpenCL error while setting up or running */
    CB_STATUS_VERIFY_FAILED,
    CB_STATUS_TIMING_INVALID, /* profiling events contradict the wall clock */
    CB_STATUS_OUT_OF_BOUNDS,  /* the kernel wrote into the guard regions around its output */
    CB_STATUS_TOO_SLOW,       /* one launch alone took longer than --max-time */
    CB_STATUS_COUNT
};

/* "ok", "invalid", "over_limits", "build_failed", "launch_failed", "verify_failed",
 * "timing_invalid", "out_of_bounds", "too_slow". */
const char *cb_status_name(enum cb_status status);
/* The inverse; -1 for an unknown name. */
int cb_status_parse(const char *name);

struct cb_row {
    struct cb_device *device;
    struct cb_problem problem; /* kernel, size and parameters set before cb_run_row */
    enum cb_status status;
    char reason[CB_REASON_LEN];
    char build_options[CB_OPTIONS_LEN];
    double build_ms;
    int build_cached;   /* the program was built for an earlier row */
    const char *timer;  /* "event" (profiling events) or "wall" (host clock) */
    double *samples_ms; /* every timed launch, in order (owned) */
    size_t sample_count;
    double wall_ms; /* host time around the timed launches */
    struct cb_stats stats;
    double gflops, gbs;      /* from the median; 0 unless ok */
    double fraction_of_peak; /* of the device's measured peak for the metric; 0 if unknown */
    struct cb_verify verify;
    unsigned buffer_sets;          /* input/output sets rotated between launches */
    double footprint_bytes;        /* bytes of one set of buffers */
    int cache_resident;            /* all sets together fit in the device's global cache */
    size_t kernel_work_group_size; /* CL_KERNEL_WORK_GROUP_SIZE the driver reported */
    int resumed;                   /* filled in from a --resume file, not run again */
    /* Where the parameters came from: "default", "cpu default", "command line", "tuned" (then
     * tuned_date is the database entry's date) or "tuning" (a point `clbench tune` chose). */
    const char *params_from;
    char tuned_date[32];
};

/* Plans row->problem and checks it against the device's limits, without building: 0, or -1
 * with the status (invalid, over_limits) and reason set.  cb_run_row starts with it; the tuner
 * prunes with it. */
int cb_row_plan(struct cb_row *row);
/* Runs row->problem on row->device and fills in the rest of the row. */
void cb_run_row(struct cb_row *row, const struct cb_config *cfg, struct cb_program_cache *cache);
void cb_row_free(struct cb_row *row);

#endif
