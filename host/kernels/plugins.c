/* The C plug-ins kernels' manifests name (plugin.h): one row each. */
#include "clbench/plugin.h"

#include <stdio.h>
#include <string.h>

static const struct cb_plugin plugins[] = {
    /* Split-K: a second launch sums the slices, and whether to split depends on the shape. */
    {.name = "matmul_fast",
     .contract = "matmul",
     .sizes = "M N K",
     .params = "TSM TSN TSK WPTM WPTN VWM VWN PAD KSPLIT",
     .plan = cb_plan_matmul_fast},
    /* Output element i is input element i (copy_ilp; transpose_copy, the ladder's ceiling). */
    {.name = "host_copy", .reference = cb_ref_copy},
    {.name = "host_vadd", .reference = cb_ref_vadd},
    {.name = "host_transpose", .reference = cb_ref_transpose},
    /* Each element of C sums K products: the tolerance and the cost of a check grow with K. */
    {.name = "host_matmul",
     .reference = cb_ref_matmul,
     .sums_dim = 3,
     .reference_many = cb_ref_matmul_many},
};

const struct cb_plugin *cb_plugin_find(const char *s, size_t len)
{
    for (size_t i = 0; i < sizeof plugins / sizeof plugins[0]; i++)
        if (strlen(plugins[i].name) == len && strncmp(plugins[i].name, s, len) == 0)
            return &plugins[i];
    return NULL;
}

const char *cb_plugin_names(int plans, char *buf, size_t len)
{
    size_t used = 0;

    buf[0] = '\0';
    for (size_t i = 0; i < sizeof plugins / sizeof plugins[0] && used < len; i++)
        if ((plugins[i].plan != NULL) == (plans != 0)) {
            const int n =
                snprintf(buf + used, len - used, "%s%s", used > 0 ? ", " : "", plugins[i].name);

            used += n > 0 ? (size_t)n : 0;
        }
    return buf;
}
