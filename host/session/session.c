/* A benchmark run as a whole: the rows planned on every selected device, each device's rows in
 * a supervised worker (worker.c) or in this process, journaled as they end (journal.c), and
 * the outputs written; an interrupted run says how to finish it. */
#include "clbench/session.h"

#include "clbench/autotune.h"
#include "clbench/cache_dir.h"
#include "clbench/check.h"
#include "clbench/clock_check.h"
#include "clbench/device.h"
#include "clbench/explain.h"
#include "clbench/journal.h"
#include "clbench/oracle.h"
#include "clbench/output.h"
#include "clbench/peak.h"
#include "clbench/peak_cache.h"
#include "clbench/progress.h"
#include "clbench/report_views.h"
#include "clbench/rows.h"
#include "clbench/runfile.h"
#include "clbench/sensors.h"
#include "clbench/shape_model.h"
#include "clbench/source.h"
#include "clbench/timer.h"
#include "clbench/tuned.h"
#include "clbench/worker.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The main job with several devices (no --size, no --max-time) gives each launch a budget: a
 * row whose first launch is over it is not kept, and its group runs smaller on every device
 * (cb_rows_shrink_group); again[] marks the rows to run at the new size, the rows already run
 * at the old one included. */
struct budget {
    double launch_ms; /* 0: none */
    unsigned char *again;
};

/* After row r ran: 1 where it was over the budget and its group was made smaller, so that it
 * runs again now (and is neither journaled nor counted), with the rows of its group this device
 * ran before it, from *restart. */
static int shrunk(struct cb_run *run, size_t first, size_t r, unsigned char *done,
                  const struct budget *b, double took, size_t *restart,
                  struct cb_progress *progress)
{
    struct cb_row *row = &run->rows[r];
    char before[96], after[96];
    size_t n;

    b->again[r] = 0;
    if (b->launch_ms <= 0 || row->status != CB_STATUS_TOO_SLOW)
        return 0;
    cb_row_size(row, before, sizeof before);
    /* The launch judged, where the row says it; else the row's whole time (an upper bound). */
    if (cb_row_too_slow_ms(row) > 0)
        took = cb_row_too_slow_ms(row);
    n = cb_rows_shrink_group(run->rows, run->row_count, r, took, b->launch_ms, b->again);
    if (n == 0)
        return 0;
    cb_row_size(row, after, sizeof after);
    cb_warn("%s on %s took %.1f s at %s, over the main job's %.3g s a launch: the %s family's "
            "rows of that size run at %s on every device (--size chooses)",
            row->problem.kernel->name, row->device->name, took / 1e3, before, b->launch_ms / 1e3,
            row->problem.kernel->family, after);
    cb_row_free(row);
    *restart = r;
    for (size_t j = first; j < r; j++)
        if (b->again[j] && done[j] && j < *restart)
            *restart = j;
    for (size_t j = *restart; j < r; j++)
        if (b->again[j] && done[j]) {
            cb_row_free(&run->rows[j]);
            done[j] = 0;
            progress->total++;
        }
    return 1;
}

/* A device whose first use is worth warming in the background: a CPU device, whose compilers
 * (PoCL's per local size, CLBlast's) run on the host's cores.  The test hook
 * CLBENCH_TEST_NOT_CPU=TEXT counts a device whose platform's name holds TEXT as not a CPU, so
 * that a machine without a GPU shows the order and the overlap. */
static int counts_as_cpu(const struct cb_device *d)
{
    const char *not_cpu = getenv("CLBENCH_TEST_NOT_CPU");

    if (not_cpu != NULL && *not_cpu != '\0' && strstr(d->platform_name, not_cpu) != NULL)
        return 0;
    return (d->type & CL_DEVICE_TYPE_CPU) != 0;
}

/* The CPU devices' first uses (their programs built, their kernels compiled), each in a
 * warm-up worker (cb_worker_warm_start) while a device that is not a CPU runs: at most
 * `limit` at once, so that half the host's cores stay with that device's worker; every one
 * finished or stopped before the first CPU device's turn, whose peaks and rows then run on a
 * quiet host.  A warm-up that fails costs nothing but its head start. */
struct warmups {
    struct cb_worker *workers; /* per device of the run */
    unsigned char *state;      /* per device: WARM_NONE ... */
    size_t running, limit;
    int started; /* the warm-ups were queued (once a run) */
};
enum { WARM_NONE, WARM_QUEUED, WARM_RUNNING, WARM_DONE };

static int warmups_init(struct warmups *wu, size_t device_count)
{
    const long online = sysconf(_SC_NPROCESSORS_ONLN);

    memset(wu, 0, sizeof *wu);
    wu->limit = online >= 4 ? (size_t)online / 2 : 1;
    wu->workers = calloc(device_count + 1, sizeof *wu->workers);
    wu->state = calloc(device_count + 1, 1);
    return wu->workers != NULL && wu->state != NULL ? 0 : -1;
}

static void warm_failed(const struct cb_device *d, const char *why)
{
    cb_warn("warming up '%s' in the background failed (%s): its rows build as they run", d->name,
            why);
}

/* Reaps the warm-ups that finished and starts queued ones while there is room. */
static void warmups_poll(struct warmups *wu, struct cb_run *run, const size_t *first,
                         const size_t *next)
{
    for (size_t i = 0; wu->state != NULL && i < run->device_count; i++) {
        char why[CB_REASON_LEN];
        size_t warmed;
        int r;

        if (wu->state[i] != WARM_RUNNING)
            continue;
        r = cb_worker_warm_wait(&wu->workers[i], 0, &warmed, why, sizeof why);
        if (r == 0)
            continue;
        if (r < 0 && !cb_interrupted)
            warm_failed(run->devices[i], why);
        cb_worker_stop(&wu->workers[i]);
        wu->state[i] = WARM_DONE;
        wu->running--;
    }
    for (size_t i = 0; wu->state != NULL && i < run->device_count && wu->running < wu->limit; i++) {
        char why[CB_REASON_LEN];

        if (wu->state[i] != WARM_QUEUED)
            continue;
        if (cb_worker_warm_start(&wu->workers[i], run->devices, run->device_count, i,
                                 &run->rows[first[i]], next[i] - first[i], why, sizeof why) != 0) {
            warm_failed(run->devices[i], why);
            cb_worker_stop(&wu->workers[i]);
            wu->state[i] = WARM_DONE;
            continue;
        }
        wu->state[i] = WARM_RUNNING;
        wu->running++;
    }
}

/* Before a CPU device's turn: the queued warm-ups are dropped (each would only do before the
 * rows what the rows do) and the running ones waited for, a device's row deadline at most. */
static void warmups_finish(struct warmups *wu, struct cb_run *run, double timeout_s,
                           struct cb_progress *progress)
{
    for (size_t i = 0; wu->state != NULL && i < run->device_count; i++) {
        char why[CB_REASON_LEN];
        size_t warmed;

        if (wu->state[i] == WARM_RUNNING) {
            cb_progress_warmup(progress, run->devices[i]);
            if (cb_worker_warm_wait(&wu->workers[i], timeout_s, &warmed, why, sizeof why) < 0 &&
                !cb_interrupted)
                warm_failed(run->devices[i], why);
            cb_worker_stop(&wu->workers[i]);
            wu->running--;
        }
        wu->state[i] = WARM_DONE;
    }
}

static void warmups_free(struct warmups *wu, size_t device_count)
{
    for (size_t i = 0; wu->state != NULL && i < device_count; i++)
        if (wu->state[i] == WARM_RUNNING)
            cb_worker_stop(&wu->workers[i]);
    free(wu->workers);
    free(wu->state);
}

/* The rows of one device, [first, next), in this process (CLBENCH_WORKERS=0). */
static size_t run_in_process(struct cb_run *run, size_t first, size_t next,
                             const struct cb_session_settings *cfg, struct cb_journal *journal,
                             struct cb_oracles *oracles, struct cb_progress *progress,
                             unsigned char *done, const struct budget *b)
{
    struct cb_device *d = run->rows[first].device;
    struct cb_program_cache cache = {NULL, 0};
    const struct cb_row_env env = {&cfg->row, &cache, oracles};
    size_t failed = 0;

    if (cb_device_open(d) != CL_SUCCESS)
        return SIZE_MAX;
    cb_clock_check(d);
    cb_sensors_open(d, cfg->row.sensors);
    if (cfg->row.peak_mode != CB_PEAK_OFF)
        cb_progress_peaks(progress, d);
    cb_peak_obtain(d, &cfg->row, &cache);
    if (cb_program_builds_in_parallel(d)) {
        cb_progress_builds(progress, d);
        cb_rows_prebuild(&run->rows[first], next - first, &env);
    }
    for (size_t r = first; r < next && !cb_interrupted; r++) {
        double row_start;
        size_t restart;

        if (run->rows[r].resumed)
            continue;
        cb_progress_row(progress, &run->rows[r]);
        row_start = cb_wall_ms();
        cb_run_row(&run->rows[r], &env);
        if (shrunk(run, first, r, done, b, cb_wall_ms() - row_start, &restart, progress)) {
            r = restart - 1;
            continue;
        }
        cb_journal_append(journal, &run->rows[r]);
        done[r] = 1;
        cb_progress_row_done(progress, &run->rows[r], cb_wall_ms() - row_start);
        failed += cb_row_failed(&run->rows[r]);
    }
    cb_program_cache_release(&cache);
    cb_sensors_close(d);
    cb_device_close(d);
    return failed;
}

/* The rows of one device, [first, next), in a supervised worker process (worker.h): a row
 * that crashes it or runs past --row-timeout costs that row.  *fatal: no worker can start. */
static size_t run_in_worker(struct cb_run *run, size_t first, size_t next, size_t index,
                            const struct cb_session_settings *cfg, struct cb_journal *journal,
                            struct cb_progress *progress, unsigned char *done, int *fatal,
                            const struct budget *b, struct warmups *wu, const size_t *firsts,
                            const size_t *nexts)
{
    struct cb_device *d = run->rows[first].device;
    struct cb_worker w;
    char why[CB_REASON_LEN];
    size_t failed = 0;
    enum cb_worker_outcome o;

    if (cfg->row.peak_mode != CB_PEAK_OFF)
        cb_progress_peaks(progress, d);
    if (cb_program_builds_in_parallel(d))
        cb_progress_builds(progress, d);
    o = cb_worker_open(&w, run->devices, run->device_count, index, &run->rows[first], next - first,
                       cfg->row_timeout_s, why, sizeof why);
    /* Said once here; each of the device's rows carries it as its reason. */
    if (o == CB_WORKER_OPEN_FAILED)
        cb_error("%s: %s", d->name, why);
    for (size_t r = first; r < next && o != CB_WORKER_INTERRUPTED; r++) {
        double row_start;
        size_t restart;

        if (run->rows[r].resumed)
            continue;
        if (o == CB_WORKER_NO_START) {
            *fatal = 1;
            cb_error("%s", why);
            break;
        }
        if (o == CB_WORKER_OPEN_FAILED) {
            /* As when the device cannot be opened in this process: every row fails, why. */
            run->rows[r].status = CB_STATUS_LAUNCH_FAILED;
            snprintf(run->rows[r].reason, sizeof run->rows[r].reason, "%s", why);
            cb_journal_append(journal, &run->rows[r]);
            done[r] = 1;
            cb_progress_drop(progress, 1);
            failed++;
            continue;
        }
        warmups_poll(wu, run, firsts, nexts);
        cb_progress_row(progress, &run->rows[r]);
        row_start = cb_wall_ms();
        o = cb_worker_run(&w, &run->rows[r], cfg->row.max_time_s, cfg->row.max_first_s,
                          cfg->row_timeout_s, why, sizeof why);
        if (o != CB_WORKER_DONE) {
            if (o == CB_WORKER_OPEN_FAILED)
                cb_error("%s: %s", d->name, why);
            r--; /* this row again, as the failure to (re)start says */
            continue;
        }
        if (shrunk(run, first, r, done, b, cb_wall_ms() - row_start, &restart, progress)) {
            r = restart - 1;
            continue;
        }
        cb_journal_append(journal, &run->rows[r]);
        done[r] = 1;
        cb_progress_row_done(progress, &run->rows[r], cb_wall_ms() - row_start);
        failed += cb_row_failed(&run->rows[r]);
    }
    cb_worker_stop(&w);
    return failed;
}

/* A device whose rows were all resumed: opened all the same for its peaks and clock check
 * (cached peaks cost nothing), which the run file and the resumed rows' rooflines need. */
static void prepare_device(struct cb_device *d, size_t index, struct cb_run *run,
                           const struct cb_session_settings *cfg, struct cb_progress *progress)
{
    if (cfg->row.peak_mode != CB_PEAK_OFF)
        cb_progress_peaks(progress, d);
    if (cb_workers_enabled()) {
        struct cb_worker w;
        char why[CB_REASON_LEN];

        if (cb_worker_open(&w, run->devices, run->device_count, index, NULL, 0, cfg->row_timeout_s,
                           why, sizeof why) == CB_WORKER_OPEN_FAILED)
            cb_warn("the resumed rows of '%s' keep no roofline: %s", d->name, why);
        cb_worker_stop(&w);
    } else if (cb_device_open(d) == CL_SUCCESS) {
        struct cb_program_cache cache = {NULL, 0};

        cb_clock_check(d);
        cb_peak_obtain(d, &cfg->row, &cache);
        cb_program_cache_release(&cache);
        cb_device_close(d);
    }
}

/* One pass over the devices: the rows of each that are not resumed; in the first pass a
 * device whose rows were all resumed is prepared, and resumed rows explained.  Devices that
 * are not CPUs run first, the CPU devices warmed up meanwhile (struct warmups); otherwise in
 * the run's order, which the rows keep.  Stops early when interrupted (cb_interrupted) or,
 * with *fatal set, when no worker can be started. */
static void run_pass(struct cb_run *run, const struct cb_session_settings *cfg,
                     struct cb_journal *journal, struct cb_oracles *oracles, unsigned char *done,
                     int *fatal, const struct budget *b, struct cb_progress *progress,
                     int first_pass)
{
    const int isolated = cb_workers_enabled();
    const size_t count = run->device_count;
    size_t *first = calloc(3 * count + 1, sizeof *first), *next = first + count,
           *order = first + 2 * count, ordered = 0, at = 0;
    struct warmups wu;

    if (first == NULL || warmups_init(&wu, count) != 0) {
        cb_error("out of host memory while planning the rows");
        *fatal = 1;
        free(first);
        warmups_free(&wu, 0);
        return;
    }
    /* A device's rows are one stretch of run->rows, in the devices' order. */
    for (size_t i = 0; i < count; i++) {
        first[i] = next[i] = at;
        while (next[i] < run->row_count && run->rows[next[i]].device == run->devices[i])
            next[i]++;
        at = next[i];
    }
    for (int cpu = 0; cpu < 2; cpu++)
        for (size_t i = 0; i < count; i++)
            if (counts_as_cpu(run->devices[i]) == cpu)
                order[ordered++] = i;
    for (size_t o = 0; o < count && !cb_interrupted && !*fatal; o++) {
        const size_t i = order[o];
        struct cb_device *d = run->devices[i];
        size_t todo = 0, n;

        for (size_t r = first[i]; r < next[i]; r++)
            todo += !run->rows[r].resumed;
        if (counts_as_cpu(d))
            warmups_finish(&wu, run, cfg->row_timeout_s, progress);
        else if (first_pass && isolated && !wu.started) {
            /* The CPU devices after this one, each with rows to run. */
            for (size_t later = o + 1; later < count; later++) {
                const size_t j = order[later];
                size_t left = 0;

                for (size_t r = first[j]; r < next[j]; r++)
                    left += !run->rows[r].resumed;
                if (counts_as_cpu(run->devices[j]) && left > 0)
                    wu.state[j] = WARM_QUEUED;
            }
            wu.started = 1;
            warmups_poll(&wu, run, first, next);
        }
        if (todo == 0) {
            if (next[i] > first[i] && first_pass)
                prepare_device(d, i, run, cfg, progress);
            n = 0;
        } else
            n = isolated ? run_in_worker(run, first[i], next[i], i, cfg, journal, progress, done,
                                         fatal, b, &wu, first, next)
                         : run_in_process(run, first[i], next[i], cfg, journal, oracles, progress,
                                          done, b);
        /* Resumed rows were read before this device's peaks were known. */
        for (size_t r = first[i]; r < next[i] && first_pass; r++)
            if (run->rows[r].resumed)
                cb_row_explain(&run->rows[r]);
        if (n != SIZE_MAX)
            continue;
        for (size_t r = first[i]; r < next[i]; r++) {
            if (run->rows[r].resumed)
                continue;
            run->rows[r].status = CB_STATUS_LAUNCH_FAILED;
            snprintf(run->rows[r].reason, sizeof run->rows[r].reason,
                     "could not create a context and queue on this device");
            cb_journal_append(journal, &run->rows[r]);
            done[r] = 1;
        }
        cb_progress_drop(progress, todo);
    }
    warmups_free(&wu, count);
    free(first);
}

/* Runs every row of every device that is not resumed, journaling each as it ends and marking
 * it in done[]; then, in the main job, again the rows that ran before their group was made
 * smaller.  Returns the number of rows that failed (unverified rows do not).  Stops early
 * when interrupted (cb_interrupted) or, with *fatal set, when no worker can be started. */
static size_t run_devices(struct cb_run *run, const struct cb_session_settings *cfg,
                          struct cb_journal *journal, struct cb_oracles *oracles,
                          unsigned char *done, int *fatal)
{
    size_t failed = 0, pending = 0, again = 0;
    struct cb_session_settings row_cfg = *cfg;
    struct budget b = {0, calloc(run->row_count + 1, 1)};
    struct cb_progress progress;

    if (b.again == NULL) {
        cb_error("out of host memory while planning the rows");
        *fatal = 1;
        return 0;
    }
    if (cfg->rows.size_count == 0 && cfg->row.max_time_s == 0 && run->device_count > 1) {
        const char *test = getenv("CLBENCH_TEST_LAUNCH_MS"); /* a test hook: another budget */

        b.launch_ms = test != NULL && atof(test) > 0 ? atof(test) : CB_MAIN_JOB_LAUNCH_MS;
        row_cfg.row.max_first_s = b.launch_ms / 1e3;
        row_cfg.row.max_time_s = CB_MAIN_JOB_ROW_MS / 1e3;
    }
    for (size_t r = 0; r < run->row_count; r++)
        pending += !run->rows[r].resumed;
    cb_progress_start(&progress, pending, cfg->kernels_named);
    run_pass(run, &row_cfg, journal, oracles, done, fatal, &b, &progress, 1);
    for (size_t r = 0; r < run->row_count; r++)
        again += b.again[r] && done[r];
    if (again > 0 && !cb_interrupted && !*fatal) {
        /* The rows that ran at their group's old size, alone: the others count as resumed.  The
         * devices' peaks and clock checks are pass one's (kept: not measured again). */
        unsigned char *resumed = malloc(run->row_count);
        struct cb_device *kept = malloc((run->device_count + 1) * sizeof *kept);
        struct cb_session_settings again_cfg = row_cfg;

        again_cfg.row.peak_mode = CB_PEAK_OFF;
        if (resumed != NULL && kept != NULL) {
            for (size_t i = 0; i < run->device_count; i++)
                kept[i] = *run->devices[i];
            for (size_t r = 0; r < run->row_count; r++) {
                resumed[r] = (unsigned char)run->rows[r].resumed;
                run->rows[r].resumed = !(b.again[r] && done[r]);
                if (b.again[r] && done[r]) {
                    cb_row_free(&run->rows[r]);
                    done[r] = 0;
                }
            }
            progress.total += again;
            run_pass(run, &again_cfg, journal, oracles, done, fatal, &b, &progress, 0);
            for (size_t r = 0; r < run->row_count; r++)
                run->rows[r].resumed = resumed[r];
            for (size_t i = 0; i < run->device_count; i++)
                *run->devices[i] = kept[i];
            /* Their rooflines, from pass one's peaks. */
            for (size_t r = 0; r < run->row_count; r++)
                if (b.again[r] && done[r])
                    cb_row_explain(&run->rows[r]);
        }
        free(resumed);
        free(kept);
    }
    cb_progress_end(&progress);
    for (size_t r = 0; r < run->row_count; r++)
        failed += (run->rows[r].resumed || done[r]) && cb_row_failed(&run->rows[r]);
    free(b.again);
    return failed;
}

/* --resume: marks the rows already done; --output: opens its journal, holding those rows. */
static int start_journal(struct cb_run *run, const struct cb_session_settings *cfg,
                         struct cb_journal *journal)
{
    char path[sizeof journal->path];

    if (cfg->resume != NULL) {
        const long resumed = cb_resume_load(cfg->resume, run, cfg->retry_failed);

        if (resumed < 0)
            return -1;
        fprintf(stderr, "clbench: resuming: %ld of %zu rows already done in '%s'\n", resumed,
                run->row_count, cfg->resume);
    }
    if (cfg->out.output == NULL)
        return 0;
    switch (cb_journal_path(path, sizeof path, cfg->out.output)) {
    case 0:
        return cb_journal_open(journal, path, run);
    case 1:
        return 0;
    default:
        return cb_error("output path is too long for its journal");
    }
}

/* SIGINT or SIGTERM: the rows done go to the outputs, the row that was running nowhere; says
 * how to go on.  Returns the exit status, 128 + the signal. */
static int interrupted(struct cb_run *run, const struct cb_session_settings *cfg,
                       const unsigned char *done)
{
    const size_t total = run->row_count;
    size_t kept = 0, ran = 0;

    for (size_t i = 0; i < run->row_count; i++) {
        if (run->rows[i].resumed || done[i]) {
            ran += done[i];
            run->rows[kept++] = run->rows[i];
        } else
            cb_row_free(&run->rows[i]);
    }
    run->row_count = kept;
    fputc('\n', stderr);
    if (cfg->out.output == NULL) {
        fprintf(stderr,
                "clbench: interrupted: %zu of %zu rows done (%zu this time); without --output "
                "there is nothing to resume from\n",
                kept, total, ran);
    } else if (kept > 0 && cb_write_run_outputs(run, &cfg->out) == 0) {
        char *again = cb_resume_command(cfg->out.output);

        fprintf(stderr,
                "clbench: interrupted: %zu of %zu rows done (%zu this time), written to '%s'; "
                "to finish the run:\n  %s\n",
                kept, total, ran, cfg->out.output, again != NULL ? again : "");
        free(again);
    } else
        fprintf(stderr, "clbench: interrupted: %zu of %zu rows done; nothing written\n", kept,
                total);
    return 128 + cb_interrupted;
}

/* --shard K/N: keeps the rows whose index in the whole expansion is K modulo N, so that N
 * machines given the same command line run disjoint parts whose union is the whole sweep. */
static int keep_shard(struct cb_run *run, const struct cb_session_settings *cfg)
{
    size_t kept = 0;

    if (cfg->shards <= 1)
        return 0;
    if (cfg->shards > run->row_count) {
        cb_error("--shard %u/%u: the sweep has only %zu rows, fewer than %u shards: use N <= %zu",
                 cfg->shard, cfg->shards, run->row_count, cfg->shards, run->row_count);
        return -1;
    }
    for (size_t i = 0; i < run->row_count; i++) {
        if (i % cfg->shards == cfg->shard)
            run->rows[kept++] = run->rows[i];
        else
            cb_row_free(&run->rows[i]);
    }
    run->row_count = kept;
    return 0;
}

int cb_session_run(struct cb_session_settings *cfg)
{
    struct cb_tuned_db tuned = {NULL, 0};
    struct cb_device_list list;
    struct cb_run run;
    struct cb_journal journal = {-1, ""};
    struct cb_oracles oracles = {NULL, NULL, NULL};
    char refused[4608];
    unsigned char *done_rows = NULL;
    int status = CB_EXIT_FAILED, written, fatal = 0, mixed = 0;

    memset(&run, 0, sizeof run);
    run.settings = &cfg->row;
    run.command_line = cfg->command_line;
    /* A run file or a report given as --tuned: said before any work, not warned and skipped. */
    if (!cfg->rows.no_tuned && cfg->tuned_path != NULL &&
        cb_tuned_check_target(cfg->tuned_path, refused, sizeof refused) != 0) {
        cb_error("%s", refused);
        return CB_EXIT_USAGE;
    }
    cb_cache_configure(cfg->row.use_cache);
    if (cb_devices_enumerate(&list) != CL_SUCCESS)
        return CB_EXIT_FAILED;
    run.devices = calloc(list.count, sizeof *run.devices);
    if (run.devices == NULL || cb_oracles_init(&oracles, &list) != 0 ||
        cb_devices_select(&list, cfg->devices, run.devices, &run.device_count) != 0)
        goto done;
    /* Fail on an unwritable --output before spending minutes on the rows; nothing is created
     * until the end, so that a killed run leaves nothing but its journal. */
    if (cfg->out.output != NULL && cb_output_check(cfg->out.output, "--output path") != 0)
        goto done;
    if (!cfg->rows.no_tuned) {
        cb_tuned_load_for_run(cfg->tuned_path, cfg->row.cl_dir, &tuned);
        cfg->rows.tuned = &tuned;
        cfg->rows.tuned_lookup = cb_tuned_lookup;
    }
    cfg->rows.plan = cb_model_plan;
    cfg->rows.predict = cb_model_predict;
    /* The shared sizes put GPUs and CPUs side by side; devices of one kind share their own
     * defaults already (two CPU drivers: the CPU's, which the slower one finishes). */
    for (size_t i = 0; i < run.device_count; i++)
        mixed |= (run.devices[i]->type & CL_DEVICE_TYPE_GPU) !=
                 (run.devices[0]->type & CL_DEVICE_TYPE_GPU);
    for (size_t i = 0; i < run.device_count; i++)
        if (cb_rows_expand(&cfg->rows, run.devices[i], mixed, &run.rows, &run.row_count) != 0) {
            cb_error("out of host memory while planning the rows");
            goto done;
        }
    if (keep_shard(&run, cfg) != 0) {
        status = CB_EXIT_USAGE;
        goto done;
    }
    if (start_journal(&run, cfg, &journal) != 0)
        goto done;
    cb_run_stamp(&run);
    cb_supervisor_signals();
    if (cb_autotune_rows(&run, cfg) != 0)
        goto done;
    done_rows = calloc(run.row_count + 1, 1);
    if (done_rows == NULL) {
        cb_error("out of host memory while planning the rows");
        goto done;
    }
    cb_supervisor_signals();
    status = run_devices(&run, cfg, &journal, &oracles, done_rows, &fatal) > 0 || fatal
                 ? CB_EXIT_FAILED
                 : CB_EXIT_OK;
    if (fatal) {
        cb_journal_close(&journal, 0);
        goto done;
    }
    if (cb_interrupted) {
        status = interrupted(&run, cfg, done_rows);
        cb_journal_close(&journal, 0);
        goto done;
    }
    cb_rows_warn_libraries(run.rows, run.row_count);
    written = cb_write_run_outputs(&run, &cfg->out) == 0;
    if (!written)
        status = CB_EXIT_FAILED;
    /* The journal goes only once the report is safely in place. */
    cb_journal_close(&journal, written);
done:
    free(done_rows);
    for (size_t i = 0; i < run.row_count; i++)
        cb_row_free(&run.rows[i]);
    free(run.rows);
    free(run.devices);
    cb_oracles_release(&oracles);
    cb_devices_free(&list);
    cb_tuned_free(&tuned);
    cfg->rows.tuned = NULL;
    return status;
}
