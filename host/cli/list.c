/* --list-kernels, printed from the registry: the built-in table and the loaded kernel files. */
#include "clbench/list.h"

#include "clbench/device.h"
#include "clbench/device_defaults.h"
#include "clbench/kernel.h"
#include "clbench/rows.h"
#include "clbench/runfile.h"

#include <string.h>

static const char *size_text(const struct cb_kernel *k)
{
    if (k->size_names != NULL)
        return k->size_names; /* a kernel file's `dims` names */
    return k->dims == 3 ? "MxNxK" : k->dims == 2 ? "WxH" : "N";
}

/* "2048 (cpu) / 8192 (gpu) per dimension", or each dimension where they differ: a kernel
 * file's `size cpu 1024x512 gpu 4096`. */
/* One size, "1024" when every dimension is that, else "1024x512". */
static void print_size(FILE *out, const struct cb_kernel *k, const size_t *size)
{
    int square = 1;

    for (unsigned d = 1; d < k->dims; d++)
        square &= size[d] == size[0];
    for (unsigned d = 0; d < (square ? 1 : k->dims); d++)
        fprintf(out, "%s%zu", d ? "x" : "", size[d]);
}

static void print_default_sizes(FILE *out, const struct cb_kernel *k)
{
    print_size(out, k, k->default_size_cpu);
    fputs(" (cpu) / ", out);
    print_size(out, k, k->default_size_gpu);
    fputs(" (gpu) / ", out);
    print_size(out, k, k->default_size_shared[0] ? k->default_size_shared : k->default_size_cpu);
    fputs(" (several devices)", out);
}

/* "on 0:0 NAME (float, 1024x1024x1024): TILE=8 RX=4 (device default); note" for each device
 * and each --type, at the first --size or else the kernel's default size on that device. */
static void print_resolved(FILE *out, const struct cb_kernel *k, struct cb_device *const *devices,
                           size_t count, const struct cb_config *cfg)
{
    for (size_t i = 0; i < count; i++)
        for (unsigned ti = 0; ti < cfg->session.rows.real_type_count; ti++) {
            long values[CB_MAX_PARAMS];
            char note[CB_PARAMS_NOTE_LEN], id[32];
            struct cb_problem p;
            const char *from;

            memset(&p, 0, sizeof p);
            p.kernel = k;
            cb_elem_find(cfg->session.rows.real_types[ti], strlen(cfg->session.rows.real_types[ti]),
                         &p.real);
            if (cfg->session.rows.size_count > 0)
                cb_size_apply(k, &cfg->session.rows.sizes[0], p.size);
            else
                memcpy(p.size, cb_default_size(k, devices[i]), sizeof p.size);
            from = cb_param_defaults(&p, devices[i], values, note, sizeof note);
            cb_device_id_string(devices[i], id, sizeof id);
            fprintf(out, "  %-18s on %s %s (%s, ", "", id, devices[i]->name,
                    k->types == 0 ? "generic contract" : cfg->session.rows.real_types[ti]);
            print_size(out, k, p.size);
            fputs("):", out);
            for (unsigned q = 0; q < cb_kernel_param_count(k); q++)
                fprintf(out, " %s=%ld", k->params[q].name, values[q]);
            fprintf(out, " (%s)%s%s\n", from, note[0] ? "; " : "", note);
            if (k->types == 0)
                break; /* one line: its defaults see REAL_SIZE 4 whatever --type says */
        }
}

void cb_kernels_print(FILE *out, struct cb_device *const *devices, size_t count,
                      const struct cb_config *cfg)
{
    const char *family = "", *source = NULL;

    for (size_t i = 0; i < cb_kernel_total(); i++) {
        const struct cb_kernel *k = cb_kernel_at(i);
        const unsigned nparams = cb_kernel_param_count(k);

        /* User kernels (--kernel-file) are headed by the file they came from. */
        if (strcmp(family, k->family) != 0 || source != k->source_path) {
            family = k->family;
            source = k->source_path;
            if (source != NULL)
                fprintf(out, "%sfamily %s (user kernels from %s)\n", i ? "\n" : "", family, source);
            else
                fprintf(out, "%sfamily %s (cl/%s.cl)\n", i ? "\n" : "", family, family);
        }
        fprintf(out, "  %-18s %s\n", k->name, k->summary);
        fprintf(out, "  %-18s reproduces: %s\n", "", k->experiment);
        fprintf(out, "  %-18s size %s, default ", "", size_text(k));
        print_default_sizes(out, k);
        fprintf(out, "; reports %s\n", cb_metric_unit(k->metric));
        for (unsigned p = 0; p < nparams; p++) {
            const struct cb_param *param = &k->params[p];

            fprintf(out, "  %-18s -D %s=%ld", "", param->name, param->def);
            if (k->def_cpu[p] != 0)
                fprintf(out, " (cpu: %ld)", k->def_cpu[p]); /* see struct cb_kernel */
            if (param->device_def != NULL)
                fprintf(out, " (device: %s)", param->device_def);
            fprintf(out, "  (%s)%s%s\n", param->allowed, param->help[0] ? " " : "", param->help);
        }
        if (nparams > 0)
            print_resolved(out, k, devices, count, cfg);
        if (k->requires != NULL)
            fprintf(out, "  %-18s not available in this build: %s\n", "", k->requires);
    }
}
