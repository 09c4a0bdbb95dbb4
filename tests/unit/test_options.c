/* The option tables of the three commands (host/cli/options.h): each row's value reaches its
 * field. */
#include "check.h"
#include "clbench/args.h"
#include "clbench/check.h"
#include "clbench/options.h"
#include "clbench/source.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Every option of the benchmark, each with a value that is not its default, in one command
 * line; then every field it binds is read back.  A row bound to the wrong field, or a kind that
 * stores the wrong width, leaves one of them at its default. */
int test_options_bind_their_fields(void)
{
    char kernel_file[4096];
    char *argv[80];
    struct cb_config cfg;
    int argc = 0;

    snprintf(kernel_file, sizeof kernel_file, "%s/examples/saxpy.cl", cb_default_cl_dir());
    {
        const char *args[] = {"clbench",
                              "--autotune",
                              "quick",
                              "--cl-dir",
                              cb_default_cl_dir(),
                              "--cl-opts",
                              "-cl-mad-enable",
                              "--clock-threshold",
                              "7.5",
                              "-D",
                              "TILE=8,16",
                              "--detail",
                              "-d",
                              "cpu",
                              "--discard-throttled",
                              "--energy-window",
                              "12",
                              "-f",
                              "md",
                              "-h",
                              "--help-man",
                              "-k",
                              "matmul_tiled",
                              "--kernel-file",
                              kernel_file,
                              "-k",
                              "saxpy",
                              "-l",
                              "--list-kernels",
                              "--max-time",
                              "31",
                              "--min-time",
                              "0.75",
                              "--no-cache",
                              "--no-sensors",
                              "--no-model",
                              "--no-tuned",
                              "-o",
                              "out.json",
                              "--peak",
                              "measure",
                              "--no-peak",
                              "-r",
                              "11",
                              "--resume",
                              "old.json",
                              "--retry-failed",
                              "--row-timeout",
                              "601",
                              "--seed",
                              "18446744073709551615",
                              "--shard",
                              "2/3",
                              "-n",
                              "64,128",
                              "--tuned",
                              "db.json",
                              "--type",
                              "double,half",
                              "--verify-max",
                              "4097",
                              "-V",
                              "-w",
                              "3",
                              NULL};

        for (; args[argc] != NULL; argc++)
            argv[argc] = (char *)args[argc];
        argv[argc] = NULL;
    }
    ASSERT_TRUE(cb_parse_args(argc, argv, &cfg) == 0);
    ASSERT_EQ_U(cfg.session.autotune, 1);
    ASSERT_TRUE(strcmp(cfg.session.row.cl_dir, cb_default_cl_dir()) == 0);
    ASSERT_TRUE(strcmp(cfg.session.row.cl_opts, "-cl-mad-enable") == 0);
    ASSERT_NEAR(cfg.session.row.clock_threshold_pct, 7.5, 0);
    ASSERT_EQ_U(cfg.session.rows.define_count, 1);
    ASSERT_EQ_U(cfg.session.rows.defines[0].count, 2);
    ASSERT_EQ_U(cfg.session.out.detail, 1);
    ASSERT_TRUE(strcmp(cfg.session.devices, "cpu") == 0);
    ASSERT_EQ_U(cfg.devices_given, 1);
    ASSERT_EQ_U(cfg.session.row.discard_throttled, 1);
    ASSERT_EQ_U(cfg.session.row.energy_window_periods, 12);
    ASSERT_EQ_U(cfg.session.out.format, CB_FORMAT_MD);
    ASSERT_EQ_U(cfg.format_given, 1);
    ASSERT_EQ_U(cfg.show_help, 1);
    ASSERT_EQ_U(cfg.show_man, 1);
    ASSERT_EQ_U(cfg.kernel_list_count, 2);
    ASSERT_EQ_U(cfg.kernel_file_count, 1);
    ASSERT_EQ_U(cfg.session.rows.kernel_count, 2);
    ASSERT_EQ_U(cfg.list_devices, 1);
    ASSERT_EQ_U(cfg.list_kernels, 1);
    ASSERT_NEAR(cfg.session.row.max_time_s, 31, 0);
    ASSERT_NEAR(cfg.session.row.min_time_s, 0.75, 0);
    ASSERT_EQ_U(cfg.session.row.use_cache, 0);
    ASSERT_EQ_U(cfg.session.row.sensors, 0);
    ASSERT_EQ_U(cfg.session.rows.no_model, 1);
    ASSERT_EQ_U(cfg.session.rows.no_tuned, 1);
    ASSERT_TRUE(strcmp(cfg.session.out.output, "out.json") == 0);
    ASSERT_EQ_U(cfg.session.out.output_format, CB_FORMAT_JSON);
    ASSERT_EQ_U(cfg.session.row.peak_mode, CB_PEAK_OFF); /* --no-peak came after --peak */
    ASSERT_EQ_U(cfg.session.row.reps, 11);
    ASSERT_TRUE(strcmp(cfg.session.resume, "old.json") == 0);
    ASSERT_EQ_U(cfg.session.retry_failed, 1);
    ASSERT_NEAR(cfg.session.row_timeout_s, 601, 0);
    ASSERT_EQ_U(cfg.session.row.seed, 18446744073709551615ULL);
    ASSERT_EQ_U(cfg.session.shard, 2);
    ASSERT_EQ_U(cfg.session.shards, 3);
    ASSERT_EQ_U(cfg.session.rows.size_count, 2);
    ASSERT_TRUE(strcmp(cfg.session.tuned_path, "db.json") == 0);
    ASSERT_EQ_U(cfg.session.rows.real_type_count, 2);
    ASSERT_TRUE(strcmp(cfg.session.rows.real_types[1], "half") == 0);
    ASSERT_EQ_U(cfg.session.row.verify_max, 4097);
    ASSERT_EQ_U(cfg.show_version, 1);
    ASSERT_EQ_U(cfg.session.row.warmup, 3);
    cb_config_free(&cfg);
    return 0;
}

/* The width a kind stores at its field; 0: the kind binds no field. */
static size_t kind_size(const struct cb_option *o)
{
    switch (o->kind) {
    case CB_OPT_TRUE:
    case CB_OPT_FALSE:
        return sizeof(int);
    case CB_OPT_STRING:
    case CB_OPT_FILE:
        return sizeof(const char *);
    case CB_OPT_COUNT: /* unsigned or unsigned long long */
        return o->size == sizeof(unsigned) ? sizeof(unsigned) : sizeof(unsigned long long);
    case CB_OPT_SECONDS:
    case CB_OPT_NUMBER:
        return sizeof(double);
    case CB_OPT_CALL:
        return 0;
    }
    return 0;
}

/* A value each kind takes: the least of its range. */
static const char *sample_value(const struct cb_option *o, char *buf, size_t len)
{
    if (o->metavar == NULL)
        return NULL;
    if (o->kind == CB_OPT_COUNT)
        snprintf(buf, len, "%.0f", o->min);
    else if (o->kind == CB_OPT_NUMBER)
        snprintf(buf, len, "%.17g", o->min);
    else
        snprintf(buf, len, "1");
    return buf;
}

/* One command's rows: names and letters unique, help on every row but the man page's, a value
 * name exactly where the option takes a value, and each binding inside the configuration, as
 * wide as its kind stores and written there and nowhere else. */
static int check_table(const struct cb_command *c)
{
    unsigned char *before = malloc(c->conf_size), *after = malloc(c->conf_size);

    ASSERT_TRUE(before != NULL && after != NULL && c->count > 0);
    for (size_t i = 0; i < c->count; i++) {
        const struct cb_option *o = &c->options[i];
        char buf[64];
        const char *arg = sample_value(o, buf, sizeof buf);

        ASSERT_TRUE(o->name != NULL && strlen(o->name) > 1 &&
                    strspn(o->name, "abcdefghijklmnopqrstuvwxyz-") == strlen(o->name));
        ASSERT_TRUE(o->help != NULL || strcmp(o->name, "help-man") == 0);
        /* A flag takes no value, a field of any other kind does; a call may do either. */
        if (o->kind == CB_OPT_TRUE || o->kind == CB_OPT_FALSE)
            ASSERT_TRUE(o->metavar == NULL);
        else if (o->kind != CB_OPT_CALL)
            ASSERT_TRUE(o->metavar != NULL);
        for (size_t j = 0; j < i; j++) {
            ASSERT_TRUE(strcmp(c->options[j].name, o->name) != 0);
            ASSERT_TRUE(o->letter == 0 || c->options[j].letter != o->letter);
        }
        ASSERT_TRUE((o->kind == CB_OPT_CALL) == (o->call != NULL));
        if (o->kind == CB_OPT_CALL)
            continue;
        ASSERT_EQ_U(o->size, kind_size(o));
        ASSERT_TRUE(o->field + o->size <= c->conf_size);
        memset(before, 0xa5, c->conf_size);
        memcpy(after, before, c->conf_size);
        ASSERT_TRUE(cb_option_apply(c, o, after, arg) == 0);
        for (size_t b = 0; b < c->conf_size; b++)
            if (b < o->field || b >= o->field + o->size)
                ASSERT_EQ_U(after[b], before[b]);
        ASSERT_TRUE(memcmp(after + o->field, before + o->field, o->size) != 0);
    }
    free(before);
    free(after);
    return 0;
}

int test_options_tables_are_sound(void)
{
    ASSERT_TRUE(check_table(&cb_bench_options) == 0);
    ASSERT_TRUE(check_table(&cb_tune_options) == 0);
    ASSERT_TRUE(check_table(&cb_report_options) == 0);
    return 0;
}
