/* CPU time from /proc; see cpu_time.h. */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#include "clbench/cpu_time.h"

#include "clbench/timer.h"

#include <ctype.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cb_proc_stat_parse(const char *text, unsigned long long *busy_ticks, unsigned *cores)
{
    /* user nice system idle iowait irq softirq steal: guest time is inside user and nice. */
    unsigned long long t[8];
    const char *line = text;
    int have_total = 0;

    *busy_ticks = 0;
    *cores = 0;
    while (line != NULL && *line != '\0') {
        if (strncmp(line, "cpu ", 4) == 0) {
            if (sscanf(line + 4, "%llu %llu %llu %llu %llu %llu %llu %llu", &t[0], &t[1], &t[2],
                       &t[3], &t[4], &t[5], &t[6], &t[7]) != 8)
                return -1;
            *busy_ticks = t[0] + t[1] + t[2] + t[5] + t[6] + t[7];
            have_total = 1;
        } else if (strncmp(line, "cpu", 3) == 0 && isdigit((unsigned char)line[3]))
            (*cores)++;
        line = strchr(line, '\n');
        if (line != NULL)
            line++;
    }
    return have_total && *cores > 0 ? 0 : -1;
}

int cb_proc_pid_stat_parse(const char *text, unsigned long long *own_ticks)
{
    /* The command name in parentheses may hold blanks and ')': the fields start after the
     * last ')'.  utime is the 14th field, the 12th after the name. */
    const char *p = strrchr(text, ')');
    unsigned long long utime, stime;
    long long cutime, cstime;

    if (p == NULL)
        return -1;
    p++;
    for (int field = 3; field < 14; field++) {
        while (*p == ' ')
            p++;
        while (*p != ' ' && *p != '\0')
            p++;
    }
    if (sscanf(p, "%llu %llu %lld %lld", &utime, &stime, &cutime, &cstime) != 4 || cutime < 0 ||
        cstime < 0)
        return -1;
    *own_ticks = utime + stime + (unsigned long long)cutime + (unsigned long long)cstime;
    return 0;
}

/* A /proc file whole: its size reads as 0, so it is read until the end.  NULL on failure. */
static char *read_proc(const char *path)
{
    FILE *f = fopen(path, "r");
    size_t len = 0, cap = 4096;
    char *text = malloc(cap);

    while (f != NULL && text != NULL) {
        const size_t got = fread(text + len, 1, cap - 1 - len, f);
        char *bigger;

        len += got;
        if (len < cap - 1)
            break;
        bigger = realloc(text, cap * 2);
        if (bigger == NULL)
            free(text);
        text = bigger;
        cap *= 2;
    }
    if (f == NULL || (text != NULL && ferror(f))) {
        free(text);
        text = NULL;
    }
    if (text != NULL)
        text[len] = '\0';
    if (f != NULL)
        fclose(f);
    return text;
}

int cb_cpu_sample_take(struct cb_cpu_sample *s)
{
    char *stat = read_proc("/proc/stat"), *self = read_proc("/proc/self/stat");
    const int rc = stat != NULL && self != NULL &&
                           cb_proc_stat_parse(stat, &s->busy_ticks, &s->cores) == 0 &&
                           cb_proc_pid_stat_parse(self, &s->own_ticks) == 0
                       ? 0
                       : -1;

    s->wall_ms = cb_wall_ms();
    free(stat);
    free(self);
    return rc;
}

double cb_cpu_others_cores(const struct cb_cpu_sample *a, const struct cb_cpu_sample *b,
                           long ticks_per_s)
{
    const double wall_s = (b->wall_ms - a->wall_ms) * 1e-3;
    double others;

    if (wall_s <= 0 || ticks_per_s <= 0 || a->cores != b->cores || b->busy_ticks < a->busy_ticks ||
        b->own_ticks < a->own_ticks)
        return -1.0;
    others = ((double)(b->busy_ticks - a->busy_ticks) - (double)(b->own_ticks - a->own_ticks)) /
             (double)ticks_per_s / wall_s;
    return others > 0 ? others : 0.0;
}

unsigned cb_cpus_allowed(void)
{
    cpu_set_t set;

    return sched_getaffinity(0, sizeof set, &set) == 0 ? (unsigned)CPU_COUNT(&set) : 0;
}
