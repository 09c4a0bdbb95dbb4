/* The C plug-ins kernels' manifests name (plugin.h): one row each. */
#include "clbench/families.h"
#include "clbench/plugin.h"

#include <stdio.h>
#include <string.h>

static const struct cb_plugin plugins[] = {
    /* Split-K: a second launch sums the slices, and whether to split depends on the shape. */
    {"matmul_fast", "matmul", "TSM TSN TSK WPTM WPTN VWM VWN PAD KSPLIT", cb_plan_matmul_fast,
     NULL},
    /* Output element i is input element i (transpose_copy: the ladder's ceiling). */
    {"host_copy", NULL, NULL, NULL, cb_ref_copy},
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
