/* Supervised worker processes.  The rows of a run and the points of a tune execute in a child
 * process per device, so that a kernel or a driver that crashes, hangs or poisons its context
 * costs one row and not the run; the supervisor (the clbench process the user started) alone
 * writes the journal, the output and the tuning database.
 *
 * A worker is clbench itself, exec'd from /proc/self/exe with the supervisor's own command line
 * and CLBENCH_WORKER_MODE set: it parses the same options into the same configuration, and
 * selects the same devices.  (Never fork() alone: a process that has initialised OpenCL does not
 * survive it; PoCL deadlocks.)  It keeps its device open, with its program cache and peaks, for
 * every row of that device, and is replaced when it dies.
 *
 * The channel: one JSON line per message, on the worker's stdin and on a copy of its stdout
 * (its own stdout goes to its stderr, so that a kernel's printf cannot corrupt the channel).
 *   supervisor: {"op":"open","device":I,"prebuild":[SPEC...]}  then  {"op":"row",SPEC...}
 *               or, to a warm-up worker, {"op":"warm","device":I,"rows":[SPEC...]}
 *   worker:     {"ready":true,"peak":{...}} | {"ready":false,"reason":"..."}
 *               {"row":ROW,"retire":false}  (ROW: the run file's row object, cb_row_json)
 *               {"warmed":N} | {"reason":"..."}  (to "warm")
 * SPEC: "device", "kernel", "size", "params" (array, in the kernel's order), "from",
 * "tuned_date", "max_time_s".  The worker's stderr is passed through to the supervisor's and
 * its last lines are kept, so that a crashed row can quote them.
 *
 * Two hidden hooks for tests/cli/crash.sh: CLBENCH_WORKER_EXE runs that file as the worker (a
 * worker that cannot start), CLBENCH_TEST_WORKER_GARBAGE makes the worker answer every row
 * with a line that is not one. */
#ifndef CLBENCH_WORKER_H
#define CLBENCH_WORKER_H

#include "clbench/run.h"
#include "clbench/session.h"

#include <signal.h>
#include <sys/types.h>

enum { CB_WORKER_RING = 2048, CB_WORKER_MAX_DEVICES = 64 };

/* The default of --row-timeout, seconds. */
#define CB_ROW_TIMEOUT_DEFAULT_S 900.0

struct cb_worker {
    pid_t pid; /* 0: none running */
    int to, from, err;
    size_t device_index; /* in the run's selected devices */
    struct cb_device *device;
    struct cb_device *const *devices; /* the run's selected devices, as the worker is told */
    size_t device_count;
    char *line; /* the reply read so far */
    size_t line_len, line_cap;
    char ring[CB_WORKER_RING]; /* the end of its stderr */
    size_t ring_len;
    int opened; /* a worker opened the device: its peaks and clock check are in *device */
    /* Why opening the device failed; a later row gets this at once rather than another
     * worker trying again: "" while it has not. */
    char open_failure[512];
};

enum cb_worker_outcome {
    CB_WORKER_DONE,        /* the row holds the worker's answer, or crashed / timed_out */
    CB_WORKER_OPEN_FAILED, /* the device could not be opened: why says so */
    CB_WORKER_NO_START,    /* no worker process can be started at all: why says so */
    CB_WORKER_INTERRUPTED, /* SIGINT or SIGTERM: the row is untouched */
};

/* The signal (SIGINT, SIGTERM) that asked the supervisor to stop; 0 while none has. */
extern volatile sig_atomic_t cb_interrupted;
/* Catches SIGINT and SIGTERM into cb_interrupted and ignores SIGPIPE. */
void cb_supervisor_signals(void);

/* The supervisor's argv, exec'd for each worker; main() records it before anything else. */
void cb_workers_argv(char **argv);
/* The supervisor's command line, shell-quoted, with any --resume replaced by --resume
 * output's journal (output where it has none) and without --retry-failed: what finishes an
 * interrupted run (malloc'd; NULL when out of memory). */
char *cb_resume_command(const char *output);
/* 0 when CLBENCH_WORKERS=0 asks for rows run inside this process (a diagnostic, and the
 * comparison of bench/isolation.sh): no isolation, no --row-timeout. */
int cb_workers_enabled(void);
/* 1 in a process started as a worker. */
int cb_worker_mode(void);

/* Starts a worker for devices[index] (the run's selected devices, which the worker matches to
 * its own by name, saying once per run where its list differs), opens the device,
 * obtains its peaks (copied into the supervisor's d) and builds the programs of prebuild[0..
 * count) in parallel where the driver allows.  A worker that dies or hangs while building is
 * started again without prebuilding, so that the row at fault is the one that fails.  The
 * open has a deadline of its own, not a row's: CLBENCH_OPEN_TIMEOUT seconds (default 600, at
 * least timeout_s) for the context, the clock check and the peak probes, plus timeout_s per
 * build.  A replacement worker, and any worker of a device that one opened before in this run
 * (the main job's second pass), is handed the peaks and the clock check, not measuring them
 * again. */
enum cb_worker_outcome cb_worker_open(struct cb_worker *w, struct cb_device *const *devices,
                                      size_t device_count, size_t index,
                                      const struct cb_row *prebuild, size_t count, double timeout_s,
                                      char *why, size_t len);
/* Runs row in the worker (started again first when it died after its last row).  max_time_s:
 * the row's --max-time; max_first_s: the longest first launch (the row settings'); timeout_s: its
 * deadline, build included. */
enum cb_worker_outcome cb_worker_run(struct cb_worker *w, struct cb_row *row, double max_time_s,
                                     double max_first_s, double timeout_s, char *why, size_t len);
/* Starts a warm-up worker for devices[index]: it opens the device and runs each of rows[0..
 * count) once, small and untimed (cb_rows_warm), so that their programs and a driver's
 * kernels compiled on first use are in the caches on disk when the rows run; quiet, at a low
 * priority.  0, or -1 with why (nothing runs). */
int cb_worker_warm_start(struct cb_worker *w, struct cb_device *const *devices, size_t device_count,
                         size_t index, const struct cb_row *rows, size_t count, char *why,
                         size_t len);
/* Waits up to wait_s seconds (0: only looks) for a warm-up worker: 1 when it finished
 * (*warmed: the rows that ran), 0 while it works, -1 with why when it failed or was stopped at
 * the deadline.  Ends the worker unless 0; cb_worker_stop then frees what is left. */
int cb_worker_warm_wait(struct cb_worker *w, double wait_s, size_t *warmed, char *why, size_t len);
/* Ends the worker (closing its channel; killing it if it does not exit at once). */
void cb_worker_stop(struct cb_worker *w);

/* A worker's life: serves the supervisor on stdin/stdout until its channel closes.  Returns
 * the exit status. */
int cb_worker_serve(const struct cb_session_settings *cfg);

#endif
