/* A kernel's -D parameters: finding one by name, its defaults, its allowed values; see
 * kernel.h.  Apart from the registry, so that the families' plans, which read parameters by
 * name, do not depend on the registry that lists them. */
#include "clbench/kernel.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

unsigned cb_kernel_param_count(const struct cb_kernel *k)
{
    unsigned n = 0;

    while (n < CB_MAX_PARAMS && k->params[n].name != NULL)
        n++;
    return n;
}

int cb_kernel_param_index(const struct cb_kernel *k, const char *name)
{
    const unsigned count = cb_kernel_param_count(k);

    for (unsigned i = 0; i < count; i++)
        if (strcmp(k->params[i].name, name) == 0)
            return (int)i;
    return -1;
}

const long *cb_param_default(const struct cb_kernel *k, unsigned i, int cpu)
{
    return cpu && k->def_cpu[i] != 0 ? &k->def_cpu[i] : &k->params[i].def;
}

long cb_param(const struct cb_problem *p, const char *name)
{
    const int i = cb_kernel_param_index(p->kernel, name);

    return i >= 0 ? p->param[i] : 0;
}

size_t cb_real_size(const struct cb_problem *p)
{
    return cb_elem_info(p->real)->size;
}

int cb_kernel_takes(const struct cb_kernel *k, enum cb_elem_type t)
{
    return k->types == 0 ? t == CB_ELEM_FLOAT : (k->types >> t) & 1u;
}

int cb_refuse(const char *reason, char *why, size_t len)
{
    if (reason == NULL)
        return 0;
    snprintf(why, len, "%s", reason);
    return -1;
}

int cb_param_allows(const struct cb_param *param, long value)
{
    const char *s = param->allowed;
    const char *range = strstr(s, "..");

    if (range != NULL)
        return value >= strtol(s, NULL, 10) && value <= strtol(range + 2, NULL, 10);
    while (*s != '\0') {
        char *end;
        const long v = strtol(s, &end, 10);

        if (end == s)
            break;
        if (v == value)
            return 1;
        s = *end == ',' ? end + 1 : end;
    }
    return 0;
}
