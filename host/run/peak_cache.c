/* Measured peaks, reused from the per-user cache; see peak_cache.h. */
#define _POSIX_C_SOURCE 200809L
#include "clbench/peak_cache.h"

#include "clbench/cache_dir.h"
#include "clbench/check.h"
#include "clbench/device.h"
#include "clbench/manifest.h"
#include "clbench/native_peak.h"
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
static char *make_key(const struct cb_device *d, const struct cb_row_settings *cfg)
{
    const char *fmt = "host=%s\ndevice=%s\nvendor=%s\nplatform=%s\nplatform_version=%s\n"
                      "driver=%s\ndevice_version=%s\ncompute_units=%u\nprobes=%016" PRIx64 ":%d";
    char host[256] = "unknown", path[4096];
    struct cb_source_deps deps;
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
    /* ... and the headers it includes (cl/real.h), which build the probes too. */
    if (probes != NULL && cb_source_dependencies(path, probes, &deps) == 0 && deps.hash[0] != '\0')
        hash = cb_hash64(deps.hash, strlen(deps.hash), hash);
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

static double nonnegative(const cJSON *j, const char *name)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(j, name);

    return cJSON_IsNumber(v) && v->valuedouble >= 0 ? v->valuedouble : -1.0;
}

/* The checksum of an entry: FNV-1a of its unformatted JSON without the "checksum" member.
 * cJSON prints a number it parsed back the same, so the sum is stable across a load; an edit
 * of any value, by hand or by a torn write, changes it. */
static int entry_checksum(const cJSON *j, char out[17])
{
    cJSON *copy = cJSON_Duplicate(j, 1);
    char *text;

    if (copy == NULL)
        return -1;
    cJSON_DeleteItemFromObjectCaseSensitive(copy, "checksum");
    text = cJSON_PrintUnformatted(copy);
    cJSON_Delete(copy);
    if (text == NULL)
        return -1;
    snprintf(out, 17, "%016" PRIx64, cb_hash64(text, strlen(text), CB_HASH64_INIT));
    free(text);
    return 0;
}

/* Copies string member `name` into buf; 0 when it is there and fits. */
static int copy_string(const cJSON *j, const char *name, char *buf, size_t len)
{
    const char *v = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(j, name));

    if (v == NULL || strlen(v) >= len)
        return -1;
    strcpy(buf, v);
    return 0;
}

/* NULL when entry j is sound for key and filled d, else what is wrong with it. */
static const char *parse_entry(struct cb_device *d, const cJSON *j, const char *key)
{
    const char *entry_key = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(j, "key"));
    const char *sum = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(j, "checksum"));
    char want[17];

    if (j == NULL)
        return "not JSON";
    if (sum == NULL)
        return "no checksum";
    if (entry_checksum(j, want) != 0 || strcmp(sum, want) != 0)
        return "checksum mismatch: edited or corrupt";
    if (entry_key == NULL || strcmp(entry_key, key) != 0)
        return "another key";
    d->peak_read_gbs = positive(j, "read_gbs");
    d->peak_write_gbs = positive(j, "write_gbs");
    d->peak_copy_gbs = positive(j, "copy_gbs");
    d->peak_gbs_measured = positive(j, "gbs");
    d->peak_gflops_measured = positive(j, "gflops");
    d->opencl_gflops = positive(j, "opencl_gflops");
    d->gbs_noise = nonnegative(j, "gbs_noise");
    d->gflops_noise = nonnegative(j, "gflops_noise");
    if (copy_string(j, "date", d->peak_date, sizeof d->peak_date) != 0 ||
        copy_string(j, "gbs_source", d->gbs_source, sizeof d->gbs_source) != 0 ||
        copy_string(j, "gflops_source", d->gflops_source, sizeof d->gflops_source) != 0 ||
        d->peak_read_gbs == 0 || d->peak_write_gbs == 0 || d->peak_copy_gbs == 0 ||
        d->peak_gbs_measured == 0 || d->peak_gflops_measured == 0 || d->opencl_gflops == 0 ||
        d->gbs_noise < 0 || d->gflops_noise < 0)
        return "fields missing";
    /* The FP64 and FP16 roofs where the device has the extension: an entry from before them
     * is measured again, so that double rows get their roof. */
    d->peak_gflops_fp64 = positive(j, "gflops_fp64");
    d->peak_gflops_fp16 = positive(j, "gflops_fp16");
    if ((d->has_fp64 && d->peak_gflops_fp64 == 0) || (d->has_fp16 && d->peak_gflops_fp16 == 0))
        return "no FP64 or FP16 roof (an entry from before them)";
    /* The native probe's figures, where it ran: the ISA names the code, one of a fixed set. */
    d->native_gflops = positive(j, "native_gflops");
    d->native_copy_gbs = positive(j, "native_copy_gbs");
    d->native_gflops_fp64 = positive(j, "native_gflops_fp64");
    d->native_threads = (unsigned)positive(j, "native_threads");
    d->native_isa = NULL;
    if (d->native_gflops > 0) {
        const char *isa = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(j, "native_isa"));

        if (isa == NULL || strcmp(isa, cb_native_isa()) != 0)
            return "native probe of another ISA";
        d->native_isa = cb_native_isa();
        /* Its double chains are part of the FP64 roof: an entry from before them read the
         * OpenCL probe's alone, half the cores' rate on PoCL 3.1 with AVX2. */
        if (d->has_fp64 && d->native_gflops_fp64 == 0)
            return "no native FP64 figure (an entry from before it)";
    }
    d->peak_busy[0] = '\0';
    if (cJSON_GetObjectItemCaseSensitive(j, "busy") != NULL &&
        copy_string(j, "busy", d->peak_busy, sizeof d->peak_busy) != 0)
        return "busy note unreadable";
    /* Entries from before the launch probe carry none: no launch-bound marks then. */
    d->launch_event_us = positive(j, "launch_event_us");
    d->launch_wall_us = positive(j, "launch_wall_us");
    return NULL;
}

/* 0 when a sound entry for key filled d; a present but unusable one is warned about. */
static int load(struct cb_device *d, const char *key, const char *path)
{
    size_t len;
    char *text = cb_cache_read(path, &len);
    cJSON *j;
    const char *bad;

    if (text == NULL)
        return -1;
    j = cJSON_ParseWithLength(text, len);
    free(text);
    bad = parse_entry(d, j, key);
    cJSON_Delete(j);
    if (bad != NULL) {
        cb_warn("peak cache entry '%s' for %s is unusable (%s): measuring again", path, d->name,
                bad);
        return -1;
    }
    d->peak_source = "cached";
    return 0;
}

/* Only a complete measurement is kept: a probe that failed this time may not fail next time. */
static void store(const struct cb_device *d, const char *key, const char *path)
{
    cJSON *j;
    char *text, sum[17];

    if (d->peak_read_gbs <= 0 || d->peak_write_gbs <= 0 || d->peak_copy_gbs <= 0 ||
        d->peak_gflops_measured <= 0 || d->opencl_gflops <= 0 ||
        (d->has_fp64 && d->peak_gflops_fp64 <= 0) || (d->has_fp16 && d->peak_gflops_fp16 <= 0))
        return;
    j = cJSON_CreateObject();
    cJSON_AddStringToObject(j, "schema", "clbench-peak");
    cJSON_AddNumberToObject(j, "schema_version", 2);
    cJSON_AddStringToObject(j, "key", key);
    cJSON_AddStringToObject(j, "date", d->peak_date);
    cJSON_AddNumberToObject(j, "read_gbs", d->peak_read_gbs);
    cJSON_AddNumberToObject(j, "write_gbs", d->peak_write_gbs);
    cJSON_AddNumberToObject(j, "copy_gbs", d->peak_copy_gbs);
    cJSON_AddNumberToObject(j, "gbs", d->peak_gbs_measured);
    cJSON_AddStringToObject(j, "gbs_source", d->gbs_source);
    cJSON_AddNumberToObject(j, "gbs_noise", d->gbs_noise);
    cJSON_AddNumberToObject(j, "opencl_gflops", d->opencl_gflops);
    cJSON_AddNumberToObject(j, "gflops", d->peak_gflops_measured);
    cJSON_AddStringToObject(j, "gflops_source", d->gflops_source);
    cJSON_AddNumberToObject(j, "gflops_noise", d->gflops_noise);
    if (d->peak_gflops_fp64 > 0)
        cJSON_AddNumberToObject(j, "gflops_fp64", d->peak_gflops_fp64);
    if (d->peak_gflops_fp16 > 0)
        cJSON_AddNumberToObject(j, "gflops_fp16", d->peak_gflops_fp16);
    if (d->native_isa != NULL) {
        cJSON_AddStringToObject(j, "native_isa", d->native_isa);
        cJSON_AddNumberToObject(j, "native_threads", d->native_threads);
        cJSON_AddNumberToObject(j, "native_gflops", d->native_gflops);
        cJSON_AddNumberToObject(j, "native_copy_gbs", d->native_copy_gbs);
        if (d->native_gflops_fp64 > 0)
            cJSON_AddNumberToObject(j, "native_gflops_fp64", d->native_gflops_fp64);
    }
    if (d->peak_busy[0] != '\0')
        cJSON_AddStringToObject(j, "busy", d->peak_busy);
    if (d->launch_event_us > 0 && d->launch_wall_us > 0) {
        cJSON_AddNumberToObject(j, "launch_event_us", d->launch_event_us);
        cJSON_AddNumberToObject(j, "launch_wall_us", d->launch_wall_us);
    }
    if (entry_checksum(j, sum) == 0)
        cJSON_AddStringToObject(j, "checksum", sum);
    text = cJSON_Print(j);
    cJSON_Delete(j);
    if (text != NULL)
        cb_cache_write(path, text, strlen(text));
    free(text);
}

/* A busy measurement is still evidence: contention only lowers a probe, so each roof keeps the
 * higher of this measurement and the busy one cached before it (with its source and noise). */
static void keep_higher(struct cb_device *d, const struct cb_device *earlier)
{
    if (earlier->peak_gflops_fp64 > d->peak_gflops_fp64)
        d->peak_gflops_fp64 = earlier->peak_gflops_fp64;
    if (earlier->peak_gflops_fp16 > d->peak_gflops_fp16)
        d->peak_gflops_fp16 = earlier->peak_gflops_fp16;
    if (earlier->peak_gflops_measured > d->peak_gflops_measured) {
        d->peak_gflops_measured = earlier->peak_gflops_measured;
        d->gflops_noise = earlier->gflops_noise;
        strcpy(d->gflops_source, earlier->gflops_source);
    }
    if (earlier->peak_gbs_measured > d->peak_gbs_measured) {
        d->peak_gbs_measured = earlier->peak_gbs_measured;
        d->gbs_noise = earlier->gbs_noise;
        strcpy(d->gbs_source, earlier->gbs_source);
    }
}

void cb_peak_obtain(struct cb_device *d, const struct cb_row_settings *cfg,
                    struct cb_program_cache *cache)
{
    char *key, path[4096];
    int have_path, have_busy = 0;
    const time_t now = time(NULL);
    struct tm utc;
    struct cb_device busy;

    if (cfg->peak_mode == CB_PEAK_OFF)
        return;
    /* Oclgrind spent over 20 minutes on the default probes before a 37-element row, for roofs
     * that say nothing of a device: asked for by name (--peak measure) only. */
    if (cfg->peak_mode == CB_PEAK_CACHED && cb_device_is_simulator(d)) {
        snprintf(d->peak_skipped, sizeof d->peak_skipped,
                 "not measured on the simulator %.60s, whose times are not a device's (--peak "
                 "measure measures it anyway)",
                 d->platform_name);
        fprintf(stderr, "clbench: no peak for %s: %s\n", d->name, d->peak_skipped);
        return;
    }
    key = make_key(d, cfg);
    have_path = key != NULL && entry_path(path, sizeof path, key) == 0;
    if (cfg->peak_mode == CB_PEAK_CACHED && have_path && load(d, key, path) == 0) {
        if (d->peak_busy[0] == '\0') {
            free(key);
            return;
        }
        cb_warn("the cached peak of %s was measured while the machine was busy (%s): measuring "
                "again",
                d->name, d->peak_busy);
        busy = *d;
        have_busy = 1;
    } else if (cfg->peak_mode == CB_PEAK_CACHED && cfg->use_cache)
        /* "Reuse" only where there is a cache to keep it in (cache_dir.c said why not). */
        fprintf(
            stderr, "clbench: no cached peak for %s: measuring it now (%s; --peak off skips it)\n",
            d->name,
            have_path ? "later runs reuse it" : "no usable cache keeps it: every run measures it");
    gmtime_r(&now, &utc);
    strftime(d->peak_date, sizeof d->peak_date, "%Y-%m-%dT%H:%M:%SZ", &utc);
    cb_peak_measure(d, cfg, cache);
    if (have_busy)
        keep_higher(d, &busy);
    d->peak_source = "measured";
    if (d->peak_busy[0] != '\0')
        cb_warn("the peak of %s was measured while the machine was busy (%s): this run's "
                "fractions of peak may read high; the next run measures it again",
                d->name, d->peak_busy);
    if (have_path)
        store(d, key, path);
    free(key);
}
