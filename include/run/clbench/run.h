/* Running one row: a kernel, a size and a set of parameters on one device.  Checks the
 * device's limits, builds, launches, verifies and times; whatever happens, the row ends with a
 * status and a reason, and the run goes on with the next row. */
#ifndef CLBENCH_RUN_H
#define CLBENCH_RUN_H

#include "clbench/settings.h"
#include "clbench/device_defaults.h"
#include "clbench/device.h"
#include "clbench/explain.h"
#include "clbench/kernel_info.h"
#include "clbench/sensors.h"
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
    CB_STATUS_UNVERIFIED,     /* timed, but nothing checks its outputs (a generic kernel
                                 without a reference): measured, never "ok" */
    CB_STATUS_UNAVAILABLE,    /* a library row that cannot run in this build, on this machine
                               * or on this device: absent with the reason, not a failure */
    CB_STATUS_CRASHED,        /* the worker process running it died (a signal, an abort in the
                               * driver, an exit): the reason names it and quotes its last lines */
    CB_STATUS_TIMED_OUT,      /* its build and launches ran past --row-timeout: worker killed */
    CB_STATUS_UNSUPPORTED,    /* the kernel needs what the device lacks (a type's extension,
                               * cl_khr_fp64): not run, not a failure */
    CB_STATUS_COUNT
};

/* "ok", "invalid", "over_limits", "build_failed", "launch_failed", "verify_failed",
 * "timing_invalid", "out_of_bounds", "too_slow", "unverified", "unavailable", "crashed",
 * "timed_out", "unsupported". */
const char *cb_status_name(enum cb_status status);
/* The inverse; -1 for an unknown name. */
int cb_status_parse(const char *name);
/* 1 for the statuses of rows that were timed to the end and have statistics: ok and
 * unverified.  The others are failures, and set exit code 1. */
int cb_status_measured(enum cb_status status);

struct cb_row {
    struct cb_device *device;
    struct cb_problem problem; /* kernel, size and parameters set before cb_run_row */
    enum cb_status status;
    char reason[CB_REASON_LEN];
    char build_options[CB_OPTIONS_LEN];
    double build_ms;
    int build_cached;         /* the program was built for an earlier row */
    const char *build_source; /* "built", "memory" (an earlier row's) or "disk" (cache) */
    /* The warning lines of the build's log ("" when none, or when loaded from the disk cache,
     * which keeps no log). */
    char build_warnings[CB_WARNINGS_LEN];
    const char *timer; /* "event" (profiling events), "wall" (host clock around the enqueue
                        * and clFinish), or a library row's own ("host", "cuda-event") */
    char timer_reason[CB_REASON_LEN]; /* why "wall" where events were planned; else empty */
    char adjusted[CB_REASON_LEN];     /* parameters made smaller to fit the kernel's work-group
                                       * limit on this device, and why; else empty */
    double *samples_ms;               /* every timed launch, in order (owned) */
    size_t sample_count;
    double wall_ms;    /* host time around the timed launches */
    double elapsed_ms; /* host time of the whole row: plan, build, inputs, launches, checks */
    struct cb_stats stats;
    /* A two-launch row (struct cb_then) timed by events: the medians of the first (main)
     * kernel's and of the second kernel's own times; 0 otherwise.  Each sample spans both. */
    double then_first_ms, then_second_ms;
    double gflops, gbs;      /* from the median; 0 unless ok */
    double fraction_of_peak; /* of the device's measured peak for the metric; 0 if unknown */
    struct cb_verify verify;
    unsigned buffer_sets;   /* input/output sets rotated between launches */
    double footprint_bytes; /* bytes of one set of buffers */
    int cache_resident;     /* all sets together fit in the device's global cache */
    /* Threads that kept the CPU device's cores awake while the row ran (keep_awake.h); 0: none. */
    unsigned kept_awake;
    size_t kernel_work_group_size;     /* CL_KERNEL_WORK_GROUP_SIZE the driver reported */
    int resumed;                       /* filled in from a --resume file, not run again */
    struct cb_kernel_info kernel_info; /* resources of the built kernel (kernel_info.h) */
    struct cb_explain explain;         /* occupancy, bound, launch overhead (explain.h) */
    /* Where the parameters came from: "default", "cpu default", "device default" (an expression
     * of the manifest over the device's properties decided one), "command line", "tuned" (then
     * tuned says which database entry) or "tuning" (a point `clbench tune` chose). */
    const char *params_from;
    /* How the defaults were resolved where it matters: a device default clamped to an allowed
     * value, or one that fell back (a property the driver does not report); "" otherwise. */
    char params_note[CB_PARAMS_NOTE_LEN];
    struct cb_tuned_use tuned;      /* tuned.skipped also with a default: the entry refused */
    struct cb_library_info library; /* a library row's library; name "" for other rows */
    /* The device's clocks, power, temperature and throttle reasons over the timed launches, and
     * their energy (sensors.h); state.source NULL: nothing read. */
    struct cb_row_state state;
    struct cb_row_energy energy;
    /* The generic contract: the name of the device its reference kernel ran on ("" until). */
    char reference_device[CB_NAME_LEN];
};

/* Devices that run reference kernels for the generic contract's check (`verify ... on DEVICE`):
 * copies of the run's devices with contexts of their own, opened on first use, so that they
 * outlive the rows of the device they copy (oracle.h). */
struct cb_oracles {
    const struct cb_device_list *list;
    struct cb_device *devices; /* parallel to list->devices; context NULL until used */
    struct cb_program_cache *caches;
};

/* What every row of a run shares: the settings, the program cache of the row's device and the
 * reference devices (NULL: a reference on another device cannot run). */
struct cb_row_env {
    const struct cb_row_settings *cfg;
    struct cb_program_cache *cache;
    struct cb_oracles *oracles;
};

/* Plans row->problem and checks it against the device's limits, without building: 0, or -1
 * with the status (invalid, over_limits) and reason set.  cb_run_row starts with it; the tuner
 * prunes with it. */
int cb_row_plan(struct cb_row *row);
/* Builds, over the host's cores, the programs that rows[0..count) (all of one device) will ask
 * env->cache for, skipping rows that are resumed, refused before building, or need no
 * program.  A failed build is reported by the row that asks for it. */
void cb_rows_prebuild(const struct cb_row *rows, size_t count, const struct cb_row_env *env);
/* Warms what the first use of rows[0..count) costs on their device, for a run that runs them
 * later in another process: each row once, untimed, at the smallest of its sizes halved that
 * launches the same work-groups of the same program (a library's at its own size), so that
 * the driver's and clbench's program caches and a driver's kernels compiled per local size
 * are on disk.  Returns the number of rows that ran and verified. */
size_t cb_rows_warm(const struct cb_row *rows, size_t count, const struct cb_row_env *env);
/* Runs row->problem on row->device and fills in the rest of the row. */
void cb_run_row(struct cb_row *row, const struct cb_row_env *env);
void cb_row_free(struct cb_row *row);
/* The launch time a too_slow row's reason gives; 0 for any other row. */
double cb_row_too_slow_ms(const struct cb_row *row);
/* Prints each distinct library warning of rows[0..count) once on stderr (a misconfigured
 * baseline is said once per run, not once per row), and once a note where OpenBLAS ran the
 * core OPENBLAS_CORETYPE named in the user's environment. */
void cb_rows_warn_libraries(const struct cb_row *rows, size_t count);
/* 1 if the row counts as failed for the exit status: not ok, unverified, unavailable or
 * unsupported. */
int cb_row_failed(const struct cb_row *row);

#endif
