/* A row's device state and energy (host/run/sensors.c) in the run file, and back: the fields
 * are described in results/README.md and README.md, "Device state and energy". */
#include "clbench/runfile.h"

#include <string.h>

static const char *const field_names[CB_STATE_FIELDS] = {"sm_clock_mhz", "mem_clock_mhz", "power_w",
                                                         "temperature_c"};
static const char *const sources[] = {"nvml", "cpufreq", "rapl", "nvml-power"};

static const char *source_literal(const char *name)
{
    for (size_t i = 0; name != NULL && i < sizeof sources / sizeof sources[0]; i++)
        if (strcmp(name, sources[i]) == 0)
            return sources[i];
    return NULL;
}

static cJSON *state_json(const struct cb_row_state *st)
{
    cJSON *j = cJSON_CreateObject(), *missing = NULL;

    cJSON_AddStringToObject(j, "source", st->source);
    cJSON_AddNumberToObject(j, "samples", (double)st->samples);
    for (int f = 0; f < CB_STATE_FIELDS; f++) {
        cJSON *r;

        if (!(st->present & (1u << f)))
            continue;
        r = cJSON_AddObjectToObject(j, field_names[f]);
        cJSON_AddNumberToObject(r, "min", st->range[f].min);
        cJSON_AddNumberToObject(r, "median", st->range[f].median);
        cJSON_AddNumberToObject(r, "max", st->range[f].max);
    }
    if (st->reasons_known) {
        cJSON *names = cJSON_AddArrayToObject(j, "throttle_reasons");

        for (unsigned bit = 0; bit < 64; bit++)
            if ((st->reasons >> bit) & 1u) {
                const char *name = cb_throttle_reason_name(bit);
                char other[32];

                if (name == NULL) {
                    snprintf(other, sizeof other, "bit_%u", bit);
                    name = other;
                }
                cJSON_AddItemToArray(names, cJSON_CreateString(name));
            }
        cJSON_AddBoolToObject(j, "throttled", st->throttled);
    }
    if (st->present & (1u << CB_STATE_SM_CLOCK)) {
        cJSON_AddNumberToObject(j, "clock_moved_pct", st->clock_moved_pct);
        cJSON_AddBoolToObject(j, "clock_moved", st->clock_moved);
    }
    if (st->discarded >= 0)
        cJSON_AddNumberToObject(j, "discarded_samples", (double)st->discarded);
    if (st->note[0] != '\0')
        cJSON_AddStringToObject(j, "note", st->note);
    for (int f = 0; f < CB_STATE_FIELDS; f++)
        if (st->missing[f][0] != '\0') {
            if (missing == NULL)
                missing = cJSON_AddObjectToObject(j, "missing");
            cJSON_AddStringToObject(missing, field_names[f], st->missing[f]);
        }
    return j;
}

static cJSON *energy_json(const struct cb_row_energy *e)
{
    cJSON *j = cJSON_CreateObject();

    cJSON_AddStringToObject(j, "source", e->source);
    cJSON_AddNumberToObject(j, "joules_per_launch", e->joules_per_launch);
    if (e->gflops_per_joule > 0)
        cJSON_AddNumberToObject(j, "gflops_per_joule", e->gflops_per_joule);
    if (e->gb_per_joule > 0)
        cJSON_AddNumberToObject(j, "gb_per_joule", e->gb_per_joule);
    cJSON_AddNumberToObject(j, "window_ms", e->window_ms);
    cJSON_AddNumberToObject(j, "joules", e->joules);
    cJSON_AddNumberToObject(j, "launches", (double)e->launches);
    cJSON_AddNumberToObject(j, "min_window_ms", e->min_window_ms);
    cJSON_AddBoolToObject(j, "min_time_extended", e->extended);
    if (e->approximate)
        cJSON_AddBoolToObject(j, "approximate", 1);
    if (e->rising)
        cJSON_AddBoolToObject(j, "rising", 1);
    else if (e->error_pct > 0)
        cJSON_AddNumberToObject(j, "error_pct", e->error_pct);
    if (e->power_readings > 0)
        cJSON_AddNumberToObject(j, "power_readings", (double)e->power_readings);
    if (e->power_joules > 0)
        cJSON_AddNumberToObject(j, "power_joules", e->power_joules);
    return j;
}

void cb_row_state_json(cJSON *j, const struct cb_row *row)
{
    if (!cb_status_measured(row->status))
        return;
    if (row->state.source != NULL)
        cJSON_AddItemToObject(j, "device_state", state_json(&row->state));
    if (row->energy.source != NULL)
        cJSON_AddItemToObject(j, "energy", energy_json(&row->energy));
    else if (row->energy.absent[0] != '\0')
        cJSON_AddStringToObject(j, "energy_absent", row->energy.absent);
}

static double num(const cJSON *j, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(j, key);

    return cJSON_IsNumber(v) ? v->valuedouble : 0.0;
}

static void copy(char *dst, size_t len, const cJSON *j, const char *key)
{
    const char *v = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(j, key));

    snprintf(dst, len, "%s", v != NULL ? v : "");
}

static void restore_state(struct cb_row_state *st, const cJSON *j)
{
    const cJSON *reasons = cJSON_GetObjectItemCaseSensitive(j, "throttle_reasons");
    const cJSON *missing = cJSON_GetObjectItemCaseSensitive(j, "missing");
    const cJSON *discarded = cJSON_GetObjectItemCaseSensitive(j, "discarded_samples");
    const cJSON *item;

    st->source =
        source_literal(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(j, "source")));
    if (st->source == NULL)
        return;
    st->samples = (size_t)num(j, "samples");
    for (int f = 0; f < CB_STATE_FIELDS; f++) {
        const cJSON *r = cJSON_GetObjectItemCaseSensitive(j, field_names[f]);

        if (cJSON_IsObject(r)) {
            st->present |= 1u << f;
            st->range[f].min = num(r, "min");
            st->range[f].median = num(r, "median");
            st->range[f].max = num(r, "max");
        }
        copy(st->missing[f], sizeof st->missing[f], missing, field_names[f]);
    }
    st->reasons_known = cJSON_IsArray(reasons);
    cJSON_ArrayForEach(item, reasons)
    {
        for (unsigned bit = 0; bit < 64 && cJSON_IsString(item); bit++)
            if (cb_throttle_reason_name(bit) != NULL &&
                strcmp(cb_throttle_reason_name(bit), item->valuestring) == 0)
                st->reasons |= 1ULL << bit;
    }
    st->throttled = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(j, "throttled"));
    st->clock_moved_pct = num(j, "clock_moved_pct");
    st->clock_moved = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(j, "clock_moved"));
    st->discarded = cJSON_IsNumber(discarded) ? (long)discarded->valuedouble : -1;
    copy(st->note, sizeof st->note, j, "note");
}

static void restore_energy(struct cb_row_energy *e, const cJSON *j)
{
    e->source = source_literal(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(j, "source")));
    if (e->source == NULL)
        return;
    e->joules_per_launch = num(j, "joules_per_launch");
    e->gflops_per_joule = num(j, "gflops_per_joule");
    e->gb_per_joule = num(j, "gb_per_joule");
    e->window_ms = num(j, "window_ms");
    e->joules = num(j, "joules");
    e->launches = (size_t)num(j, "launches");
    e->min_window_ms = num(j, "min_window_ms");
    e->extended = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(j, "min_time_extended"));
    e->error_pct = num(j, "error_pct");
    e->approximate = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(j, "approximate"));
    e->rising = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(j, "rising"));
    e->power_readings = (size_t)num(j, "power_readings");
    e->power_joules = num(j, "power_joules");
}

void cb_row_state_restore(struct cb_row *row, const cJSON *j)
{
    memset(&row->state, 0, sizeof row->state);
    memset(&row->energy, 0, sizeof row->energy);
    row->state.discarded = -1;
    restore_state(&row->state, cJSON_GetObjectItemCaseSensitive(j, "device_state"));
    restore_energy(&row->energy, cJSON_GetObjectItemCaseSensitive(j, "energy"));
    copy(row->energy.absent, sizeof row->energy.absent, j, "energy_absent");
}

void cb_device_state_json(cJSON *j, const struct cb_device *d)
{
    const char *const names[] = {"nvml", "rapl", "cpufreq"};
    const char *const values[] = {d->state_nvml, d->state_rapl, d->state_cpufreq};
    cJSON *state = NULL;

    for (size_t i = 0; i < 3; i++)
        if (values[i][0] != '\0') {
            if (state == NULL)
                state = cJSON_AddObjectToObject(j, "state_source");
            cJSON_AddStringToObject(state, names[i], values[i]);
        }
}

void cb_device_state_restore(struct cb_device *d, const cJSON *j)
{
    copy(d->state_nvml, sizeof d->state_nvml, j, "nvml");
    copy(d->state_rapl, sizeof d->state_rapl, j, "rapl");
    copy(d->state_cpufreq, sizeof d->state_cpufreq, j, "cpufreq");
}
