/* The sweep journal and --resume; see journal.h.  A journal line is exactly a run file row
 * (cb_row_json), so a row reads back the same from either. */
#define _GNU_SOURCE
#include "clbench/journal.h"

#include "clbench/check.h"
#include "clbench/manifest.h"
#include "clbench/output.h"
#include "clbench/text_file.h"

#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int cb_journal_path(char *buf, size_t len, const char *output)
{
    struct cb_output_target t;
    char why[512];
    int n;

    /* A device, a pipe or /dev/stdout cannot be resumed from, and "/dev/null.journal" is no
     * file to create: such an output has no journal. */
    if (cb_output_resolve(output, &t, why, sizeof why) == 0 && t.in_place)
        return 1;
    n = snprintf(buf, len, "%s.journal", output);
    return (n < 0 || (size_t)n >= len) ? -1 : 0;
}

static int write_row(int fd, const struct cb_row *row)
{
    cJSON *j = cb_row_json(row);
    char *text = j != NULL ? cJSON_PrintUnformatted(j) : NULL;
    int status = -1;

    if (text == NULL)
        errno = ENOMEM;
    else
        status =
            cb_write_all(fd, text, strlen(text)) == 0 && cb_write_all(fd, "\n", 1) == 0 ? 0 : -1;
    free(text);
    cJSON_Delete(j);
    return status;
}

/* A write lock on the whole of fd's file, held until this process closes a descriptor of it:
 * 0; the pid of the process holding it (> 0); -1 with errno when the file system has no locks. */
static long lock_file(int fd)
{
    struct flock l;

    memset(&l, 0, sizeof l);
    l.l_type = F_WRLCK;
    l.l_whence = SEEK_SET;
    if (fcntl(fd, F_SETLK, &l) == 0)
        return 0;
    if (errno != EACCES && errno != EAGAIN)
        return -1;
    memset(&l, 0, sizeof l);
    l.l_type = F_WRLCK;
    l.l_whence = SEEK_SET;
    if (fcntl(fd, F_GETLK, &l) != 0 || l.l_type == F_UNLCK)
        return LONG_MAX; /* released meanwhile: taken again by the caller's next try */
    return l.l_pid > 0 ? (long)l.l_pid : LONG_MAX;
}

/* Opens and locks the journal at path, the file that is there now (created empty if none):
 * the descriptor, or -1 with a message (another run holds it).  A journal belongs to the one
 * run writing it: a second run with the same --output would rename its own over it and
 * remove it when it ends, losing the first run's rows. */
static int take_journal(const char *path)
{
    for (int tries = 0; tries < 100; tries++) {
        struct stat mine, there;
        const int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
        long holder;

        if (fd < 0)
            return cb_error("cannot write the journal '%s': %s", path, strerror(errno));
        holder = lock_file(fd);
        if (holder < 0) {
            /* NFS without lockd and some FUSE file systems: no lock to take. */
            cb_warn("cannot lock the journal '%s': %s; a second run writing the same --output "
                    "would not be noticed",
                    path, strerror(errno));
            return fd;
        }
        if (holder > 0) {
            close(fd);
            if (holder == LONG_MAX)
                continue;
            return cb_error("the journal '%s' belongs to another clbench run (pid %ld) writing "
                            "the same --output: wait for it to end, or give this run another -o",
                            path, holder);
        }
        /* The journal locked is the one at path, not one a run ending just now renamed away
         * or removed: else again. */
        if (fstat(fd, &mine) == 0 && stat(path, &there) == 0 && mine.st_dev == there.st_dev &&
            mine.st_ino == there.st_ino)
            return fd;
        close(fd);
    }
    return cb_error("cannot lock the journal '%s': it keeps changing", path);
}

int cb_journal_open(struct cb_journal *j, const char *path, const struct cb_run *run)
{
    char temp[sizeof j->path + 8];
    int old, fd, e = 0;
    size_t resumed = 0;

    j->fd = -1;
    if (strlen(path) >= sizeof j->path)
        return cb_error("journal path is too long");
    strcpy(j->path, path);
    old = take_journal(path);
    if (old < 0)
        return -1;
    snprintf(temp, sizeof temp, "%s.XXXXXX", path);
    fd = mkostemp(temp, O_CLOEXEC);
    if (fd < 0) {
        e = errno;
        close(old);
        return cb_error("cannot write the journal '%s': %s", path, strerror(e));
    }
    /* The new journal is locked before it takes the name, so that it is never free. */
    lock_file(fd);
    for (size_t i = 0; i < run->row_count; i++)
        resumed += run->rows[i].resumed;
    for (size_t i = 0; i < run->row_count && e == 0; i++)
        if (run->rows[i].resumed && write_row(fd, &run->rows[i]) != 0)
            e = errno != 0 ? errno : EIO;
    /* Renamed over the older journal only when complete and on the disk: a full disk or a
     * kill now loses nothing. */
    if (e == 0 && (fsync(fd) != 0 || rename(temp, path) != 0))
        e = errno;
    if (e != 0) {

        close(fd);
        unlink(temp);
        close(old);
        if (resumed > 0)
            return cb_error("cannot copy the %zu resumed rows into a new journal beside '%s': %s; "
                            "'%s' is kept as it was (make room and run the same command again)",
                            resumed, path, strerror(e), path);
        return cb_error("cannot write the journal '%s': %s", path, strerror(e));
    }
    close(old);
    j->fd = fd;
    return 0;
}

int cb_journal_append(struct cb_journal *j, const struct cb_row *row)
{
    if (j->fd < 0)
        return 0;
    if (write_row(j->fd, row) == 0 && fsync(j->fd) == 0)
        return 0;
    cb_error("writing the journal '%s' failed: %s; the run goes on without it", j->path,
             strerror(errno));
    /* Still locked: closing it would free it for another run while this one writes the same
     * output.  Marked unusable instead. */
    j->fd = -2 - j->fd;
    return -1;
}

void cb_journal_close(struct cb_journal *j, int remove_it)
{
    const int fd = j->fd >= 0 ? j->fd : j->fd <= -2 ? -2 - j->fd : -1;

    if (fd >= 0) {
        struct stat mine, there;

        /* Removed while still locked, and only if it is still this run's. */
        if (remove_it && fstat(fd, &mine) == 0 && stat(j->path, &there) == 0 &&
            mine.st_dev == there.st_dev && mine.st_ino == there.st_ino)
            unlink(j->path);
        close(fd);
    }
    j->fd = -1;
}

enum cb_elem_type cb_row_type_json(const cJSON *j)
{
    const char *name = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(j, "type"));
    enum cb_elem_type t = CB_ELEM_FLOAT;

    if (name != NULL)
        cb_elem_find(name, strlen(name), &t);
    return t;
}

/* "0:0|vadd|WGS=256|1000", "0:0|vadd@double|WGS=256|1000": what makes two rows the same row.
 * A type other than float joins the kernel's name, so that rows of one kernel in two types are
 * two rows, and run files from before types (all float) keep their keys. */
static void row_key(const struct cb_row *row, char *buf, size_t len)
{
    char id[32], params[256], size[96];
    const enum cb_elem_type t = row->problem.real;

    cb_device_id_string(row->device, id, sizeof id);
    cb_row_params(row, params, sizeof params);
    cb_row_size(row, size, sizeof size);
    snprintf(buf, len, "%s|%s%s%s|%s|%s", id, row->problem.kernel->name,
             t != CB_ELEM_FLOAT ? "@" : "", t != CB_ELEM_FLOAT ? cb_elem_info(t)->name : "", params,
             size);
}

/* The same key from a row of a run file; -1 when a field is missing or of the wrong type. */
static int json_key(const cJSON *j, char *buf, size_t len)
{
    const char *device = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(j, "device"));
    const char *kernel = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(j, "kernel"));
    const cJSON *params = cJSON_GetObjectItemCaseSensitive(j, "params");
    const cJSON *size = cJSON_GetObjectItemCaseSensitive(j, "size");
    const cJSON *item;
    int n;

    if (device == NULL || kernel == NULL || !cJSON_IsObject(params) || !cJSON_IsArray(size))
        return -1;
    n = snprintf(
        buf, len, "%s|%s%s%s|", device, kernel, cb_row_type_json(j) != CB_ELEM_FLOAT ? "@" : "",
        cb_row_type_json(j) != CB_ELEM_FLOAT ? cb_elem_info(cb_row_type_json(j))->name : "");
    cJSON_ArrayForEach(item, params)
    {
        if (!cJSON_IsNumber(item) || n < 0 || (size_t)n >= len)
            return -1;
        n += snprintf(buf + n, len - (size_t)n, "%s%s=%ld", item == params->child ? "" : " ",
                      item->string, (long)item->valuedouble);
    }
    cJSON_ArrayForEach(item, size)
    {
        if (!cJSON_IsNumber(item) || n < 0 || (size_t)n >= len)
            return -1;
        n += snprintf(buf + n, len - (size_t)n, "%s%.0f", item == size->child ? "|" : "x",
                      item->valuedouble);
    }
    return (n < 0 || (size_t)n >= len) ? -1 : 0;
}

static double number(const cJSON *j, const char *name)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(j, name);

    return cJSON_IsNumber(v) ? v->valuedouble : 0.0;
}

static void copy_string(char *dst, size_t len, const cJSON *j, const char *name)
{
    const char *s = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(j, name));

    snprintf(dst, len, "%s", s != NULL ? s : "");
}

/* The row keeps a pointer to one of the literal names, not to the parsed file. */
static const char *literal(const char *name, const char *const *names, size_t count)
{
    for (size_t i = 0; name != NULL && i < count; i++)
        if (strcmp(name, names[i]) == 0)
            return names[i];
    return NULL;
}

static const char *build_source(const char *name)
{
    static const char *const names[] = {"built", "memory", "disk"};

    return literal(name, names, sizeof names / sizeof names[0]);
}

static const char *timer_name(const char *name)
{
    static const char *const names[] = {"event", "wall", "host", "cuda-event"};
    const char *t = literal(name, names, sizeof names / sizeof names[0]);

    return t != NULL ? t : "event";
}

/* Keys "device|kernel|params|size" equal, or, for a record whose parameters the plan made
 * smaller to fit the kernel's work-group ("adjusted"), equal but for the parameters. */
static int keys_match(const char *want, const char *have, const cJSON *j)
{
    const char *wp, *hp, *ws, *hs;

    if (strcmp(want, have) == 0)
        return 1;
    if (cJSON_GetObjectItemCaseSensitive(j, "adjusted") == NULL ||
        (wp = strchr(strchr(want, '|') + 1, '|')) == NULL ||
        (hp = strchr(strchr(have, '|') + 1, '|')) == NULL || (ws = strrchr(want, '|')) == NULL ||
        (hs = strrchr(have, '|')) == NULL)
        return 0;
    return wp - want == hp - have && strncmp(want, have, (size_t)(wp - want)) == 0 &&
           strcmp(ws, hs) == 0;
}

int cb_row_matches_json(const struct cb_row *row, const cJSON *j)
{
    char want[512], have[512];

    if (json_key(j, want, sizeof want) != 0)
        return 0;
    row_key(row, have, sizeof have);
    return keys_match(want, have, j);
}

/* What a library row ran (runfile.c's "library"). */
static void restore_library(struct cb_library_info *info, const cJSON *j)
{
    const cJSON *threads = cJSON_GetObjectItemCaseSensitive(j, "threads");

    memset(info, 0, sizeof *info);
    if (!cJSON_IsObject(j))
        return;
    copy_string(info->name, sizeof info->name, j, "name");
    copy_string(info->version, sizeof info->version, j, "version");
    copy_string(info->config, sizeof info->config, j, "config");
    copy_string(info->core, sizeof info->core, j, "core");
    copy_string(info->core_from, sizeof info->core_from, j, "core_from");
    copy_string(info->warning, sizeof info->warning, j, "warning");
    info->threads = cJSON_IsNumber(threads) ? (int)threads->valuedouble : 0;
}

/* An adjusted record ran other parameters than its row asked: the row takes them. */
static void restore_params(struct cb_row *row, const cJSON *j)
{
    const cJSON *params = cJSON_GetObjectItemCaseSensitive(j, "params");
    const cJSON *item;

    copy_string(row->adjusted, sizeof row->adjusted, j, "adjusted");
    if (row->adjusted[0] == '\0')
        return;
    cJSON_ArrayForEach(item, params)
    {
        const int i = cb_kernel_param_index(row->problem.kernel, item->string);

        if (i >= 0 && cJSON_IsNumber(item))
            row->problem.param[i] = (long)item->valuedouble;
    }
}

/* A second launch's work-group as it ran: the runner may have made the plan's smaller to fit
 * its kernel (run.c, create_then_kernel). */
static void restore_then_local(struct cb_row *row, const cJSON *then)
{
    const cJSON *local = cJSON_GetObjectItemCaseSensitive(then, "local");
    struct cb_then *t = &row->problem.then;

    if (cJSON_GetArraySize(local) != (int)t->work_dim)
        return;
    for (unsigned i = 0; i < t->work_dim; i++) {
        const cJSON *v = cJSON_GetArrayItem(local, (int)i);

        if (cJSON_IsNumber(v) && v->valuedouble >= 1)
            t->local[i] = (size_t)v->valuedouble;
    }
}

/* Fills row from its run-file object; -1 (row untouched) when the object is not usable. */
int cb_row_restore(struct cb_row *row, const cJSON *j)
{
    const char *status = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(j, "status"));
    const char *timer = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(j, "timer"));
    const cJSON *samples = cJSON_GetObjectItemCaseSensitive(j, "samples_ms");
    const cJSON *verification = cJSON_GetObjectItemCaseSensitive(j, "verification");
    const cJSON *item;
    const int parsed = status != NULL ? cb_status_parse(status) : -1;
    const int count = cJSON_GetArraySize(samples);
    double *kept = NULL;

    if (parsed < 0 || !cJSON_IsArray(samples) ||
        (cb_status_measured((enum cb_status)parsed) && count == 0))
        return -1;
    if (count > 0 && (kept = malloc((size_t)count * sizeof *kept)) == NULL)
        return -1;
    row->sample_count = 0;
    cJSON_ArrayForEach(item, samples) kept[row->sample_count++] =
        cJSON_IsNumber(item) ? item->valuedouble : 0.0;
    if (cb_status_measured((enum cb_status)parsed) &&
        cb_stats_compute(kept, row->sample_count, &row->stats) != 0) {
        free(kept);
        row->sample_count = 0;
        return -1;
    }
    free(row->samples_ms);
    row->samples_ms = kept;
    row->status = (enum cb_status)parsed;
    copy_string(row->reason, sizeof row->reason, j, "reason");
    copy_string(row->build_options, sizeof row->build_options, j, "build_options");
    copy_string(row->build_warnings, sizeof row->build_warnings, j, "build_warnings");
    copy_string(row->reference_device, sizeof row->reference_device, verification,
                "reference_device");
    copy_string(row->timer_reason, sizeof row->timer_reason, j, "timer_reason");
    restore_params(row, j);
    restore_library(&row->library, cJSON_GetObjectItemCaseSensitive(j, "library"));
    row->timer = timer_name(timer);
    row->build_ms = number(j, "build_ms");
    row->build_cached = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(j, "build_cached"));
    row->build_source =
        build_source(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(j, "build_source")));
    row->wall_ms = number(j, "wall_ms");
    row->elapsed_ms = number(j, "elapsed_ms");
    row->gflops = number(j, "gflops");
    row->gbs = number(j, "gbs");
    row->fraction_of_peak = number(j, "fraction_of_peak");
    if (cJSON_IsObject(verification)) {
        row->verify.checked = (size_t)number(verification, "checked");
        row->verify.sampled =
            cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(verification, "sampled"));
        row->verify.failures = (size_t)number(verification, "failures");
        row->verify.max_rel_err = number(verification, "max_rel_err");
        row->verify.tolerance = number(verification, "tolerance");
        row->verify.worst_excess = number(verification, "worst_excess");
        row->verify.atol = number(verification, "atol"); /* a generic kernel's bound */
    }
    row->buffer_sets = (unsigned)number(j, "buffer_sets");
    row->footprint_bytes = number(j, "footprint_bytes");
    row->cache_resident = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(j, "cache_resident"));
    row->kept_awake = (unsigned)number(j, "kept_awake");
    row->kernel_work_group_size = (size_t)number(j, "kernel_work_group_size");
    row->then_first_ms = number(cJSON_GetObjectItemCaseSensitive(j, "then"), "first_median_ms");
    row->then_second_ms = number(cJSON_GetObjectItemCaseSensitive(j, "then"), "second_median_ms");
    /* The NDRange and work model come from the plan, which is pure: planned again. */
    if (cJSON_GetObjectItemCaseSensitive(j, "global") != NULL) {
        char why[CB_REASON_LEN];

        row->problem.kernel->plan(&row->problem, why, sizeof why);
    }
    restore_then_local(row, cJSON_GetObjectItemCaseSensitive(j, "then"));
    cb_kernel_info_restore(&row->kernel_info, cJSON_GetObjectItemCaseSensitive(j, "kernel_info"));
    cb_row_state_restore(row, j);
    cb_row_explain(row); /* against this run's peaks and launch overhead */
    row->resumed = 1;
    return 0;
}

/* Whether j was measured with the kernel file as it is now (a built-in kernel: always). */
static int same_kernel_file(const cJSON *j, const struct cb_row *row)
{
    const struct cb_manifest_file *file = cb_kernel_file_of(row->problem.kernel);
    const char *hash =
        cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(j, "kernel_file_hash"));

    return file == NULL || (hash != NULL && strcmp(hash, file->hash) == 0);
}

/* --retry-failed: a failed record is not carried over, so that its row runs again. */
static int retried(const cJSON *j, int retry_failed)
{
    const char *name = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(j, "status"));
    const int status = name != NULL ? cb_status_parse(name) : -1;

    return retry_failed && status >= 0 && !cb_status_measured((enum cb_status)status) &&
           status != CB_STATUS_UNAVAILABLE && status != CB_STATUS_UNSUPPORTED;
}

/* Resumes the rows of run that match j; returns how many (0 or 1).  A row of a kernel file
 * edited since is run again (counted in *stale): its old time is not this file's. */
static long resume_one(const cJSON *j, struct cb_run *run, int retry_failed, long *stale)
{
    char want[512], have[512];

    if (json_key(j, want, sizeof want) != 0 || retried(j, retry_failed))
        return 0;
    for (size_t i = 0; i < run->row_count; i++) {
        if (run->rows[i].resumed)
            continue;
        row_key(&run->rows[i], have, sizeof have);
        if (!keys_match(want, have, j))
            continue;
        if (!same_kernel_file(j, &run->rows[i])) {
            (*stale)++;
            return 0;
        }
        return cb_row_restore(&run->rows[i], j) == 0;
    }
    return 0;
}

/* Each record of a journal or run file goes to fn; returns the sum of what fn returned, or -1
 * with a message when the file cannot be read or holds no rows at all. */
static long load_records(const char *path, struct cb_run *run, int retry_failed,
                         long (*fn)(const cJSON *j, struct cb_run *run, int retry_failed,
                                    long *stale))
{
    char *text = cb_read_text_file(path);
    cJSON *whole;
    long taken = 0, records = 0, stale = 0;
    int run_file = 0;

    if (text == NULL)
        return cb_error("cannot read --resume file '%s': %s", path, strerror(errno));
    whole = cJSON_Parse(text);
    if (cJSON_IsObject(whole) && cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(whole, "rows"))) {
        const cJSON *row;

        run_file = 1; /* of no rows, perhaps: a run that was all interrupted or refused */
        cJSON_ArrayForEach(row, cJSON_GetObjectItemCaseSensitive(whole, "rows"))
        {
            records++;
            taken += fn(row, run, retry_failed, &stale);
        }
    } else {
        /* A journal: one row per line; a line cut short by a kill does not parse. */
        for (char *save = NULL, *line = strtok_r(text, "\n", &save); line != NULL;
             line = strtok_r(NULL, "\n", &save)) {
            cJSON *row = cJSON_Parse(line);

            if (cJSON_IsObject(row)) {
                records++;
                taken += fn(row, run, retry_failed, &stale);
            }
            cJSON_Delete(row);
        }
    }
    cJSON_Delete(whole);
    if (records == 0 && !run_file && text[strspn(text, " \t\r\n")] != '\0') {
        free(text);
        return cb_error("--resume file '%s' is neither a clbench journal nor a run file", path);
    }
    free(text);
    if (stale > 0)
        fprintf(stderr,
                "clbench: %ld rows of '%s' run again: their kernel file has changed since "
                "(kernel_file_hash)\n",
                stale, path);
    return taken;
}

long cb_resume_load(const char *path, struct cb_run *run, int retry_failed)
{
    return load_records(path, run, retry_failed, resume_one);
}

/* A row of one of run's devices and a registered kernel, rebuilt from its record and appended
 * to run->rows as resumed; 0 when the record is of another device or kernel, or unusable. */
static long add_record(const cJSON *j, struct cb_run *run, int retry_failed, long *stale)
{
    const char *device = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(j, "device"));
    const char *kernel = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(j, "kernel"));
    const char *from = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(j, "params_from"));
    const cJSON *params = cJSON_GetObjectItemCaseSensitive(j, "params");
    const cJSON *size = cJSON_GetObjectItemCaseSensitive(j, "size");
    const struct cb_kernel *k = kernel != NULL ? cb_kernel_find(kernel) : NULL;
    struct cb_row row, *grown;
    char id[32];

    if (k == NULL || device == NULL || !cJSON_IsObject(params) || !cJSON_IsArray(size) ||
        cJSON_GetArraySize(size) != (int)k->dims || retried(j, retry_failed))
        return 0;
    memset(&row, 0, sizeof row);
    row.problem.kernel = k;
    row.problem.real = cb_row_type_json(j);
    for (size_t i = 0; i < run->device_count && row.device == NULL; i++) {
        cb_device_id_string(run->devices[i], id, sizeof id);
        if (strcmp(id, device) == 0)
            row.device = run->devices[i];
    }
    if (row.device == NULL)
        return 0;
    for (unsigned i = 0; i < cb_kernel_param_count(k); i++) {
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(params, k->params[i].name);

        if (!cJSON_IsNumber(v))
            return 0;
        row.problem.param[i] = (long)v->valuedouble;
    }
    for (unsigned i = 0; i < CB_MAX_DIMS; i++) {
        const cJSON *v = cJSON_GetArrayItem(size, (int)i);

        row.problem.size[i] = i < k->dims ? (cJSON_IsNumber(v) ? (size_t)v->valuedouble : 0) : 1;
        if (row.problem.size[i] == 0)
            return 0;
    }
    row.params_from = from != NULL && strcmp(from, "tuning") == 0 ? "tuning" : NULL;
    if (!same_kernel_file(j, &row)) {
        (*stale)++;
        return 0;
    }
    if (cb_row_restore(&row, j) != 0)
        return 0;
    /* A later record of the same point wins: a tune journals a point as failed before running
     * it and again once it ends, so that a point that killed the process is not run again. */
    for (size_t i = 0; i < run->row_count; i++)
        if (run->rows[i].device == row.device && run->rows[i].problem.kernel == k &&
            run->rows[i].problem.real == row.problem.real &&
            memcmp(run->rows[i].problem.size, row.problem.size, sizeof row.problem.size) == 0 &&
            memcmp(run->rows[i].problem.param, row.problem.param, sizeof row.problem.param) == 0) {
            cb_row_free(&run->rows[i]);
            run->rows[i] = row;
            return 0;
        }
    grown = realloc(run->rows, (run->row_count + 1) * sizeof *grown);
    if (grown == NULL) {
        cb_row_free(&row);
        return 0;
    }
    run->rows = grown;
    run->rows[run->row_count++] = row;
    return 1;
}

long cb_resume_rows(const char *path, struct cb_run *run, int retry_failed)
{
    return load_records(path, run, retry_failed, add_record);
}
