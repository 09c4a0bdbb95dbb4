/* The host side of the matmul family: matmul_fast's plan plug-in (its parameter constraints,
 * NDRange and split-K's second launch), the host reference every matmul row is checked against
 * (host_matmul), and the GEMM library rows' plan.  NDRange dimension 0 walks the columns of C
 * (N), dimension 1 its rows (M); see the banner of cl/matmul.cl. */
#include "clbench/libraries.h"
#include "clbench/plugin.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A library row's buffers and work model (the kernels' are their manifests'). */
static const char *library_buffers(struct cb_problem *p)
{
    const size_t m = p->size[0], n = p->size[1], k = p->size[2];
    const size_t mk = cb_mul_size(m, k), kn = cb_mul_size(k, n), mn = cb_mul_size(m, n);

    if (m == 0 || n == 0 || k == 0)
        return "M, N and K must be at least 1";
    if (mk == 0 || kn == 0 || mn == 0 || mk > CL_INT_MAX || kn > CL_INT_MAX || mn > CL_INT_MAX)
        return "a matrix has 2^31 elements or more: the kernels index with int";
    p->input_elems[0] = mk;
    p->input_elems[1] = kn;
    p->output_elems = mn;
    p->flops = 2.0 * (double)m * (double)n * (double)k;
    p->bytes = cb_real_size(p) * ((double)mk + (double)kn + (double)mn);
    p->reduction_len = (double)k;
    p->ref_cost = (double)k;
    return NULL;
}

/* A 2-D NDRange of work-groups of lx x ly, each covering cols x rows of C. */
static const char *plan_grid(struct cb_problem *p, size_t lx, size_t ly, size_t cols, size_t rows)
{
    size_t groups_x, groups_y;

    groups_x = cb_groups(p->size[1], cols);
    groups_y = cb_groups(p->size[0], rows);
    p->work_dim = 2;
    p->local[0] = lx;
    p->local[1] = ly;
    p->global[0] = cb_mul_size(groups_x, lx);
    p->global[1] = cb_mul_size(groups_y, ly);
    return p->global[0] == 0 || p->global[1] == 0 ? "the NDRange overflows size_t" : NULL;
}

static const char *plan_fast(struct cb_problem *p)
{
    const long tsm = cb_param(p, "TSM"), tsn = cb_param(p, "TSN"), tsk = cb_param(p, "TSK");
    const long wptm = cb_param(p, "WPTM"), wptn = cb_param(p, "WPTN");
    const long vwm = cb_param(p, "VWM"), vwn = cb_param(p, "VWN"), pad = cb_param(p, "PAD");
    long threads;

    /* The kernel's loops assume these divisions are exact; each message names the fix. */
    if (tsm % wptm != 0 || tsn % wptn != 0)
        return "TSM must be a multiple of WPTM and TSN of WPTN (a work-item's block must tile "
               "the work-group's)";
    if (wptm % vwm != 0 || wptn % vwn != 0)
        return "WPTM must be a multiple of VWM and WPTN of VWN (a work-item owns whole vectors)";
    if (tsk % 4 != 0)
        return "TSK must be a multiple of 4 (tiles are loaded as float4 along k)";
    threads = (tsm / wptm) * (tsn / wptn);
    if ((tsm * tsk / 4) % threads != 0 || (tsn * tsk / 4) % threads != 0)
        return "TSM*TSK/4 and TSN*TSK/4 must be multiples of the work-group size "
               "(TSM/WPTM)*(TSN/WPTN): every work-item loads the same number of float4s; "
               "raise TSK or WPTM/WPTN";
    if (pad % vwm != 0 || pad % vwn != 0)
        return "PAD must be a multiple of VWM and VWN (vector reads of local memory stay aligned)";
    p->local_mem_bytes = 2 * (size_t)tsk * (size_t)(tsm + pad + tsn + pad) * cb_real_size(p);
    /* Private: the float4 loads ra[LPTA] and rb[LPTB], acc[WPTM][WPTN], a[WPTM], b[WPTN] and
     * the edge's c[VWN]. */
    p->private_mem_bytes = ((size_t)(tsm + tsn) * (size_t)tsk / (size_t)threads +
                            (size_t)(wptm * wptn) + (size_t)(wptm + wptn + vwn)) *
                           cb_real_size(p);
    return plan_grid(p, (size_t)(tsn / wptn), (size_t)(tsm / wptm), (size_t)tsn, (size_t)tsm);
}

static const char *plan_library(struct cb_problem *p)
{
    const char *why = library_buffers(p);

    p->work_dim = 2;
    p->global[0] = p->size[1];
    p->global[1] = p->size[0];
    return why;
}

/* matmul_fast_sum's work-group (the runner halves it where the kernel allows fewer) and the
 * elements each work-item sums (one float4, as cl/matmul.cl reads them). */
enum { SUM_WGS = 64, SUM_VECTOR = 4 };

/* matmul_fast with KSPLIT > 1 (split-K, for shapes with fewer tiles of C than the device has
 * compute units while K is long): a third NDRange dimension of KSPLIT slices of the k-steps,
 * written into a scratch workspace of KSPLIT matrices of M x N (each rounded up to a multiple
 * of four elements: WSTRIDE in the kernel), which the second launch, matmul_fast_sum, adds up
 * into C.  KSPLIT = 1 is the single launch it always was. */
static int plan_split(struct cb_problem *p, char *why, size_t len)
{
    const long ksplit = cb_param(p, "KSPLIT"), tsk = cb_param(p, "TSK");
    const size_t steps = cb_groups(p->size[2], (size_t)tsk);
    const size_t vectors = cb_groups(cb_mul_size(p->size[0], p->size[1]), SUM_VECTOR);
    const size_t stride = vectors * SUM_VECTOR;

    memset(&p->then, 0, sizeof p->then);
    if (ksplit == 1)
        return 0;
    if (ksplit < 1 || (size_t)ksplit > steps) {
        snprintf(why, len,
                 "KSPLIT=%ld slices of K: K=%zu has %zu k-steps of TSK=%ld, and each slice takes "
                 "one at least: choose KSPLIT from 1 to %zu",
                 ksplit, p->size[2], steps, tsk, steps);
        return -1;
    }
    p->work_dim = 3;
    p->global[2] = (size_t)ksplit;
    p->local[2] = 1;
    p->then.scratch_elems = cb_mul_size(stride, (size_t)ksplit);
    if (p->then.scratch_elems == 0)
        return cb_refuse("KSPLIT slices of M x N overflow size_t", why, len);
    p->then.first_into_scratch = 1;
    p->then.work_dim = 1;
    p->then.global[0] = cb_round_up(vectors, SUM_WGS);
    p->then.local[0] = SUM_WGS;
    /* M and N: the manifest's `require` keeps them within int. */
    p->then.args[0] = (struct cb_then_arg){.kind = CB_THEN_INT, .value = (cl_int)p->size[0]};
    p->then.args[1] = (struct cb_then_arg){.kind = CB_THEN_INT, .value = (cl_int)p->size[1]};
    p->then.args[2] = (struct cb_then_arg){.kind = CB_THEN_SCRATCH};
    p->then.args[3] = (struct cb_then_arg){.kind = CB_THEN_OUTPUT};
    p->then.arg_count = 4;
    return 0;
}

int cb_plan_matmul_fast(struct cb_problem *p, char *why, size_t len)
{
    return cb_refuse(plan_fast(p), why, len) != 0 ? -1 : plan_split(p, why, len);
}

int cb_plan_matmul_library(struct cb_problem *p, char *why, size_t len)
{
    return cb_refuse(plan_library(p), why, len);
}

/* Element i of row-major C = A B, its sum in double.  Float and double inputs are read
 * directly: the reference is a sampled check's whole cost (K terms per element). */
double cb_ref_matmul(const struct cb_problem *p, const void *const in[], size_t i, double *scale)
{
    const size_t n = p->size[1], k = p->size[2];
    const size_t row = i / n, col = i % n;
    double sum = 0.0, mag = 0.0;

    for (size_t j = 0; j < k; j++) {
        const size_t ia = row * k + j, ib = j * n + col;
        const double term = p->real == CB_ELEM_FLOAT ? (double)((const float *)in[0])[ia] *
                                                           (double)((const float *)in[1])[ib]
                            : p->real == CB_ELEM_DOUBLE
                                ? ((const double *)in[0])[ia] * ((const double *)in[1])[ib]
                                : cb_real_get(p->real, in[0], ia) * cb_real_get(p->real, in[1], ib);

        sum += term;
        mag += fabs(term);
    }
    *scale = mag;
    return sum;
}

/* cb_ref_matmul_many copies B by rows into a panel of the sampled columns (at most PANEL_COLS
 * of them, PANEL_K rows at a time: 512 KiB of doubles), so that each sampled element's sum
 * reads two contiguous runs, where a walk down a column of B costs a cache miss a term. */
enum { PANEL_COLS = 256, PANEL_K = 256 };

struct sampled {
    size_t col, at; /* the element's column of C, and its place in index[] */
};

static int by_column(const void *x, const void *y)
{
    const struct sampled *a = x, *b = y;

    if (a->col != b->col)
        return a->col < b->col ? -1 : 1;
    return a->at < b->at ? -1 : a->at > b->at;
}

/* order[] by column of C, the elements of a column in the order of index[]: a counting sort
 * where the columns are few beside the elements (where else the sort costs as much as the
 * sums of a short K), qsort otherwise. */
static void sort_by_column(struct sampled order[], const size_t index[], size_t count, size_t n)
{
    size_t *start = n / 4 <= count ? calloc(n + 1, sizeof *start) : NULL;

    if (start == NULL) {
        for (size_t i = 0; i < count; i++)
            order[i] = (struct sampled){index[i] % n, i};
        qsort(order, count, sizeof *order, by_column);
        return;
    }
    for (size_t i = 0; i < count; i++)
        start[index[i] % n + 1]++;
    for (size_t c = 0; c < n; c++)
        start[c + 1] += start[c];
    for (size_t i = 0; i < count; i++) {
        const size_t col = index[i] % n;

        order[start[col]++] = (struct sampled){col, i};
    }
    free(start);
}

/* panel[t * stride + j - j0] = B[j][cols[t]], j0 <= j < j1, as doubles. */
static void fill_panel(const struct cb_problem *p, const void *b, const size_t cols[], size_t ncols,
                       size_t j0, size_t j1, double *panel, size_t stride)
{
    const size_t n = p->size[1];

    for (size_t j = j0; j < j1; j++) {
        double *to = panel + (j - j0);

        if (p->real == CB_ELEM_FLOAT) {
            const float *row = (const float *)b + j * n;

            for (size_t t = 0; t < ncols; t++)
                to[t * stride] = (double)row[cols[t]];
        } else if (p->real == CB_ELEM_DOUBLE) {
            const double *row = (const double *)b + j * n;

            for (size_t t = 0; t < ncols; t++)
                to[t * stride] = row[cols[t]];
        } else {
            for (size_t t = 0; t < ncols; t++)
                to[t * stride] = cb_real_get(p->real, b, j * n + cols[t]);
        }
    }
}

/* Terms j0 <= j < j1 of the element of C in `row` whose column of B is col (its panel rows
 * j0..j1), added to *sum and *mag in the order of cb_ref_matmul. */
static void add_terms(const struct cb_problem *p, const void *a, size_t row, const double *col,
                      size_t j0, size_t j1, double *sum, double *mag)
{
    const size_t k = p->size[2];
    double s = *sum, g = *mag;

    if (p->real == CB_ELEM_FLOAT) {
        const float *x = (const float *)a + row * k;

        for (size_t j = j0; j < j1; j++) {
            const double term = (double)x[j] * col[j - j0];

            s += term;
            g += fabs(term);
        }
    } else if (p->real == CB_ELEM_DOUBLE) {
        const double *x = (const double *)a + row * k;

        for (size_t j = j0; j < j1; j++) {
            const double term = x[j] * col[j - j0];

            s += term;
            g += fabs(term);
        }
    } else {
        for (size_t j = j0; j < j1; j++) {
            const double term = cb_real_get(p->real, a, row * k + j) * col[j - j0];

            s += term;
            g += fabs(term);
        }
    }
    *sum = s;
    *mag = g;
}

int cb_ref_matmul_many(const struct cb_problem *p, const void *const in[], const size_t index[],
                       size_t count, double want[], double scale[])
{
    const size_t n = p->size[1], k = p->size[2];
    const size_t stride = k < PANEL_K ? k : PANEL_K;
    const size_t most = count < PANEL_COLS ? count : PANEL_COLS;
    struct sampled *order = malloc((count > 0 ? count : 1) * sizeof *order);
    double *panel = malloc((most > 0 ? most : 1) * stride * sizeof *panel);
    size_t cols[PANEL_COLS];

    if (order == NULL || panel == NULL) {
        free(order);
        free(panel);
        return -1;
    }
    for (size_t i = 0; i < count; i++)
        want[i] = scale[i] = 0.0;
    /* The elements of a column together, and its panel filled once for them all. */
    sort_by_column(order, index, count, n);
    for (size_t s0 = 0, s1; s0 < count; s0 = s1) {
        size_t ncols = 0;

        for (s1 = s0; s1 < count; s1++) {
            if (ncols == 0 || order[s1].col != cols[ncols - 1]) {
                if (ncols == PANEL_COLS)
                    break;
                cols[ncols++] = order[s1].col;
            }
        }
        for (size_t j0 = 0; j0 < k; j0 += stride) {
            const size_t j1 = k - j0 < stride ? k : j0 + stride;
            size_t t = 0;

            fill_panel(p, in[1], cols, ncols, j0, j1, panel, stride);
            for (size_t e = s0; e < s1; e++) {
                const size_t at = order[e].at;

                t += e > s0 && order[e].col != order[e - 1].col;
                add_terms(p, in[0], index[at] / n, panel + t * stride, j0, j1, &want[at],
                          &scale[at]);
            }
        }
    }
    free(order);
    free(panel);
    return 0;
}
