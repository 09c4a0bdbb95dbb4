/* The kernel registry: one row per kernel.  A row's name is the __kernel function in
 * cl/<family>.cl and the value of --kernel.  Plan and reference functions live in
 * host/kernels/<family>.c (declared in include/clbench/families.h).
 *
 * Adding a kernel: write it in cl/<family>.cl, its plan/reference in host/kernels/<family>.c
 * (or reuse the family's), and add one row here.  Tests pick it up by themselves.
 */
#include "clbench/families.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define WGS_PARAM                                                                                  \
    {                                                                                              \
        "WGS", 256, "1..1024", "work-group size"                                                   \
    }

const struct cb_kernel cb_kernels[] = {
    {.name = "vadd",
     .family = "vadd",
     .experiment = "004 vecAdd: one element per work-item, no local memory",
     .summary = "c = a + b, one element per work-item",
     .dims = 1,
     .default_size_cpu = {1 << 24},
     .default_size_gpu = {1 << 26},
     .params = {WGS_PARAM},
     .inputs = 2,
     .metric = CB_METRIC_GBS,
     .baseline = "vadd",
     .plan = cb_plan_vadd,
     .reference = cb_ref_vadd},
    {.name = "vadd_local",
     .family = "vadd",
     .experiment = "004 vecAddLocal: the same add staged through local memory with barriers",
     .summary = "c = a + b through local memory (the seed's pointless staging)",
     .dims = 1,
     .default_size_cpu = {1 << 24},
     .default_size_gpu = {1 << 26},
     .params = {WGS_PARAM},
     .inputs = 2,
     .metric = CB_METRIC_GBS,
     .baseline = "vadd",
     .twin = "vadd",
     .plan = cb_plan_vadd_local,
     .reference = cb_ref_vadd},
};
const size_t cb_kernel_count = sizeof cb_kernels / sizeof cb_kernels[0];

const struct cb_kernel *cb_kernel_find(const char *name)
{
    for (size_t i = 0; i < cb_kernel_count; i++)
        if (strcmp(cb_kernels[i].name, name) == 0)
            return &cb_kernels[i];
    return NULL;
}

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

static size_t edit_distance(const char *a, const char *b)
{
    size_t row[64];
    const size_t lb = strlen(b);

    if (lb >= sizeof row / sizeof row[0])
        return SIZE_MAX;
    for (size_t j = 0; j <= lb; j++)
        row[j] = j;
    for (size_t i = 1; a[i - 1] != '\0'; i++) {
        size_t diag = row[0];

        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            const size_t up = row[j];
            const size_t sub = diag + (a[i - 1] != b[j - 1]);
            const size_t del = up + 1, ins = row[j - 1] + 1;

            row[j] = sub < del ? (sub < ins ? sub : ins) : (del < ins ? del : ins);
            diag = up;
        }
    }
    return row[lb];
}

const char *cb_kernel_closest(const char *name)
{
    const char *best = NULL;
    size_t best_distance = SIZE_MAX;

    for (size_t i = 0; i < cb_kernel_count; i++) {
        /* A prefix ("matmul") or a substring is the likeliest intent. */
        const size_t d =
            strstr(cb_kernels[i].name, name) != NULL ? 0 : edit_distance(name, cb_kernels[i].name);

        if (d < best_distance) {
            best_distance = d;
            best = cb_kernels[i].name;
        }
    }
    return best_distance <= 1 + strlen(name) / 2 ? best : NULL;
}

size_t cb_mul_size(size_t a, size_t b)
{
    return (a != 0 && b > SIZE_MAX / a) ? 0 : a * b;
}

size_t cb_round_up(size_t n, size_t m)
{
    const size_t r = n % m;

    return r == 0 ? n : (n > SIZE_MAX - (m - r) ? 0 : n + (m - r));
}
