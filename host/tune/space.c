/* The parameter space of a kernel; see tune.h. */
#include "clbench/tune.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void add_value(struct cb_space *s, unsigned d, long v)
{
    unsigned i = 0;

    while (i < s->count[d] && s->values[d][i] < v)
        i++;
    if ((i < s->count[d] && s->values[d][i] == v) || s->count[d] == CB_SPACE_MAX_VALUES)
        return;
    memmove(&s->values[d][i + 1], &s->values[d][i], (s->count[d] - i) * sizeof(long));
    s->values[d][i] = v;
    s->count[d]++;
}

/* "8,16,32" as written; "lo..hi" as lo, the powers of two strictly inside, hi. */
static void add_allowed(struct cb_space *s, unsigned d, const char *allowed)
{
    const char *dots = strstr(allowed, "..");

    if (dots != NULL) {
        const long lo = strtol(allowed, NULL, 10), hi = strtol(dots + 2, NULL, 10);

        add_value(s, d, lo);
        for (long p = 1; p < hi && p > 0; p *= 2)
            if (p > lo)
                add_value(s, d, p);
        add_value(s, d, hi);
        return;
    }
    for (const char *p = allowed; *p != '\0';) {
        char *end;
        const long v = strtol(p, &end, 10);

        if (end == p)
            break;
        add_value(s, d, v);
        p = *end == ',' ? end + 1 : end;
    }
}

int cb_space_build(struct cb_space *s, const struct cb_kernel *k, const struct cb_define *defines,
                   size_t define_count, char *why)
{
    memset(s, 0, sizeof *s);
    s->dims = cb_kernel_param_count(k);
    if (s->dims == 0) {
        snprintf(why, CB_WHY_LEN, "%s has no -D parameter to tune (see --list-kernels)", k->name);
        return -1;
    }
    s->total = 1;
    for (unsigned d = 0; d < s->dims; d++) {
        const struct cb_define *given = NULL;

        s->names[d] = k->params[d].name;
        for (size_t i = 0; i < define_count; i++)
            if (strcmp(defines[i].name, k->params[d].name) == 0)
                given = &defines[i];
        if (given != NULL) {
            for (unsigned i = 0; i < given->count; i++)
                add_value(s, d, given->values[i]);
        } else {
            add_allowed(s, d, k->params[d].allowed);
            add_value(s, d, *cb_param_default(k, d, 0));
            add_value(s, d, *cb_param_default(k, d, 1));
        }
        s->total *= s->count[d];
    }
    return 0;
}

void cb_space_add_point(struct cb_space *s, const struct cb_kernel *k, const long values[],
                        const struct cb_define *defines, size_t define_count)
{
    s->total = 1;
    for (unsigned i = 0; i < s->dims; i++) {
        int given = 0;

        for (size_t j = 0; j < define_count; j++)
            given |= strcmp(defines[j].name, k->params[i].name) == 0;
        if (!given)
            add_value(s, i, values[i]);
        s->total *= s->count[i];
    }
}

void cb_space_point(const struct cb_space *s, uint64_t index, unsigned digit[CB_MAX_PARAMS])
{
    for (unsigned d = s->dims; d-- > 0;) {
        digit[d] = (unsigned)(index % s->count[d]);
        index /= s->count[d];
    }
}

uint64_t cb_space_index(const struct cb_space *s, const unsigned digit[CB_MAX_PARAMS])
{
    uint64_t index = 0;

    for (unsigned d = 0; d < s->dims; d++)
        index = index * s->count[d] + digit[d];
    return index;
}
