/* The hooks a manifest's `plan NAME` line may name: each family's table, searched in turn. */
#include "clbench/families.h"

#include <string.h>

const struct cb_hook *cb_hook_find(const char *s, size_t len)
{
    static const struct cb_hook *const families[] = {cb_vadd_hooks, cb_transpose_hooks,
                                                     cb_copy_hooks, cb_matmul_hooks};

    for (size_t f = 0; f < sizeof families / sizeof families[0]; f++)
        for (const struct cb_hook *h = families[f]; h->name != NULL; h++)
            if (strlen(h->name) == len && strncmp(h->name, s, len) == 0)
                return h;
    return NULL;
}
