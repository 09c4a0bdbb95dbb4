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

int test_mann_whitney_hand_computed(void)
{
    /* Fully separated samples of 5: U = 0; mu = 12.5, sigma = sqrt(25 * 11 / 12) = 4.787;
     * z = (25 - 12.5 - 0.5) / 4.787 = 2.5067; p = erfc(z / sqrt 2) = 0.012186. */
    const double a[] = {1, 2, 3, 4, 5}, b[] = {6, 7, 8, 9, 10};
    struct cb_rank_test t;

    ASSERT_TRUE(cb_mann_whitney(a, 5, b, 5, &t) == 0);
    ASSERT_NEAR(t.u, 0.0, 0.0);
    ASSERT_NEAR(t.z, 2.5067, 1e-4);
    ASSERT_NEAR(t.p, 0.012185780355344813, 1e-12);
    /* Swapping the samples mirrors U and keeps p. */
    ASSERT_TRUE(cb_mann_whitney(b, 5, a, 5, &t) == 0);
    ASSERT_NEAR(t.u, 25.0, 0.0);
    ASSERT_NEAR(t.p, 0.012185780355344813, 1e-12);
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

    ASSERT_TRUE(cb_mann_whitney(a, 8, b, 9, &t) == 0);
    ASSERT_NEAR(t.u, 15.5, 0.0);
    ASSERT_NEAR(t.p, 0.05208422124412812, 1e-12);
    for (int i = 0; i < 10; i++)
        d[i] = c[i] * 1.08;
    ASSERT_TRUE(cb_mann_whitney(c, 10, d, 10, &t) == 0);
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
