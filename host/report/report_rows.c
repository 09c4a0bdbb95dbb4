/* The report's rows as every view prints them: their order and their cells. */
#include "clbench/report_rows.h"

#include "clbench/kernel.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t cb_report_kernel_rank(const char *kernel)
{
    const struct cb_kernel *k = cb_report_kernel(kernel); /* a double row beside its float */

    for (size_t i = 0; k != NULL && i < cb_kernel_total(); i++)
        if (cb_kernel_at(i) == k)
            return i;
    return cb_kernel_total();
}

/* "ILP=2 VEC=4" before "ILP=16 VEC=1": values compare as numbers, so a sweep reads as a curve. */
static int params_order(const char *a, const char *b)
{
    while (*a != '\0' && *b != '\0') {
        const size_t na = strcspn(a, "="), nb = strcspn(b, "=");
        char *ea, *eb;
        long va, vb;
        int c = strncmp(a, b, na < nb ? na : nb);

        if (c != 0 || na != nb)
            return c != 0 ? c : (na < nb ? -1 : 1);
        va = strtol(a + na + 1, &ea, 10);
        vb = strtol(b + nb + 1, &eb, 10);
        if (va != vb)
            return va < vb ? -1 : 1;
        a = ea + (*ea == ' ');
        b = eb + (*eb == ' ');
    }
    return (*a != '\0') - (*b != '\0');
}

int cb_report_row_order(const struct cb_rrow *a, const struct cb_rrow *b)
{
    const size_t ka = cb_report_kernel_rank(a->kernel), kb = cb_report_kernel_rank(b->kernel);
    int c;

    if (a->size_product != b->size_product)
        return a->size_product < b->size_product ? -1 : 1;
    if ((c = strcmp(a->size, b->size)) != 0)
        return c;
    if (ka != kb)
        return ka < kb ? -1 : 1;
    if ((c = strcmp(a->kernel, b->kernel)) != 0)
        return c;
    return params_order(a->params, b->params);
}

void cb_report_fmt(char *buf, size_t len, double v)
{
    /* 0: no work model (a generic kernel without `flops` or `bytes`), so no throughput. */
    if (v <= 0)
        snprintf(buf, len, "-");
    else
        snprintf(buf, len, v >= 100 ? "%.0f" : v >= 10 ? "%.1f" : "%.3g", v);
}

void cb_report_set_ms(struct cb_grid *g, size_t row, size_t col, const struct cb_rrow *x)
{
    if (x == NULL)
        cb_grid_set(g, row, col, "-");
    else if (!x->ok)
        cb_grid_set(g, row, col, "failed");
    else
        cb_grid_set(g, row, col, "%.4g", x->median_ms);
}
