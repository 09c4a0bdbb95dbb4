/* Defaults computed from the device; see device_defaults.h. */
#include "clbench/device_defaults.h"

#include "clbench/parse.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* 1 if `hay` contains `needle`, ignoring case: vendors spell themselves "NVIDIA Corporation",
 * "Advanced Micro Devices, Inc.", "AuthenticAMD", "GenuineIntel", "Intel(R) Corporation". */
static const char *const not_reported = "the device does not report it";

size_t cb_device_vars(const struct cb_device *d, struct cb_expr_var vars[CB_DEVICE_VARS])
{
    static const struct {
        const char *name;
        enum cb_device_prop prop; /* CB_PROP_COUNT: always known (type, vendor) */
    } table[CB_DEVICE_VARS] = {
        {"native_vector_width_float", CB_PROP_NATIVE_VECTOR_WIDTH_FLOAT},
        {"preferred_vector_width_float", CB_PROP_PREFERRED_VECTOR_WIDTH_FLOAT},
        {"compute_units", CB_PROP_COMPUTE_UNITS},
        {"local_mem_bytes", CB_PROP_LOCAL_MEM_BYTES},
        {"max_work_group_size", CB_PROP_MAX_WORK_GROUP_SIZE},
        {"max_work_item_size0", CB_PROP_MAX_WORK_ITEM_SIZES},
        {"max_work_item_size1", CB_PROP_MAX_WORK_ITEM_SIZES},
        {"max_work_item_size2", CB_PROP_MAX_WORK_ITEM_SIZES},
        {"is_gpu", CB_PROP_COUNT},
        {"is_cpu", CB_PROP_COUNT},
        {"vendor_is_nvidia", CB_PROP_COUNT},
        {"vendor_is_amd", CB_PROP_COUNT},
        {"vendor_is_intel", CB_PROP_COUNT},
    };

    for (size_t i = 0; i < CB_DEVICE_VARS; i++) {
        vars[i].name = table[i].name;
        vars[i].value = 0;
        vars[i].missing = d == NULL ? "no device to read it from" : NULL;
        if (d != NULL && table[i].prop != CB_PROP_COUNT &&
            (d->unreported & (1u << table[i].prop)) != 0)
            vars[i].missing = not_reported;
    }
    if (d == NULL)
        return CB_DEVICE_VARS;
    vars[0].value = d->native_vector_width_float;
    vars[1].value = d->preferred_vector_width_float;
    vars[2].value = d->compute_units;
    vars[3].value = (long long)d->local_mem_bytes;
    vars[4].value = (long long)d->max_work_group_size;
    for (int i = 0; i < 3; i++)
        vars[5 + i].value = (long long)d->max_work_item_sizes[i];
    vars[8].value = (d->type & CL_DEVICE_TYPE_GPU) != 0;
    vars[9].value = (d->type & CL_DEVICE_TYPE_CPU) != 0;
    vars[10].value = cb_contains_nocase(d->vendor, "nvidia");
    vars[11].value =
        cb_contains_nocase(d->vendor, "amd") || cb_contains_nocase(d->vendor, "advanced micro");
    vars[12].value = cb_contains_nocase(d->vendor, "intel");
    return CB_DEVICE_VARS;
}

long cb_param_nearest_allowed(const struct cb_param *param, long v)
{
    const char *s = param->allowed;
    const char *range = strstr(s, "..");
    long best = 0;
    int found = 0;

    if (range != NULL) {
        const long lo = strtol(s, NULL, 10), hi = strtol(range + 2, NULL, 10);

        return v < lo ? lo : v > hi ? hi : v;
    }
    while (*s != '\0') {
        char *end;
        const long a = strtol(s, &end, 10);

        if (end == s)
            break;
        /* Distances as unsigned: |v - a| of two longs does not overflow there. */
        if (!found || (unsigned long)labs(v - a) < (unsigned long)labs(v - best) ||
            ((unsigned long)labs(v - a) == (unsigned long)labs(v - best) && a < best))
            best = a;
        found = 1;
        s = *end == ',' ? end + 1 : end;
    }
    return best;
}

static int has_cpu_set(const struct cb_kernel *k)
{
    for (unsigned i = 0; i < CB_MAX_PARAMS; i++)
        if (k->def_cpu[i] != 0)
            return 1;
    return 0;
}

/* Appends "; "-separated text to note, truncating. */
static void add_note(char *note, size_t len, const char *text)
{
    const size_t used = strlen(note);

    if (used + 1 < len)
        snprintf(note + used, len - used, "%s%s", used > 0 ? "; " : "", text);
}

size_t cb_default_vars(const struct cb_kernel *k, const struct cb_device *d,
                       const struct cb_problem *p, struct cb_expr_var vars[CB_DEFAULT_VARS])
{
    static const char *const no_row = "no row to read it from";
    size_t n = cb_device_vars(d, vars);

    vars[n++] = (struct cb_expr_var){"REAL_SIZE",
                                     p == NULL       ? 0
                                     : k->types == 0 ? 4
                                                     : (long long)cb_real_size(p),
                                     p == NULL ? no_row : NULL};
    for (unsigned i = 0; i < k->dims && i < CB_MAX_DIMS && k->dim_names[i] != NULL; i++)
        vars[n++] = (struct cb_expr_var){k->dim_names[i], p == NULL ? 0 : (long long)p->size[i],
                                         p == NULL ? no_row : NULL};
    return n;
}

const char *cb_param_defaults(const struct cb_problem *p, const struct cb_device *d,
                              long values[CB_MAX_PARAMS], char *note, size_t len)
{
    const struct cb_kernel *k = p->kernel;
    const unsigned count = cb_kernel_param_count(k);
    const int cpu = d != NULL && (d->type & CL_DEVICE_TYPE_CPU) != 0;
    struct cb_expr_var vars[CB_DEFAULT_VARS];
    size_t nvars = 0;
    int decided = 0;

    if (len > 0)
        note[0] = '\0';
    if (d != NULL)
        nvars = cb_default_vars(k, d, p, vars);
    for (unsigned i = 0; i < count; i++) {
        const struct cb_param *param = &k->params[i];
        struct cb_expr_error err;
        long long v;
        char text[CB_PARAMS_NOTE_LEN];

        values[i] = cpu && k->def_cpu[i] != 0 ? k->def_cpu[i] : param->def;
        if (param->device_def == NULL || d == NULL)
            continue;
        if (cb_expr_eval(param->device_def, vars, nvars, &v, &err) != 0) {
            snprintf(text, sizeof text, "%s: device default (%s) failed at column %u: %s; %ld used",
                     param->name, param->device_def, err.column, err.message, values[i]);
            add_note(note, len, text);
            continue;
        }
        decided = 1;
        if (v < -2147483647LL || v > 2147483647LL || !cb_param_allows(param, (long)v)) {
            const long near = cb_param_nearest_allowed(param, v < -2147483647LL  ? -2147483647L
                                                              : v > 2147483647LL ? 2147483647L
                                                                                 : (long)v);

            snprintf(text, sizeof text, "%s: device default %lld is not in %s; nearest %ld used",
                     param->name, v, param->allowed, near);
            add_note(note, len, text);
            v = near;
        }
        values[i] = (long)v;
    }
    return decided ? "device default" : cpu && has_cpu_set(k) ? "cpu default" : "default";
}

int cb_param_follows_size(const struct cb_kernel *k, unsigned i)
{
    struct cb_expr_var vars[CB_DEFAULT_VARS];
    struct cb_expr_error err;

    if (k->params[i].device_def == NULL)
        return 0;
    cb_default_vars(k, NULL, NULL, vars);
    /* Without the size variables, which come last, an expression that names one fails. */
    return cb_expr_check(k->params[i].device_def, vars, CB_DEVICE_VARS + 1, &err) != 0;
}
