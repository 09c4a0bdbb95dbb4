/* The run file's fields of "why" (kernel_info.h, explain.h): per row the kernel's resources
 * with a reason for every value the driver did not give, its occupancy, its roofline bound
 * and its launch-overhead ratio.  Meanings in results/README.md. */
#include "clbench/runfile.h"

#include "clbench/explain.h"

#include <stdio.h>
#include <string.h>

cJSON *cb_kernel_info_json(const struct cb_kernel_info *ki)
{
    cJSON *j = cJSON_CreateObject(), *missing = NULL;

    for (int f = 0; f < CB_KI_COUNT; f++) {
        const char *name = cb_kinfo_name((enum cb_kinfo_field)f);

        if (ki->value[f] >= 0) {
            cJSON_AddNumberToObject(j, name, (double)ki->value[f]);
            continue;
        }
        cJSON_AddNullToObject(j, name);
        if (missing == NULL)
            missing = cJSON_CreateObject();
        cJSON_AddStringToObject(missing, name, ki->why[f]);
    }
    if (missing != NULL)
        cJSON_AddItemToObject(j, "unavailable", missing);
    if (ki->verbose_lines[0] != '\0')
        cJSON_AddStringToObject(j, "ptxas", ki->verbose_lines);
    return j;
}

void cb_kernel_info_restore(struct cb_kernel_info *ki, const cJSON *j)
{
    const cJSON *missing = cJSON_GetObjectItemCaseSensitive(j, "unavailable");
    const char *ptxas = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(j, "ptxas"));

    memset(ki, 0, sizeof *ki);
    if (!cJSON_IsObject(j))
        return;
    ki->queried = 1;
    for (int f = 0; f < CB_KI_COUNT; f++) {
        const char *name = cb_kinfo_name((enum cb_kinfo_field)f);
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(j, name);
        const char *why = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(missing, name));

        ki->value[f] = cJSON_IsNumber(v) && v->valuedouble >= 0 ? (long long)v->valuedouble : -1;
        if (ki->value[f] < 0)
            snprintf(ki->why[f], sizeof ki->why[f], "%s", why != NULL ? why : "not recorded");
    }
    if (ptxas != NULL)
        snprintf(ki->verbose_lines, sizeof ki->verbose_lines, "%s", ptxas);
}

void cb_explain_json(cJSON *j, const struct cb_row *row)
{
    const struct cb_explain *e = &row->explain;

    if (e->has_occupancy) {
        const struct cb_occupancy *o = &e->occupancy;
        cJSON *occ = cJSON_AddObjectToObject(j, "occupancy");

        cJSON_AddNumberToObject(occ, "groups_per_cu", o->groups_per_sm);
        cJSON_AddNumberToObject(occ, "warps_per_cu", o->warps_per_sm);
        cJSON_AddNumberToObject(occ, "fraction", o->fraction);
        cJSON_AddStringToObject(occ, "limited_by", cb_occ_limiter_name(o->limiter));
        cJSON_AddNumberToObject(occ, "groups_by_warps", o->groups_by[CB_OCC_WARPS]);
        cJSON_AddNumberToObject(occ, "groups_by_groups", o->groups_by[CB_OCC_GROUPS]);
        cJSON_AddNumberToObject(occ, "groups_by_registers", o->groups_by[CB_OCC_REGISTERS]);
        cJSON_AddNumberToObject(occ, "groups_by_local_mem", o->groups_by[CB_OCC_LOCAL_MEM]);
    } else if (e->occupancy_why[0] != '\0') {
        cJSON_AddNullToObject(j, "occupancy");
        cJSON_AddStringToObject(j, "occupancy_unavailable", e->occupancy_why);
    }
    if (e->has_bound) {
        cJSON *b = cJSON_AddObjectToObject(j, "bound");

        cJSON_AddNumberToObject(b, "intensity_flop_per_byte", e->bound.intensity);
        cJSON_AddNumberToObject(b, "ridge_flop_per_byte", e->bound.ridge);
        cJSON_AddStringToObject(b, "roof", e->bound.compute_bound ? "fma" : "bandwidth");
        cJSON_AddNumberToObject(b, "roof_gflops", e->bound.roof_gflops);
        cJSON_AddNumberToObject(b, "fraction_of_roof", e->bound.fraction_of_roof);
    } else if (row->status == CB_STATUS_OK) {
        cJSON_AddNullToObject(j, "bound");
        cJSON_AddStringToObject(j, "bound_unavailable", e->bound_why);
    }
    if (e->launch_ratio > 0) {
        cJSON_AddNumberToObject(j, "launch_overheads", e->launch_ratio);
        cJSON_AddBoolToObject(j, "launch_bound", e->launch_ratio < CB_LAUNCH_BOUND_FACTOR);
    }
}
