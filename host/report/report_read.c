/* Reading run files back (cJSON) into the report's model; see report_data.h.  Every problem
 * with a file is one message that names what is wrong, so that a bad file in a merge of ten is
 * found at once. */
#define _POSIX_C_SOURCE 200809L
#include "clbench/report_data.h"

#include "clbench/check.h"
#include "clbench/runfile.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fail(char *why, size_t len, const char *fmt, ...) CB_PRINTF(3, 4);

static int fail(char *why, size_t len, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(why, len, fmt, ap);
    va_end(ap);
    return -1;
}

static const char *str_or(const cJSON *obj, const char *key, const char *def)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);

    return cJSON_IsString(v) ? v->valuestring : def;
}

static double num_or(const cJSON *obj, const char *key, double def)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);

    return cJSON_IsNumber(v) ? v->valuedouble : def;
}

static int name_order(const void *a, const void *b)
{
    return strcmp((*(const cJSON *const *)a)->string, (*(const cJSON *const *)b)->string);
}

/* "RX=4 RY=2", sorted by name: run files list parameters in registry order, which another
 * version of clbench may have changed. */
static int params_key(const cJSON *params, char *buf, size_t len, char *why, size_t why_len)
{
    const cJSON *item, *sorted[64];
    size_t n = 0, used = 0;

    buf[0] = '\0';
    if (params == NULL)
        return 0;
    if (!cJSON_IsObject(params))
        return fail(why, why_len, "'params' is not an object");
    cJSON_ArrayForEach(item, params)
    {
        if (!cJSON_IsNumber(item))
            return fail(why, why_len, "parameter '%s' is not a number", item->string);
        if (n == sizeof sorted / sizeof sorted[0])
            return fail(why, why_len, "too many parameters");
        sorted[n++] = item;
    }
    qsort(sorted, n, sizeof sorted[0], name_order);
    for (size_t i = 0; i < n && used < len; i++) {
        const int w = snprintf(buf + used, len - used, "%s%s=%.0f", i ? " " : "", sorted[i]->string,
                               sorted[i]->valuedouble);

        if (w < 0)
            break;
        used += (size_t)w;
    }
    return 0;
}

static int size_key(const cJSON *size, struct cb_rrow *row, char *why, size_t why_len)
{
    const cJSON *item;
    size_t used = 0;

    row->size[0] = '\0';
    row->size_product = 1;
    if (!cJSON_IsArray(size) || cJSON_GetArraySize(size) == 0)
        return fail(why, why_len, "'size' is not a list of numbers");
    cJSON_ArrayForEach(item, size)
    {
        int w;

        if (!cJSON_IsNumber(item) || item->valuedouble < 0)
            return fail(why, why_len, "'size' is not a list of numbers");
        w = snprintf(row->size + used, sizeof row->size - used, "%s%.0f", used ? "x" : "",
                     item->valuedouble);
        if (w < 0 || (size_t)w >= sizeof row->size - used)
            return fail(why, why_len, "'size' is too long");
        used += (size_t)w;
        row->size_product *= item->valuedouble;
    }
    return 0;
}

static int read_samples(const cJSON *samples, struct cb_rrow *row, char *why, size_t why_len)
{
    const cJSON *item;
    const int n = cJSON_GetArraySize(samples);

    if (samples == NULL || n == 0)
        return 0;
    if (!cJSON_IsArray(samples))
        return fail(why, why_len, "'samples_ms' is not a list");
    row->samples_ms = malloc((size_t)n * sizeof *row->samples_ms);
    if (row->samples_ms == NULL)
        return fail(why, why_len, "out of memory");
    cJSON_ArrayForEach(item, samples)
    {
        if (!cJSON_IsNumber(item))
            return fail(why, why_len, "'samples_ms' holds something that is not a number");
        /* A time of zero or less is no measurement: compared, it would look infinitely fast. */
        if (!(item->valuedouble > 0 && item->valuedouble < HUGE_VAL))
            return fail(why, why_len,
                        "'samples_ms' holds %g, not a positive time: the file was edited or "
                        "damaged; remove the row or run it again",
                        item->valuedouble);
        row->samples_ms[row->sample_count++] = item->valuedouble;
    }
    return 0;
}

/* "vadd (double)": name in type, kept in r->names; NULL when memory runs out. */
static const char *typed_name(struct cb_report *r, const char *name, const char *type)
{
    const size_t len = strlen(name) + strlen(type) + 4;
    char **grown = realloc(r->names, (r->name_count + 1) * sizeof *grown);
    char *s;

    if (grown == NULL)
        return NULL;
    r->names = grown;
    s = malloc(len);
    if (s == NULL)
        return NULL;
    snprintf(s, len, "%s (%s)", name, type);
    r->names[r->name_count++] = s;
    return s;
}

const struct cb_kernel *cb_report_kernel(const char *name)
{
    const char *blank = strstr(name, " (");
    char base[CB_RKEY_LEN];

    if (blank == NULL)
        return cb_kernel_find(name);
    snprintf(base, sizeof base, "%.*s", (int)(blank - name), name);
    return cb_kernel_find(base);
}

/* A row of another type than float takes its type into its names (report_data.h). */
static int name_by_type(struct cb_report *r, struct cb_rrow *row, char *why, size_t why_len)
{
    if (strcmp(row->type, "float") == 0)
        return 0;
    row->kernel = typed_name(r, row->kernel, row->type);
    if (row->kernel != NULL && row->twin != NULL)
        row->twin = typed_name(r, row->twin, row->type);
    if (row->kernel != NULL && row->baseline != NULL)
        row->baseline = typed_name(r, row->baseline, row->type);
    return row->kernel == NULL ? fail(why, why_len, "out of memory") : 0;
}

static int read_row(struct cb_report *r, size_t first_device, const cJSON *j, struct cb_rrow *row,
                    char *why, size_t why_len)
{
    const char *device = str_or(j, "device", NULL);
    const cJSON *stats = cJSON_GetObjectItemCaseSensitive(j, "stats");

    memset(row, 0, sizeof *row);
    row->json = j;
    row->device = r->device_count;
    for (size_t d = first_device; device != NULL && d < r->device_count; d++)
        if (strcmp(r->devices[d].id, device) == 0)
            row->device = d;
    if (row->device == r->device_count)
        return fail(why, why_len, "'device' %s%s%s is not among the file's devices",
                    device ? "'" : "", device ? device : "(missing)", device ? "'" : "");
    row->kernel = str_or(j, "kernel", NULL);
    row->status = str_or(j, "status", NULL);
    if (row->kernel == NULL || row->status == NULL)
        return fail(why, why_len, "a row has no '%s'", row->kernel == NULL ? "kernel" : "status");
    row->family = str_or(j, "family", row->kernel);
    row->twin = str_or(j, "twin", NULL);
    row->baseline = str_or(j, "baseline", NULL);
    row->metric = str_or(j, "metric", "GB/s");
    row->reason = str_or(j, "reason", "");
    row->timer_reason = str_or(j, "timer_reason", NULL);
    row->type = str_or(j, "type", "float");
    if (name_by_type(r, row, why, why_len) != 0)
        return -1;
    if (params_key(cJSON_GetObjectItemCaseSensitive(j, "params"), row->params, sizeof row->params,
                   why, why_len) != 0 ||
        size_key(cJSON_GetObjectItemCaseSensitive(j, "size"), row, why, why_len) != 0 ||
        read_samples(cJSON_GetObjectItemCaseSensitive(j, "samples_ms"), row, why, why_len) != 0)
        return -1;
    row->median_ms = num_or(stats, "median_ms", 0);
    {
        static const char *const keys[] = {"median_ms", "min_ms", "gflops", "gbs"};

        for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
            const double v = num_or(i < 2 ? stats : j, keys[i], 0);

            if (v < 0 || !(v < HUGE_VAL))
                return fail(why, why_len,
                            "'%s' is %g, which cannot be negative: the file was edited or "
                            "damaged; remove the row or run it again",
                            keys[i], v);
        }
    }
    row->ok = strcmp(row->status, "ok") == 0 && row->median_ms > 0;
    if (row->ok) {
        row->throughput = num_or(j, strcmp(row->metric, "GFLOP/s") == 0 ? "gflops" : "gbs", 0);
        row->fraction_of_peak = num_or(j, "fraction_of_peak", 0);
    }
    return 0;
}

static int read_device(const cJSON *j, size_t source, struct cb_rdevice *d, char *why,
                       size_t why_len)
{
    const cJSON *peak = cJSON_GetObjectItemCaseSensitive(j, "peak");

    memset(d, 0, sizeof *d);
    d->source = source;
    d->json = j;
    d->id = str_or(j, "id", NULL);
    d->name = str_or(j, "name", NULL);
    if (d->id == NULL || d->name == NULL)
        return fail(why, why_len, "a device has no '%s'", d->id == NULL ? "id" : "name");
    d->type = str_or(j, "type", "other");
    d->platform = str_or(j, "platform", "");
    d->driver = str_or(j, "driver", "");
    d->peak_gbs = num_or(peak, "measured_gbs", 0);
    d->launch_event_us = num_or(peak, "launch_event_us", 0);
    d->launch_wall_us = num_or(peak, "launch_wall_us", 0);
    d->peak_gflops = num_or(peak, "measured_gflops", 0);
    d->peak_gflops_fp64 = num_or(peak, "measured_gflops_fp64", 0);
    d->peak_gflops_fp16 = num_or(peak, "measured_gflops_fp16", 0);
    d->gbs_source = str_or(peak, "gbs_source", NULL);
    d->gflops_source = str_or(peak, "gflops_source", NULL);
    d->peak_busy = str_or(peak, "busy", NULL);
    d->state_source = cJSON_GetObjectItemCaseSensitive(j, "state_source");
    return 0;
}

static int same_device(const struct cb_rdevice *a, const struct cb_rdevice *b)
{
    return strcmp(a->host, b->host) == 0 && strcmp(a->id, b->id) == 0 &&
           strcmp(a->name, b->name) == 0 && strcmp(a->platform, b->platform) == 0 &&
           strcmp(a->driver, b->driver) == 0;
}

/* Some row of the new file on device d has the kernel, parameters and size of a row that an
 * earlier file ran on device e. */
static int rows_clash(const struct cb_report *r, size_t first_row, size_t d, size_t e)
{
    for (size_t i = first_row; i < r->row_count; i++) {
        const struct cb_rrow *x = &r->rows[i];

        if (x->device != d)
            continue;
        for (size_t j = 0; j < first_row; j++) {
            const struct cb_rrow *y = &r->rows[j];

            if (y->device == e && strcmp(x->kernel, y->kernel) == 0 &&
                strcmp(x->params, y->params) == 0 && strcmp(x->size, y->size) == 0)
                return 1;
        }
    }
    return 0;
}

static void move_rows(struct cb_report *r, size_t first_row, size_t from, size_t to)
{
    for (size_t i = first_row; i < r->row_count; i++)
        if (r->rows[i].device == from)
            r->rows[i].device = to;
}

/* A device that an earlier file ran on too (same host, id, name, platform and driver: runs of
 * different families on one machine) joins that column, unless both files ran the same row on
 * it; then it stays a column of its own, told apart by its source in the label. */
static void merge_devices(struct cb_report *r, size_t first_device, size_t first_row)
{
    size_t kept = first_device;

    for (size_t d = first_device; d < r->device_count; d++) {
        size_t target = r->device_count;

        for (size_t e = 0; e < first_device && target == r->device_count; e++)
            if (same_device(&r->devices[e], &r->devices[d]) && !rows_clash(r, first_row, d, e))
                target = e;
        if (target < r->device_count) {
            struct cb_rdevice *t = &r->devices[target];

            if (t->peak_gbs == 0 && t->peak_gflops == 0) {
                t->peak_gbs = r->devices[d].peak_gbs;
                t->peak_gflops = r->devices[d].peak_gflops;
            }
            if (t->launch_event_us == 0) {
                t->launch_event_us = r->devices[d].launch_event_us;
                t->launch_wall_us = r->devices[d].launch_wall_us;
            }
            move_rows(r, first_row, d, target);
            continue;
        }
        r->devices[kept] = r->devices[d];
        move_rows(r, first_row, d, kept);
        kept++;
    }
    r->device_count = kept;
}

static void *grow(void *p, size_t count, size_t extra, size_t elem)
{
    return realloc(p, (count + extra) * elem);
}

static int same_place(const struct cb_rrow *a, const struct cb_rrow *b)
{
    return a->device == b->device && strcmp(a->kernel, b->kernel) == 0 &&
           strcmp(a->size, b->size) == 0;
}

/* A row is lone when its device ran its kernel at its size with one set of parameters only:
 * then it stands for "this kernel on this device" and meets the other devices' lone rows
 * whatever their parameters (each device's own defaults). */
static void mark_lone_rows(struct cb_report *r)
{
    for (size_t i = 0; i < r->row_count; i++) {
        r->rows[i].lone = 1;
        for (size_t j = 0; j < r->row_count && r->rows[i].lone; j++)
            if (j != i && same_place(&r->rows[i], &r->rows[j]) &&
                strcmp(r->rows[i].params, r->rows[j].params) != 0)
                r->rows[i].lone = 0;
    }
}

int cb_report_same_row(const struct cb_rrow *a, const struct cb_rrow *b)
{
    return strcmp(a->kernel, b->kernel) == 0 && strcmp(a->size, b->size) == 0 &&
           (strcmp(a->params, b->params) == 0 || (a->lone && b->lone));
}

static int add_parsed(struct cb_report *r, cJSON *root, const char *name, char *why, size_t why_len)
{
    const cJSON *devices = cJSON_GetObjectItemCaseSensitive(root, "devices");
    const cJSON *rows = cJSON_GetObjectItemCaseSensitive(root, "rows");
    const char *schema = str_or(root, "schema", NULL);
    const cJSON *version = cJSON_GetObjectItemCaseSensitive(root, "schema_version");
    const size_t source = r->source_count, first_device = r->device_count;
    const size_t first_row = r->row_count;
    struct cb_rsource *s;
    const cJSON *item;
    void *p;

    if (!cJSON_IsObject(root))
        return fail(why, why_len, "not a clbench run file (the JSON is not an object)");
    if (schema == NULL || strcmp(schema, CB_RUN_SCHEMA) != 0)
        return fail(why, why_len, "not a clbench run file (schema %s%s%s, expected '%s')",
                    schema ? "'" : "", schema ? schema : "missing", schema ? "'" : "",
                    CB_RUN_SCHEMA);
    if (!cJSON_IsNumber(version))
        return fail(why, why_len, "no schema_version (this clbench reads %d)",
                    CB_RUN_SCHEMA_VERSION);
    if (version->valuedouble != CB_RUN_SCHEMA_VERSION)
        return fail(why, why_len, "schema_version %g is not supported: this clbench reads %d%s",
                    version->valuedouble, CB_RUN_SCHEMA_VERSION,
                    version->valuedouble > CB_RUN_SCHEMA_VERSION
                        ? " (the file was written by a newer clbench)"
                        : "");
    if (!cJSON_IsArray(devices) || !cJSON_IsArray(rows))
        return fail(why, why_len, "'%s' is missing or not a list",
                    cJSON_IsArray(devices) ? "rows" : "devices");

    p = grow(r->sources, r->source_count, 1, sizeof *r->sources);
    if (p == NULL)
        return fail(why, why_len, "out of memory");
    r->sources = p;
    s = &r->sources[r->source_count];
    s->name = strdup(name);
    if (s->name == NULL)
        return fail(why, why_len, "out of memory");
    s->root = root;
    s->host = str_or(root, "host", "unknown");
    s->date = str_or(root, "date", "");
    r->source_count++;

    p = grow(r->devices, r->device_count, (size_t)cJSON_GetArraySize(devices), sizeof *r->devices);
    if (p == NULL && cJSON_GetArraySize(devices) > 0)
        return fail(why, why_len, "out of memory");
    r->devices = p;
    cJSON_ArrayForEach(item, devices)
    {
        struct cb_rdevice *d = &r->devices[r->device_count];

        if (read_device(item, source, d, why, why_len) != 0)
            return -1;
        d->host = s->host;
        r->device_count++;
    }

    p = grow(r->rows, r->row_count, (size_t)cJSON_GetArraySize(rows), sizeof *r->rows);
    if (p == NULL && cJSON_GetArraySize(rows) > 0)
        return fail(why, why_len, "out of memory");
    r->rows = p;
    cJSON_ArrayForEach(item, rows)
    {
        struct cb_rrow *row = &r->rows[r->row_count];
        const int bad = read_row(r, first_device, item, row, why, why_len);

        /* Counted even when bad, so that cb_report_free frees its samples. */
        r->row_count++;
        if (bad) {
            char inner[CB_REASON_LEN];
            const char *kernel = str_or(item, "kernel", NULL);

            snprintf(inner, sizeof inner, "%s", why);
            return fail(why, why_len, "row %zu%s%.80s%s: %s", r->row_count - first_row,
                        kernel != NULL ? " ('" : "", kernel != NULL ? kernel : "",
                        kernel != NULL ? "')" : "", inner);
        }
    }
    merge_devices(r, first_device, first_row);
    mark_lone_rows(r);
    return 0;
}

int cb_report_add_json(struct cb_report *r, cJSON *root, const char *name, char *why,
                       size_t why_len)
{
    const size_t sources = r->source_count;

    if (add_parsed(r, root, name, why, why_len) == 0)
        return 0;
    if (r->source_count == sources)
        cJSON_Delete(root); /* not yet owned by a source */
    return -1;
}

/* The whole file, NUL-terminated; NULL with errno set. */
static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t cap = 0;

    *len = 0;
    if (f == NULL)
        return NULL;
    for (;;) {
        if (cap - *len < 2) {
            char *p = realloc(buf, cap ? 2 * cap : 65536);

            if (p == NULL) {
                free(buf);
                fclose(f);
                errno = ENOMEM;
                return NULL;
            }
            buf = p;
            cap = cap ? 2 * cap : 65536;
        }
        {
            const size_t n = fread(buf + *len, 1, cap - *len - 1, f);

            *len += n;
            if (n == 0)
                break;
        }
    }
    if (ferror(f)) {
        const int e = errno ? errno : EIO;

        free(buf);
        fclose(f);
        errno = e;
        return NULL;
    }
    fclose(f);
    buf[*len] = '\0';
    return buf;
}

int cb_report_add_file(struct cb_report *r, const char *path)
{
    char why[512];
    const char *end = NULL;
    size_t len;
    char *text = slurp(path, &len);
    cJSON *root;

    if (text == NULL)
        return cb_error("cannot read '%s': %s", path, strerror(errno));
    /* The length counts the NUL: cJSON checks for it after the value (nothing may follow). */
    root = cJSON_ParseWithLengthOpts(text, len + 1, &end, 1);
    if (root == NULL) {
        const size_t at = end != NULL && end >= text ? (size_t)(end - text) : 0;
        const char *what = len == 0    ? "is empty"
                           : at >= len ? "is not valid JSON (it ends too early: truncated?)"
                                       : "is not valid JSON";

        free(text);
        if (len == 0 || at >= len)
            return cb_error("'%s' %s", path, what);
        return cb_error("'%s' %s (at byte %zu)", path, what, at);
    }
    free(text);
    if (cb_report_add_json(r, root, path, why, sizeof why) != 0)
        return cb_error("'%s': %s", path, why);
    return 0;
}

void cb_report_short_name(const char *name, const char *platform, char *buf, size_t len)
{
    static const char *const noise[] = {"(R)", "(TM)", "(tm)", " Processor", " CPU", "NVIDIA "};
    const int pocl =
        strstr(platform, "Portable Computing Language") != NULL || strstr(platform, "PoCL") != NULL;
    const char *space = strchr(name, ' ');
    char tmp[CB_RLABEL_LEN * 4];
    size_t out = 0;

    /* PoCL names a device "<driver>-<llvm cpu>-<CPU brand>": keep the brand. */
    if (pocl) {
        const char *dash = NULL;

        for (const char *c = name; *c != '\0' && (space == NULL || c < space); c++)
            if (*c == '-')
                dash = c;
        if (dash != NULL)
            name = dash + 1;
    }
    /* Rusticl's llvmpipe: "llvmpipe (LLVM 15.0.6, 256 bits)" says neither who nor briefly. */
    if (strcmp(platform, "rusticl") == 0 && strncmp(name, "llvmpipe", 8) == 0)
        snprintf(tmp, sizeof tmp, "Rusticl llvmpipe");
    else
        snprintf(tmp, sizeof tmp, "%s%s", pocl ? "PoCL " : "", name);
    for (size_t i = 0; i < sizeof noise / sizeof noise[0]; i++)
        for (char *hit; (hit = strstr(tmp, noise[i])) != NULL;)
            memmove(hit, hit + strlen(noise[i]), strlen(hit + strlen(noise[i])) + 1);
    {
        char *at = strchr(tmp, '@'); /* "... @ 2.60GHz" */

        if (at != NULL)
            *at = '\0';
    }
    /* Collapse runs of spaces into one and trim both ends. */
    for (const char *c = tmp; *c != '\0' && out + 1 < len; c++) {
        if (!isspace((unsigned char)*c))
            buf[out++] = *c;
        else if (out > 0 && buf[out - 1] != ' ')
            buf[out++] = ' ';
    }
    while (out > 0 && buf[out - 1] == ' ')
        out--;
    buf[out] = '\0';
    if (out == 0)
        snprintf(buf, len, "%s", "device");
}

/* What tells device i apart from another column with the same label: 0 its host, 1 its id, 2
 * its source file. */
static int differs(const struct cb_rdevice *a, const struct cb_rdevice *b, int what)
{
    if (what == 0)
        return strcmp(a->host, b->host) != 0;
    if (what == 1)
        return strcmp(a->id, b->id) != 0;
    return a->source != b->source;
}

void cb_report_label_devices(struct cb_report *r)
{
    for (size_t i = 0; i < r->device_count; i++) {
        struct cb_rdevice *d = &r->devices[i];

        cb_report_short_name(d->name, d->platform, d->label, sizeof d->label);
    }
    /* The same device model in two columns: tell them apart by host, else by id, else by
     * source file, adding only what differs.  Labels are settled for all columns of a pass
     * before the next, so that both columns of a pair get the suffix. */
    for (int what = 0; what < 3; what++) {
        unsigned char *add = calloc(r->device_count + 1, 1);

        if (add == NULL)
            return;
        for (size_t i = 0; i < r->device_count; i++)
            for (size_t j = 0; j < r->device_count; j++)
                if (i != j && strcmp(r->devices[i].label, r->devices[j].label) == 0 &&
                    differs(&r->devices[i], &r->devices[j], what))
                    add[i] = 1;
        for (size_t i = 0; i < r->device_count; i++) {
            struct cb_rdevice *d = &r->devices[i];
            char base[CB_RLABEL_LEN];

            if (!add[i])
                continue;
            snprintf(base, sizeof base, "%s", d->label);
            if (what == 0)
                snprintf(d->label, sizeof d->label, "%.60s@%.30s", base, d->host);
            else if (what == 1)
                snprintf(d->label, sizeof d->label, "%.80s %.8s", base, d->id);
            else
                snprintf(d->label, sizeof d->label, "%.80s #%zu", base, d->source + 1);
        }
        free(add);
    }
}

void cb_report_free(struct cb_report *r)
{
    for (size_t i = 0; i < r->row_count; i++)
        free(r->rows[i].samples_ms);
    for (size_t i = 0; i < r->source_count; i++) {
        free(r->sources[i].name);
        cJSON_Delete(r->sources[i].root);
    }
    for (size_t i = 0; i < r->name_count; i++)
        free(r->names[i]);
    free(r->names);
    free(r->rows);
    free(r->devices);
    free(r->sources);
    memset(r, 0, sizeof *r);
}

long cb_report_param(const char *params, const char *name, long def)
{
    const size_t n = strlen(name);

    for (const char *p = params; p != NULL && *p != '\0';) {
        if (strncmp(p, name, n) == 0 && p[n] == '=')
            return strtol(p + n + 1, NULL, 10);
        p = strchr(p, ' ');
        if (p != NULL)
            p++;
    }
    return def;
}

/* 1 when a and b give no shared parameter different values. */
static int params_agree(const char *a, const char *b)
{
    for (const char *p = a; p != NULL && *p != '\0';) {
        const char *eq = strchr(p, '=');
        char name[64];

        if (eq == NULL || (size_t)(eq - p) >= sizeof name)
            return 0;
        memcpy(name, p, (size_t)(eq - p));
        name[eq - p] = '\0';
        if (cb_report_param(b, name, LONG_MIN) != LONG_MIN &&
            cb_report_param(b, name, 0) != strtol(eq + 1, NULL, 10))
            return 0;
        p = strchr(p, ' ');
        if (p != NULL)
            p++;
    }
    return 1;
}

const struct cb_rrow *cb_report_find_partner(const struct cb_report *r, size_t device,
                                             const char *kernel, const char *size,
                                             const char *params)
{
    const struct cb_rrow *best = NULL;

    for (size_t i = 0; i < r->row_count; i++) {
        const struct cb_rrow *row = &r->rows[i];

        if (row->device == device && row->ok && strcmp(row->kernel, kernel) == 0 &&
            strcmp(row->size, size) == 0 && params_agree(params, row->params) &&
            (best == NULL || row->median_ms < best->median_ms))
            best = row;
    }
    return best;
}

int cb_report_params_from(const struct cb_rrow *x, char *buf, size_t len)
{
    const char *from =
        cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(x->json, "params_from"));
    const cJSON *entry = cJSON_GetObjectItemCaseSensitive(x->json, "tuned_entry");
    const char *match = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(entry, "match"));
    const char *size = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(entry, "size"));
    const char *shape = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(entry, "shape"));

    buf[0] = '\0';
    if (from == NULL)
        return 0;
    if (cJSON_GetObjectItemCaseSensitive(x->json, "tuned_skipped") != NULL) {
        snprintf(buf, len, "%s (tuned entry refused)", from);
        return 1;
    }
    if (match == NULL || size == NULL || shape == NULL) {
        snprintf(buf, len, "%s", from);
        return strcmp(from, "tuned") == 0;
    }
    if (strcmp(match, "exact") == 0)
        snprintf(buf, len, "%s (exact entry %s)", from, size);
    else
        snprintf(buf, len, "%s (%s entry %s, %s)", from,
                 strcmp(match, "class") == 0 ? "class+shape" : match, size, shape);
    return 1;
}

int cb_report_library(const struct cb_rrow *x, char *buf, size_t len, const char **warning)
{
    const cJSON *lib = cJSON_GetObjectItemCaseSensitive(x->json, "library");
    const char *core = str_or(lib, "core", NULL), *config = str_or(lib, "config", "");
    const double threads = num_or(lib, "threads", 0);
    int n;

    *warning = str_or(lib, "warning", NULL);
    if (!cJSON_IsObject(lib))
        return 0;
    n = snprintf(buf, len, "%s %s: ", str_or(lib, "name", "?"), str_or(lib, "version", "?"));
    if (n >= 0 && (size_t)n < len && core != NULL)
        n += snprintf(buf + n, len - (size_t)n, "%s kernels (%s)", core,
                      str_or(lib, "core_from", "?"));
    else if (n >= 0 && (size_t)n < len)
        n += snprintf(buf + n, len - (size_t)n, "%s", config);
    if (n >= 0 && (size_t)n < len && threads > 0)
        snprintf(buf + n, len - (size_t)n, ", %.0f thread%s", threads, threads == 1 ? "" : "s");
    return 1;
}
