/* Progress on stderr; see progress.h. */
#define _POSIX_C_SOURCE 200809L
#include "clbench/progress.h"

#include "clbench/check.h"
#include "clbench/runfile.h"
#include "clbench/report_data.h"
#include "clbench/timer.h"

#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

/* "0:07", "12:40", "1:02:03". */
static void clock_text(char *buf, size_t len, double ms)
{
    const long s = (long)(ms / 1e3 + 0.5);

    if (s >= 3600)
        snprintf(buf, len, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
    else
        snprintf(buf, len, "%ld:%02ld", s / 60, s % 60);
}

static void device_name(const struct cb_device *d, char *buf, size_t len)
{
    cb_report_short_name(d->name, d->platform_name, buf, len);
}

/* Rewrites the line with what (cut to the terminal's width), the elapsed time and the time
 * left, estimated from the rows finished so far. */
static void show(struct cb_progress *p, const char *what)
{
    char line[512], elapsed[32], left[48] = "";
    const double now = cb_wall_ms();
    size_t used;

    clock_text(elapsed, sizeof elapsed, now - p->start_ms);
    if (p->done > 0) {
        char t[32];

        clock_text(t, sizeof t, p->rows_ms / (double)p->done * (double)(p->total - p->done));
        snprintf(left, sizeof left, ", ~%s left", t);
    }
    snprintf(line, sizeof line, "%s  elapsed %s%s", what, elapsed, left);
    used = strlen(line);
    if (p->columns > 1 && used > p->columns - 1)
        used = p->columns - 1; /* a wrapped line would not be rewritten by \r */
    fprintf(stderr, "\r\033[K%.*s", (int)used, line);
    fflush(stderr);
    p->shown = 1;
}

static void clear(struct cb_progress *p)
{
    if (p->shown)
        fputs("\r\033[K", stderr);
    p->shown = 0;
}

void cb_progress_start(struct cb_progress *p, size_t total, int named)
{
    struct winsize ws;

    memset(p, 0, sizeof *p);
    p->tty = isatty(STDERR_FILENO);
    p->columns = p->tty && ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 ? ws.ws_col : 0;
    p->total = total;
    p->named = named;
    p->start_ms = cb_wall_ms();
}

void cb_progress_row(struct cb_progress *p, const struct cb_row *row)
{
    char what[384], dev[CB_RLABEL_LEN], size[96];

    if (!p->tty)
        return;
    device_name(row->device, dev, sizeof dev);
    cb_row_size(row, size, sizeof size);
    snprintf(what, sizeof what, "[%zu/%zu] %s on %s %s ...", p->done + 1, p->total,
             row->problem.kernel->name, dev, size);
    show(p, what);
}

/* "[3/40] <step> H100 ...": a device's step before its rows. */
static void device_step(struct cb_progress *p, const struct cb_device *d, const char *step)
{
    char what[256], dev[CB_RLABEL_LEN];

    if (!p->tty)
        return;
    device_name(d, dev, sizeof dev);
    snprintf(what, sizeof what, "[%zu/%zu] %s %s ...", p->done, p->total, step, dev);
    show(p, what);
}

void cb_progress_peaks(struct cb_progress *p, const struct cb_device *d)
{
    device_step(p, d, "measuring the peaks of");
}

void cb_progress_builds(struct cb_progress *p, const struct cb_device *d)
{
    device_step(p, d, "building the programs for");
}

void cb_progress_warmup(struct cb_progress *p, const struct cb_device *d)
{
    device_step(p, d, "finishing the warm-up of");
}

void cb_progress_row_done(struct cb_progress *p, const struct cb_row *row, double row_ms)
{
    p->done++;
    p->rows_ms += row_ms;
    if (row->status == CB_STATUS_UNAVAILABLE || row->status == CB_STATUS_UNSUPPORTED) {
        if (!p->named && row->status == CB_STATUS_UNAVAILABLE)
            return;
        clear(p);
        cb_warn("[%zu/%zu] %s on %s: %s: %s", p->done, p->total, row->problem.kernel->name,
                row->device->name, cb_status_name(row->status), row->reason);
    } else if (!cb_status_measured(row->status)) {
        const char *file = row->problem.kernel->source_path;
        char id[32], params[256], size[96];

        clear(p);
        cb_device_id_string(row->device, id, sizeof id);
        cb_row_params(row, params, sizeof params);
        cb_row_size(row, size, sizeof size);
        /* A user kernel's failure names its file, where the fix goes. */
        cb_error("[%zu/%zu] %s %s%s%s%s %s %s: %s: %s", p->done, p->total, id,
                 row->problem.kernel->name, file != NULL ? " (" : "", file != NULL ? file : "",
                 file != NULL ? ")" : "", params, size, cb_status_name(row->status), row->reason);
    }
}

void cb_progress_drop(struct cb_progress *p, size_t n)
{
    p->total -= n < p->total - p->done ? n : p->total - p->done;
}

void cb_progress_end(struct cb_progress *p)
{
    clear(p);
}
