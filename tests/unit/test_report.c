/* Unit tests of `clbench report`: the rank test (host/report/report_rank.c), reading and merging
 * run JSON (host/report/report_read.c) and the text grid (host/report/report_grid.c). */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "clbench/report_data.h"
#include "clbench/report_grid.h"
#include "clbench/report_rank.h"
#include "clbench/report_views.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int test_mann_whitney_hand_computed(void)
{
    /* Fully separated samples of 5: U = 0, and of the C(10, 5) = 252 splits of the pooled
     * samples one is this one and one its mirror: p = 2/252.  The normal approximation gives
     * z = (25 - 12.5 - 0.5) / sqrt(25 * 11 / 12) = 2.5067, p = 0.012186: never below 0.01. */
    const double a[] = {1, 2, 3, 4, 5}, b[] = {6, 7, 8, 9, 10};
    struct cb_rank_test t;

    ASSERT_TRUE(cb_mann_whitney(a, 5, b, 5, &t) == 0);
    ASSERT_TRUE(t.exact);
    ASSERT_NEAR(t.u, 0.0, 0.0);
    ASSERT_NEAR(t.p, 2.0 / 252, 1e-15);
    ASSERT_NEAR(cb_mann_whitney_best_p(5, 5), 2.0 / 252, 1e-15);
    /* Swapping the samples mirrors U and keeps p. */
    ASSERT_TRUE(cb_mann_whitney(b, 5, a, 5, &t) == 0);
    ASSERT_NEAR(t.u, 25.0, 0.0);
    ASSERT_NEAR(t.p, 2.0 / 252, 1e-15);
    ASSERT_TRUE(cb_mann_whitney_asymptotic(a, 5, b, 5, &t) == 0);
    ASSERT_TRUE(!t.exact);
    ASSERT_NEAR(t.z, 2.5067, 1e-4);
    ASSERT_NEAR(t.p, 0.012185780355344813, 1e-12);
    return 0;
}

int test_mann_whitney_exact_matches_scipy(void)
{
    /* scipy 1.17 mannwhitneyu(a, b, alternative="two-sided", method="exact"). */
    const double a[] = {1.1, 2.3, 3.0, 4.8, 5.2, 6.1}, b[] = {2.0, 4.0, 5.5, 7.7, 8.1, 9.9, 10.2};
    const double c[] = {10.0, 10.2, 9.9, 10.1, 10.3, 9.8, 10.0, 10.1};
    double d[8];
    struct cb_rank_test t;

    ASSERT_TRUE(cb_mann_whitney(a, 6, b, 7, &t) == 0);
    ASSERT_TRUE(t.exact);
    ASSERT_NEAR(t.u, 9.0, 0.0);
    ASSERT_NEAR(t.p, 0.10139860139860139, 1e-14);
    /* Ties within a sample, none across: 4.5% apart, 8 against 8 (with ties across, scipy's
     * exact method ignores them; the enumeration test below checks those). */
    for (int i = 0; i < 8; i++)
        d[i] = c[i] * 1.045;
    ASSERT_TRUE(cb_mann_whitney(c, 8, d, 8, &t) == 0);
    ASSERT_NEAR(t.p, 0.0003108003108003108, 1e-14);
    return 0;
}

/* U of x against y, ties counting 1/2: the definition, pair by pair. */
static double u_by_pairs(const double *x, size_t nx, const double *y, size_t ny)
{
    double u = 0;

    for (size_t i = 0; i < nx; i++)
        for (size_t j = 0; j < ny; j++)
            u += x[i] > y[j] ? 1 : x[i] == y[j] ? 0.5 : 0;
    return u;
}

int test_mann_whitney_exact_ties_match_enumeration(void)
{
    /* Ties across the samples: the exact p from every one of the C(11, 5) = 462 splits of the
     * pooled values, U counted pair by pair (scipy's permutation method agrees: 0.064935). */
    const double a[] = {1.2, 1.5, 1.5, 1.9, 2.0}, b[] = {1.5, 1.9, 2.2, 2.4, 2.4, 3.0};
    double pool[11], x[5], y[6], below = 0, above = 0, total = 0, u0;
    struct cb_rank_test t;

    memcpy(pool, a, sizeof a);
    memcpy(pool + 5, b, sizeof b);
    u0 = u_by_pairs(a, 5, b, 6);
    for (unsigned mask = 0; mask < (1u << 11); mask++) {
        size_t nx = 0, ny = 0;
        double u;

        for (int i = 0; i < 11; i++)
            nx += (mask >> i) & 1u;
        if (nx != 5)
            continue;
        nx = 0;
        for (int i = 0; i < 11; i++) {
            if (mask & (1u << i))
                x[nx++] = pool[i];
            else
                y[ny++] = pool[i];
        }
        u = u_by_pairs(x, 5, y, 6);
        total++;
        below += u <= u0;
        above += u >= u0;
    }
    ASSERT_NEAR(total, 462, 0);
    ASSERT_TRUE(cb_mann_whitney(a, 5, b, 6, &t) == 0);
    ASSERT_TRUE(t.exact);
    ASSERT_NEAR(t.u, u0, 0);
    ASSERT_NEAR(t.p, 2 * (below < above ? below : above) / total, 1e-14);
    ASSERT_NEAR(t.p, 0.06493506493506493, 1e-14);
    return 0;
}

int test_hodges_lehmann_known_cases(void)
{
    /* 1..5 against 6..10: the 25 differences are 1..9 (1, 2, 3, 4, 5, 4, 3, 2, 1 times), the
     * median 5.  At alpha 0.05, P(U <= 2) = 4/252 <= 0.025 < P(U <= 3) = 7/252: k = 3, the
     * interval [D(3), D(23)] = [2, 8] at 1 - 8/252.  At alpha 0.01 only k = 1 is left:
     * [1, 9] at 1 - 2/252. */
    const double a[] = {1, 2, 3, 4, 5}, b[] = {6, 7, 8, 9, 10};
    double big_a[100], big_b[100];
    struct cb_shift s;

    ASSERT_TRUE(cb_hodges_lehmann(a, 5, b, 5, 0.05, &s) == 0);
    ASSERT_NEAR(s.estimate, 5, 0);
    ASSERT_NEAR(s.lo, 2, 0);
    ASSERT_NEAR(s.hi, 8, 0);
    ASSERT_NEAR(s.level, 1 - 8.0 / 252, 1e-14);
    ASSERT_TRUE(cb_hodges_lehmann(a, 5, b, 5, 0.01, &s) == 0);
    ASSERT_NEAR(s.lo, 1, 0);
    ASSERT_NEAR(s.hi, 9, 0);
    ASSERT_NEAR(s.level, 1 - 2.0 / 252, 1e-14);
    ASSERT_TRUE(cb_hodges_lehmann(b, 5, a, 5, 0.05, &s) == 0);
    ASSERT_NEAR(s.estimate, -5, 0);
    /* Past the exact bound: 0..99 against 10..109, 10000 differences 10 + (j - i); the normal
     * approximation's k = floor(5000 - 1.96 sqrt(10000 * 201 / 12)) = 4197, and D(4197) = 2,
     * D(5804) = 18 (python3, sorted differences). */
    for (int i = 0; i < 100; i++) {
        big_a[i] = i;
        big_b[i] = i + 10;
    }
    ASSERT_TRUE(cb_hodges_lehmann(big_a, 100, big_b, 100, 0.05, &s) == 0);
    ASSERT_NEAR(s.estimate, 10, 0);
    ASSERT_NEAR(s.lo, 2, 0);
    ASSERT_NEAR(s.hi, 18, 0);
    ASSERT_NEAR(s.level, 0.95, 1e-12);
    ASSERT_TRUE(cb_hodges_lehmann(a, 0, b, 5, 0.05, &s) != 0);
    return 0;
}

int test_mann_whitney_ties_match_scipy(void)
{
    /* scipy 1.17 mannwhitneyu(a, b, alternative="two-sided", method="asymptotic"). */
    const double a[] = {1.1, 1.2, 1.2, 1.3, 1.5, 1.5, 1.5, 1.9};
    const double b[] = {1.2, 1.4, 1.5, 1.6, 1.6, 1.8, 2.0, 2.1, 2.2};
    const double c[] = {10.0, 10.2, 9.9, 10.1, 10.3, 9.8, 10.0, 10.1, 10.2, 9.9};
    double d[10];
    struct cb_rank_test t;

    ASSERT_TRUE(cb_mann_whitney_asymptotic(a, 8, b, 9, &t) == 0);
    ASSERT_NEAR(t.u, 15.5, 0.0);
    ASSERT_NEAR(t.p, 0.05208422124412812, 1e-12);
    for (int i = 0; i < 10; i++)
        d[i] = c[i] * 1.08;
    ASSERT_TRUE(cb_mann_whitney_asymptotic(c, 10, d, 10, &t) == 0);
    ASSERT_NEAR(t.u, 0.0, 0.0);
    ASSERT_NEAR(t.p, 0.0001746242085521927, 1e-12);
    return 0;
}

int test_mann_whitney_degenerate(void)
{
    const double same[] = {3, 3, 3}, one[] = {1};
    struct cb_rank_test t;

    ASSERT_TRUE(cb_mann_whitney(same, 3, same, 2, &t) == 0);
    ASSERT_NEAR(t.p, 1.0, 0.0); /* no variation: no evidence of a change */
    ASSERT_TRUE(cb_mann_whitney(same, 0, same, 2, &t) != 0);
    ASSERT_TRUE(cb_mann_whitney(one, 1, same, 0, &t) != 0);
    return 0;
}

/* A run file of one device (host, name, type) and rows "kernel|params|size|median", params
 * as JSON members or "-" for none. */
static cJSON *make_run(const char *host, const char *name, const char *type, const char *rows)
{
    char text[4096];
    int used =
        snprintf(text, sizeof text,
                 "{\"schema\":\"clbench-run\",\"schema_version\":1,\"host\":\"%s\","
                 "\"devices\":[{\"id\":\"0:0\",\"name\":\"%s\",\"type\":\"%s\","
                 "\"platform\":\"Portable Computing Language\",\"driver\":\"1\"}],\"rows\":[",
                 host, name, type);

    for (const char *r = rows; *r != '\0';) {
        char kernel[32], params[64];
        int size, n = 0;
        double median;

        if (sscanf(r, "%31[^|]|%63[^|]|%d|%lf%n", kernel, params, &size, &median, &n) != 4)
            return NULL;
        if (strcmp(params, "-") == 0)
            params[0] = '\0';
        used += snprintf(text + used, sizeof text - (size_t)used,
                         "%s{\"device\":\"0:0\",\"kernel\":\"%s\",\"family\":\"f\","
                         "\"metric\":\"GB/s\",\"params\":{%s},\"size\":[%d],\"status\":\"ok\","
                         "\"samples_ms\":[%g],\"stats\":{\"median_ms\":%g},\"gbs\":1}",
                         r == rows ? "" : ",", kernel, params, size, median, median);
        r += n;
        while (*r == ' ')
            r++;
    }
    snprintf(text + used, sizeof text - (size_t)used, "]}");
    return cJSON_Parse(text);
}

int test_report_refuses_other_schemas(void)
{
    struct cb_report r = {0};
    char why[256];

    ASSERT_TRUE(
        cb_report_add_json(&r, cJSON_Parse("{\"schema\":\"other\"}"), "x", why, sizeof why) != 0);
    ASSERT_STR_HAS(why, "not a clbench run file");
    ASSERT_TRUE(cb_report_add_json(&r,
                                   cJSON_Parse("{\"schema\":\"clbench-run\",\"schema_version\":2,"
                                               "\"devices\":[],\"rows\":[]}"),
                                   "x", why, sizeof why) != 0);
    ASSERT_STR_HAS(why, "schema_version 2 is not supported");
    ASSERT_STR_HAS(why, "newer");
    ASSERT_TRUE(cb_report_add_json(&r, cJSON_Parse("[1]"), "x", why, sizeof why) != 0);
    ASSERT_TRUE(cb_report_add_json(&r,
                                   cJSON_Parse("{\"schema\":\"clbench-run\",\"schema_version\":1,"
                                               "\"devices\":[],\"rows\":[{\"kernel\":\"k\","
                                               "\"status\":\"ok\",\"device\":\"9:9\"}]}"),
                                   "x", why, sizeof why) != 0);
    ASSERT_STR_HAS(why, "'9:9' is not among the file's devices");
    ASSERT_EQ_U(r.row_count, 1); /* the bad row is counted so that it is freed */
    cb_report_free(&r);
    return 0;
}

int test_report_merges_and_labels(void)
{
    struct cb_report r = {0};
    char why[256];
    const struct cb_rrow *p;

    /* Parameters in another order still make the same key. */
    ASSERT_TRUE(cb_report_add_json(&r,
                                   make_run("a", "pthread-znver2-AMD EPYC 7B12", "cpu",
                                            "k|\"RY\":2,\"RX\":4|64|2 base|-|64|4"),
                                   "one", why, sizeof why) == 0);
    ASSERT_STR_HAS(r.rows[0].params, "RX=4 RY=2");
    /* The same model on another host: its own column, labelled by host. */
    ASSERT_TRUE(cb_report_add_json(&r,
                                   make_run("b", "pthread-znver2-AMD EPYC 7B12", "cpu",
                                            "k|\"RX\":4,\"RY\":2|64|1"),
                                   "two", why, sizeof why) == 0);
    /* The same device of host a again with other rows: the same column. */
    ASSERT_TRUE(cb_report_add_json(&r,
                                   make_run("a", "pthread-znver2-AMD EPYC 7B12", "cpu",
                                            "k|\"RX\":8,\"RY\":2|64|3"),
                                   "three", why, sizeof why) == 0);
    cb_report_label_devices(&r);
    ASSERT_EQ_U(r.device_count, 2);
    ASSERT_STR_HAS(r.devices[0].label, "PoCL");
    ASSERT_TRUE(strcmp(r.devices[0].label, "PoCL AMD EPYC 7B12@a") == 0);
    ASSERT_TRUE(strcmp(r.devices[1].label, "PoCL AMD EPYC 7B12@b") == 0);
    ASSERT_EQ_U(r.rows[3].device, 0);
    /* The partner row agrees on the parameters both have: base has none. */
    p = cb_report_find_partner(&r, 0, "base", "64", "RX=4 RY=2");
    ASSERT_TRUE(p != NULL && p->median_ms == 4);
    ASSERT_TRUE(cb_report_find_partner(&r, 1, "base", "64", "") == NULL);
    p = cb_report_find_partner(&r, 0, "k", "64", "RX=8");
    ASSERT_TRUE(p != NULL && p->median_ms == 3);
    ASSERT_EQ_U(cb_report_param("RX=8 RY=2", "RY", 0), 2);
    ASSERT_EQ_U(cb_report_param("RX=8 RY=2", "X", 7), 7);
    cb_report_free(&r);
    return 0;
}

int test_report_short_names(void)
{
    char buf[96];

    cb_report_short_name("NVIDIA H100 80GB HBM3", "NVIDIA CUDA", buf, sizeof buf);
    ASSERT_TRUE(strcmp(buf, "H100 80GB HBM3") == 0);
    cb_report_short_name("pthread-skylake-avx512-Intel(R) Xeon(R) Processor",
                         "Portable Computing Language", buf, sizeof buf);
    ASSERT_TRUE(strcmp(buf, "PoCL Intel Xeon") == 0);
    cb_report_short_name("Intel(R) Core(TM) i7-2700K CPU @ 3.50GHz", "Intel(R) OpenCL", buf,
                         sizeof buf);
    ASSERT_TRUE(strcmp(buf, "Intel Core i7-2700K") == 0);
    return 0;
}

int test_grid_text_and_markdown(void)
{
    struct cb_grid g;
    char *text = NULL;
    size_t len = 0;
    FILE *f;

    ASSERT_TRUE(cb_grid_init(&g, 3) == 0);
    cb_grid_set(&g, 0, 0, "kernel");
    cb_grid_set(&g, 0, 1, "ms");
    cb_grid_set(&g, 0, 2, "GB/s");
    g.left[0] = 1;
    cb_grid_set_group(&g, 1, "a-long-device");
    cb_grid_set_group(&g, 2, "a-long-device");
    ASSERT_TRUE(cb_grid_add_row(&g) == 1);
    cb_grid_set(&g, 1, 0, "vadd");
    cb_grid_set(&g, 1, 1, "%.2f", 1.5);
    f = open_memstream(&text, &len);
    ASSERT_TRUE(f != NULL);
    cb_grid_write(f, &g, 0);
    cb_grid_write(f, &g, 1);
    fclose(f);
    /* The group spans its columns; the wider group name widens the last of them. */
    ASSERT_STR_HAS(text, "       | a-long-device\n"
                         "kernel |   ms     GB/s\n"
                         "----------------------\n"
                         "vadd   | 1.50\n");
    ASSERT_STR_HAS(text, "| kernel | a-long-device ms | a-long-device GB/s |\n"
                         "| --- | ---: | ---: |\n"
                         "| vadd | 1.50 |  |\n");
    free(text);
    cb_grid_free(&g);
    return 0;
}

int test_report_row_order_numeric(void)
{
    struct cb_rrow a = {.kernel = "vadd", .params = "ILP=2 VEC=4", .size = "64"};
    struct cb_rrow b = {.kernel = "vadd", .params = "ILP=16 VEC=1", .size = "64"};
    struct cb_rrow c = {.kernel = "vadd_local", .params = "", .size = "64"};
    struct cb_rrow d = {.kernel = "zzz_unknown", .params = "", .size = "64"};

    a.size_product = b.size_product = c.size_product = d.size_product = 64;
    ASSERT_TRUE(cb_report_row_order(&a, &b) < 0);
    ASSERT_TRUE(cb_report_row_order(&b, &a) > 0);
    ASSERT_TRUE(cb_report_row_order(&a, &a) == 0);
    ASSERT_TRUE(cb_report_row_order(&b, &c) < 0); /* registry order: vadd, then vadd_local */
    ASSERT_TRUE(cb_report_row_order(&c, &d) < 0); /* unknown kernels last */
    c.size_product = 32;
    ASSERT_TRUE(cb_report_row_order(&c, &a) < 0); /* size first */
    return 0;
}
