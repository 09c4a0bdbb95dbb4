/* `clbench tune`'s command line: its option table, help and checks; the search itself is
 * host/session/tune_driver.c's.  The options shared with the benchmark are
 * applied by its own code (cb_config_apply, host/cli/args.c), so that they mean and check the
 * same there. */
#define _POSIX_C_SOURCE 200809L
#include "clbench/args.h"
#include "clbench/check.h"
#include "clbench/options.h"
#include "clbench/tune.h"
#include "clbench/tune_driver.h"
#include "clbench/tuned.h"
#include "clbench/worker.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

enum {
    OPT_BUDGET = CB_OPTION_LONG_ONLY,
    OPT_CL_DIR,
    OPT_EXPORT,
    OPT_MAX_TIME,
    OPT_MIN_TIME,
    OPT_MERGE,
    OPT_RESUME,
    OPT_RETRY_FAILED,
    OPT_ROW_TIMEOUT,
    OPT_SEED,
    OPT_SHARD,
    OPT_STRATEGY,
    OPT_TUNED,
    OPT_TYPE,
};

/* Sorted by long name: --help prints in this order. */
static const struct cb_option options[] = {
    {"budget", OPT_BUDGET, 1, "B",
     "per kernel, size and device: a time (90s, 10m, 1h) or a number of measured points "
     "(default 100)"},
    {"cl-dir", OPT_CL_DIR, 1, "DIR", "read kernels from DIR/<family>.cl (as in clbench --help)"},
    {"define", 'D', 1, "NAME=V[,V..]",
     "restrict a parameter to these values (default: the values listed under \"the space\")"},
    {"device", 'd', 1, "SEL", "devices to tune on, as in clbench --device (default all)"},
    {"export", OPT_EXPORT, 1, "FILE",
     "write the database entry for -k, -n and -d to FILE.h (#defines) or FILE.json; no tuning"},
    {"help", 'h', 0, NULL, "show this help and exit"},
    {"kernel", 'k', 1, "NAMES", "kernels to tune, comma list (required)"},
    {"max-time", OPT_MAX_TIME, 1, "SEC",
     "a point whose first launch takes longer is too_slow (default: 20x the best so far, at "
     "least 30 s)"},
    {"merge", OPT_MERGE, 0, NULL,
     "merge the tuning databases named after the options into --tuned's (under its lock), "
     "keeping the best entry per key; no tuning"},
    {"min-time", OPT_MIN_TIME, 1, "SEC", "keep launching each point for SEC seconds (default 0)"},
    {"output", 'o', 1, "FILE",
     "write every measured point to the run file FILE (and FILE.journal as it goes)"},
    {"reps", 'r', 1, "N", "timed repetitions per point (default 5)"},
    {"resume", OPT_RESUME, 1, "FILE",
     "carry the points already measured in FILE (a killed tune's OUTPUT.journal) into this "
     "tune instead of measuring them again"},
    {"retry-failed", OPT_RETRY_FAILED, 0, NULL,
     "with --resume: measure again the points that failed there (crashed, timed_out...)"},
    {"row-timeout", OPT_ROW_TIMEOUT, 1, "SEC",
     "a point's deadline, its build included: past it its worker is killed and the point is "
     "timed_out (default: the smaller of 900 and a time --budget)"},
    {"seed", OPT_SEED, 1, "N", "seed of the random choices of the search (default 1)"},
    {"shard", OPT_SHARD, 1, "K/N",
     "part K of N (K from 0): exhaustive and random take the points whose index % N == K; "
     "local searches run independently, seeded by K"},
    {"size", 'n', 1, "SIZES", "sizes to tune at, as in clbench --size (default per kernel)"},
    {"strategy", OPT_STRATEGY, 1, "S",
     "exhaustive, random, climb or anneal (default: exhaustive when the space fits the budget, "
     "else climb)"},
    {"tuned", OPT_TUNED, 1, "FILE",
     "the tuning database to update (default $XDG_DATA_HOME/clbench/tuned.json)"},
    {"type", OPT_TYPE, 1, "T",
     "element type of the families' kernels: float (default), double or half, or a comma list "
     "(each tuned in turn); entries are stored per type and used by rows of that type"},
    {"warmup", 'w', 1, "N", "untimed launches before timing (default 1)"},
};
enum { OPTION_COUNT = sizeof options / sizeof options[0] };

struct tune_config {
    struct cb_config cfg;       /* the options shared with the benchmark (cb_config_apply) */
    struct cb_tune_config tune; /* what the driver needs (host/session/tune_driver.c) */
    char *const *merge_files;   /* --merge: the databases to merge, from the command line */
    size_t merge_count;
    int help, kernel_given, row_timeout_given, merge;
};

static void print_help(FILE *out)
{
    fputs("usage: clbench tune -k KERNEL [options]\n"
          "\n"
          "Searches the -D parameters of each kernel for the fastest point on each device and\n"
          "size within a budget.  Points the kernel's plan or the device's limits refuse are\n"
          "skipped before building and cost nothing; every measured point (ok or failed) is a\n"
          "row of the run file.  The best point per device, platform, driver, kernel, element\n"
          "type and size goes into the tuning database, which later runs without -D use for\n"
          "rows of that type (their rows say params_from: tuned).\n"
          "\n"
          "options:\n",
          out);
    cb_options_help(out, options, OPTION_COUNT);
    fputs("\n"
          "the space: each parameter's values from the registry (clbench --list-kernels): a\n"
          "list as given; a range lo..hi as lo, the powers of two inside it and hi; always with\n"
          "the defaults.  -D NAME=V,V,... replaces a parameter's values.\n"
          "\n"
          "strategies: exhaustive (every point, in order); random (points drawn without\n"
          "repetition); climb (hill climbing from the defaults: repeats a move that paid,\n"
          "else moves to the first better neighbour, one or two parameters one value away,\n"
          "and at a local optimum restarts from the best with two parameters redrawn);\n"
          "anneal (simulated annealing with random restarts).\n"
          "\n"
          "examples:\n"
          "  clbench tune -k matmul_fast -n 1024 -d gpu --budget 4m -o tune.json\n"
          "  clbench tune -k matmul_regblock -n 256 -D TILE=8,16 --budget 30 --strategy anneal\n"
          "  clbench tune -k matmul_fast -n 4096 -d gpu --type double --budget 10m\n"
          "  clbench tune -k matmul_fast -n 1024 -d gpu --export matmul_fast_params.h\n"
          "\n"
          "exit status: 0 a best point was found for every kernel, size and device; 1 every\n"
          "point was refused or failed somewhere, or a run-time error; 2 bad command line;\n"
          "130 or 143 interrupted by SIGINT or SIGTERM (the points measured are written, the\n"
          "database is unchanged, and the command that finishes the tune is printed).\n",
          out);
}

static int usage(const char *fmt, ...) CB_PRINTF(1, 2);

static int usage(const char *fmt, ...)
{
    va_list ap;
    int code;

    va_start(ap, fmt);
    code = cb_usage_error(CB_EXIT_USAGE, "tune", fmt, ap);
    va_end(ap);
    return code;
}

/* The benchmark's long name of an option it shares with the tune (cb_config_apply). */
static const char *shared_name(int code)
{
    switch (code) {
    case 'D':
        return "define";
    case 'd':
        return "device";
    case 'k':
        return "kernel";
    case 'n':
        return "size";
    case 'o':
        return "output";
    case 'r':
        return "reps";
    case 'w':
        return "warmup";
    case OPT_CL_DIR:
        return "cl-dir";
    case OPT_MAX_TIME:
        return "max-time";
    case OPT_MIN_TIME:
        return "min-time";
    case OPT_RESUME:
        return "resume";
    case OPT_RETRY_FAILED:
        return "retry-failed";
    case OPT_ROW_TIMEOUT:
        return "row-timeout";
    case OPT_SHARD:
        return "shard";
    case OPT_TUNED:
        return "tuned";
    case OPT_TYPE:
        return "type";
    default:
        return NULL;
    }
}

static int handle(struct tune_config *t, int code, const char *arg)
{
    char why[CB_WHY_LEN];
    unsigned long long v;
    int s;

    switch (code) {
    case 'h':
        t->help = 1;
        return 0;
    case OPT_BUDGET:
        if (cb_parse_budget(arg, &t->tune.budget_s, &t->tune.budget_evals, why) != 0)
            return usage("--budget: %s", why);
        t->tune.budget_text = arg;
        return 0;
    case OPT_EXPORT:
        if (*arg == '\0')
            return usage("--export needs a file name (NAME.h or NAME.json)");
        t->tune.export_path = arg;
        return 0;
    case OPT_MERGE:
        t->merge = 1;
        return 0;
    case OPT_SEED:
        if (cb_parse_uint(arg, ~0ULL, &v) != 0)
            return usage("--seed takes a whole number, not '%s'", arg);
        t->tune.seed = v;
        return 0;
    case OPT_STRATEGY:
        s = cb_strategy_parse(arg);
        if (s < 0 || s == CB_STRATEGY_AUTO)
            return usage("unknown strategy '%s' (use exhaustive, random, climb or anneal)", arg);
        t->tune.strategy = (enum cb_strategy)s;
        return 0;
    default:
        return CB_EXIT_USAGE;
    }
}

static int parse(int argc, char **argv, struct tune_config *t)
{
    struct option longopts[OPTION_COUNT + 1];
    char shortopts[3 * OPTION_COUNT + 2];
    int status = 0;

    memset(t, 0, sizeof *t);
    t->tune.budget_evals = 100;
    t->tune.budget_text = "100";
    t->tune.seed = 1;
    cb_config_init(&t->cfg);
    /* Quicker defaults than a benchmark's: a point needs a ranking, not a publication. */
    t->cfg.session.row.reps = 5;
    t->cfg.session.row.warmup = 1;
    t->cfg.session.row.min_time_s = 0;
    t->cfg.session.row.peak_mode = CB_PEAK_OFF;
    cb_options_prepare(options, OPTION_COUNT, longopts, shortopts);
    while (status == 0) {
        int index = -1;
        const int code = getopt_long(argc, argv, shortopts, longopts, &index);
        const char *name = shared_name(code);

        if (code == -1)
            break;
        if (code == '?' || code == ':') {
            char problem[256];

            cb_options_problem(code, argc, argv, problem, sizeof problem);
            status = usage("%s", problem);
        } else if (name != NULL) {
            status = cb_config_apply(&t->cfg, name, optarg);
            t->kernel_given |= code == 'k';
            t->tune.max_time_given |= code == OPT_MAX_TIME;
            t->row_timeout_given |= code == OPT_ROW_TIMEOUT;
        } else
            status = handle(t, code, optarg);
    }
    if (status == 0 && t->merge) {
        t->merge_files = argv + optind;
        t->merge_count = (size_t)(argc - optind);
        if (t->merge_count == 0)
            status = usage("--merge needs the databases to merge: clbench tune --merge --tuned "
                           "FILE PART.json...");
    } else if (status == 0 && optind < argc)
        status = usage("unexpected argument '%s'", argv[optind]);
    if (status != 0 || t->help)
        return status;
    if (!t->kernel_given && !t->merge)
        return usage("which kernel? give -k NAME (see clbench --list-kernels)");
    status = cb_config_finish(&t->cfg);
    if (status != 0)
        return status;
    /* A point may not outlast the whole budget: a tune ends within its budget plus one row's
     * deadline, builds included. */
    if (!t->row_timeout_given && t->tune.budget_s > 0)
        t->cfg.session.row_timeout_s = fmin(t->cfg.session.row_timeout_s, t->tune.budget_s);
    /* The run file records the tune's own command line. */
    {
        size_t len = 16;
        char *s;

        for (int i = 0; i < argc; i++)
            len += strlen(argv[i]) + 1;
        s = malloc(len);
        if (s == NULL)
            return usage("out of memory");
        strcpy(s, "clbench");
        for (int i = 0; i < argc; i++) {
            strcat(s, " ");
            strcat(s, argv[i]);
        }
        t->cfg.session.command_line = s;
    }
    t->tune.run = t->cfg.session;
    return 0;
}

/* --merge: the per-task databases of a cluster job into the one --tuned names (or the
 * default), under its lock. */
static int merge(const struct tune_config *t)
{
    char db_path[4096], refused[4608];

    if (t->cfg.session.tuned_path != NULL)
        snprintf(db_path, sizeof db_path, "%s", t->cfg.session.tuned_path);
    else if (cb_tuned_default_path(db_path, sizeof db_path) != 0)
        return usage("neither XDG_DATA_HOME nor HOME is set: give --tuned FILE");
    if (cb_tuned_check_update(db_path, refused, sizeof refused) != 0) {
        cb_error("%s", refused);
        return CB_EXIT_USAGE;
    }
    if (cb_tuned_merge_files(db_path, t->merge_files, t->merge_count) != 0)
        return CB_EXIT_FAILED;
    fprintf(stderr, "clbench: merged %zu database(s) into '%s'\n", t->merge_count, db_path);
    return CB_EXIT_OK;
}

/* Checks what the command line asks against the kernels' spaces, then hands it to the
 * driver. */
static int tune(const struct tune_config *tc)
{
    const struct cb_tune_config *t = &tc->tune;
    const struct cb_config *cfg = &tc->cfg;
    struct cb_space *spaces = calloc(cfg->session.rows.kernel_count + 1, sizeof *spaces);
    char db_path[4096], why[CB_WHY_LEN], refused[4608];
    int status = CB_EXIT_USAGE;

    if (spaces == NULL) {
        cb_error("out of host memory");
        return CB_EXIT_FAILED;
    }
    for (size_t i = 0; i < cfg->session.rows.kernel_count; i++)
        if (cb_space_build(&spaces[i], cfg->session.rows.kernels[i], cfg->session.rows.defines,
                           cfg->session.rows.define_count, why) != 0) {
            usage("%s", why);
            goto done;
        }
    if (cfg->session.tuned_path != NULL)
        snprintf(db_path, sizeof db_path, "%s", cfg->session.tuned_path);
    else if (cb_tuned_default_path(db_path, sizeof db_path) != 0) {
        usage("neither XDG_DATA_HOME nor HOME is set: give --tuned FILE");
        goto done;
    }
    if (cb_tuned_check_update(db_path, refused, sizeof refused) != 0) {
        cb_error("%s", refused);
        goto done;
    }
    if (cb_config_check_outputs(cfg, db_path, t->export_path) != 0)
        goto done;
    if (t->export_path != NULL) {
        const char *dot = strrchr(t->export_path, '.');

        if (dot == NULL || (strcmp(dot, ".h") != 0 && strcmp(dot, ".json") != 0)) {
            usage("--export writes NAME.h or NAME.json, not '%s'", t->export_path);
            goto done;
        }
    }
    for (size_t i = 0; i < cfg->session.rows.kernel_count && t->export_path == NULL; i++)
        if (cfg->session.shards > 1 && t->strategy <= CB_STRATEGY_RANDOM &&
            spaces[i].total < cfg->session.shards) {
            usage("--shard %u/%u: %s has only %llu points, fewer than %u shards",
                  cfg->session.shard, cfg->session.shards, cfg->session.rows.kernels[i]->name,
                  (unsigned long long)spaces[i].total, cfg->session.shards);
            goto done;
        }
    status = cb_tune_run(t, spaces, db_path);
done:
    free(spaces);
    return status;
}

int cb_tune_main(int argc, char **argv)
{
    struct tune_config t;
    int status = parse(argc, argv, &t);

    if (status == 0 && cb_worker_mode())
        status = cb_worker_serve(&t.cfg.session);
    else if (status == 0 && t.help)
        print_help(stdout);
    else if (status == 0 && t.merge)
        status = merge(&t);
    else if (status == 0)
        status = tune(&t);
    cb_config_free(&t.cfg);
    return status;
}
