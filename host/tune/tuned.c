/* The tuning database; see tuned.h. */
#define _POSIX_C_SOURCE 200809L
#include "clbench/tuned.h"

#include "clbench/check.h"
#include "clbench/output.h"

#include <cjson/cJSON.h>
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

void cb_size_class(const struct cb_kernel *k, const size_t size[CB_MAX_DIMS], char *buf, size_t len)
{
    size_t used = 0;

    buf[0] = '\0';
    for (unsigned i = 0; i < k->dims && used < len; i++) {
        size_t p = 1;
        int n;

        while (p < size[i] && p < ((size_t)1 << 62))
            p *= 2;
        n = snprintf(buf + used, len - used, "%s%zu", i ? "x" : "", p);
        if (n < 0)
            break;
        used += (size_t)n;
    }
}

const char *cb_tuned_shape(unsigned dims, const size_t size[CB_MAX_DIMS])
{
    if (dims == 3) {
        const size_t m = size[0], n = size[1], k = size[2];
        const size_t mn_min = m < n ? m : n, mn_max = m > n ? m : n;

        if (k * CB_TUNED_SMALL <= mn_min)
            return "flat";
        if (mn_min * CB_TUNED_SMALL <= (mn_max > k ? mn_max : k))
            return "skinny";
    } else if (dims == 2) {
        if (size[0] * CB_TUNED_SMALL <= size[1] || size[1] * CB_TUNED_SMALL <= size[0])
            return "skinny";
    }
    return "square";
}

int cb_tuned_default_path(char *buf, size_t len)
{
    const char *data = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    int n;

    if (data != NULL && data[0] == '/')
        n = snprintf(buf, len, "%s/clbench/tuned.json", data);
    else if (home != NULL && home[0] != '\0')
        n = snprintf(buf, len, "%s/.local/share/clbench/tuned.json", home);
    else
        return -1;
    return n < 0 || (size_t)n >= len ? -1 : 0;
}

static int same_size(const struct cb_tuned_entry *e, unsigned dims, const size_t size[CB_MAX_DIMS])
{
    if (e->dims != dims)
        return 0;
    for (unsigned i = 0; i < dims; i++)
        if (e->size[i] != size[i])
            return 0;
    return 1;
}

/* Entries of the tuner are keyed by their exact size, those of older databases by size class:
 * the two kinds never share a key, so that neither replaces the other.  Types never share
 * one: a double tune does not replace a float one. */
static int same_key(const struct cb_tuned_entry *a, const struct cb_tuned_entry *b)
{
    return strcmp(a->device, b->device) == 0 && strcmp(a->platform, b->platform) == 0 &&
           strcmp(a->driver, b->driver) == 0 && strcmp(a->kernel, b->kernel) == 0 &&
           a->real == b->real && a->class_only == b->class_only &&
           (a->class_only ? strcmp(a->size_class, b->size_class) == 0
                          : same_size(a, b->dims, b->size));
}

int cb_tuned_merge(struct cb_tuned_db *db, const struct cb_tuned_entry *e)
{
    struct cb_tuned_entry *grown;

    for (size_t i = 0; i < db->count; i++)
        if (same_key(&db->entries[i], e)) {
            /* Throughput, not the median: entries of one size class may differ in size. */
            if (e->throughput <= db->entries[i].throughput)
                return CB_TUNED_KEPT;
            db->entries[i] = *e;
            return CB_TUNED_REPLACED;
        }
    grown = realloc(db->entries, (db->count + 1) * sizeof *grown);
    if (grown == NULL)
        return -1;
    db->entries = grown;
    db->entries[db->count++] = *e;
    return CB_TUNED_ADDED;
}

void cb_tuned_free(struct cb_tuned_db *db)
{
    free(db->entries);
    db->entries = NULL;
    db->count = 0;
}

static int copy_string(char *dst, size_t len, const cJSON *j, const char *name)
{
    const char *s = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(j, name));

    if (s == NULL || strlen(s) >= len)
        return -1;
    strcpy(dst, s);
    return 0;
}

static double number(const cJSON *j, const char *name)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(j, name);

    return cJSON_IsNumber(v) ? v->valuedouble : -1;
}

/* A count that may be absent (an entry written by hand): 0 then, never a negative cast. */
static unsigned long long count_of(const cJSON *j, const char *name)
{
    const double v = number(j, name);

    return v > 0 ? (unsigned long long)v : 0;
}

/* One entry from its JSON object; -1 when a key field is missing or malformed. */
static int entry_from_json(const cJSON *j, struct cb_tuned_entry *e)
{
    const cJSON *params = cJSON_GetObjectItemCaseSensitive(j, "params");
    const cJSON *size = cJSON_GetObjectItemCaseSensitive(j, "size");
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(j, "type");
    const cJSON *item;

    memset(e, 0, sizeof *e);
    /* No "type": a float tune (every database before types).  A type that is no REAL type
     * (float, double, half) makes the entry malformed, skipped as the others are. */
    e->real = CB_ELEM_FLOAT;
    if (type != NULL &&
        (!cJSON_IsString(type) ||
         cb_elem_find(type->valuestring, strlen(type->valuestring), &e->real) != 0 ||
         (e->real != CB_ELEM_FLOAT && e->real != CB_ELEM_DOUBLE && e->real != CB_ELEM_HALF)))
        return -1;
    if (copy_string(e->device, sizeof e->device, j, "device") != 0 ||
        copy_string(e->platform, sizeof e->platform, j, "platform") != 0 ||
        copy_string(e->driver, sizeof e->driver, j, "driver") != 0 ||
        copy_string(e->kernel, sizeof e->kernel, j, "kernel") != 0 ||
        copy_string(e->size_class, sizeof e->size_class, j, "size_class") != 0 ||
        !cJSON_IsObject(params) || !cJSON_IsArray(size) || cJSON_GetArraySize(size) > CB_MAX_DIMS)
        return -1;
    cJSON_ArrayForEach(item, params)
    {
        if (!cJSON_IsNumber(item) || e->param_count == CB_MAX_PARAMS ||
            strlen(item->string) >= CB_DEFINE_NAME_LEN)
            return -1;
        strcpy(e->param_names[e->param_count], item->string);
        e->params[e->param_count++] = (long)item->valuedouble;
    }
    cJSON_ArrayForEach(item, size)
    {
        if (!cJSON_IsNumber(item) || item->valuedouble < 1)
            return -1;
        e->size[e->dims++] = (size_t)item->valuedouble;
    }
    /* The shape itself is recomputed from the size where it is needed. */
    e->class_only = cJSON_GetObjectItemCaseSensitive(j, "shape") == NULL;
    e->median_ms = number(j, "median_ms");
    e->throughput = number(j, "throughput");
    e->samples = count_of(j, "samples");
    e->evaluations = count_of(j, "evaluations");
    copy_string(e->metric, sizeof e->metric, j, "metric");
    copy_string(e->strategy, sizeof e->strategy, j, "strategy");
    copy_string(e->budget, sizeof e->budget, j, "budget");
    copy_string(e->date, sizeof e->date, j, "date");
    copy_string(e->commit, sizeof e->commit, j, "clbench_commit");
    copy_string(e->version, sizeof e->version, j, "clbench_version");
    copy_string(e->host, sizeof e->host, j, "host");
    return e->median_ms > 0 && e->throughput > 0 ? 0 : -1;
}

static cJSON *entry_json(const struct cb_tuned_entry *e)
{
    cJSON *j = cJSON_CreateObject(), *params, *size;

    cJSON_AddStringToObject(j, "device", e->device);
    cJSON_AddStringToObject(j, "platform", e->platform);
    cJSON_AddStringToObject(j, "driver", e->driver);
    cJSON_AddStringToObject(j, "kernel", e->kernel);
    cJSON_AddStringToObject(j, "type", cb_elem_info(e->real)->name);
    cJSON_AddStringToObject(j, "size_class", e->size_class);
    size = cJSON_AddArrayToObject(j, "size");
    for (unsigned i = 0; i < e->dims; i++)
        cJSON_AddItemToArray(size, cJSON_CreateNumber((double)e->size[i]));
    if (!e->class_only)
        cJSON_AddStringToObject(j, "shape", cb_tuned_shape(e->dims, e->size));
    params = cJSON_AddObjectToObject(j, "params");
    for (unsigned i = 0; i < e->param_count; i++)
        cJSON_AddNumberToObject(params, e->param_names[i], (double)e->params[i]);
    cJSON_AddNumberToObject(j, "median_ms", e->median_ms);
    cJSON_AddNumberToObject(j, "throughput", e->throughput);
    cJSON_AddStringToObject(j, "metric", e->metric);
    cJSON_AddNumberToObject(j, "samples", (double)e->samples);
    cJSON_AddStringToObject(j, "strategy", e->strategy);
    cJSON_AddStringToObject(j, "budget", e->budget);
    cJSON_AddNumberToObject(j, "evaluations", (double)e->evaluations);
    cJSON_AddStringToObject(j, "date", e->date);
    cJSON_AddStringToObject(j, "clbench_commit", e->commit);
    cJSON_AddStringToObject(j, "clbench_version", e->version);
    cJSON_AddStringToObject(j, "host", e->host);
    return j;
}

static char *read_all(FILE *f)
{
    size_t len = 0, cap = 0, n;
    char *text = NULL;

    do {
        if (len + 1 >= cap) {
            char *grown = realloc(text, cap = cap * 2 + 65536);

            if (grown == NULL) {
                free(text);
                return NULL;
            }
            text = grown;
        }
        n = fread(text + len, 1, cap - len - 1, f);
        len += n;
    } while (n > 0);
    if (ferror(f)) {
        free(text);
        return NULL;
    }
    text[len] = '\0';
    return text;
}

/* The database at path as JSON in *root (NULL: no file, or an empty one): 0; 1: a newer
 * schema_version (*root set all the same); -1: unusable, with what in why. */
static int load_root(const char *path, cJSON **root, char *why, size_t len)
{
    FILE *f = fopen(path, "rb");
    char *text;
    const char *schema;
    double version;

    *root = NULL;
    if (f == NULL) {
        if (errno == ENOENT)
            return 0;
        snprintf(why, len, "%s", strerror(errno));
        return -1;
    }
    text = read_all(f);
    fclose(f);
    if (text == NULL) {
        snprintf(why, len, "cannot read it");
        return -1;
    }
    /* An empty file (a name made with mktemp) holds no entries yet. */
    if (text[strspn(text, " \t\r\n")] == '\0') {
        free(text);
        return 0;
    }
    *root = cJSON_Parse(text);
    free(text);
    schema = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(*root, "schema"));
    version = number(*root, "schema_version");
    if (*root == NULL) {
        snprintf(why, len, "not JSON");
        return -1;
    }
    if (schema == NULL || strcmp(schema, CB_TUNED_SCHEMA) != 0 || version < 1 ||
        !cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(*root, "entries"))) {
        snprintf(why, len,
                 "not a clbench tuning database (schema \"%s\" version 1 with a list "
                 "of \"entries\")",
                 CB_TUNED_SCHEMA);
        cJSON_Delete(*root);
        *root = NULL;
        return -1;
    }
    if (version > CB_TUNED_SCHEMA_VERSION) {
        snprintf(why, len,
                 "written by a newer clbench (schema_version %.0f, this one reads %d): "
                 "upgrade clbench or use --tuned FILE",
                 version, CB_TUNED_SCHEMA_VERSION);
        return 1;
    }
    return 0;
}

/* 0: loaded (or no file); 1: a newer schema_version; -1: unusable, with what in why.  Entries
 * that do not parse are skipped: a newer clbench's, kept in the file by cb_tuned_save. */
static int load(const char *path, struct cb_tuned_db *db, char *why, size_t len)
{
    cJSON *root;
    const cJSON *item;
    int status = load_root(path, &root, why, len);

    if (status != 0 || root == NULL) {
        cJSON_Delete(root);
        return status;
    }
    cJSON_ArrayForEach(item, cJSON_GetObjectItemCaseSensitive(root, "entries"))
    {
        struct cb_tuned_entry e;

        if (entry_from_json(item, &e) == 0 && cb_tuned_merge(db, &e) < 0) {
            snprintf(why, len, "out of host memory");
            status = -1;
            break;
        }
    }
    cJSON_Delete(root);
    return status;
}

int cb_tuned_load(const char *path, struct cb_tuned_db *db, int quiet)
{
    char why[256];

    if (load(path, db, why, sizeof why) == 0)
        return 0;
    if (!quiet)
        cb_warn("ignoring the tuning database '%s': %s", path, why);
    return -1;
}

void cb_tuned_load_for_run(const char *path, const char *cl_dir, struct cb_tuned_db *db)
{
    static const char *const shipped[] = {"%s/../tuned.json", "%s/../results/tuned.json"};
    char user[4096], other[4096];

    memset(db, 0, sizeof *db);
    if (path == NULL && cb_tuned_default_path(user, sizeof user) == 0)
        path = user;
    if (path != NULL)
        cb_tuned_load(path, db, 0);
    for (unsigned i = 0; i < 2; i++) {
        struct cb_tuned_db ship = {NULL, 0};
        struct stat st;

        snprintf(other, sizeof other, shipped[i], cl_dir);
        if (stat(other, &st) != 0)
            continue;
        cb_tuned_load(other, &ship, 0);
        for (size_t e = 0; e < ship.count; e++) {
            int mine = 0;

            for (size_t u = 0; u < db->count && !mine; u++)
                mine = same_key(&db->entries[u], &ship.entries[e]);
            if (!mine)
                cb_tuned_merge(db, &ship.entries[e]);
        }
        cb_tuned_free(&ship);
        break;
    }
}

int cb_tuned_check_target(const char *path, char *why, size_t len)
{
    static const char *const instead =
        "pass --tuned a new file name or an existing tuning database (default "
        "$XDG_DATA_HOME/clbench/tuned.json)";
    struct stat st;
    const char *schema;
    char *text;
    cJSON *root;
    FILE *f;
    int status = -1;

    if (stat(path, &st) != 0) {
        if (errno == ENOENT)
            return 0;
        snprintf(why, len, "cannot check that '%s' is a tuning database: %s", path,
                 strerror(errno));
        return -1;
    }
    if (S_ISDIR(st.st_mode)) {
        snprintf(why, len, "'%s' is a directory, not a tuning database: %s", path, instead);
        return -1;
    }
    f = fopen(path, "rb");
    if (f == NULL) {
        snprintf(why, len, "cannot read '%s' to check that it is a tuning database: %s", path,
                 strerror(errno));
        return -1;
    }
    text = read_all(f);
    fclose(f);
    if (text == NULL) {
        snprintf(why, len, "cannot read '%s' to check that it is a tuning database", path);
        return -1;
    }
    root = text[strspn(text, " \t\r\n")] == '\0' ? NULL : cJSON_Parse(text);
    schema = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(root, "schema"));
    if (text[strspn(text, " \t\r\n")] == '\0' ||
        (schema != NULL && strcmp(schema, CB_TUNED_SCHEMA) == 0))
        status = 0;
    else if (root == NULL)
        snprintf(why, len,
                 "'%s' is not JSON (a report, a CSV file or other text?), not a tuning "
                 "database: %s",
                 path, instead);
    /* "clbench-run" is CB_RUN_SCHEMA, of the report layer, which this one may not include. */
    else if (schema != NULL && strcmp(schema, "clbench-run") == 0)
        snprintf(why, len, "'%s' is a clbench run file (schema \"%s\"), not a tuning database: %s",
                 path, schema, instead);
    else if (schema != NULL)
        snprintf(why, len, "'%s' is JSON of schema \"%.64s\", not a tuning database (\"%s\"): %s",
                 path, schema, CB_TUNED_SCHEMA, instead);
    else
        snprintf(why, len, "'%s' is JSON without a \"schema\" field, not a tuning database: %s",
                 path, instead);
    cJSON_Delete(root);
    free(text);
    return status;
}

int cb_tuned_check_update(const char *path, char *why, size_t len)
{
    cJSON *root;
    char what[256];
    int status;

    if (cb_tuned_check_target(path, why, len) != 0)
        return -1;
    status = load_root(path, &root, what, sizeof what);
    cJSON_Delete(root);
    if (status != 0)
        snprintf(why, len, "not updating the tuning database '%s': %s", path, what);
    return status != 0 ? -1 : 0;
}

/* An entry's exact size, MxNxK. */
static void size_text(const struct cb_tuned_entry *e, char *buf, size_t len)
{
    buf[0] = '\0';
    for (unsigned i = 0; i < e->dims; i++)
        snprintf(buf + strlen(buf), len - strlen(buf), "%s%zu", i ? "x" : "", e->size[i]);
}

static const char *const merged_names[] = {"added", "replaced", "kept"};

/* One line of the save's summary: what happened to e, against the stored entry old.  It names
 * the entry's key: its exact size (several sizes of one class are several entries), or the
 * class of an older database's entry. */
static void say_merged(FILE *out, int merged, const struct cb_tuned_entry *e,
                       const struct cb_tuned_entry *old)
{
    char size[96];

    size_text(e, size, sizeof size);
    fprintf(out, "  %-8s %s %s %s on %s: ", merged_names[merged], e->kernel,
            e->class_only || e->dims == 0 ? e->size_class : size, cb_elem_info(e->real)->name,
            e->device);
    if (merged == CB_TUNED_KEPT && old != NULL && old->throughput == e->throughput)
        fprintf(out, "the stored entry, %.4g %s, is this one\n", old->throughput, e->metric);
    else if (merged == CB_TUNED_KEPT && old != NULL)
        fprintf(out, "the stored %.4g %s beats this tune's %.4g\n", old->throughput, e->metric,
                e->throughput);
    else if (merged == CB_TUNED_REPLACED && old != NULL)
        fprintf(out, "%.4g %s (was %.4g)\n", e->throughput, e->metric, old->throughput);
    else
        fprintf(out, "%.4g %s\n", e->throughput, e->metric);
}

static int make_dirs(const char *path)
{
    char dir[4096];

    if (strlen(path) >= sizeof dir)
        return -1;
    strcpy(dir, path);
    for (char *p = dir + 1; *p != '\0'; p++)
        if (*p == '/') {
            *p = '\0';
            if (mkdir(dir, 0777) != 0 && errno != EEXIST)
                return -1;
            *p = '/';
        }
    return 0;
}

/* The best parsed entry of list with e's key: its index, or -1. */
static int stored_best(const struct cb_tuned_entry *parsed, const unsigned char *readable,
                       size_t count, const struct cb_tuned_entry *e)
{
    int best = -1;

    for (size_t i = 0; i < count; i++)
        if (readable[i] && same_key(&parsed[i], e) &&
            (best < 0 || parsed[i].throughput > parsed[best].throughput))
            best = (int)i;
    return best;
}

/* Merges entries[0..count) into root's list (its other items as they are) and appends each
 * of extra[] (items another database held unread) that the list does not hold yet; says what
 * it did on said.  -1: out of memory. */
static int merge_into(cJSON *list, const struct cb_tuned_entry *entries, size_t count,
                      const cJSON *extra, FILE *said)
{
    const size_t stored = (size_t)cJSON_GetArraySize(list);
    const size_t cap = stored + count + 1;
    struct cb_tuned_entry *parsed = calloc(cap, sizeof *parsed);
    unsigned char *readable = calloc(cap, 1);
    size_t n = 0, unread = 0;
    const cJSON *item;
    int status = -1;

    if (parsed == NULL || readable == NULL)
        goto done;
    cJSON_ArrayForEach(item, list)
    {
        readable[n] = entry_from_json(item, &parsed[n]) == 0;
        unread += !readable[n++];
    }
    for (size_t i = 0; i < count; i++) {
        const int best = stored_best(parsed, readable, n, &entries[i]);
        cJSON *j = NULL;

        if (best >= 0 && entries[i].throughput <= parsed[best].throughput) {
            say_merged(said, CB_TUNED_KEPT, &entries[i], &parsed[best]);
            continue;
        }
        if ((j = entry_json(&entries[i])) == NULL)
            goto done;
        if (best >= 0) {
            say_merged(said, CB_TUNED_REPLACED, &entries[i], &parsed[best]);
            cJSON_ReplaceItemInArray(list, best, j);
            parsed[best] = entries[i];
        } else {
            say_merged(said, CB_TUNED_ADDED, &entries[i], NULL);
            cJSON_AddItemToArray(list, j);
            parsed[n] = entries[i];
            readable[n++] = 1;
        }
    }
    cJSON_ArrayForEach(item, extra)
    {
        const cJSON *have;
        int known = 0;

        cJSON_ArrayForEach(have, list) known |= cJSON_Compare(have, item, 1);
        if (!known) {
            cJSON *copy = cJSON_Duplicate(item, 1);

            if (copy == NULL)
                goto done;
            cJSON_AddItemToArray(list, copy);
            unread++;
        }
    }
    if (unread > 0)
        fprintf(said,
                "  kept     %zu entr%s this clbench cannot read (a newer clbench's type, field "
                "or size?) as %s\n",
                unread, unread == 1 ? "y" : "ies", unread == 1 ? "it was" : "they were");
    status = 0;
done:
    free(parsed);
    free(readable);
    return status;
}

/* cb_tuned_save with extra: entries of other databases this clbench cannot read, carried
 * over as they are. */
static int save(const char *path, const struct cb_tuned_entry *entries, size_t count,
                const cJSON *extra, FILE *summary)
{
    struct cb_output_target t;
    struct cb_output out;
    char lock[CB_OUTPUT_PATH_LEN + 8], why[256];
    cJSON *root = NULL;
    char *text = NULL, *said_text = NULL;
    size_t said_len = 0;
    FILE *said = NULL;
    int fd = -1, status = -1;

    if (cb_output_resolve(path, &t, why, sizeof why) != 0)
        return cb_error("cannot write the tuning database '%s': %s", path, why);
    /* A database written in place (/dev/null) has nothing to lock or to read back. */
    if (!t.in_place) {
        if (make_dirs(t.path) != 0)
            return cb_error("cannot create the directory of '%s': %s", t.path, strerror(errno));
        snprintf(lock, sizeof lock, "%s.lock", t.path);
        fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
        if (fd < 0)
            return cb_error("cannot open '%s': %s", lock, strerror(errno));
    }
    /* Another tuner may be between its read and its rename: wait for it, then read its work. */
    while (fd >= 0 && flock(fd, LOCK_EX) != 0)
        if (errno != EINTR) {
            const int e = errno;

            close(fd);
            /* NFS without lockd, some FUSE and parallel file systems: writers there would lose
             * each other's entries, so refuse and say how to do without the lock. */
            if (e == ENOLCK || e == EOPNOTSUPP || e == ENOSYS)
                return cb_error("cannot lock '%s': %s: this file system has no working locks; give "
                                "each tuner its own --tuned FILE and merge them with clbench tune "
                                "--merge",
                                lock, strerror(e));
            return cb_error("cannot lock '%s': %s", lock, strerror(e));
        }
    switch (t.in_place ? 0 : load_root(t.path, &root, why, sizeof why)) {
    case 1:
        cb_error("not updating the tuning database '%s': %s", path, why);
        goto done;
    case -1:
        /* Checked before the tune (cb_tuned_check_update); this is a file put there since. */
        cb_error("not replacing '%s' with a tuning database: %s", path, why);
        goto done;
    default:
        break;
    }
    if (root == NULL) {
        root = cJSON_CreateObject();
        if (root == NULL || cJSON_AddStringToObject(root, "schema", CB_TUNED_SCHEMA) == NULL ||
            cJSON_AddNumberToObject(root, "schema_version", CB_TUNED_SCHEMA_VERSION) == NULL ||
            cJSON_AddArrayToObject(root, "entries") == NULL) {
            cb_error("out of host memory");
            goto done;
        }
    }
    /* Said once the file is in place: a failed write has replaced nothing. */
    said = open_memstream(&said_text, &said_len);
    if (said == NULL) {
        cb_error("out of host memory");
        goto done;
    }
    fprintf(said, "clbench: tuning database '%s':\n", path);
    if (merge_into(cJSON_GetObjectItemCaseSensitive(root, "entries"), entries, count, extra,
                   said) != 0) {
        cb_error("out of host memory");
        goto done;
    }
    text = cJSON_Print(root);
    if (text == NULL) {
        cb_error("out of host memory");
        goto done;
    }
    if (cb_output_open(&out, path) != 0)
        goto done;
    fprintf(out.file, "%s\n", text);
    status = cb_output_commit(&out);
done:
    if (said != NULL && fclose(said) == 0 && status == 0 && summary != NULL)
        fputs(said_text, summary);
    free(said_text);
    free(text);
    cJSON_Delete(root);
    if (fd >= 0) {
        flock(fd, LOCK_UN);
        close(fd);
    }
    return status;
}

int cb_tuned_save(const char *path, const struct cb_tuned_entry *entries, size_t count,
                  FILE *summary)
{
    return save(path, entries, count, NULL, summary);
}

int cb_tuned_merge_files(const char *path, char *const *files, size_t count)
{
    struct cb_tuned_db db = {NULL, 0};
    cJSON *extra = cJSON_CreateArray();
    char why[256];
    int status = -1;

    for (size_t i = 0; i < count && extra != NULL; i++) {
        struct stat st;
        cJSON *root;
        const cJSON *item;

        /* A database that is missing here is a tuner's lost work, not an empty one. */
        if (stat(files[i], &st) != 0) {
            cb_error("cannot merge '%s': %s", files[i], strerror(errno));
            goto done;
        }
        if (load_root(files[i], &root, why, sizeof why) != 0) {
            cJSON_Delete(root);
            cb_error("cannot merge '%s': %s", files[i], why);
            goto done;
        }
        cJSON_ArrayForEach(item, cJSON_GetObjectItemCaseSensitive(root, "entries"))
        {
            struct cb_tuned_entry e;

            if (entry_from_json(item, &e) != 0)
                cJSON_AddItemToArray(extra, cJSON_Duplicate(item, 1));
            else if (cb_tuned_merge(&db, &e) < 0) {
                cJSON_Delete(root);
                cb_error("out of host memory");
                goto done;
            }
        }
        cJSON_Delete(root);
    }
    if (extra == NULL)
        cb_error("out of host memory");
    else
        status = save(path, db.entries, db.count, extra, stderr);
done:
    cJSON_Delete(extra);
    cb_tuned_free(&db);
    return status;
}

/* How far e's size lies from size: the sum over dimensions of |log2(e / size)|, so that twice
 * and half as large are equally far, each weighted by 1 + log2(largest / this) of the row's
 * dimensions.  A skinny row's small dimension decides its tiles (1000x64x8000 wants the
 * 64-column tiles of 4096x64x4096, not the 128-column ones of 2048x128x8192, which lies nearer
 * in M and K and runs it far slower: results/README.md, "Shapes"); a square row weighs all
 * alike. */
static double log_distance(const struct cb_tuned_entry *e, const size_t size[CB_MAX_DIMS])
{
    size_t largest = 1;
    double d = 0;

    for (unsigned i = 0; i < e->dims; i++)
        if (size[i] > largest)
            largest = size[i];
    for (unsigned i = 0; i < e->dims; i++)
        d += (1 + log2((double)largest / (double)size[i])) *
             fabs(log2((double)e->size[i] / (double)size[i]));
    return d;
}

const struct cb_tuned_entry *cb_tuned_choose(const struct cb_tuned_db *db,
                                             const struct cb_device *d, const struct cb_kernel *k,
                                             enum cb_elem_type real, const size_t size[CB_MAX_DIMS],
                                             int nearest, enum cb_tuned_match *match)
{
    const struct cb_tuned_entry *best[CB_TUNED_NEAREST + 1] = {NULL};
    double distance[CB_TUNED_NEAREST + 1] = {0};
    const char *shape = cb_tuned_shape(k->dims, size);
    char size_class[96];

    cb_size_class(k, size, size_class, sizeof size_class);
    for (size_t i = 0; i < db->count; i++) {
        const struct cb_tuned_entry *e = &db->entries[i];
        enum cb_tuned_match m;
        double dist;

        if (strcmp(e->kernel, k->name) != 0 || strcmp(e->device, d->name) != 0 ||
            strcmp(e->platform, d->platform_name) != 0 || strcmp(e->driver, d->driver) != 0 ||
            e->real != real || e->dims != k->dims)
            continue;
        if (!e->class_only && same_size(e, k->dims, size))
            m = CB_TUNED_EXACT;
        else if (strcmp(cb_tuned_shape(e->dims, e->size), shape) != 0)
            continue;
        else if (strcmp(e->size_class, size_class) == 0)
            m = CB_TUNED_CLASS;
        else if (nearest)
            m = CB_TUNED_NEAREST;
        else
            continue;
        /* The first of equally near entries wins: the user's come before the shipped ones. */
        dist = log_distance(e, size);
        if (best[m] == NULL || dist < distance[m]) {
            best[m] = e;
            distance[m] = dist;
        }
    }
    for (int m = CB_TUNED_EXACT; m <= CB_TUNED_NEAREST; m++)
        if (best[m] != NULL) {
            *match = (enum cb_tuned_match)m;
            return best[m];
        }
    *match = CB_TUNED_NONE;
    return NULL;
}

int cb_tuned_refuses(const struct cb_tuned_entry *e, const struct cb_kernel *k, char *why,
                     size_t len)
{
    for (unsigned p = 0; p < e->param_count; p++) {
        const int i = cb_kernel_param_index(k, e->param_names[p]);

        if (i < 0) {
            snprintf(why, len, "%s has no parameter %s", k->name, e->param_names[p]);
            return 1;
        }
        if (!cb_param_allows(&k->params[i], e->params[p])) {
            snprintf(why, len, "%s=%ld is not a value %s allows", e->param_names[p], e->params[p],
                     k->name);
            return 1;
        }
    }
    for (unsigned i = 0; i < cb_kernel_param_count(k); i++) {
        unsigned p = 0;

        while (p < e->param_count && strcmp(e->param_names[p], k->params[i].name) != 0)
            p++;
        if (p == e->param_count) {
            snprintf(why, len, "it has no value for %s's parameter %s", k->name, k->params[i].name);
            return 1;
        }
    }
    return 0;
}

const struct cb_tuned_entry *cb_tuned_find(const struct cb_tuned_db *db, const struct cb_device *d,
                                           const struct cb_kernel *k, enum cb_elem_type real,
                                           const size_t size[CB_MAX_DIMS])
{
    enum cb_tuned_match m;
    const struct cb_tuned_entry *e = cb_tuned_choose(db, d, k, real, size, 0, &m);
    char why[160];

    return e != NULL && !cb_tuned_refuses(e, k, why, sizeof why) ? e : NULL;
}

long cb_tuned_param(const struct cb_tuned_entry *e, const struct cb_kernel *k, unsigned i)
{
    for (unsigned p = 0; p < e->param_count; p++)
        if (strcmp(e->param_names[p], k->params[i].name) == 0)
            return e->params[p];
    return k->params[i].def;
}

int cb_tuned_lookup(const struct cb_tuned_db *db, const struct cb_device *d,
                    const struct cb_problem *p, long *params, struct cb_tuned_use *use)
{
    static const char *const names[] = {"", "exact", "class", "nearest"};
    const struct cb_kernel *k = p->kernel;
    enum cb_tuned_match m;
    const struct cb_tuned_entry *e = cb_tuned_choose(db, d, k, p->real, p->size, 1, &m);
    char why[160];

    memset(use, 0, sizeof *use);
    if (e == NULL)
        return 0;
    size_text(e, use->size, sizeof use->size);
    if (cb_tuned_refuses(e, k, why, sizeof why)) {
        /* db is const to the runner, but which entries have warned is the database's state. */
        struct cb_tuned_entry *mine = &db->entries[e - db->entries];

        snprintf(use->skipped, sizeof use->skipped, "entry %.64s %.63s (tuned %.31s): %.130s",
                 e->kernel, use->size, e->date, why);
        if (!mine->warned)
            cb_warn("skipping the tuning database entry %s %s on %s (driver %s, tuned %s): %s; "
                    "using the defaults",
                    e->kernel, use->size, e->device, e->driver, e->date, why);
        mine->warned = 1;
        use->size[0] = '\0';
        return 0;
    }
    for (unsigned i = 0; i < cb_kernel_param_count(k); i++)
        params[i] = cb_tuned_param(e, k, i);
    snprintf(use->match, sizeof use->match, "%s", names[m]);
    snprintf(use->shape, sizeof use->shape, "%s", cb_tuned_shape(e->dims, e->size));
    snprintf(use->date, sizeof use->date, "%s", e->date);
    snprintf(use->type, sizeof use->type, "%s", cb_elem_info(e->real)->name);
    return 1;
}

int cb_tuned_export(FILE *out, const struct cb_tuned_entry *e, int as_header)
{
    if (as_header) {
        char guard[96], size[96];
        size_t i;

        size_text(e, size, sizeof size);
        for (i = 0; e->kernel[i] != '\0' && i + 1 < sizeof guard; i++)
            guard[i] = isalnum((unsigned char)e->kernel[i]) ? (char)toupper(e->kernel[i]) : '_';
        guard[i] = '\0';
        fprintf(out,
                "/* clbench tuned parameters: %s in %s on %s (%s, driver %s), size class %s.\n"
                " * %.4g ms at %s, %.4g %s; tuned %s by clbench %s (%s), strategy %s, budget %s,\n"
                " * %llu evaluations, median of %llu samples. */\n"
                "#ifndef CLBENCH_TUNED_%s_H\n#define CLBENCH_TUNED_%s_H\n",
                e->kernel, cb_elem_info(e->real)->name, e->device, e->platform, e->driver,
                e->size_class, e->median_ms, size, e->throughput, e->metric, e->date, e->version,
                e->commit, e->strategy, e->budget, e->evaluations, e->samples, guard, guard);
        for (unsigned p = 0; p < e->param_count; p++)
            fprintf(out, "#define %s %ld\n", e->param_names[p], e->params[p]);
        fprintf(out, "#endif\n");
    } else {
        cJSON *root = cJSON_CreateObject(), *list;

        cJSON_AddStringToObject(root, "schema", CB_TUNED_SCHEMA);
        cJSON_AddNumberToObject(root, "schema_version", CB_TUNED_SCHEMA_VERSION);
        list = cJSON_AddArrayToObject(root, "entries");
        cJSON_AddItemToArray(list, entry_json(e));
        if (cb_output_json(out, root) != 0)
            return -1;
    }
    return ferror(out) ? -1 : 0;
}
