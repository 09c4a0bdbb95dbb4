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
#include <unistd.h> /* optind: the first operand, after cb_options_parse */

struct tune_config {
    struct cb_config cfg;       /* the options shared with the benchmark (cb_config_apply) */
    struct cb_tune_config tune; /* what the driver needs (host/session/tune_driver.c) */
    char *const *merge_files;   /* --merge: the databases to merge, from the command line */
    size_t merge_count;
    int help, kernel_given, row_timeout_given, merge;
};

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

/* An option the tune shares with the benchmark: the benchmark's row of that name applies it, so
 * that it means and checks the same there. */
static int shared(const struct cb_option *o, void *conf, const char *arg)
{
    struct tune_config *t = conf;

    t->kernel_given |= o->letter == 'k';
    t->tune.max_time_given |= strcmp(o->name, "max-time") == 0;
    t->row_timeout_given |= strcmp(o->name, "row-timeout") == 0;
    return cb_config_apply(&t->cfg, o->name, arg);
}

static int set_budget(const struct cb_option *o, void *conf, const char *arg)
{
    struct cb_tune_config *t = &((struct tune_config *)conf)->tune;
    char why[CB_WHY_LEN];

    (void)o;
    if (cb_parse_budget(arg, &t->budget_s, &t->budget_evals, why) != 0)
        return usage("--budget: %s", why);
    t->budget_text = arg;
    return 0;
}

static int set_strategy(const struct cb_option *o, void *conf, const char *arg)
{
    struct cb_tune_config *t = &((struct tune_config *)conf)->tune;
    const int s = cb_strategy_parse(arg);

    (void)o;
    if (s < 0 || s == CB_STRATEGY_AUTO)
        return usage("unknown strategy '%s' (use exhaustive, random, climb or anneal)", arg);
    t->strategy = (enum cb_strategy)s;
    return 0;
}

#define AT(member) CB_OPT_AT(struct tune_config, member)

/* Sorted by long name: --help prints in this order. */
static const struct cb_option options[] = {
    {"budget", 0, CB_OPT_CALL, .call = set_budget, .metavar = "B",
     .help = "per kernel, size and device: a time (90s, 10m, 1h) or a number of measured points "
             "(default 100)"},
    {"cl-dir", 0, CB_OPT_CALL, .call = shared, .metavar = "DIR",
     .help = "read kernels from DIR/<family>.cl (as in clbench --help)"},
    {"define", 'D', CB_OPT_CALL, .call = shared, .metavar = "NAME=V[,V..]",
     .help = "restrict a parameter to these values (default: the values listed under \"the "
             "space\")"},
    {"device", 'd', CB_OPT_CALL, .call = shared, .metavar = "SEL",
     .help = "devices to tune on, as in clbench --device (default all)"},
    {"export", 0, CB_OPT_FILE, AT(tune.export_path),
     .refusal = "needs a file name (NAME.h or NAME.json)", .metavar = "FILE",
     .help = "write the database entry for -k, -n and -d to FILE.h (#defines) or FILE.json; no "
             "tuning"},
    {"help", 'h', CB_OPT_TRUE, AT(help), .help = "show this help and exit"},
    {"kernel", 'k', CB_OPT_CALL, .call = shared, .metavar = "NAMES",
     .help = "kernels to tune, comma list (required)"},
    {"max-time", 0, CB_OPT_CALL, .call = shared, .metavar = "SEC",
     .help = "a point whose first launch takes longer is too_slow (default: 20x the best so far, "
             "at least 30 s)"},
    {"merge", 0, CB_OPT_TRUE, AT(merge),
     .help = "merge the tuning databases named after the options into --tuned's (under its lock), "
             "keeping the best entry per key; no tuning"},
    {"min-time", 0, CB_OPT_CALL, .call = shared, .metavar = "SEC",
     .help = "keep launching each point for SEC seconds (default 0)"},
    {"output", 'o', CB_OPT_CALL, .call = shared, .metavar = "FILE",
     .help = "write every measured point to the run file FILE (and FILE.journal as it goes)"},
    {"reps", 'r', CB_OPT_CALL, .call = shared, .metavar = "N",
     .help = "timed repetitions per point (default 5)"},
    {"resume", 0, CB_OPT_CALL, .call = shared, .metavar = "FILE",
     .help = "carry the points already measured in FILE (a killed tune's OUTPUT.journal) into "
             "this tune instead of measuring them again"},
    {"retry-failed", 0, CB_OPT_CALL, .call = shared,
     .help = "with --resume: measure again the points that failed there (crashed, timed_out...)"},
    {"row-timeout", 0, CB_OPT_CALL, .call = shared, .metavar = "SEC",
     .help = "a point's deadline, its build included: past it its worker is killed and the point "
             "is timed_out (default: the smaller of 900 and a time --budget)"},
    {"seed", 0, CB_OPT_COUNT, AT(tune.seed), .refusal = "takes a whole number", .metavar = "N",
     .help = "seed of the random choices of the search (default 1)"},
    {"shard", 0, CB_OPT_CALL, .call = shared, .metavar = "K/N",
     .help = "part K of N (K from 0): exhaustive and random take the points whose index % N == K; "
             "local searches run independently, seeded by K"},
    {"size", 'n', CB_OPT_CALL, .call = shared, .metavar = "SIZES",
     .help = "sizes to tune at, as in clbench --size (default per kernel)"},
    {"strategy", 0, CB_OPT_CALL, .call = set_strategy, .metavar = "S",
     .help = "exhaustive, random, climb or anneal (default: exhaustive when the space fits the "
             "budget, else climb)"},
    {"tuned", 0, CB_OPT_CALL, .call = shared, .metavar = "FILE",
     .help = "the tuning database to update (default $XDG_DATA_HOME/clbench/tuned.json)"},
    {"type", 0, CB_OPT_CALL, .call = shared, .metavar = "T",
     .help =
         "element type of the families' kernels: float (default), double or half, or a comma "
         "list (each tuned in turn); entries are stored per type and used by rows of that type"},
    {"warmup", 'w', CB_OPT_CALL, .call = shared, .metavar = "N",
     .help = "untimed launches before timing (default 1)"},
};

const struct cb_command cb_tune_options = {"tune", options, sizeof options / sizeof options[0],
                                           sizeof(struct tune_config), CB_EXIT_USAGE};

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
    cb_options_help(out, &cb_tune_options);
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

static int parse(int argc, char **argv, struct tune_config *t)
{
    int status;

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
    status = cb_options_parse(&cb_tune_options, argc, argv, t);
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
