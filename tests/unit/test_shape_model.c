/* Unit tests of the shape model and the planner (host/tune/shape_model.c) on devices made up
 * here, and of the precedence between the planner and the tuning database (host/run/rows.c). */
#include "check.h"
#include "clbench/rows.h"
#include "clbench/shape_model.h"
#include "clbench/tuned.h"

#define CB_MODEL_VECTORS
#include "shape_model_fit.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* An H100 as NVIDIA's OpenCL driver reports it. */
static struct cb_device h100(void)
{
    struct cb_device d;

    memset(&d, 0, sizeof d);
    d.type = CL_DEVICE_TYPE_GPU;
    snprintf(d.name, sizeof d.name, "NVIDIA H100 80GB HBM3");
    snprintf(d.vendor, sizeof d.vendor, "NVIDIA Corporation");
    snprintf(d.platform_name, sizeof d.platform_name, "NVIDIA CUDA");
    snprintf(d.driver, sizeof d.driver, "580.159.04");
    d.compute_units = 132;
    d.clock_mhz = 1980;
    d.native_vector_width_float = d.preferred_vector_width_float = 1;
    d.local_mem_bytes = 49152;
    d.max_work_group_size = 1024;
    d.max_work_item_sizes[0] = d.max_work_item_sizes[1] = 1024;
    d.max_work_item_sizes[2] = 64;
    d.global_mem_bytes = 85017493504ULL;
    d.max_alloc_bytes = 21254373376ULL;
    d.nv_cc_major = 9;
    d.nv_cc_minor = 0;
    d.has_fp64 = 1;
    d.peak_gflops_theoretical = 2.0 * 132 * 128 * 1.98;
    return d;
}

/* A 2-core AVX2 CPU as PoCL reports it. */
static struct cb_device avx2(void)
{
    struct cb_device d;

    memset(&d, 0, sizeof d);
    d.type = CL_DEVICE_TYPE_CPU;
    snprintf(d.name, sizeof d.name, "pthread-haswell-AMD EPYC");
    snprintf(d.vendor, sizeof d.vendor, "AuthenticAMD");
    d.compute_units = 2;
    d.clock_mhz = 2445;
    d.native_vector_width_float = d.preferred_vector_width_float = 8;
    d.local_mem_bytes = 524288;
    d.max_work_group_size = 4096;
    d.max_work_item_sizes[0] = d.max_work_item_sizes[1] = d.max_work_item_sizes[2] = 4096;
    d.global_mem_bytes = 8ULL << 30;
    d.max_alloc_bytes = 4ULL << 30;
    d.nv_cc_major = d.nv_cc_minor = -1;
    d.peak_gflops_theoretical = 2.0 * 2 * 8 * 2 * 2.445;
    return d;
}

static struct cb_problem problem(const char *kernel, size_t m, size_t n, size_t k,
                                 enum cb_elem_type real, const struct cb_device *d)
{
    struct cb_problem p;
    char note[CB_PARAMS_NOTE_LEN];

    memset(&p, 0, sizeof p);
    p.kernel = cb_kernel_find(kernel);
    p.size[0] = m;
    p.size[1] = n;
    p.size[2] = k;
    p.real = real;
    if (p.kernel != NULL)
        cb_param_defaults(&p, d, p.param, note, sizeof note);
    return p;
}

static long param(const struct cb_problem *p, const long *v, const char *name)
{
    return v[cb_kernel_param_index(p->kernel, name)];
}

int test_model_waves_and_edge_waste(void)
{
    ASSERT_EQ_U(cb_model_waves(132, 132, 1), 1);
    ASSERT_EQ_U(cb_model_waves(133, 132, 1), 2);
    ASSERT_EQ_U(cb_model_waves(264, 132, 2), 1);
    ASSERT_EQ_U(cb_model_waves(265, 132, 2), 2);
    ASSERT_EQ_U(cb_model_groups_per_unit(265, 132), 3);
    ASSERT_TRUE(cb_model_edge_waste(128, 128, 64, 64) == 0.0);
    /* 129 rows in tiles of 128: 256 rows computed, 127 of them outside. */
    ASSERT_TRUE(fabs(cb_model_edge_waste(129, 128, 128, 128) - 127.0 / 256) < 1e-12);
    ASSERT_TRUE(fabs(cb_model_edge_waste(1, 1, 16, 16) - 255.0 / 256) < 1e-12);
    return 0;
}

/* C's predictions equal bench/shape_model.py's, which wrote the vectors beside the constants. */
int test_model_reproduces_the_fit_vectors(void)
{
    struct cb_device gd = h100(), cd = avx2();
    struct cb_model_device g, c;
    char why[128];

    ASSERT_TRUE(cb_model_device_of(&gd, &g, why, sizeof why) == 0);
    ASSERT_TRUE(cb_model_device_of(&cd, &c, why, sizeof why) == 0);
    ASSERT_TRUE(g.assumed[0] == '\0');
    for (size_t i = 0; i < sizeof cb_model_vectors / sizeof cb_model_vectors[0]; i++) {
        const struct cb_model_vector *v = &cb_model_vectors[i];
        const long shape[3] = {v->m, v->n, v->k};
        const double t =
            v->cpu ? cb_model_cpu_time(cb_model_cpu, &c, shape, v->params, (int)v->elem, NULL)
                   : cb_model_gpu_time(cb_model_gpu, &g, shape, v->params, (int)v->elem, NULL);

        if (fabs(t / v->seconds - 1) > 1e-9) {
            fprintf(stderr, "vector %zu: C %.12g s, the fit %.12g s\n", i, t, v->seconds);
            return 1;
        }
    }
    return 0;
}

/* Where the menu's builds reported a point's registers (on the H100's compute capability), the
 * model takes them: 64x128x16 tiles at 8x8 work per item with EDGE=1 got 177 registers without
 * split-K, two work-groups resident where the regression's 160 would let three; with split-K
 * 168, three.  Another compute capability keeps the regression's. */
int test_model_takes_the_menus_reported_registers(void)
{
    struct cb_device d = h100();
    struct cb_model_device md;
    struct cb_model_explain ex;
    char why[128];
    const long shape[3] = {1700, 1700, 1700};
    long c[CB_FAST_COUNT] = {64, 128, 16, 8, 8, 4, 4, 1, 1, 0};

    ASSERT_TRUE(cb_model_device_of(&d, &md, why, sizeof why) == 0);
    ASSERT_TRUE(cb_model_gpu_time(cb_model_gpu, &md, shape, c, 4, &ex) > 0);
    ASSERT_EQ_U(ex.regs, 177);
    ASSERT_EQ_U(ex.resident, 2);
    c[CB_FAST_KSPLIT] = 2;
    ASSERT_TRUE(cb_model_gpu_time(cb_model_gpu, &md, shape, c, 4, &ex) > 0);
    ASSERT_EQ_U(ex.regs, 168);
    ASSERT_EQ_U(ex.resident, 3);
    c[CB_FAST_KSPLIT] = 1;
    d.nv_cc_major = 8;
    ASSERT_TRUE(cb_model_device_of(&d, &md, why, sizeof why) == 0);
    ASSERT_TRUE(cb_model_gpu_time(cb_model_gpu, &md, shape, c, 4, &ex) > 0);
    ASSERT_TRUE(ex.regs < 170);
    return 0;
}

/* Whether key (of n longs) follows prev in ascending order, as the planner's searches need. */
static int ascends(const long *prev, const long *key, int n)
{
    for (int j = 0; j < n; j++)
        if (prev[j] != key[j])
            return prev[j] < key[j];
    return 0;
}

/* The inner loop's fitted factors: each configuration of the table gets its own, found by the
 * planner's search (which needs the table in ascending order), and any other gets 1. */
int test_model_inner_factors_as_the_fit(void)
{
    long c[CB_FAST_COUNT] = {128, 128, 16, 8, 8, 4, 4, 0, 1, 0};

    ASSERT_TRUE(CB_MODEL_INNER_COUNT > 0);
    for (int i = 0; i < CB_MODEL_INNER_COUNT; i++) {
        const struct cb_model_inner *e = &cb_model_inner[i];

        ASSERT_TRUE(i == 0 || ascends(cb_model_inner[i - 1].key, e->key, 10));
        c[CB_FAST_TSM] = e->key[1];
        c[CB_FAST_TSN] = e->key[2];
        c[CB_FAST_TSK] = e->key[3];
        c[CB_FAST_WPTM] = e->key[4];
        c[CB_FAST_WPTN] = e->key[5];
        c[CB_FAST_VWM] = e->key[6];
        c[CB_FAST_VWN] = e->key[7];
        c[CB_FAST_SCHED] = e->key[8];
        c[CB_FAST_EDGE] = e->key[9];
        ASSERT_TRUE(cb_model_inner_factor((int)e->key[0], c) == e->factor);
    }
    /* Vectors of one element and 3x5 work per item: no recorded sweep holds them. */
    c[CB_FAST_WPTM] = 3;
    c[CB_FAST_WPTN] = 5;
    c[CB_FAST_VWM] = c[CB_FAST_VWN] = 1;
    c[CB_FAST_SCHED] = 0;
    ASSERT_TRUE(cb_model_inner_factor(4, c) == 1.0);
    return 0;
}

/* The tiles' fitted factors: each tile of the table gets its own, in ascending order, the
 * widest tile one below 1 (one resident group of 256 work-items hides more than the terms say),
 * and a tile no sweep measured gets 1. */
int test_model_tile_factors_as_the_fit(void)
{
    long c[CB_FAST_COUNT] = {128, 256, 8, 16, 8, 4, 4, 0, 1, 0};

    ASSERT_TRUE(CB_MODEL_TILE_COUNT > 0);
    for (int i = 0; i < CB_MODEL_TILE_COUNT; i++) {
        const struct cb_model_tile *e = &cb_model_tile[i];

        ASSERT_TRUE(i == 0 || ascends(cb_model_tile[i - 1].key, e->key, 4));
        c[CB_FAST_TSM] = e->key[1];
        c[CB_FAST_TSN] = e->key[2];
        c[CB_FAST_TSK] = e->key[3];
        ASSERT_TRUE(cb_model_tile_factor((int)e->key[0], c) == e->factor);
    }
    c[CB_FAST_TSM] = 128;
    c[CB_FAST_TSN] = 256;
    c[CB_FAST_TSK] = 8;
    ASSERT_TRUE(cb_model_tile_factor(4, c) < 0.95);
    c[CB_FAST_TSM] = 48;
    ASSERT_TRUE(cb_model_tile_factor(4, c) == 1.0);
    return 0;
}

/* Limits: a point whose local memory or work-group the device cannot hold is never predicted. */
int test_model_refuses_what_the_device_cannot_hold(void)
{
    struct cb_device d = h100();
    struct cb_model_device md;
    char why[128];
    const long shape[3] = {4096, 4096, 4096};
    const long big_local[CB_FAST_COUNT] = {256, 256, 32, 16, 16, 4, 4, 0, 1, 0}; /* 128 KiB */
    const long big_group[CB_FAST_COUNT] = {256, 256, 16, 4, 4, 4, 4, 0, 1, 0};   /* 4096 */
    const long split_past_k[CB_FAST_COUNT] = {64, 64, 16, 8, 8, 4, 4, 0, 8, 0};
    const long small_k[3] = {4096, 4096, 64};

    ASSERT_TRUE(cb_model_device_of(&d, &md, why, sizeof why) == 0);
    ASSERT_TRUE(cb_model_gpu_time(cb_model_gpu, &md, shape, big_local, 4, NULL) < 0);
    ASSERT_TRUE(cb_model_gpu_time(cb_model_gpu, &md, shape, big_group, 4, NULL) < 0);
    /* Eight slices of four k-steps: one would be empty. */
    ASSERT_TRUE(cb_model_gpu_time(cb_model_gpu, &md, small_k, split_past_k, 4, NULL) < 0);
    return 0;
}

/* What a driver does not report: the model falls back with the reason, or assumes and says. */
int test_model_device_properties_unreported(void)
{
    struct cb_device d = h100();
    struct cb_model_device md;
    struct cb_problem p;
    long v[CB_MAX_PARAMS];
    double s;
    char why[128], note[CB_PARAMS_NOTE_LEN];

    d.unreported = 1u << CB_PROP_COMPUTE_UNITS;
    d.compute_units = 0;
    ASSERT_TRUE(cb_model_device_of(&d, &md, why, sizeof why) != 0);
    ASSERT_TRUE(strstr(why, "compute units") != NULL);
    p = problem("matmul_fast", 1024, 1024, 1024, CB_ELEM_FLOAT, &d);
    ASSERT_TRUE(p.kernel != NULL);
    ASSERT_TRUE(cb_model_plan(&d, &p, v, &s, note, sizeof note) == -1);
    ASSERT_TRUE(strstr(note, "fell back") != NULL && strstr(note, "compute units") != NULL);
    /* No clock, no compute capability: assumed, said, and still a plan. */
    d = h100();
    d.clock_mhz = 0;
    d.nv_cc_major = d.nv_cc_minor = -1;
    d.peak_gflops_theoretical = 0;
    ASSERT_TRUE(cb_model_plan(&d, &p, v, &s, note, sizeof note) == 1);
    ASSERT_TRUE(strstr(note, "clock not reported") != NULL);
    ASSERT_TRUE(strstr(note, "generic GPU limits") != NULL);
    return 0;
}

/* Shapes the model has never seen: K = 1, M = 1, and matrices past the kernels' int indexing. */
int test_model_odd_shapes(void)
{
    struct cb_device d = h100();
    long v[CB_MAX_PARAMS];
    double s;
    char note[CB_PARAMS_NOTE_LEN];
    struct cb_problem p = problem("matmul_fast", 4096, 4096, 1, CB_ELEM_FLOAT, &d);

    ASSERT_TRUE(cb_model_plan(&d, &p, v, &s, note, sizeof note) == 1);
    ASSERT_EQ_U(param(&p, v, "KSPLIT"), 1);
    p = problem("matmul_fast", 1, 4096, 4096, CB_ELEM_FLOAT, &d);
    ASSERT_TRUE(cb_model_plan(&d, &p, v, &s, note, sizeof note) == 1);
    ASSERT_TRUE(param(&p, v, "TSM") <= 32);
    p = problem("matmul_fast", 65536, 65536, 16, CB_ELEM_FLOAT, &d);
    ASSERT_TRUE(cb_model_plan(&d, &p, v, &s, note, sizeof note) == -1);
    ASSERT_TRUE(strstr(note, "2^31") != NULL);
    return 0;
}

/* The choices the recorded sweeps make plain: split-K where C has few tiles and K is deep, none
 * for large squares, the double configuration (SCHED=1) for DGEMM; and quickly. */
int test_model_plans_h100_shapes(void)
{
    struct cb_device d = h100();
    long v[CB_MAX_PARAMS];
    double s;
    char note[CB_PARAMS_NOTE_LEN];
    struct cb_problem p = problem("matmul_fast", 4096, 64, 4096, CB_ELEM_FLOAT, &d);
    const clock_t start = clock();

    ASSERT_TRUE(cb_model_plan(&d, &p, v, &s, note, sizeof note) == 1);
    ASSERT_TRUE(param(&p, v, "KSPLIT") > 1);
    ASSERT_TRUE(strstr(note, "split-K") != NULL && strstr(note, "wave") != NULL);
    p = problem("matmul_fast", 4096, 4096, 4096, CB_ELEM_FLOAT, &d);
    ASSERT_TRUE(cb_model_plan(&d, &p, v, &s, note, sizeof note) == 1);
    ASSERT_EQ_U(param(&p, v, "KSPLIT"), 1);
    ASSERT_TRUE(param(&p, v, "TSM") * param(&p, v, "TSN") >= 64 * 128);
    p = problem("matmul_fast", 4096, 4096, 4096, CB_ELEM_DOUBLE, &d);
    ASSERT_TRUE(cb_model_plan(&d, &p, v, &s, note, sizeof note) == 1);
    ASSERT_EQ_U(param(&p, v, "SCHED"), 1);
    /* Three plans of a 1.2-million-point space in well under a second each (natively: under
     * memcheck, tests/CMakeLists.txt, the bound would time the emulator). */
    ASSERT_TRUE(getenv("CLBENCH_UNIT_UNDER_VALGRIND") != NULL ||
                (double)(clock() - start) / CLOCKS_PER_SEC < 3.0);
    /* Skinny with deep K: tiles of at most 128 rows and split-K fill the device; 256x32 tiles
     * leave units idle in the last round. */
    p = problem("matmul_fast", 4096, 96, 4096, CB_ELEM_FLOAT, &d);
    ASSERT_TRUE(cb_model_plan(&d, &p, v, &s, note, sizeof note) == 1);
    ASSERT_TRUE(param(&p, v, "TSM") <= 128);
    ASSERT_TRUE(param(&p, v, "KSPLIT") > 1);
    return 0;
}

/* The planned split is the one the model predicts fastest among every count of slices to 32,
 * not only among the ranking's coarse splits: at 126x2234x6875 9 tiles of 128x256 take 14
 * slices (126 work-groups on 132 units), where the coarse 12 leave 24 units idle. */
int test_model_refines_the_split(void)
{
    struct cb_device d = h100();
    const long shapes[][3] = {
        {126, 2234, 6875}, {9000, 56, 2000}, {4096, 64, 4096}, {537, 537, 537}};

    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        struct cb_problem p = problem("matmul_fast", (size_t)shapes[s][0], (size_t)shapes[s][1],
                                      (size_t)shapes[s][2], CB_ELEM_FLOAT, &d);
        const int ks = cb_kernel_param_index(p.kernel, "KSPLIT");
        long v[CB_MAX_PARAMS], other[CB_MAX_PARAMS];
        double planned;
        char note[CB_PARAMS_NOTE_LEN];

        ASSERT_TRUE(cb_model_plan(&d, &p, v, &planned, note, sizeof note) == 1);
        memcpy(other, v, sizeof other);
        for (long split = 1; split <= 32; split++) {
            double t;

            other[ks] = split;
            t = cb_model_predict(&d, &p, other);
            ASSERT_TRUE(t < 0 || t >= planned);
        }
        if (s == 0) {
            ASSERT_EQ_U(v[ks], 14);
            ASSERT_TRUE(strstr(note, "split-K 14") != NULL);
        }
    }
    return 0;
}

/* The C planner makes the first choices of bench/shape_model.py's planner, which wrote them
 * beside the constants, on the H100-like device. */
int test_model_plans_as_the_fit(void)
{
    static const char *const names[CB_FAST_COUNT] = {"TSM", "TSN", "TSK",  "WPTM",   "WPTN",
                                                     "VWM", "VWN", "EDGE", "KSPLIT", "SCHED"};
    struct cb_device d = h100();

    for (size_t i = 0; i < sizeof cb_model_plan_vectors / sizeof cb_model_plan_vectors[0]; i++) {
        const struct cb_model_plan_vector *pv = &cb_model_plan_vectors[i];
        struct cb_problem p = problem("matmul_fast", (size_t)pv->m, (size_t)pv->n, (size_t)pv->k,
                                      pv->elem == 8 ? CB_ELEM_DOUBLE : CB_ELEM_FLOAT, &d);
        long v[CB_MAX_PARAMS];
        double s;
        char note[CB_PARAMS_NOTE_LEN];
        int same = 1;

        ASSERT_TRUE(cb_model_plan(&d, &p, v, &s, note, sizeof note) == 1);
        for (int j = 0; j < CB_FAST_COUNT; j++)
            same &= param(&p, v, names[j]) == pv->params[j];
        if (!same || fabs(s / pv->seconds - 1) > 1e-9) {
            fprintf(stderr, "plan %zu (%ldx%ldx%ld): C", i, pv->m, pv->n, pv->k);
            for (int j = 0; j < CB_FAST_COUNT; j++)
                fprintf(stderr, " %s=%ld", names[j], param(&p, v, names[j]));
            fprintf(stderr, " %.6g s, the fit's %.6g s\n", s, pv->seconds);
            return 1;
        }
    }
    return 0;
}

/* Whether the planned parameters v are a point of the menu (all but KSPLIT). */
static int on_menu(const struct cb_problem *p, const long *v, long elem)
{
    static const char *const names[] = {"TSM", "TSN", "TSK",  "WPTM", "WPTN",
                                        "VWM", "VWN", "EDGE", "SCHED"};

    for (int i = 0; i < CB_MODEL_MENU_COUNT; i++) {
        int same = cb_model_menu[i].key[0] == elem;

        for (int j = 0; j < 9 && same; j++)
            same = param(p, v, names[j]) == cb_model_menu[i].key[j + 1];
        if (same)
            return 1;
    }
    return 0;
}

/* The first choice is a point of the menu (at 4096x64x4096 the whole space's least predicted
 * time is a point no sweep measured, slower than the database's entry); where no menu point
 * fits the device's local memory, the whole space still gives one that does. */
int test_model_plans_from_the_menu(void)
{
    struct cb_device d = h100();
    struct cb_problem p = problem("matmul_fast", 4096, 64, 4096, CB_ELEM_FLOAT, &d);
    long v[CB_MAX_PARAMS];
    double s;
    char note[CB_PARAMS_NOTE_LEN];

    ASSERT_TRUE(CB_MODEL_MENU_COUNT > 0);
    ASSERT_TRUE(cb_model_plan(&d, &p, v, &s, note, sizeof note) == 1);
    ASSERT_TRUE(on_menu(&p, v, 4));
    p = problem("matmul_fast", 4096, 4096, 4096, CB_ELEM_DOUBLE, &d);
    ASSERT_TRUE(cb_model_plan(&d, &p, v, &s, note, sizeof note) == 1);
    ASSERT_TRUE(on_menu(&p, v, 8));
    /* The menu's smallest tiles take 6 KiB of local memory. */
    d.local_mem_bytes = 6144;
    p = problem("matmul_fast", 4096, 64, 4096, CB_ELEM_FLOAT, &d);
    ASSERT_TRUE(cb_model_plan(&d, &p, v, &s, note, sizeof note) == 1);
    ASSERT_TRUE(!on_menu(&p, v, 4));
    ASSERT_TRUE(2 * param(&p, v, "TSK") * (param(&p, v, "TSM") + param(&p, v, "TSN")) * 4 <
                (long)d.local_mem_bytes);
    return 0;
}

/* Where the first model ranked badly on the H100: a work-group of 8 work-items for 500^3 (a warp
 * issues for 32 lanes however few hold work), 140 registers where the compiler gives 128 and a
 * second resident work-group, and vectors of one double for DGEMM. */
int test_model_counts_warps_registers_and_double_vectors(void)
{
    struct cb_device d = h100();
    struct cb_model_device md;
    struct cb_model_explain ex;
    long v[CB_MAX_PARAMS];
    double s;
    char why[128], note[CB_PARAMS_NOTE_LEN];
    const long cube[3] = {4096, 4096, 4096};
    const long tsk16[CB_FAST_COUNT] = {128, 128, 16, 8, 8, 4, 4, 0, 1, 0};
    struct cb_problem p = problem("matmul_fast", 500, 500, 500, CB_ELEM_FLOAT, &d);

    ASSERT_TRUE(cb_model_plan(&d, &p, v, &s, note, sizeof note) == 1);
    ASSERT_TRUE((param(&p, v, "TSM") / param(&p, v, "WPTM")) *
                    (param(&p, v, "TSN") / param(&p, v, "WPTN")) >=
                32);
    /* The driver adds bytes of its own to a kernel's local memory: tiles that fill the
     * device's exactly are refused after the build. */
    ASSERT_TRUE(2 * param(&p, v, "TSK") * (param(&p, v, "TSM") + param(&p, v, "TSN")) * 4 <
                (long)d.local_mem_bytes);
    ASSERT_TRUE(cb_model_device_of(&d, &md, why, sizeof why) == 0);
    ASSERT_TRUE(cb_model_gpu_time(cb_model_gpu, &md, cube, tsk16, 4, &ex) > 0);
    ASSERT_EQ_U(ex.regs, 128);
    ASSERT_EQ_U(ex.resident, 2);
    p = problem("matmul_fast", 4096, 4096, 4096, CB_ELEM_DOUBLE, &d);
    ASSERT_TRUE(cb_model_plan(&d, &p, v, &s, note, sizeof note) == 1);
    ASSERT_EQ_U(param(&p, v, "VWM"), 2);
    ASSERT_EQ_U(param(&p, v, "VWN"), 2);
    ASSERT_EQ_U(param(&p, v, "SCHED"), 1);
    return 0;
}

/* --autotune quick's candidates: the model's first choice (the plan: the menu's best, which a
 * point of the whole space beyond the menu may be predicted to beat) first, then its tiles and
 * split with another work per item, then other tile shapes; never neighbours that differ only
 * in a vector width. */
int test_model_candidates_differ_in_structure(void)
{
    static const char *const structure[] = {"TSM", "TSN", "TSK", "WPTM", "WPTN", "KSPLIT"};
    struct cb_device d = h100();
    struct cb_model_choice c[4];
    char why[128];
    const long shapes[][3] = {{4096, 4096, 4096}, {100, 6000, 3000}, {4096, 96, 4096}};

    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        struct cb_problem p = problem("matmul_fast", (size_t)shapes[s][0], (size_t)shapes[s][1],
                                      (size_t)shapes[s][2], CB_ELEM_FLOAT, &d);

        long plan[CB_MAX_PARAMS];
        double seconds;
        char note[CB_PARAMS_NOTE_LEN];

        ASSERT_EQ_U(cb_model_candidates(&d, &p, c, 4, why, sizeof why), 4);
        ASSERT_TRUE(cb_model_plan(&d, &p, plan, &seconds, note, sizeof note) == 1);
        ASSERT_TRUE(memcmp(plan, c[0].param, cb_kernel_param_count(p.kernel) * sizeof *plan) == 0);
        /* The second: the first's tiles, K depth and split with another work per item. */
        for (size_t n = 0; n < 6; n++)
            if (n != 3 && n != 4)
                ASSERT_EQ_U(param(&p, c[1].param, structure[n]),
                            param(&p, c[0].param, structure[n]));
        ASSERT_TRUE(param(&p, c[1].param, "WPTM") != param(&p, c[0].param, "WPTM") ||
                    param(&p, c[1].param, "WPTN") != param(&p, c[0].param, "WPTN"));
        /* The third: another tile shape than both. */
        for (int i = 0; i < 2; i++)
            ASSERT_TRUE(param(&p, c[2].param, "TSM") != param(&p, c[i].param, "TSM") ||
                        param(&p, c[2].param, "TSN") != param(&p, c[i].param, "TSN"));
        for (int i = 0; i < 4; i++)
            for (int j = 0; j < i; j++) {
                int differ = 0;

                for (size_t n = 0; n < 6; n++)
                    differ |=
                        param(&p, c[i].param, structure[n]) != param(&p, c[j].param, structure[n]);
                ASSERT_TRUE(differ);
            }
    }
    return 0;
}

/* The candidates hold what the H100's sweeps found fast: 16x4 work per item on 128x128 tiles
 * for a large square (the inner loop's factors rank it and VWM=8 VWN=2 ahead of 8x8 with
 * vectors of four), and for 4096x96x4096 split-K on one column of 96-wide tiles, which ran
 * faster there than the best of the sweep without them (64x128 with EDGE=1 and split-K). */
int test_model_candidates_keep_the_recorded_best(void)
{
    struct cb_device d = h100();
    struct cb_model_choice c[4];
    char why[128];
    struct cb_problem p = problem("matmul_fast", 4096, 4096, 4096, CB_ELEM_FLOAT, &d);
    int found = 0;

    ASSERT_EQ_U(cb_model_candidates(&d, &p, c, 4, why, sizeof why), 4);
    for (int i = 0; i < 4; i++)
        found |= param(&p, c[i].param, "TSM") == 128 && param(&p, c[i].param, "TSN") == 128 &&
                 param(&p, c[i].param, "WPTM") == 16 && param(&p, c[i].param, "WPTN") == 4;
    ASSERT_TRUE(found);
    p = problem("matmul_fast", 4096, 96, 4096, CB_ELEM_FLOAT, &d);
    ASSERT_EQ_U(cb_model_candidates(&d, &p, c, 4, why, sizeof why), 4);
    found = 0;
    for (int i = 0; i < 4; i++)
        found |= param(&p, c[i].param, "KSPLIT") > 1 && param(&p, c[i].param, "TSN") == 96;
    ASSERT_TRUE(found);
    return 0;
}

int test_model_plans_cpu_blocks_in_registers(void)
{
    struct cb_device d = avx2();
    long v[CB_MAX_PARAMS];
    double s;
    char note[CB_PARAMS_NOTE_LEN];
    struct cb_problem p = problem("matmul_cpu", 1024, 1024, 1024, CB_ELEM_FLOAT, &d);
    long vr;

    ASSERT_TRUE(cb_model_plan(&d, &p, v, &s, note, sizeof note) == 1);
    /* Sixteen ymm registers: accumulators, B's vectors and A's broadcast fit them. */
    vr = param(&p, v, "VN") > 8 ? param(&p, v, "VN") / 8 : 1;
    ASSERT_TRUE((param(&p, v, "MR") * param(&p, v, "NV") + param(&p, v, "NV") + 1) * vr <= 16);
    /* The model knows no matmul_cpu on GPUs, and no other kernel. */
    d = h100();
    ASSERT_TRUE(!cb_model_knows(cb_kernel_find("matmul_cpu"), &d));
    ASSERT_TRUE(!cb_model_knows(cb_kernel_find("matmul_tiled"), &d));
    return 0;
}

/* An exact entry beats the model; a nearest entry only where it is predicted faster. */
static int lookup(const struct cb_tuned_db *db, const struct cb_device *d,
                  const struct cb_problem *p, long *params, struct cb_tuned_use *use)
{
    return cb_tuned_lookup(db, d, p, params, use);
}

int test_model_precedence_with_the_database(void)
{
    struct cb_device d = h100();
    struct cb_tuned_entry e;
    struct cb_tuned_db db = {&e, 1};
    struct cb_rows_request cfg;
    struct cb_row row;
    const struct cb_kernel *k = cb_kernel_find("matmul_fast");
    /* A poor point for 4096x64x4096: big square tiles, no split. */
    static const long poor[] = {128, 128, 16, 8, 8, 4, 4, 0, 0, 1, 0};

    ASSERT_TRUE(k != NULL && cb_kernel_param_count(k) == 11);
    memset(&e, 0, sizeof e);
    snprintf(e.device, sizeof e.device, "%s", d.name);
    snprintf(e.platform, sizeof e.platform, "%s", d.platform_name);
    snprintf(e.driver, sizeof e.driver, "%s", d.driver);
    snprintf(e.kernel, sizeof e.kernel, "matmul_fast");
    e.real = CB_ELEM_FLOAT;
    e.dims = 3;
    e.param_count = 11;
    for (unsigned i = 0; i < 11; i++) {
        snprintf(e.param_names[i], sizeof e.param_names[i], "%s", k->params[i].name);
        e.params[i] = poor[i];
    }
    e.median_ms = e.throughput = 1;
    memset(&cfg, 0, sizeof cfg);
    cfg.tuned = &db;
    cfg.tuned_lookup = lookup;
    cfg.plan = cb_model_plan;
    cfg.predict = cb_model_predict;
    /* Exact: the entry. */
    e.size[0] = 4096, e.size[1] = 64, e.size[2] = 4096;
    cb_size_class(k, e.size, e.size_class, sizeof e.size_class);
    memset(&row, 0, sizeof row);
    row.device = &d;
    row.problem = problem("matmul_fast", 4096, 64, 4096, CB_ELEM_FLOAT, &d);
    ASSERT_TRUE(cb_row_choose(&cfg, &row) == 1);
    ASSERT_TRUE(strcmp(row.params_from, "tuned") == 0 && strcmp(row.tuned.match, "exact") == 0);
    /* Nearest and predicted slower: the model. */
    e.size[0] = 4000, e.size[1] = 60, e.size[2] = 4000;
    cb_size_class(k, e.size, e.size_class, sizeof e.size_class);
    memset(&row, 0, sizeof row);
    row.device = &d;
    row.problem = problem("matmul_fast", 4096, 64, 4096, CB_ELEM_FLOAT, &d);
    ASSERT_TRUE(cb_row_choose(&cfg, &row) == 1);
    ASSERT_TRUE(strcmp(row.params_from, "model") == 0);
    ASSERT_TRUE(strstr(row.params_note, "predicted slower") != NULL);
    ASSERT_TRUE(row.tuned.match[0] == '\0');
    /* --no-model: the entry again. */
    cfg.no_model = 1;
    memset(&row, 0, sizeof row);
    row.device = &d;
    row.problem = problem("matmul_fast", 4096, 64, 4096, CB_ELEM_FLOAT, &d);
    ASSERT_TRUE(cb_row_choose(&cfg, &row) == 1);
    ASSERT_TRUE(strcmp(row.params_from, "tuned") == 0);
    return 0;
}
