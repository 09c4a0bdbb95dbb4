/* libFuzzer harness for kernel manifests (host/kernels/manifest.c) and their expressions
 * (host/kernels/expr.c).  The first byte picks: 'e', the rest is an expression; anything
 * else, the rest is a .cl file's text.  Beyond "does not crash", it checks what each parser
 * promises: a terminated reason with a column on failure; on success, kernels whose plan runs at
 * their defaults, and whose defaults resolved on a made-up device (one property unreported)
 * are allowed values with a terminated note. */
#include "clbench/device_defaults.h"
#include "clbench/expr.h"
#include "clbench/manifest.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void expression(const char *s)
{
    static const struct cb_expr_var vars[] = {
        {"N", 1000, NULL}, {"TILE", 16, NULL}, {"Z", 0, NULL}};
    struct cb_expr_error err;
    long long v;

    if (cb_expr_eval(s, vars, 3, &v, &err) != 0 &&
        (memchr(err.message, '\0', sizeof err.message) == NULL || err.column == 0 ||
         err.column > strlen(s) + 1))
        abort();
    if (cb_expr_check(s, vars, 3, &err) != 0 && err.column == 0)
        abort();
}

static void manifest(const char *text)
{
    struct cb_manifest_file *f;
    char why[CB_MANIFEST_WHY_LEN], note[CB_PARAMS_NOTE_LEN];
    struct cb_device device;

    memset(&device, 0, sizeof device);
    device.type = CL_DEVICE_TYPE_CPU;
    device.native_vector_width_float = 8;
    device.compute_units = 2;
    device.max_work_group_size = 1024;
    device.unreported = 1u << CB_PROP_PREFERRED_VECTOR_WIDTH_FLOAT;
    if (cb_manifest_parse("fuzz.cl", text, &f, why, sizeof why) != 0) {
        if (memchr(why, '\0', sizeof why) == NULL || strncmp(why, "fuzz.cl:", 8) != 0)
            abort();
        return;
    }
    if (f->count == 0)
        abort();
    for (size_t i = 0; i < f->count; i++) {
        const struct cb_kernel *k = f->kernels[i];
        struct cb_problem p;
        char reason[512];

        if (k->name[0] == '\0' || k->plan == NULL || k->family == NULL || k->dims == 0 ||
            k->dims > CB_MAX_DIMS)
            abort();
        memset(&p, 0, sizeof p);
        p.kernel = k;
        memcpy(p.size, k->default_size_cpu, sizeof p.size);
        for (unsigned j = 0; j < cb_kernel_param_count(k); j++)
            p.param[j] = k->params[j].def;
        if (k->plan(&p, reason, sizeof reason) != 0 && memchr(reason, '\0', sizeof reason) == NULL)
            abort();
        cb_param_defaults(&p, &device, p.param, note, sizeof note);
        if (memchr(note, '\0', sizeof note) == NULL)
            abort();
        for (unsigned j = 0; j < cb_kernel_param_count(k); j++)
            if (k->params[j].device_def != NULL && !cb_param_allows(&k->params[j], p.param[j]))
                abort();
    }
    cb_manifest_file_free(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s;

    if (size == 0)
        return 0;
    s = malloc(size);
    if (s == NULL)
        return 0;
    memcpy(s, data + 1, size - 1);
    s[size - 1] = '\0';
    if (data[0] == 'e')
        expression(s);
    else
        manifest(s);
    free(s);
    return 0;
}
