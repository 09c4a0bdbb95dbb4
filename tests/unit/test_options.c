/* The option tables of the three commands (host/cli): each row's value reaches its field. */
#include "check.h"
#include "clbench/args.h"
#include "clbench/check.h"
#include "clbench/source.h"

#include <stdio.h>
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
