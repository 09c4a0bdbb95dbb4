/* Supervised worker processes: the supervisor's side and the worker's; see worker.h. */
#define _GNU_SOURCE
#include "clbench/worker.h"

#include "clbench/cache_dir.h"
#include "clbench/check.h"
#include "clbench/icd.h"
#include "clbench/output.h"
#include "clbench/clock_check.h"
#include "clbench/driver_env.h"
#include "clbench/journal.h"
#include "clbench/manifest.h"
#include "clbench/oracle.h"
#include "clbench/native_peak.h"
#include "clbench/peak.h"
#include "clbench/peak_cache.h"
#include "clbench/runfile.h"
#include "clbench/timer.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

enum {
    QUOTED_LINES = 3,     /* of the worker's stderr, in a crashed row's reason */
    STOP_GRACE_MS = 2000, /* a worker whose channel closed gets this long to exit */
};

#define WORKER_ENV        "CLBENCH_WORKER_MODE"
#define WORKER_CACHE_SAID "cache-said"

volatile sig_atomic_t cb_interrupted;
static char **supervisor_argv;

static void on_signal(int sig)
{
    cb_interrupted = sig;
}

void cb_supervisor_signals(void)
{
    struct sigaction sa;

    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    /* No SA_RESTART: the supervisor's poll() returns at once with EINTR. */
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
}

void cb_workers_argv(char **argv)
{
    supervisor_argv = argv;
}

/* Appends arg to s (of capacity *cap), quoted for a POSIX shell where it needs it. */
static char *append_quoted(char *s, size_t *len, size_t *cap, const char *arg)
{
    const int plain = arg[0] != '\0' && strspn(arg, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRS"
                                                    "TUVWXYZ0123456789-_=./,:@%+") == strlen(arg);
    const size_t need = *len + 4 * strlen(arg) + 4;

    if (need > *cap) {
        char *grown = realloc(s, 2 * need);

        if (grown == NULL) {
            free(s);
            return NULL;
        }
        s = grown;
        *cap = 2 * need;
    }
    if (*len > 0)
        s[(*len)++] = ' ';
    if (!plain)
        s[(*len)++] = '\'';
    for (const char *p = arg; *p != '\0'; p++) {
        if (*p == '\'' && !plain) {
            memcpy(s + *len, "'\\''", 4);
            *len += 4;
        } else
            s[(*len)++] = *p;
    }
    if (!plain)
        s[(*len)++] = '\'';
    s[*len] = '\0';
    return s;
}

char *cb_resume_command(const char *output)
{
    char journal[4096 + 16];
    size_t len = 0, cap = 0;
    char *s = NULL;

    for (char **a = supervisor_argv; a != NULL && *a != NULL; a++) {
        if (strcmp(*a, "--resume") == 0 && a[1] != NULL) {
            a++;
            continue;
        }
        /* --retry-failed would run this run's crash again, and the run ahead holds none of
         * the failed rows to retry that it did not run itself. */
        if (strncmp(*a, "--resume=", 9) == 0 || strcmp(*a, "--retry-failed") == 0)
            continue;
        if ((s = append_quoted(s, &len, &cap, a == supervisor_argv ? "clbench" : *a)) == NULL)
            return NULL;
    }
    if ((s = append_quoted(s, &len, &cap, "--resume")) == NULL)
        return NULL;
    /* The journal holds every row the output does; the output itself may not be an input. */
    if (cb_journal_path(journal, sizeof journal, output) == 0 && access(journal, F_OK) == 0)
        output = journal;
    return append_quoted(s, &len, &cap, output);
}

int cb_workers_enabled(void)
{
    const char *v = getenv("CLBENCH_WORKERS");

    return v == NULL || strcmp(v, "0") != 0;
}

int cb_worker_mode(void)
{
    return getenv(WORKER_ENV) != NULL;
}

/* ---- the supervisor's side ---- */

static void ring_add(struct cb_worker *w, const char *s, size_t n)
{
    if (n >= sizeof w->ring) {
        s += n - sizeof w->ring;
        n = sizeof w->ring;
    }
    if (w->ring_len + n > sizeof w->ring) {
        const size_t drop = w->ring_len + n - sizeof w->ring;

        memmove(w->ring, w->ring + drop, w->ring_len - drop);
        w->ring_len -= drop;
    }
    memcpy(w->ring + w->ring_len, s, n);
    w->ring_len += n;
}

/* The worker's last lines, joined by " | ", into buf. */
static void last_lines(const struct cb_worker *w, char *buf, size_t len)
{
    size_t end = w->ring_len, start, lines = 0;

    while (end > 0 && (w->ring[end - 1] == '\n' || w->ring[end - 1] == '\r'))
        end--;
    start = end;
    while (start > 0 && lines < QUOTED_LINES) {
        start--;
        if (w->ring[start] == '\n' && ++lines == QUOTED_LINES) {
            start++;
            break;
        }
    }
    snprintf(buf, len, "%.*s", (int)(end - start), w->ring + start);
    for (char *p = buf; *p != '\0'; p++)
        if (*p == '\n' || *p == '\r')
            *p = '|';
}

/* Moves what the worker wrote on stderr to ours and into its ring; 0 at end of file. */
static int drain_err(struct cb_worker *w)
{
    char buf[4096];
    const ssize_t n = read(w->err, buf, sizeof buf);

    if (n > 0) {
        /* A line of the worker's replaces the progress line a terminal may show (as this
         * process's own messages do) rather than running on from it. */
        static int line_start = 1;

        if (line_start && isatty(STDERR_FILENO))
            fputs("\r\033[K", stderr);
        line_start = buf[n - 1] == '\n';
        ring_add(w, buf, (size_t)n);
        fwrite(buf, 1, (size_t)n, stderr);
        return 1;
    }
    return n < 0 && (errno == EINTR || errno == EAGAIN);
}

static int send_json(struct cb_worker *w, cJSON *msg)
{
    char *text = msg != NULL ? cJSON_PrintUnformatted(msg) : NULL;
    int status = -1;

    if (text != NULL)
        status = cb_write_all(w->to, text, strlen(text)) == 0 && cb_write_all(w->to, "\n", 1) == 0
                     ? 0
                     : -1;
    free(text);
    cJSON_Delete(msg);
    return status;
}

enum wait_result { LINE, CLOSED, TIMED_OUT, INTERRUPTED };

/* Waits for the worker's next line (nul-terminated in w->line, without its newline). */
static enum wait_result wait_line(struct cb_worker *w, double deadline_ms)
{
    for (;;) {
        struct pollfd fds[2] = {{w->from, POLLIN, 0}, {w->err, POLLIN, 0}};
        const double left = deadline_ms - cb_wall_ms();
        char buf[8192];
        ssize_t n;
        char *nl;

        if (w->line_len > 0 && (nl = memchr(w->line, '\n', w->line_len)) != NULL) {
            *nl = '\0';
            return LINE;
        }
        if (cb_interrupted)
            return INTERRUPTED;
        if (left <= 0)
            return TIMED_OUT;
        if (poll(fds, w->err >= 0 ? 2 : 1, left > 1e6 ? 1000000 : (int)left + 1) < 0) {
            if (errno == EINTR)
                continue;
            return CLOSED;
        }
        if (w->err >= 0 && (fds[1].revents & (POLLIN | POLLHUP)) && !drain_err(w)) {
            close(w->err);
            w->err = -1;
        }
        if (!(fds[0].revents & (POLLIN | POLLHUP | POLLERR)))
            continue;
        n = read(w->from, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return CLOSED;
        if (w->line_len + (size_t)n + 1 > w->line_cap) {
            const size_t cap = 2 * (w->line_len + (size_t)n + 1);
            char *grown = realloc(w->line, cap);

            if (grown == NULL)
                return CLOSED;
            w->line = grown;
            w->line_cap = cap;
        }
        memcpy(w->line + w->line_len, buf, (size_t)n);
        w->line_len += (size_t)n;
    }
}

/* Forgets the line wait_line returned. */
static void consume_line(struct cb_worker *w)
{
    const size_t used = strlen(w->line) + 1;

    memmove(w->line, w->line + used, w->line_len - used);
    w->line_len -= used;
}

/* Closes the channel and reaps the worker (killed first with kill set, or when it does not
 * exit within the grace time); returns its wait status. */
static int reap(struct cb_worker *w, int kill_it)
{
    int st = 0;

    if (w->pid <= 0)
        return 0;
    if (kill_it)
        kill(w->pid, SIGKILL);
    close(w->to);
    for (double end = cb_wall_ms() + STOP_GRACE_MS;;) {
        const pid_t r = waitpid(w->pid, &st, WNOHANG);

        if (r == w->pid || (r < 0 && errno != EINTR))
            break;
        if (w->err >= 0) { /* its last lines, while it exits */
            struct pollfd fd = {w->err, POLLIN, 0};

            if (poll(&fd, 1, 20) > 0 && !drain_err(w)) {
                close(w->err);
                w->err = -1;
            }
        } else
            usleep(10000);
        if (cb_wall_ms() > end) {
            kill(w->pid, SIGKILL);
            end = cb_wall_ms() + STOP_GRACE_MS;
        }
    }
    while (w->err >= 0 && drain_err(w))
        ;
    if (w->err >= 0)
        close(w->err);
    close(w->from);
    w->pid = 0;
    w->to = w->from = w->err = -1;
    w->line_len = 0;
    return st;
}

void cb_worker_stop(struct cb_worker *w)
{
    reap(w, 0);
    free(w->line);
    w->line = NULL;
    w->line_cap = 0;
}

/* "SIGSEGV (Segmentation fault)" or "exit status 3". */
static void death(int st, char *buf, size_t len)
{
    if (WIFSIGNALED(st)) {
        const char *abbrev = sigabbrev_np(WTERMSIG(st));

        snprintf(buf, len, "SIG%s (%s)", abbrev != NULL ? abbrev : "?", strsignal(WTERMSIG(st)));
    } else if (WIFEXITED(st))
        snprintf(buf, len, "exit status %d", WEXITSTATUS(st));
    else
        snprintf(buf, len, "an unknown end");
}

static const char *worker_exe(void)
{
    const char *exe = getenv("CLBENCH_WORKER_EXE"); /* a test hook: a worker that cannot start */

    return exe != NULL ? exe : "/proc/self/exe";
}

/* A test hook: CLBENCH_TEST_WORKER_ENV=NAME=VALUE gives the workers' environment that value of
 * NAME, in place of the supervisor's, so that a test can make them see other devices. */
static size_t worker_env_hook(char **envp, size_t n)
{
    const char *set = getenv("CLBENCH_TEST_WORKER_ENV");
    const size_t name_len = set != NULL ? strcspn(set, "=") : 0;

    if (set == NULL || set[name_len] != '=')
        return n;
    for (size_t i = 0; i < n; i++)
        if (strncmp(envp[i], set, name_len + 1) == 0) {
            envp[i] = (char *)set;
            return n;
        }
    envp[n] = (char *)set;
    return n + 1;
}

/* Forks and execs a worker; -1 with why when that fails (exec failing is seen through a pipe
 * closed on exec). */
static int spawn(struct cb_worker *w, char *why, size_t len)
{
    static char **envp; /* the environment before the drivers, and WORKER_ENV; made once */
    int to[2], from[2], err[2], exec_err[2], e = 0;
    const char *exe = worker_exe();
    pid_t pid;

    if (pipe2(to, O_CLOEXEC) != 0 || pipe2(from, O_CLOEXEC) != 0 || pipe2(err, O_CLOEXEC) != 0 ||
        pipe2(exec_err, O_CLOEXEC) != 0) {
        snprintf(why, len, "cannot start a worker process: pipe: %s", strerror(errno));
        return -1;
    }
    /* The child of a process with driver threads may call only async-signal-safe functions
     * before exec: its environment is made here. */
    if (envp == NULL) {
        char *const *env = cb_driver_env();
        size_t n = 0;

        while (env[n] != NULL)
            n++;
        envp = calloc(n + 3, sizeof *envp);
        if (envp == NULL) {
            snprintf(why, len, "cannot start a worker process: out of memory");
            return -1;
        }
        memcpy(envp, env, n * sizeof *envp);
        n = worker_env_hook(envp, n);
        /* What the supervisor said of the cache, a worker does not say again. */
        envp[n] = cb_cache_warned() ? WORKER_ENV "=" WORKER_CACHE_SAID : WORKER_ENV "=1";
    }
    fflush(NULL);
    pid = fork();
    if (pid == 0) {
        dup2(to[0], 0);
        dup2(from[1], 1);
        dup2(err[1], 2);
        execve(exe, supervisor_argv, envp);
        e = errno;
        if (write(exec_err[1], &e, sizeof e) < 0)
            _exit(127);
        _exit(127);
    }
    close(to[0]);
    close(from[1]);
    close(err[1]);
    close(exec_err[1]);
    if (pid < 0) {
        e = errno;
        close(to[1]);
        close(from[0]);
        close(err[0]);
        close(exec_err[0]);
        snprintf(why, len, "cannot start a worker process: fork: %s", strerror(e));
        return -1;
    }
    while (read(exec_err[0], &e, sizeof e) < 0 && errno == EINTR)
        ;
    close(exec_err[0]);
    w->pid = pid;
    w->to = to[1];
    w->from = from[0];
    w->err = err[0];
    w->line_len = 0;
    w->ring_len = 0;
    if (e != 0) {
        reap(w, 1);
        snprintf(why, len, "cannot start a worker process ('%s'): %s", exe, strerror(e));
        return -1;
    }
    return 0;
}

static cJSON *spec_json(const struct cb_row *row, size_t device_index, double max_time_s,
                        double max_first_s)
{
    cJSON *j = cJSON_CreateObject(), *size = cJSON_AddArrayToObject(j, "size"),
          *params = cJSON_AddArrayToObject(j, "params");
    const struct cb_kernel *k = row->problem.kernel;

    cJSON_AddNumberToObject(j, "device", (double)device_index);
    cJSON_AddStringToObject(j, "kernel", k->name);
    cJSON_AddStringToObject(j, "type", cb_elem_info(row->problem.real)->name);
    for (unsigned i = 0; i < CB_MAX_DIMS; i++)
        cJSON_AddItemToArray(size, cJSON_CreateNumber((double)row->problem.size[i]));
    for (unsigned i = 0; i < cb_kernel_param_count(k); i++)
        cJSON_AddItemToArray(params, cJSON_CreateNumber((double)row->problem.param[i]));
    if (row->params_from != NULL)
        cJSON_AddStringToObject(j, "from", row->params_from);
    cJSON_AddStringToObject(j, "tuned_date", row->tuned.date);
    cJSON_AddNumberToObject(j, "max_time_s", max_time_s);
    cJSON_AddNumberToObject(j, "max_first_s", max_first_s);
    return j;
}

static const char *const peak_fields[] = {
    "read_gbs",        "write_gbs",      "copy_gbs",      "gbs",           "gflops",
    "launch_event_us", "launch_wall_us", "opencl_gflops", "native_gflops", "native_copy_gbs",
    "gflops_noise",    "gbs_noise",      "gflops_fp64",   "gflops_fp16",   "native_gflops_fp64",
};

static double *peak_field(struct cb_device *d, size_t i)
{
    double *const fields[] = {
        &d->peak_read_gbs,     &d->peak_write_gbs,       &d->peak_copy_gbs,
        &d->peak_gbs_measured, &d->peak_gflops_measured, &d->launch_event_us,
        &d->launch_wall_us,    &d->opencl_gflops,        &d->native_gflops,
        &d->native_copy_gbs,   &d->gflops_noise,         &d->gbs_noise,
        &d->peak_gflops_fp64,  &d->peak_gflops_fp16,     &d->native_gflops_fp64};

    return fields[i];
}

/* The roofs' text fields, as peak_fields. */
static char *peak_text(struct cb_device *d, size_t i, size_t *len)
{
    char *const texts[] = {d->gflops_source, d->gbs_source, d->peak_busy, d->peak_skipped};
    const size_t lens[] = {sizeof d->gflops_source, sizeof d->gbs_source, sizeof d->peak_busy,
                           sizeof d->peak_skipped};

    *len = lens[i];
    return texts[i];
}
static const char *const peak_texts[] = {"gflops_source", "gbs_source", "busy", "skipped"};

static cJSON *peak_json(struct cb_device *d)
{
    cJSON *j = cJSON_CreateObject();

    for (size_t i = 0; i < sizeof peak_fields / sizeof peak_fields[0]; i++)
        cJSON_AddNumberToObject(j, peak_fields[i], *peak_field(d, i));
    for (size_t i = 0; i < sizeof peak_texts / sizeof peak_texts[0]; i++) {
        size_t len;

        cJSON_AddStringToObject(j, peak_texts[i], peak_text(d, i, &len));
    }
    if (d->native_isa != NULL)
        cJSON_AddStringToObject(j, "native_isa", d->native_isa);
    cJSON_AddNumberToObject(j, "native_threads", d->native_threads);
    if (d->peak_source != NULL)
        cJSON_AddStringToObject(j, "source", d->peak_source);
    cJSON_AddStringToObject(j, "date", d->peak_date);
    return j;
}

static void peak_restore(struct cb_device *d, const cJSON *j)
{
    static const char *const sources[] = {"measured", "cached"};
    const char *source = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(j, "source"));
    const char *date = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(j, "date"));

    for (size_t i = 0; i < sizeof peak_fields / sizeof peak_fields[0]; i++) {
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(j, peak_fields[i]);

        *peak_field(d, i) = cJSON_IsNumber(v) ? v->valuedouble : 0.0;
    }
    for (size_t i = 0; i < sizeof peak_texts / sizeof peak_texts[0]; i++) {
        const char *v = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(j, peak_texts[i]));
        size_t len;
        char *dst = peak_text(d, i, &len);

        snprintf(dst, len, "%s", v != NULL ? v : "");
    }
    {
        const char *isa = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(j, "native_isa"));
        const cJSON *t = cJSON_GetObjectItemCaseSensitive(j, "native_threads");

        /* The worker is this program on this host: its probe ran the ISA ours would. */
        d->native_isa = isa != NULL && strcmp(isa, cb_native_isa()) == 0 ? cb_native_isa() : NULL;
        d->native_threads = cJSON_IsNumber(t) ? (unsigned)t->valuedouble : 0;
    }
    d->peak_source = NULL;
    for (size_t i = 0; source != NULL && i < 2; i++)
        if (strcmp(source, sources[i]) == 0)
            d->peak_source = sources[i];
    snprintf(d->peak_date, sizeof d->peak_date, "%s", date != NULL ? date : "");
}

/* The profiling clock's check, done by the worker that opened the device, for the run file. */
static cJSON *clock_json(const struct cb_device *d)
{
    cJSON *j = cJSON_CreateObject();

    cJSON_AddBoolToObject(j, "checked", d->clock_checked);
    cJSON_AddBoolToObject(j, "trusted", d->events_trusted);
    cJSON_AddNumberToObject(j, "event_ms", d->clock_event_ms);
    cJSON_AddNumberToObject(j, "wall_ms", d->clock_wall_ms);
    cJSON_AddStringToObject(j, "why", d->clock_why);
    return j;
}

static void clock_restore(struct cb_device *d, const cJSON *j)
{
    const char *why = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(j, "why"));
    const cJSON *event_ms = cJSON_GetObjectItemCaseSensitive(j, "event_ms");
    const cJSON *wall_ms = cJSON_GetObjectItemCaseSensitive(j, "wall_ms");

    d->clock_checked = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(j, "checked"));
    d->events_trusted = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(j, "trusted"));
    d->clock_event_ms = cJSON_IsNumber(event_ms) ? event_ms->valuedouble : 0.0;
    d->clock_wall_ms = cJSON_IsNumber(wall_ms) ? wall_ms->valuedouble : 0.0;
    snprintf(d->clock_why, sizeof d->clock_why, "%s", why != NULL ? why : "");
}

/* A device as the supervisor and its workers name it to each other: the platform's and the
 * device's names (the P:D of --list shifts where a platform is missing). */
static cJSON *device_json(const struct cb_device *d)
{
    cJSON *j = cJSON_CreateObject();
    char id[32];

    cb_device_id_string(d, id, sizeof id);
    cJSON_AddStringToObject(j, "id", id);
    cJSON_AddStringToObject(j, "platform", d->platform_name);
    cJSON_AddStringToObject(j, "name", d->name);
    return j;
}

/* "1:0 'NAME', 2:0 'NAME'", or "none". */
static void device_list_text(struct cb_device *const *devices, size_t count, char *buf, size_t len)
{
    size_t n = 0;

    snprintf(buf, len, "none");
    for (size_t i = 0; i < count && n < len; i++) {
        char id[32];
        int w;

        if (devices[i] == NULL)
            continue;
        cb_device_id_string(devices[i], id, sizeof id);
        w = snprintf(buf + n, len - n, "%s%s '%s'", n > 0 ? ", " : "", id, devices[i]->name);
        if (w < 0)
            break;
        n += (size_t)w;
    }
}

/* Said once per run: a worker enumerated other devices than its supervisor. */
static void warn_device_lists(const struct cb_worker *w, const char *worker_list)
{
    static int said;
    char mine[1024];

    if (said || worker_list == NULL)
        return;
    said = 1;
    device_list_text(w->devices, w->device_count, mine, sizeof mine);
    cb_warn("a worker sees other devices than clbench: clbench sees %s, the worker %s; rows go "
            "to the device of the same name, or fail where the worker has none (an environment "
            "that differs between them: LD_LIBRARY_PATH, OCL_ICD_VENDORS, OCL_ICD_FILENAMES)",
            mine, worker_list);
}

/* The deadline of opening a device in a worker, builds aside: a row's at least. */
static double open_timeout_s(double row_timeout_s)
{
    const char *env = getenv("CLBENCH_OPEN_TIMEOUT");
    char *end;
    const double s = env != NULL ? strtod(env, &end) : 0;

    if (env != NULL && end != env && *end == '\0' && s > 0)
        return s;
    return row_timeout_s > 600.0 ? row_timeout_s : 600.0;
}

/* A reply to "open" that did not come: why, after the worker was reaped. */
static void open_lost(struct cb_worker *w, enum wait_result r, const char *doing, double timeout_s,
                      const char *hint, char *why, size_t len)
{
    char how[96], lines[256];

    death(reap(w, 1), how, sizeof how);
    last_lines(w, lines, sizeof lines);
    if (r == TIMED_OUT)
        snprintf(why, len,
                 "%s took more than %.0f s and its worker was killed%s; its last lines: %s", doing,
                 timeout_s, hint, lines[0] != '\0' ? lines : "(none)");
    else
        snprintf(why, len, "the worker died of %s %s; its last lines: %s", how, doing,
                 lines[0] != '\0' ? lines : "(none)");
}

/* The kernel files as this run read them, into msg: a worker that reads another text
 * refuses. */
static void add_kernel_files(cJSON *msg)
{
    cJSON *list = cJSON_AddArrayToObject(msg, "kernel_files");

    for (size_t i = 0; i < cb_kernel_files_count(); i++) {
        cJSON *file = cJSON_CreateObject();

        cJSON_AddStringToObject(file, "path", cb_kernel_file_at(i)->path);
        cJSON_AddStringToObject(file, "hash", cb_kernel_file_at(i)->hash);
        cJSON_AddItemToArray(list, file);
    }
}

/* w, for the worker of devices[index] of the run's device list; no process yet. */
static void worker_init(struct cb_worker *w, struct cb_device *const *devices, size_t device_count,
                        size_t index)
{
    memset(w, 0, sizeof *w);
    w->to = w->from = w->err = -1;
    w->devices = devices;
    w->device_count = device_count;
    w->device = devices[index];
    w->device_index = index;
}

/* A request about w's device: op, the run's devices, the rows not resumed of rows[0, count)
 * under rows_key (how many in *listed), the kernel files. */
static cJSON *device_request(const struct cb_worker *w, const char *op, const char *rows_key,
                             const struct cb_row *rows, size_t count, size_t *listed)
{
    cJSON *msg = cJSON_CreateObject(), *list;

    *listed = 0;
    cJSON_AddStringToObject(msg, "op", op);
    cJSON_AddNumberToObject(msg, "device", (double)w->device_index);
    list = cJSON_AddArrayToObject(msg, "devices");
    for (size_t i = 0; i < w->device_count; i++)
        cJSON_AddItemToArray(list, device_json(w->devices[i]));
    list = cJSON_AddArrayToObject(msg, rows_key);
    for (size_t i = 0; i < count; i++)
        if (!rows[i].resumed) {
            cJSON_AddItemToArray(list, spec_json(&rows[i], w->device_index, 0, 0));
            (*listed)++;
        }
    add_kernel_files(msg);
    return msg;
}

/* Starts a worker and has it open the device; the outcome as cb_worker_open's.  The worker
 * answers twice: once the device is open and measured ("opened", with its peaks and clock
 * check, kept in w->device at once), then once its programs are built ("ready"); each step
 * has a deadline of its own, so that a build that hangs is told from an open that does. */
static enum cb_worker_outcome start(struct cb_worker *w, const struct cb_row *prebuild,
                                    size_t count, double row_timeout_s, char *why, size_t len)
{
    cJSON *msg, *reply = NULL, *ready;
    enum wait_result r;
    size_t builds;
    /* A device a worker opened before in this run (a replacement, the main job's second pass)
     * keeps its peaks and clock check: handed over, not measured again. */
    const int measures = !w->opened && !w->device->clock_checked;
    int building = 0; /* the device is open: what is left is the builds */
    const double open_s = open_timeout_s(row_timeout_s);
    double build_s;
    char doing[160];

    if (spawn(w, why, len) != 0)
        return CB_WORKER_NO_START;
    msg = device_request(w, "open", "prebuild", prebuild, count, &builds);
    /* A replacement worker: the first one's peaks and clock check, not measured again. */
    if (!measures) {
        cJSON_AddItemToObject(msg, "peak", peak_json(w->device));
        cJSON_AddItemToObject(msg, "clock", clock_json(w->device));
    }
    build_s = row_timeout_s * (double)(builds > 0 ? builds : 1);
    snprintf(doing, sizeof doing, "opening the device (%s)",
             measures ? "context, clock check and peak probes" : "context");
    r = send_json(w, msg) != 0 ? CLOSED : wait_line(w, cb_wall_ms() + open_s * 1e3);
    if (r == LINE) {
        reply = cJSON_Parse(w->line);
        consume_line(w);
        warn_device_lists(w,
                          cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(reply, "devices")));
        if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(reply, "opened"))) {
            peak_restore(w->device, cJSON_GetObjectItemCaseSensitive(reply, "peak"));
            clock_restore(w->device, cJSON_GetObjectItemCaseSensitive(reply, "clock"));
            cb_device_state_restore(w->device,
                                    cJSON_GetObjectItemCaseSensitive(reply, "state_source"));
            w->opened = building = 1;
            cJSON_Delete(reply);
            snprintf(doing, sizeof doing,
                     "building %zu programs before the rows (--row-timeout each)", builds);
            r = wait_line(w, cb_wall_ms() + build_s * 1e3);
            reply = r == LINE ? cJSON_Parse(w->line) : NULL;
            if (r == LINE)
                consume_line(w);
        }
    }
    if (r == INTERRUPTED) {
        reap(w, 1);
        return CB_WORKER_INTERRUPTED;
    }
    if (r != LINE) {
        open_lost(w, r, doing, building ? build_s : open_s,
                  building   ? ""
                  : measures ? " (--peak off skips the probes; CLBENCH_OPEN_TIMEOUT gives the open "
                               "more time)"
                             : " (CLBENCH_OPEN_TIMEOUT gives the open more time)",
                  why, len);
        return CB_WORKER_OPEN_FAILED;
    }
    ready = cJSON_GetObjectItemCaseSensitive(reply, "ready");
    if (cJSON_IsTrue(ready) && building) {
        cJSON_Delete(reply);
        return CB_WORKER_DONE;
    }
    {
        const char *reason =
            cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(reply, "reason"));

        snprintf(why, len, "%s",
                 cJSON_IsFalse(ready) && reason != NULL
                     ? reason
                     : "the worker's answer to opening the device was not understood");
    }
    cJSON_Delete(reply);
    reap(w, 1);
    return CB_WORKER_OPEN_FAILED;
}

enum cb_worker_outcome cb_worker_open(struct cb_worker *w, struct cb_device *const *devices,
                                      size_t device_count, size_t index,
                                      const struct cb_row *prebuild, size_t count, double timeout_s,
                                      char *why, size_t len)
{
    enum cb_worker_outcome o;

    worker_init(w, devices, device_count, index);
    o = start(w, prebuild, count, timeout_s, why, len);
    /* Once the device opened, a failure is the builds': again without them, the peaks kept. */
    if (o == CB_WORKER_OPEN_FAILED && count > 0 && w->opened && w->pid == 0 && !cb_interrupted)
        o = start(w, NULL, 0, timeout_s, why, len);
    if (o == CB_WORKER_OPEN_FAILED)
        snprintf(w->open_failure, sizeof w->open_failure, "%s", why);
    return o;
}

int cb_worker_warm_start(struct cb_worker *w, struct cb_device *const *devices, size_t device_count,
                         size_t index, const struct cb_row *rows, size_t count, char *why,
                         size_t len)
{
    cJSON *msg;
    size_t listed;

    worker_init(w, devices, device_count, index);
    if (spawn(w, why, len) != 0)
        return -1;
    msg = device_request(w, "warm", "rows", rows, count, &listed);
    if (send_json(w, msg) != 0) {
        snprintf(why, len, "the worker took no request");
        reap(w, 1);
        return -1;
    }
    return 0;
}

int cb_worker_warm_wait(struct cb_worker *w, double wait_s, size_t *warmed, char *why, size_t len)
{
    enum wait_result r;
    cJSON *reply;
    const cJSON *n;
    int ok;

    if (w->pid == 0) {
        snprintf(why, len, "no worker");
        return -1;
    }
    r = wait_line(w, cb_wall_ms() + wait_s * 1e3);
    if (r == TIMED_OUT && wait_s <= 0)
        return 0;
    if (r != LINE) {
        char how[96];

        death(reap(w, 1), how, sizeof how);
        if (r == CLOSED)
            snprintf(why, len, "its worker died of %s", how);
        else
            snprintf(why, len, "%s",
                     r == INTERRUPTED ? "interrupted" : "it was still at work and was stopped");
        return -1;
    }
    reply = cJSON_Parse(w->line);
    n = cJSON_GetObjectItemCaseSensitive(reply, "warmed");
    ok = cJSON_IsNumber(n);
    *warmed = ok ? (size_t)n->valuedouble : 0;
    if (!ok) {
        const char *reason =
            cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(reply, "reason"));

        snprintf(why, len, "%s", reason != NULL ? reason : "its answer was not understood");
    }
    cJSON_Delete(reply);
    consume_line(w);
    reap(w, 0);
    return ok ? 1 : -1;
}

/* The row ends as crashed or timed_out, with what is known of why. */
static void fail_row(struct cb_worker *w, struct cb_row *row, enum cb_status status,
                     const char *what)
{
    char params[160], size[64], lines[CB_REASON_LEN];
    int n;

    cb_row_params(row, params, sizeof params);
    cb_row_size(row, size, sizeof size);
    last_lines(w, lines, sizeof lines);
    row->status = status;
    n = snprintf(row->reason, sizeof row->reason, "%s running %s%sat %s; its last lines: ", what,
                 params, params[0] != '\0' ? " " : "", size);
    /* The lines are the end of the reason: cut short, never the parameters. */
    if (n > 0 && (size_t)n < sizeof row->reason) {
        const char *quote = lines[0] != '\0' ? lines : "(none)";
        const size_t room = sizeof row->reason - (size_t)n - 1, len = strlen(quote);

        memcpy(row->reason + n, quote, len < room ? len : room);
        row->reason[(size_t)n + (len < room ? len : room)] = '\0';
    }
}

enum cb_worker_outcome cb_worker_run(struct cb_worker *w, struct cb_row *row, double max_time_s,
                                     double max_first_s, double timeout_s, char *why, size_t len)
{
    cJSON *msg, *reply, *got;
    enum wait_result r;
    double start_ms;

    if (w->pid == 0 && w->open_failure[0] != '\0') {
        snprintf(why, len, "%s", w->open_failure);
        return CB_WORKER_OPEN_FAILED;
    }
    if (w->pid == 0) {
        const enum cb_worker_outcome o = start(w, NULL, 0, timeout_s, why, len);

        if (o == CB_WORKER_OPEN_FAILED)
            snprintf(w->open_failure, sizeof w->open_failure, "%s", why);
        if (o != CB_WORKER_DONE)
            return o;
    }
    msg = spec_json(row, w->device_index, max_time_s, max_first_s);
    cJSON_AddStringToObject(msg, "op", "row");
    w->ring_len = 0; /* the last lines quoted are this row's */
    start_ms = cb_wall_ms();
    r = send_json(w, msg) == 0 ? wait_line(w, start_ms + timeout_s * 1e3) : CLOSED;
    if (r == INTERRUPTED) {
        reap(w, 1);
        return CB_WORKER_INTERRUPTED;
    }
    if (r == TIMED_OUT) {
        char what[128];

        reap(w, 1);
        snprintf(what, sizeof what, "killed after the row's deadline of %.0f s (--row-timeout)",
                 timeout_s);
        fail_row(w, row, CB_STATUS_TIMED_OUT, what);
        row->elapsed_ms = cb_wall_ms() - start_ms;
        return CB_WORKER_DONE;
    }
    if (r == CLOSED) {
        char how[96], what[160];

        death(reap(w, 1), how, sizeof how);
        snprintf(what, sizeof what, "the worker process died of %s", how);
        fail_row(w, row, CB_STATUS_CRASHED, what);
        row->elapsed_ms = cb_wall_ms() - start_ms;
        return CB_WORKER_DONE;
    }
    reply = cJSON_Parse(w->line);
    got = cJSON_GetObjectItemCaseSensitive(reply, "row");
    if (!cJSON_IsObject(got) || !cb_row_matches_json(row, got) || cb_row_restore(row, got) != 0) {
        /* Never half a row: the channel is not to be trusted any more either. */
        char text[96];

        snprintf(text, sizeof text, "%.80s", w->line);
        row->status = CB_STATUS_LAUNCH_FAILED;
        snprintf(row->reason, sizeof row->reason, "the worker's answer was not this row (%s): '%s'",
                 !cJSON_IsObject(got)             ? "not a row"
                 : !cb_row_matches_json(row, got) ? "another row"
                                                  : "a row that does not read back",
                 text);
        cJSON_Delete(reply);
        consume_line(w);
        reap(w, 1);
        return CB_WORKER_DONE;
    }
    row->resumed = 0;
    if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(reply, "retire")))
        reap(w, 0); /* its context is poisoned: the next row gets a fresh worker */
    else
        consume_line(w);
    cJSON_Delete(reply);
    return CB_WORKER_DONE;
}

/* ---- the worker's side ---- */

static int channel = -1;

static int reply(cJSON *msg)
{
    char *text = msg != NULL ? cJSON_PrintUnformatted(msg) : NULL;
    int status = -1;

    if (getenv("CLBENCH_TEST_WORKER_GARBAGE") != NULL && cJSON_HasObjectItem(msg, "row")) {
        free(text); /* a test hook: a worker that talks nonsense */
        text = strdup("{\"row\": garbage");
    }
    if (text != NULL)
        status =
            cb_write_all(channel, text, strlen(text)) == 0 && cb_write_all(channel, "\n", 1) == 0
                ? 0
                : -1;
    free(text);
    cJSON_Delete(msg);
    return status;
}

/* The row a spec asks for, on the worker's own devices; -1 when it names none of them. */
static int row_from_spec(const cJSON *spec, struct cb_device **devices, size_t count,
                         struct cb_row *row)
{
    static const char *const sources[] = {"default",      "cpu default", "device default",
                                          "command line", "tuned",       "tuning",
                                          "model",        "autotune"};
    const cJSON *dev = cJSON_GetObjectItemCaseSensitive(spec, "device");
    const cJSON *size = cJSON_GetObjectItemCaseSensitive(spec, "size");
    const cJSON *params = cJSON_GetObjectItemCaseSensitive(spec, "params");
    const char *kernel = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(spec, "kernel"));
    const char *from = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(spec, "from"));
    const char *date = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(spec, "tuned_date"));
    const struct cb_kernel *k = kernel != NULL ? cb_kernel_find(kernel) : NULL;

    memset(row, 0, sizeof *row);
    if (k == NULL || !cJSON_IsNumber(dev) || dev->valuedouble < 0 ||
        dev->valuedouble >= (double)count || devices[(size_t)dev->valuedouble] == NULL ||
        cJSON_GetArraySize(size) != CB_MAX_DIMS ||
        cJSON_GetArraySize(params) != (int)cb_kernel_param_count(k))
        return -1;
    row->device = devices[(size_t)dev->valuedouble];
    row->problem.kernel = k;
    row->problem.real = cb_row_type_json(spec);
    row->timer = "event";
    for (int i = 0; i < CB_MAX_DIMS; i++)
        row->problem.size[i] = (size_t)cJSON_GetArrayItem(size, i)->valuedouble;
    for (unsigned i = 0; i < cb_kernel_param_count(k); i++)
        row->problem.param[i] = (long)cJSON_GetArrayItem(params, (int)i)->valuedouble;
    for (size_t i = 0; from != NULL && i < sizeof sources / sizeof sources[0]; i++)
        if (strcmp(from, sources[i]) == 0)
            row->params_from = sources[i];
    snprintf(row->tuned.date, sizeof row->tuned.date, "%s", date != NULL ? date : "");
    return 0;
}

/* After a failed row: whether the context still takes a command.  Some drivers (NVIDIA after
 * an access out of bounds) fail every call once one kernel faulted. */
static int context_usable(struct cb_device *d)
{
    cl_int e = CL_SUCCESS;
    cl_uint word = 0;
    cl_mem m = clCreateBuffer(d->context, CL_MEM_READ_WRITE, sizeof word, NULL, &e);

    if (e == CL_SUCCESS)
        e = clEnqueueWriteBuffer(d->queue, m, CL_TRUE, 0, sizeof word, &word, 0, NULL, NULL);
    if (e == CL_SUCCESS)
        e = clFinish(d->queue);
    if (m != NULL)
        clReleaseMemObject(m);
    return e == CL_SUCCESS;
}

/* The worker's devices in the supervisor's order: map[i] is the worker's device of the same
 * platform and name as the supervisor's i-th (the k-th of several alike), or NULL.  Returns
 * whether the two lists differ. */
static int map_devices(const cJSON *theirs, struct cb_device **devices, size_t count,
                       struct cb_device **map, size_t map_count)
{
    const cJSON *e;
    size_t i = 0;
    int differ = map_count != count;

    cJSON_ArrayForEach(e, theirs)
    {
        if (i >= map_count)
            break;
        const char *platform =
            cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e, "platform"));
        const char *name = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e, "name"));

        map[i] = NULL;
        for (size_t j = 0; platform != NULL && name != NULL && j < count && map[i] == NULL; j++) {
            int taken = 0;

            for (size_t k = 0; k < i; k++)
                taken |= map[k] == devices[j];
            if (!taken && strcmp(devices[j]->platform_name, platform) == 0 &&
                strcmp(devices[j]->name, name) == 0)
                map[i] = devices[j];
        }
        differ |= i >= count || map[i] != devices[i];
        i++;
    }
    return differ;
}

/* Makes the supervisor's indices name the worker's devices (devices[], of room for
 * CB_WORKER_MAX_DEVICES, and *count); where the two lists differ, out gets the worker's as
 * "devices".  -1 when out of memory. */
static int adopt_indices(const cJSON *theirs, struct cb_device **devices, size_t *count, cJSON *out)
{
    const size_t their_count = cJSON_GetArraySize(theirs) <= CB_WORKER_MAX_DEVICES
                                   ? (size_t)cJSON_GetArraySize(theirs)
                                   : 0;
    struct cb_device **map;

    if (their_count == 0)
        return 0;
    map = calloc(their_count, sizeof *map);
    if (map == NULL)
        return -1;
    if (map_devices(theirs, devices, *count, map, their_count)) {
        char mine[1024];

        device_list_text(devices, *count, mine, sizeof mine);
        cJSON_AddStringToObject(out, "devices", mine);
    }
    memcpy(devices, map, their_count * sizeof *map);
    *count = their_count;
    free(map);
    return 0;
}

/* 1 with why when a kernel file of msg's "kernel_files" reads otherwise now than when the
 * run read it. */
static int kernel_files_changed(const cJSON *msg, char *why, size_t len)
{
    const cJSON *spec;

    cJSON_ArrayForEach(spec, cJSON_GetObjectItemCaseSensitive(msg, "kernel_files"))
    {
        const char *path = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(spec, "path"));
        const char *hash = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(spec, "hash"));
        const char *now = path != NULL ? cb_kernel_file_hash(path) : NULL;

        if (path != NULL && hash != NULL && (now == NULL || strcmp(now, hash) != 0)) {
            snprintf(why, len,
                     "the kernel file '%.300s' (or a file it includes) changed during the run "
                     "(%s when the run read it, %s now): run again to measure the edited file",
                     path, hash, now != NULL ? now : "unreadable");
            return 1;
        }
    }
    return 0;
}

/* A warm-up worker (cb_worker_warm_start): opens the device, runs its peak probes
 * (cb_peak_warm) and each row once small (cb_rows_warm), closes it and says how many ran.  Quiet
 * and at a low priority: its rows run again later, in the run, and say there whatever they have to
 * say. */
static int warm_device(const cJSON *msg, const struct cb_session_settings *cfg,
                       struct cb_device **devices, size_t *count, struct cb_program_cache *cache,
                       struct cb_oracles *oracles)
{
    const cJSON *dev = cJSON_GetObjectItemCaseSensitive(msg, "device");
    const cJSON *spec;
    cJSON *out = cJSON_CreateObject();
    const int null = open("/dev/null", O_WRONLY | O_CLOEXEC);
    struct cb_device *d = NULL;
    struct cb_row *rows = NULL;
    size_t n = 0, warmed = 0;
    char reason[CB_REASON_LEN] = "";

    if (null >= 0) {
        dup2(null, STDERR_FILENO);
        dup2(null, STDOUT_FILENO);
        close(null);
    }
    if (setpriority(PRIO_PROCESS, 0, 10) != 0)
        errno = 0; /* a warm-up at the same priority is slower for the others, not wrong */
    if (adopt_indices(cJSON_GetObjectItemCaseSensitive(msg, "devices"), devices, count, out) != 0)
        snprintf(reason, sizeof reason, "out of host memory");
    else if (!cJSON_IsNumber(dev) || dev->valuedouble < 0 || dev->valuedouble >= (double)*count ||
             devices[(size_t)dev->valuedouble] == NULL)
        snprintf(reason, sizeof reason, "the worker does not see the device");
    else if (!kernel_files_changed(msg, reason, sizeof reason)) {
        d = devices[(size_t)dev->valuedouble];
        if (cb_device_open(d) != CL_SUCCESS) {
            snprintf(reason, sizeof reason, "could not create a context and queue on it");
            d = NULL;
        }
    }
    if (d != NULL) {
        const cJSON *list = cJSON_GetObjectItemCaseSensitive(msg, "rows");

        rows = calloc((size_t)cJSON_GetArraySize(list) + 1, sizeof *rows);
        cJSON_ArrayForEach(spec, list)
        {
            if (rows != NULL && row_from_spec(spec, devices, *count, &rows[n]) == 0 &&
                rows[n].device == d)
                n++;
        }
        {
            const struct cb_row_env env = {&cfg->row, cache, oracles};

            cb_peak_warm(d, &cfg->row, cache);
            warmed = cb_rows_warm(rows, n, &env);
        }
        free(rows);
        cb_program_cache_release(cache);
        cb_device_close(d);
    }
    cJSON_Delete(out);
    out = cJSON_CreateObject();
    if (reason[0] != '\0')
        cJSON_AddStringToObject(out, "reason", reason);
    else
        cJSON_AddNumberToObject(out, "warmed", (double)warmed);
    return reply(out);
}

static int open_device(const cJSON *msg, const struct cb_session_settings *cfg,
                       struct cb_device **devices, size_t *count, struct cb_program_cache *cache,
                       struct cb_oracles *oracles, struct cb_device **open)
{
    const cJSON *dev = cJSON_GetObjectItemCaseSensitive(msg, "device");
    const cJSON *theirs = cJSON_GetObjectItemCaseSensitive(msg, "devices");
    const cJSON *spec;
    cJSON *out = cJSON_CreateObject();
    struct cb_device *d;
    struct cb_row *rows = NULL;
    size_t n = 0;

    /* From here on the supervisor's indices name the worker's devices. */
    if (*open == NULL && adopt_indices(theirs, devices, count, out) != 0) {
        cJSON_Delete(out);
        return -1;
    }
    if (*open != NULL || !cJSON_IsNumber(dev) || dev->valuedouble < 0 ||
        dev->valuedouble >= (double)*count || devices[(size_t)dev->valuedouble] == NULL) {
        const cJSON *mine =
            cJSON_GetArrayItem(theirs, cJSON_IsNumber(dev) ? (int)dev->valuedouble : -1);
        const char *name = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(mine, "name"));
        char reason[CB_REASON_LEN];

        if (name != NULL)
            snprintf(reason, sizeof reason,
                     "the worker does not see '%s': its environment finds other devices than "
                     "clbench's (the run's first warning names both lists)",
                     name);
        else
            snprintf(reason, sizeof reason, "the worker was asked for no device of its own");
        cJSON_AddFalseToObject(out, "ready");
        cJSON_AddStringToObject(out, "reason", reason);
        return reply(out);
    }
    /* A worker loads the kernel files anew: if one was edited since the run read it, its
     * rows would run another text than the run records.  None runs; each says why. */
    {
        char reason[CB_REASON_LEN];

        if (kernel_files_changed(msg, reason, sizeof reason)) {
            cJSON_AddFalseToObject(out, "ready");
            cJSON_AddStringToObject(out, "reason", reason);
            return reply(out);
        }
    }
    d = devices[(size_t)dev->valuedouble];
    if (cb_device_open(d) != CL_SUCCESS) {
        cJSON_AddFalseToObject(out, "ready");
        cJSON_AddStringToObject(out, "reason",
                                "could not create a context and queue on this device");
        return reply(out);
    }
    cb_sensors_open(d, cfg->row.sensors);
    *open = d;
    if (cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(msg, "peak"))) {
        peak_restore(d, cJSON_GetObjectItemCaseSensitive(msg, "peak"));
        clock_restore(d, cJSON_GetObjectItemCaseSensitive(msg, "clock"));
    } else {
        cb_clock_check(d);
        cb_peak_obtain(d, &cfg->row, cache);
    }
    {
        cJSON *opened = cJSON_CreateObject();

        cJSON_AddTrueToObject(opened, "opened");
        /* The supervisor says so from this first answer. */
        if (cJSON_HasObjectItem(out, "devices"))
            cJSON_AddStringToObject(
                opened, "devices",
                cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(out, "devices")));
        cJSON_AddItemToObject(opened, "peak", peak_json(d));
        cJSON_AddItemToObject(opened, "clock", clock_json(d));
        cb_device_state_json(opened, d);
        if (reply(opened) != 0) {
            cJSON_Delete(out);
            return -1;
        }
    }
    if (cb_program_builds_in_parallel(d)) {
        const cJSON *list = cJSON_GetObjectItemCaseSensitive(msg, "prebuild");

        rows = calloc((size_t)cJSON_GetArraySize(list) + 1, sizeof *rows);
        cJSON_ArrayForEach(spec, list)
        {
            if (rows != NULL && row_from_spec(spec, devices, *count, &rows[n]) == 0)
                n++;
        }
        if (n > 0) {
            const struct cb_row_env env = {&cfg->row, cache, oracles};

            cb_rows_prebuild(rows, n, &env);
        }
        free(rows);
    }
    cJSON_AddTrueToObject(out, "ready");
    return reply(out);
}

static int run_one(const cJSON *msg, const struct cb_session_settings *cfg,
                   struct cb_device **devices, size_t count, struct cb_program_cache *cache,
                   struct cb_oracles *oracles, const struct cb_device *open, int *retire)
{
    struct cb_row_settings row_cfg = cfg->row;
    const cJSON *max_time = cJSON_GetObjectItemCaseSensitive(msg, "max_time_s");
    const cJSON *max_first = cJSON_GetObjectItemCaseSensitive(msg, "max_first_s");
    const struct cb_row_env env = {&row_cfg, cache, oracles};
    struct cb_row row;
    cJSON *out;

    if (row_from_spec(msg, devices, count, &row) != 0 || row.device != open)
        return -1; /* the supervisor sees the channel close: the row fails with why */
    if (cJSON_IsNumber(max_time))
        row_cfg.max_time_s = max_time->valuedouble;
    if (cJSON_IsNumber(max_first))
        row_cfg.max_first_s = max_first->valuedouble;
    cb_run_row(&row, &env);
    *retire = row.status != CB_STATUS_OK && row.status != CB_STATUS_INVALID &&
              row.status != CB_STATUS_OVER_LIMITS && row.status != CB_STATUS_UNAVAILABLE &&
              row.status != CB_STATUS_UNSUPPORTED && !context_usable(row.device);
    out = cJSON_CreateObject();
    cJSON_AddItemToObject(out, "row", cb_row_json(&row));
    cJSON_AddBoolToObject(out, "retire", *retire);
    cb_row_free(&row);
    return reply(out);
}

int cb_worker_serve(const struct cb_session_settings *cfg)
{
    struct cb_device_list list;
    struct cb_device **devices;
    struct cb_device *open = NULL;
    struct cb_program_cache cache = {NULL, 0};
    struct cb_oracles oracles = {NULL, NULL, NULL};
    size_t count = 0, cap = 0;
    char *line = NULL;
    int status = 0, retire = 0;
    cl_int err;

    list.devices = NULL;
    list.count = 0;
    /* The channel is our stdout as started; stdout itself joins stderr from here on. */
    channel = dup(STDOUT_FILENO);
    if (channel < 0 || dup2(STDERR_FILENO, STDOUT_FILENO) < 0)
        return 1;
    cb_cache_configure(cfg->row.use_cache);
    if (strcmp(getenv(WORKER_ENV), WORKER_CACHE_SAID) == 0)
        cb_cache_quiet();
    unsetenv(WORKER_ENV);
    signal(SIGINT, SIG_IGN); /* the supervisor decides what a Ctrl-C stops */
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() == 1)
        return 1;
    /* A worker that finds no device, or none the selection names, still answers: the
     * supervisor then names both lists. */
    cb_warnings_quiet(1);
    cb_icd_probe_skip(); /* the supervisor did, and left out a driver that failed it */
    err = cb_devices_enumerate(&list);
    if (err != CL_SUCCESS)
        list.count = 0;
    /* Room for the supervisor's list too, which may be longer (open_device). */
    devices = calloc(list.count + CB_WORKER_MAX_DEVICES, sizeof *devices);
    if (devices == NULL || cb_oracles_init(&oracles, &list) != 0)
        status = 1;
    else if (list.count == 0 || cb_devices_select(&list, cfg->devices, devices, &count) != 0)
        count = 0;
    cb_warnings_quiet(0);
    while (status == 0 && !retire && getline(&line, &cap, stdin) > 0) {
        cJSON *msg = cJSON_Parse(line);
        const char *op = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(msg, "op"));

        if (op != NULL && strcmp(op, "open") == 0)
            status = open_device(msg, cfg, devices, &count, &cache, &oracles, &open) != 0;
        else if (op != NULL && strcmp(op, "warm") == 0 && open == NULL)
            status = warm_device(msg, cfg, devices, &count, &cache, &oracles) != 0;
        else if (op != NULL && strcmp(op, "row") == 0)
            status = run_one(msg, cfg, devices, count, &cache, &oracles, open, &retire) != 0;
        else
            status = 1;
        cJSON_Delete(msg);
    }
    free(line);
    cb_program_cache_release(&cache);
    if (open != NULL)
        cb_sensors_close(open);
    if (open != NULL && !retire)
        cb_device_close(open);
    cb_oracles_release(&oracles);
    free(devices);
    cb_devices_free(&list);
    return status;
}
