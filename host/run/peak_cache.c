/* Measured peaks, reused from the per-user cache; see peak_cache.h. */
#define _POSIX_C_SOURCE 200809L
#include "clbench/peak_cache.h"

#include "clbench/cache_dir.h"
#include "clbench/check.h"
#include "clbench/peak.h"

#include <cjson/cJSON.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Everything that changes what the probes would measure; NULL when out of memory.  Not the
 * memory sizes or the clock: PoCL reports the free memory and the current frequency, which
 * differ from run to run. */
static char *make_key(const struct cb_device *d, const struct cb_config *cfg)
{
    const char *fmt = "host=%s\ndevice=%s\nvendor=%s\nplatform=%s\nplatform_version=%s\n"
                      "driver=%s\ndevice_version=%s\ncompute_units=%u\nprobes=%016" PRIx64 ":%d";
    char host[256] = "unknown", path[4096];
    size_t len = 0;
    char *probes = NULL, *key;
    uint64_t hash = 0;
    int n;

    if (gethostname(host, sizeof host) != 0)
        strcpy(host, "unknown");
    host[sizeof host - 1] = '\0';
    if (cb_family_source_path(path, sizeof path, cfg->cl_dir, "peak") == 0)
        probes = cb_cache_read(path, &len);
    if (probes != NULL)
        hash = cb_hash64(probes, len, CB_HASH64_INIT);
    free(probes);
    n = snprintf(NULL, 0, fmt, host, d->name, d->vendor, d->platform_name, d->platform_version,
                 d->driver, d->version, d->compute_units, hash, CB_PEAK_PROBE_VERSION);
    key = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (key != NULL)
        snprintf(key, (size_t)n + 1, fmt, host, d->name, d->vendor, d->platform_name,
                 d->platform_version, d->driver, d->version, d->compute_units, hash,
                 CB_PEAK_PROBE_VERSION);
    return key;
}

static int entry_path(char *buf, size_t len, const char *key)
{
    char name[32];

    snprintf(name, sizeof name, "%016" PRIx64 ".json", cb_hash64(key, strlen(key), CB_HASH64_INIT));
    return cb_cache_entry_path(buf, len, "peaks", name);
}

static double positive(const cJSON *j, const char *name)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(j, name);

    return cJSON_IsNumber(v) && v->valuedouble > 0 ? v->valuedouble : 0.0;
}

/* 0 when a sound entry for key filled d; a present but unusable one is warned about. */
static int load(struct cb_device *d, const char *key, const char *path)
{
    size_t len;
    char *text = cb_cache_read(path, &len);
    cJSON *j;
    const char *entry_key, *date;
    double read_gbs, write_gbs, copy_gbs, gflops;

    if (text == NULL)
        return -1;
    j = cJSON_ParseWithLength(text, len);
    free(text);
    entry_key = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(j, "key"));
    date = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(j, "date"));
    read_gbs = positive(j, "read_gbs");
    write_gbs = positive(j, "write_gbs");
    copy_gbs = positive(j, "copy_gbs");
    gflops = positive(j, "gflops");
    if (entry_key == NULL || strcmp(entry_key, key) != 0 || date == NULL ||
        strlen(date) >= sizeof d->peak_date || read_gbs == 0 || write_gbs == 0 || copy_gbs == 0 ||
        gflops == 0) {
        cb_warn("peak cache entry '%s' for %s is unusable (%s): measuring again", path, d->name,
                j == NULL ? "not JSON" : "another key, or fields missing");
        cJSON_Delete(j);
        return -1;
    }
    d->peak_read_gbs = read_gbs;
    d->peak_write_gbs = write_gbs;
    d->peak_copy_gbs = copy_gbs;
    d->peak_gflops_measured = gflops;
    d->peak_gbs_measured = read_gbs > write_gbs ? read_gbs : write_gbs;
    if (copy_gbs > d->peak_gbs_measured)
        d->peak_gbs_measured = copy_gbs;
    /* Entries from before the launch probe carry none: no launch-bound marks then. */
    d->launch_event_us = positive(j, "launch_event_us");
    d->launch_wall_us = positive(j, "launch_wall_us");
    strcpy(d->peak_date, date);
    d->peak_source = "cached";
    cJSON_Delete(j);
    return 0;
}

/* Only a complete measurement is kept: a probe that failed this time may not fail next time. */
static void store(const struct cb_device *d, const char *key, const char *path)
{
    cJSON *j = cJSON_CreateObject();
    char *text;

    if (d->peak_read_gbs <= 0 || d->peak_write_gbs <= 0 || d->peak_copy_gbs <= 0 ||
        d->peak_gflops_measured <= 0) {
        cJSON_Delete(j);
        return;
    }
    cJSON_AddStringToObject(j, "schema", "clbench-peak");
    cJSON_AddNumberToObject(j, "schema_version", 1);
    cJSON_AddStringToObject(j, "key", key);
    cJSON_AddStringToObject(j, "date", d->peak_date);
    cJSON_AddNumberToObject(j, "read_gbs", d->peak_read_gbs);
    cJSON_AddNumberToObject(j, "write_gbs", d->peak_write_gbs);
    cJSON_AddNumberToObject(j, "copy_gbs", d->peak_copy_gbs);
    cJSON_AddNumberToObject(j, "gflops", d->peak_gflops_measured);
    if (d->launch_event_us > 0 && d->launch_wall_us > 0) {
        cJSON_AddNumberToObject(j, "launch_event_us", d->launch_event_us);
        cJSON_AddNumberToObject(j, "launch_wall_us", d->launch_wall_us);
    }
    text = cJSON_Print(j);
    cJSON_Delete(j);
    if (text != NULL)
        cb_cache_write(path, text, strlen(text));
    free(text);
}

void cb_peak_obtain(struct cb_device *d, const struct cb_config *cfg,
                    struct cb_program_cache *cache)
{
    char *key, path[4096];
    int have_path;
    const time_t now = time(NULL);
    struct tm utc;

    if (cfg->peak_mode == CB_PEAK_OFF)
        return;
    key = make_key(d, cfg);
    have_path = key != NULL && entry_path(path, sizeof path, key) == 0;
    if (cfg->peak_mode == CB_PEAK_CACHED && have_path && load(d, key, path) == 0) {
        free(key);
        return;
    }
    if (cfg->peak_mode == CB_PEAK_CACHED && cfg->use_cache)
        fprintf(stderr,
                "clbench: no cached peak for %s: measuring it now (later runs reuse it; "
                "--peak off skips it)\n",
                d->name);
    gmtime_r(&now, &utc);
    strftime(d->peak_date, sizeof d->peak_date, "%Y-%m-%dT%H:%M:%SZ", &utc);
    cb_peak_measure(d, cfg, cache);
    d->peak_source = "measured";
    if (have_path)
        store(d, key, path);
    free(key);
}
