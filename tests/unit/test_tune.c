/* The tuner's pure parts: strategies on synthetic objectives, the space, the budget and shard
 * parsers, and the tuning database (merge, atomic save, schema checks). */
#define _POSIX_C_SOURCE 200809L
#include "check.h"

#include "clbench/tune.h"
#include "clbench/tuned.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { SIDE = 8, POINTS = SIDE * SIDE * SIDE };

/* A bowl with its minimum at (5, 3, 6) over an 8x8x8 grid; points whose first two
 * coordinates sum to an odd number are refused, as a kernel constraint would. */
struct synthetic {
    struct cb_space space;
    unsigned measured[POINTS];
    uint64_t order[POINTS];
    size_t count;
};

static enum cb_eval bowl(void *ctx, uint64_t index, double *cost)
{
    struct synthetic *s = ctx;
    unsigned d[CB_MAX_PARAMS];

    cb_space_point(&s->space, index, d);
    if ((d[0] + d[1]) % 2 != 0)
        return CB_EVAL_REFUSED;
    s->measured[index]++;
    s->order[s->count++] = index;
    if (d[2] == 0)
        return CB_EVAL_FAILED; /* as a build failure would */
    *cost = 1.0 + (d[0] - 5.0) * (d[0] - 5.0) + (d[1] - 3.0) * (d[1] - 3.0) +
            (d[2] - 6.0) * (d[2] - 6.0);
    return CB_EVAL_OK;
}

static unsigned bowl_valid(unsigned index)
{
    return (index / (SIDE * SIDE) + index / SIDE % SIDE) % 2 == 0;
}

static void synthetic_init(struct synthetic *s)
{
    memset(s, 0, sizeof *s);
    s->space.dims = 3;
    s->space.total = POINTS;
    for (unsigned d = 0; d < 3; d++) {
        s->space.count[d] = SIDE;
        for (unsigned v = 0; v < SIDE; v++)
            s->space.values[d][v] = v;
    }
}

static int search(struct synthetic *s, enum cb_strategy st, uint64_t seed, uint64_t budget,
                  unsigned shard, unsigned shards, struct cb_search *out)
{
    synthetic_init(s);
    memset(out, 0, sizeof *out);
    out->space = &s->space;
    out->objective = bowl;
    out->ctx = s;
    out->seed = seed;
    out->max_evals = budget;
    out->shard = shard;
    out->shards = shards;
    return cb_search_run(out, st);
}

int test_tune_exhaustive_measures_every_valid_point_once(void)
{
    struct synthetic s;
    struct cb_search r;

    ASSERT_TRUE(search(&s, CB_STRATEGY_EXHAUSTIVE, 1, 0, 0, 1, &r) == 0);
    ASSERT_EQ_U(r.evals, POINTS / 2);
    ASSERT_EQ_U(r.refused, POINTS / 2);
    for (unsigned i = 0; i < POINTS; i++)
        ASSERT_TRUE(s.measured[i] <= 1);
    ASSERT_TRUE(r.found);
    ASSERT_NEAR(r.best_cost, 1.0, 0);
    return 0;
}

/* Each strategy: no point measured twice, the budget kept, the optimum reached, and the same
 * points in the same order for the same seed. */
int test_tune_strategies_deterministic_within_budget(void)
{
    static const enum cb_strategy strategies[] = {CB_STRATEGY_RANDOM, CB_STRATEGY_CLIMB,
                                                  CB_STRATEGY_ANNEAL};

    for (unsigned i = 0; i < 3; i++) {
        static struct synthetic a, b;
        struct cb_search ra, rb;

        ASSERT_TRUE(search(&a, strategies[i], 7, 120, 0, 1, &ra) == 0);
        ASSERT_TRUE(search(&b, strategies[i], 7, 120, 0, 1, &rb) == 0);
        ASSERT_TRUE(ra.evals <= 120);
        ASSERT_EQ_U(ra.evals, rb.evals);
        ASSERT_EQ_U(a.count, b.count);
        ASSERT_TRUE(memcmp(a.order, b.order, a.count * sizeof a.order[0]) == 0);
        for (unsigned p = 0; p < POINTS; p++)
            ASSERT_TRUE(a.measured[p] <= 1);
        ASSERT_TRUE(ra.found);
        ASSERT_NEAR(ra.best_cost, 1.0, 0);
        ASSERT_TRUE(search(&b, strategies[i], 8, 120, 0, 1, &rb) == 0);
        ASSERT_TRUE(a.count != b.count || memcmp(a.order, b.order, a.count * 8) != 0);
    }
    return 0;
}

/* A local search from a good start needs a small part of the space. */
int test_tune_climb_beats_random_on_a_bowl(void)
{
    static struct synthetic s;
    struct cb_search r;

    ASSERT_TRUE(search(&s, CB_STRATEGY_CLIMB, 3, 40, 0, 1, &r) == 0);
    ASSERT_NEAR(r.best_cost, 1.0, 0);
    ASSERT_TRUE(r.evals <= 40);
    return 0;
}

int test_tune_shards_partition_the_space(void)
{
    static struct synthetic s;
    unsigned seen[POINTS] = {0};
    struct cb_search r;

    for (unsigned k = 0; k < 3; k++) {
        ASSERT_TRUE(search(&s, CB_STRATEGY_EXHAUSTIVE, 1, 0, k, 3, &r) == 0);
        for (unsigned p = 0; p < POINTS; p++) {
            seen[p] += s.measured[p];
            ASSERT_TRUE(s.measured[p] == 0 || p % 3 == k);
        }
        ASSERT_TRUE(search(&s, CB_STRATEGY_RANDOM, 1, 0, k, 3, &r) == 0);
        for (unsigned p = 0; p < POINTS; p++)
            ASSERT_TRUE(s.measured[p] == 0 || p % 3 == k);
    }
    for (unsigned p = 0; p < POINTS; p++)
        ASSERT_EQ_U(seen[p], bowl_valid(p));
    return 0;
}

int test_tune_parse_budget_and_shard(void)
{
    char why[CB_WHY_LEN];
    double s;
    uint64_t e;
    unsigned k, n;

    ASSERT_TRUE(cb_parse_budget("10m", &s, &e, why) == 0 && s == 600 && e == 0);
    ASSERT_TRUE(cb_parse_budget("90s", &s, &e, why) == 0 && s == 90);
    ASSERT_TRUE(cb_parse_budget("1.5h", &s, &e, why) == 0 && s == 5400);
    ASSERT_TRUE(cb_parse_budget("200", &s, &e, why) == 0 && e == 200 && s == 0);
    ASSERT_TRUE(cb_parse_budget("0", &s, &e, why) != 0);
    ASSERT_TRUE(cb_parse_budget("0m", &s, &e, why) != 0);
    ASSERT_TRUE(cb_parse_budget("ten", &s, &e, why) != 0);
    ASSERT_TRUE(cb_parse_budget("10x", &s, &e, why) != 0);
    ASSERT_TRUE(cb_parse_budget("2.5", &s, &e, why) != 0);
    ASSERT_TRUE(cb_parse_budget("-5", &s, &e, why) != 0);
    ASSERT_TRUE(cb_parse_shard("0/3", &k, &n, why) == 0 && k == 0 && n == 3);
    ASSERT_TRUE(cb_parse_shard("2/3", &k, &n, why) == 0 && k == 2);
    ASSERT_TRUE(cb_parse_shard("3/2", &k, &n, why) != 0);
    ASSERT_STR_HAS(why, "0 <= K < N");
    ASSERT_TRUE(cb_parse_shard("0/0", &k, &n, why) != 0);
    ASSERT_TRUE(cb_parse_shard("1", &k, &n, why) != 0);
    ASSERT_TRUE(cb_parse_shard("-1/2", &k, &n, why) != 0);
    ASSERT_TRUE(cb_parse_shard("1/2x", &k, &n, why) != 0);
    return 0;
}

int test_tune_space_from_registry_and_defines(void)
{
    const struct cb_kernel *k = cb_kernel_find("matmul_fast");
    struct cb_space s;
    struct cb_define d = {"TSK", {8, 16}, 2};
    char why[CB_WHY_LEN];
    unsigned digit[CB_MAX_PARAMS];

    ASSERT_TRUE(k != NULL);
    ASSERT_TRUE(cb_space_build(&s, k, NULL, 0, why) == 0);
    ASSERT_EQ_U(s.count[0], 8); /* TSM 4..512: 4, 8, ..., 512 */
    ASSERT_EQ_U(s.values[0][0], 4);
    ASSERT_EQ_U(s.values[0][7], 512);
    ASSERT_EQ_U(s.values[7][0], 0); /* PAD 0..32 starts at 0 */
    ASSERT_EQ_U(s.count[5], 5);     /* VWM: the list as written */
    ASSERT_EQ_U(s.count[9], 6);     /* KSPLIT 1..32: 1, 2, 4, ..., 32 slices of K */
    ASSERT_EQ_U(s.values[9][0], 1);
    ASSERT_TRUE(cb_space_build(&s, k, &d, 1, why) == 0);
    ASSERT_EQ_U(s.count[2], 2);
    ASSERT_EQ_U(s.values[2][1], 16);
    cb_space_point(&s, 12345, digit);
    ASSERT_EQ_U(cb_space_index(&s, digit), 12345);
    ASSERT_TRUE(cb_space_build(&s, cb_kernel_find("sgemm_clblast"), NULL, 0, why) != 0);
    ASSERT_STR_HAS(why, "no -D parameter");
    return 0;
}

static struct cb_tuned_entry entry(const char *kernel, double throughput)
{
    struct cb_tuned_entry e;

    memset(&e, 0, sizeof e);
    strcpy(e.device, "dev");
    strcpy(e.platform, "plat");
    strcpy(e.driver, "1.0");
    strcpy(e.kernel, kernel);
    strcpy(e.size_class, "1024x1024x1024");
    e.dims = 3;
    e.size[0] = e.size[1] = e.size[2] = 1000;
    e.param_count = 1;
    strcpy(e.param_names[0], "TILE");
    e.params[0] = (long)throughput;
    e.median_ms = 1000.0 / throughput;
    e.throughput = throughput;
    strcpy(e.metric, "GFLOP/s");
    strcpy(e.date, "2026-11-22T00:00:00Z");
    return e;
}

/* The device that entry()'s entries were tuned on. */
static void entry_device(struct cb_device *dev)
{
    memset(dev, 0, sizeof *dev);
    strcpy(dev->name, "dev");
    strcpy(dev->platform_name, "plat");
    strcpy(dev->driver, "1.0");
}

static int write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");

    if (f == NULL)
        return -1;
    fputs(text, f);
    return fclose(f);
}

int test_tuned_db_merges_keeps_better_and_checks_schema(void)
{
    char dir[] = "/tmp/clbench-tuned-XXXXXX", path[256], lock[300];
    struct cb_tuned_db db = {NULL, 0};
    const struct cb_tuned_entry a = entry("k1", 10), better = entry("k1", 20),
                                worse = entry("k1", 5), other = entry("k2", 1);

    ASSERT_TRUE(mkdtemp(dir) != NULL);
    snprintf(path, sizeof path, "%s/sub/tuned.json", dir); /* the directory is created */
    ASSERT_TRUE(cb_tuned_save(path, &a, 1, NULL) == 0);
    ASSERT_TRUE(cb_tuned_save(path, &better, 1, NULL) == 0); /* as a second tuner would */
    ASSERT_TRUE(cb_tuned_save(path, &worse, 1, NULL) == 0);
    ASSERT_TRUE(cb_tuned_save(path, &other, 1, NULL) == 0);
    ASSERT_TRUE(cb_tuned_load(path, &db, 1) == 0);
    ASSERT_EQ_U(db.count, 2);
    ASSERT_NEAR(db.entries[0].throughput, 20, 0);
    ASSERT_EQ_U(db.entries[0].params[0], 20);
    ASSERT_TRUE(strcmp(db.entries[1].kernel, "k2") == 0);
    cb_tuned_free(&db);

    /* Another schema, or not JSON: nothing loaded, -1. */
    ASSERT_TRUE(write_text(path, "{\"schema\":\"clbench-run\",\"schema_version\":1}") == 0);
    ASSERT_TRUE(cb_tuned_load(path, &db, 1) == -1 && db.count == 0);
    ASSERT_TRUE(write_text(path, "{\"entries\": [") == 0);
    ASSERT_TRUE(cb_tuned_load(path, &db, 1) == -1 && db.count == 0);
    /* A newer clbench's database is neither read nor overwritten. */
    ASSERT_TRUE(write_text(path, "{\"schema\":\"clbench-tuned\",\"schema_version\":99,"
                                 "\"entries\":[]}") == 0);
    ASSERT_TRUE(cb_tuned_load(path, &db, 1) == -1);
    ASSERT_TRUE(cb_tuned_save(path, &a, 1, NULL) == -1);
    ASSERT_TRUE(cb_tuned_load(path, &db, 1) == -1); /* still the newer one */
    /* A missing file is an empty database. */
    snprintf(lock, sizeof lock, "%s/none.json", dir);
    ASSERT_TRUE(cb_tuned_load(lock, &db, 1) == 0 && db.count == 0);

    remove(path);
    snprintf(lock, sizeof lock, "%s.lock", path);
    remove(lock);
    snprintf(lock, sizeof lock, "%s/sub", dir);
    ASSERT_TRUE(rmdir(lock) == 0); /* no temporary file left behind */
    rmdir(dir);
    return 0;
}

int test_tuned_size_class_rounds_up(void)
{
    const struct cb_kernel *k = cb_kernel_find("matmul_fast");
    const size_t a[3] = {1000, 1024, 700}, b[3] = {1, 2, 3};
    char buf[96];

    cb_size_class(k, a, buf, sizeof buf);
    ASSERT_TRUE(strcmp(buf, "1024x1024x1024") == 0);
    cb_size_class(k, b, buf, sizeof buf);
    ASSERT_TRUE(strcmp(buf, "1x2x4") == 0);
    return 0;
}

/* The save's summary names what it added, replaced and kept, by the exact size that keys it (not
 * its size class: several sizes of a class are several entries); the merge says which it did. */
int test_tuned_save_says_replaced_and_kept(void)
{
    char dir[] = "/tmp/clbench-tuned-XXXXXX", path[256], lock[300], said[4096] = "";
    struct cb_tuned_db db = {NULL, 0};
    const struct cb_tuned_entry first[] = {entry("k1", 10), entry("k2", 30)};
    const struct cb_tuned_entry second[] = {entry("k1", 20), entry("k2", 5), entry("k3", 7)};
    FILE *summary;

    ASSERT_TRUE(cb_tuned_merge(&db, &first[0]) == CB_TUNED_ADDED);
    ASSERT_TRUE(cb_tuned_merge(&db, &second[0]) == CB_TUNED_REPLACED);
    ASSERT_TRUE(cb_tuned_merge(&db, &first[0]) == CB_TUNED_KEPT);
    ASSERT_TRUE(cb_tuned_merge(&db, &second[0]) == CB_TUNED_KEPT); /* a tie keeps the stored */
    cb_tuned_free(&db);

    ASSERT_TRUE(mkdtemp(dir) != NULL);
    snprintf(path, sizeof path, "%s/tuned.json", dir);
    ASSERT_TRUE(cb_tuned_save(path, first, 2, NULL) == 0);
    summary = tmpfile();
    ASSERT_TRUE(summary != NULL);
    ASSERT_TRUE(cb_tuned_save(path, second, 3, summary) == 0);
    rewind(summary);
    said[fread(said, 1, sizeof said - 1, summary)] = '\0';
    fclose(summary);
    ASSERT_STR_HAS(said, "replaced k1 1000x1000x1000 float on dev: 20 GFLOP/s (was 10)");
    ASSERT_STR_HAS(said,
                   "kept     k2 1000x1000x1000 float on dev: the stored 30 GFLOP/s beats this "
                   "tune's 5");
    ASSERT_STR_HAS(said, "added    k3 1000x1000x1000 float on dev: 7 GFLOP/s");
    ASSERT_TRUE(cb_tuned_load(path, &db, 1) == 0);
    ASSERT_EQ_U(db.count, 3);
    ASSERT_NEAR(db.entries[1].throughput, 30, 0);
    cb_tuned_free(&db);
    /* A save that fails says nothing of what it would have done. */
    ASSERT_TRUE(write_text(path, "{\"schema\":\"clbench-tuned\",\"schema_version\":99,"
                                 "\"entries\":[]}") == 0);
    summary = tmpfile();
    ASSERT_TRUE(summary != NULL);
    ASSERT_TRUE(cb_tuned_save(path, second, 3, summary) == -1);
    ASSERT_TRUE(ftell(summary) == 0);
    fclose(summary);

    remove(path);
    snprintf(lock, sizeof lock, "%s.lock", path);
    remove(lock);
    ASSERT_TRUE(rmdir(dir) == 0);
    return 0;
}

/* A run file, a report, other JSON or a directory is not a database to replace; a database,
 * a missing file and an empty one are. */
int test_tuned_check_target_refuses_other_files(void)
{
    char dir[] = "/tmp/clbench-tuned-XXXXXX", path[256], below[300], why[4608];
    const struct cb_tuned_entry a = entry("k1", 10);

    ASSERT_TRUE(mkdtemp(dir) != NULL);
    snprintf(path, sizeof path, "%s/f.json", dir);
    ASSERT_TRUE(cb_tuned_check_target(path, why, sizeof why) == 0); /* missing */
    ASSERT_TRUE(write_text(path, "") == 0);
    ASSERT_TRUE(cb_tuned_check_target(path, why, sizeof why) == 0);
    ASSERT_TRUE(cb_tuned_save(path, &a, 1, NULL) == 0); /* an empty file is an empty database */
    ASSERT_TRUE(cb_tuned_check_target(path, why, sizeof why) == 0);
    snprintf(below, sizeof below, "%s/below", path); /* a path under a file */
    ASSERT_TRUE(cb_tuned_check_target(below, why, sizeof why) == -1);
    ASSERT_STR_HAS(why, "Not a directory");
    ASSERT_TRUE(write_text(path, "{\"schema\":\"clbench-run\",\"schema_version\":1,\"rows\":[]}") ==
                0);
    ASSERT_TRUE(cb_tuned_check_target(path, why, sizeof why) == -1);
    ASSERT_STR_HAS(why, "is a clbench run file");
    ASSERT_STR_HAS(why, "pass --tuned a new file name");
    ASSERT_TRUE(strchr(why, '\n') == NULL);
    /* cb_tuned_save refuses it too: the file is still the run file. */
    ASSERT_TRUE(cb_tuned_save(path, &a, 1, NULL) == -1);
    ASSERT_TRUE(cb_tuned_check_target(path, why, sizeof why) == -1);
    ASSERT_TRUE(write_text(path, "| kernel | ms |\n|---|---|\n") == 0);
    ASSERT_TRUE(cb_tuned_check_target(path, why, sizeof why) == -1);
    ASSERT_STR_HAS(why, "is not JSON");
    ASSERT_TRUE(write_text(path, "{\"schema\":\"other\"}") == 0);
    ASSERT_TRUE(cb_tuned_check_target(path, why, sizeof why) == -1);
    ASSERT_STR_HAS(why, "JSON of schema \"other\"");
    ASSERT_TRUE(write_text(path, "[1, 2]") == 0);
    ASSERT_TRUE(cb_tuned_check_target(path, why, sizeof why) == -1);
    ASSERT_STR_HAS(why, "without a \"schema\" field");
    ASSERT_TRUE(cb_tuned_check_target(dir, why, sizeof why) == -1);
    ASSERT_STR_HAS(why, "is a directory");
    remove(path);
    ASSERT_TRUE(cb_tuned_save(path, &a, 1, NULL) == 0);
    ASSERT_TRUE(cb_tuned_check_target(path, why, sizeof why) == 0);

    remove(path);
    snprintf(path, sizeof path, "%s/f.json.lock", dir);
    remove(path);
    ASSERT_TRUE(rmdir(dir) == 0);
    return 0;
}

/* Entries of another type never share a key: merged side by side, saved with their "type",
 * read back (no "type": float; one that is no REAL type: the entry skipped), and a lookup
 * finds only those of the row's type. */
int test_tuned_types_kept_apart(void)
{
    char dir[] = "/tmp/clbench-tuned-XXXXXX", path[256], other[300], lock[300];
    struct cb_tuned_db db = {NULL, 0};
    struct cb_tuned_entry f = entry("matmul_fast", 10), d = entry("matmul_fast", 4);
    struct cb_device dev;
    enum cb_tuned_match m;
    const size_t size[3] = {1000, 1000, 1000};
    const struct cb_kernel *k = cb_kernel_find("matmul_fast");
    char *files[1];

    d.real = CB_ELEM_DOUBLE;
    ASSERT_TRUE(cb_tuned_merge(&db, &f) == CB_TUNED_ADDED);
    ASSERT_TRUE(cb_tuned_merge(&db, &d) == CB_TUNED_ADDED); /* slower, yet not "kept" out */
    entry_device(&dev);
    ASSERT_TRUE(cb_tuned_choose(&db, &dev, k, CB_ELEM_DOUBLE, size, 1, &m) == &db.entries[1]);
    ASSERT_TRUE(m == CB_TUNED_EXACT);
    ASSERT_TRUE(cb_tuned_choose(&db, &dev, k, CB_ELEM_FLOAT, size, 1, &m) == &db.entries[0]);
    ASSERT_TRUE(cb_tuned_choose(&db, &dev, k, CB_ELEM_HALF, size, 1, &m) == NULL);
    ASSERT_TRUE(m == CB_TUNED_NONE);

    ASSERT_TRUE(mkdtemp(dir) != NULL);
    snprintf(path, sizeof path, "%s/tuned.json", dir);
    ASSERT_TRUE(cb_tuned_save(path, db.entries, db.count, NULL) == 0);
    cb_tuned_free(&db);
    ASSERT_TRUE(cb_tuned_load(path, &db, 1) == 0 && db.count == 2);
    ASSERT_TRUE(db.entries[0].real == CB_ELEM_FLOAT && db.entries[1].real == CB_ELEM_DOUBLE);
    cb_tuned_free(&db);
    /* --merge of a part holding both types, into a database holding the float one. */
    snprintf(other, sizeof other, "%s/part.json", dir);
    ASSERT_TRUE(rename(path, other) == 0);
    ASSERT_TRUE(cb_tuned_save(path, &f, 1, NULL) == 0);
    files[0] = other;
    ASSERT_TRUE(cb_tuned_merge_files(path, files, 1) == 0);
    ASSERT_TRUE(cb_tuned_load(path, &db, 1) == 0 && db.count == 2);
    cb_tuned_free(&db);
    /* Written by hand: no "type" is float; "quad" and "int" are no REAL types. */
    ASSERT_TRUE(write_text(other, "{\"schema\":\"clbench-tuned\",\"schema_version\":1,\"entries\":["
                                  "{\"device\":\"dev\",\"platform\":\"plat\",\"driver\":\"1.0\","
                                  "\"kernel\":\"a\",\"size_class\":\"8\",\"size\":[8],"
                                  "\"params\":{},\"median_ms\":1,\"throughput\":1},"
                                  "{\"device\":\"dev\",\"platform\":\"plat\",\"driver\":\"1.0\","
                                  "\"kernel\":\"b\",\"type\":\"quad\",\"size_class\":\"8\","
                                  "\"size\":[8],\"params\":{},\"median_ms\":1,\"throughput\":1},"
                                  "{\"device\":\"dev\",\"platform\":\"plat\",\"driver\":\"1.0\","
                                  "\"kernel\":\"c\",\"type\":\"int\",\"size_class\":\"8\","
                                  "\"size\":[8],\"params\":{},\"median_ms\":1,\"throughput\":1}"
                                  "]}") == 0);
    ASSERT_TRUE(cb_tuned_load(other, &db, 1) == 0 && db.count == 1);
    ASSERT_TRUE(strcmp(db.entries[0].kernel, "a") == 0 && db.entries[0].real == CB_ELEM_FLOAT);
    cb_tuned_free(&db);
    remove(other);
    remove(path);
    snprintf(lock, sizeof lock, "%s.lock", path);
    remove(lock);
    ASSERT_TRUE(rmdir(dir) == 0);
    return 0;
}

/* The nearest entry weighs a skinny row's small dimension most: 1000x64x8000 takes the entry
 * of 64 columns (4096x64x4096) over the one nearer in M and K (2048x128x8192), while a square
 * row between two squares takes the nearer by plain log ratios (1500^3: 4096^3, not 512^3). */
int test_tuned_nearest_weighs_the_small_dimension(void)
{
    struct cb_tuned_db db = {NULL, 0};
    struct cb_tuned_entry narrow = entry("matmul_fast", 10), wide = entry("matmul_fast", 10),
                          sq5 = entry("matmul_fast", 10), sq4 = entry("matmul_fast", 10);
    const struct cb_kernel *k = cb_kernel_find("matmul_fast");
    const size_t skinny[3] = {1000, 64, 8000}, square[3] = {1500, 1500, 1500};
    struct cb_device dev;
    enum cb_tuned_match m;

    narrow.size[0] = 4096, narrow.size[1] = 64, narrow.size[2] = 4096;
    wide.size[0] = 2048, wide.size[1] = 128, wide.size[2] = 8192;
    sq5.size[0] = sq5.size[1] = sq5.size[2] = 512;
    sq4.size[0] = sq4.size[1] = sq4.size[2] = 4096;
    cb_size_class(k, narrow.size, narrow.size_class, sizeof narrow.size_class);
    cb_size_class(k, wide.size, wide.size_class, sizeof wide.size_class);
    cb_size_class(k, sq5.size, sq5.size_class, sizeof sq5.size_class);
    cb_size_class(k, sq4.size, sq4.size_class, sizeof sq4.size_class);
    ASSERT_TRUE(cb_tuned_merge(&db, &wide) == CB_TUNED_ADDED);
    ASSERT_TRUE(cb_tuned_merge(&db, &narrow) == CB_TUNED_ADDED);
    ASSERT_TRUE(cb_tuned_merge(&db, &sq5) == CB_TUNED_ADDED);
    ASSERT_TRUE(cb_tuned_merge(&db, &sq4) == CB_TUNED_ADDED);
    entry_device(&dev);
    ASSERT_TRUE(cb_tuned_choose(&db, &dev, k, CB_ELEM_FLOAT, skinny, 1, &m) == &db.entries[1]);
    ASSERT_TRUE(m == CB_TUNED_NEAREST);
    ASSERT_TRUE(cb_tuned_choose(&db, &dev, k, CB_ELEM_FLOAT, square, 1, &m) == &db.entries[3]);
    ASSERT_TRUE(m == CB_TUNED_NEAREST);
    ASSERT_TRUE(cb_tuned_choose(&db, &dev, k, CB_ELEM_FLOAT, skinny, 0, &m) == NULL);
    cb_tuned_free(&db);
    return 0;
}
