/* `clbench tune`: searches each kernel's -D space on each device and size under a budget,
 * records every measured point as a row (run file and journal, so report, --baseline and
 * --resume work as for a sweep), and stores the best point per device, driver, kernel and size
 * class in the tuning database (host/tune/tuned.c).  The options shared with the benchmark are
 * handed to its parser (host/cli/args.c), so that they mean and check the same there. */
#define _POSIX_C_SOURCE 200809L
#include "clbench/args.h"
#include "clbench/check.h"
#include "clbench/journal.h"
#include "clbench/options.h"
#include "clbench/output.h"
#include "clbench/report.h"
#include "clbench/rows.h"
#include "clbench/timer.h"
#include "clbench/tune.h"
#include "clbench/tuned.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum {
    OPT_BUDGET = CB_OPTION_LONG_ONLY,
    OPT_CL_DIR,
    OPT_EXPORT,
    OPT_MAX_TIME,
    OPT_MIN_TIME,
    OPT_RESUME,
    OPT_SEED,
    OPT_SHARD,
    OPT_STRATEGY,
    OPT_TUNED,
    MAX_FORWARDED = 64,
    MIN_MAX_TIME_S = 30,
};

#define CRASHED_REASON                                                                             \
    "the process ended while this point ran (killed, or the OpenCL driver crashed): not run "      \
    "again by --resume"

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
    {"min-time", OPT_MIN_TIME, 1, "SEC", "keep launching each point for SEC seconds (default 0)"},
    {"output", 'o', 1, "FILE",
     "write every measured point to the run file FILE (and FILE.journal as it goes)"},
    {"reps", 'r', 1, "N", "timed repetitions per point (default 5)"},
    {"resume", OPT_RESUME, 1, "FILE",
     "carry the points already measured in FILE (a killed tune's OUTPUT.journal) into this "
     "tune instead of measuring them again"},
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
    {"warmup", 'w', 1, "N", "untimed launches before timing (default 1)"},
};
enum { OPTION_COUNT = sizeof options / sizeof options[0] };

struct tune_config {
    struct cb_config run; /* the shared options, parsed by cb_parse_args */
    const char *budget_text, *export_path;
    double budget_s;
    uint64_t budget_evals;
    enum cb_strategy strategy;
    uint64_t seed;
    int help, kernel_given, max_time_given;
};

static void print_help(FILE *out)
{
    fputs("usage: clbench tune -k KERNEL [options]\n"
          "\n"
          "Searches the -D parameters of each kernel for the fastest point on each device and\n"
          "size within a budget.  Points the kernel's plan or the device's limits refuse are\n"
          "skipped before building and cost nothing; every measured point (ok or failed) is a\n"
          "row of the run file.  The best point per device, platform, driver, kernel and size\n"
          "class (each dimension rounded up to a power of two) goes into the tuning database,\n"
          "which later runs without -D use (their rows say params_from: tuned).\n"
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
          "  clbench tune -k matmul_fast -n 1024 -d gpu --export matmul_fast_params.h\n"
          "\n"
          "exit status: 0 a best point was found for every kernel, size and device; 1 every\n"
          "point was refused or failed somewhere, or a run-time error; 2 bad command line.\n",
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

/* The benchmark's spelling of a shared option. */
static const char *forwarded_name(int code)
{
    switch (code) {
    case 'D':
        return "--define";
    case 'd':
        return "--device";
    case 'k':
        return "--kernel";
    case 'n':
        return "--size";
    case 'o':
        return "--output";
    case 'r':
        return "--reps";
    case 'w':
        return "--warmup";
    case OPT_CL_DIR:
        return "--cl-dir";
    case OPT_MAX_TIME:
        return "--max-time";
    case OPT_MIN_TIME:
        return "--min-time";
    case OPT_RESUME:
        return "--resume";
    case OPT_SHARD:
        return "--shard";
    case OPT_TUNED:
        return "--tuned";
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
        if (cb_parse_budget(arg, &t->budget_s, &t->budget_evals, why) != 0)
            return usage("--budget: %s", why);
        t->budget_text = arg;
        return 0;
    case OPT_EXPORT:
        if (*arg == '\0')
            return usage("--export needs a file name (NAME.h or NAME.json)");
        t->export_path = arg;
        return 0;
    case OPT_SEED:
        if (cb_parse_uint(arg, ~0ULL, &v) != 0)
            return usage("--seed takes a whole number, not '%s'", arg);
        t->seed = v;
        return 0;
    case OPT_STRATEGY:
        s = cb_strategy_parse(arg);
        if (s < 0 || s == CB_STRATEGY_AUTO)
            return usage("unknown strategy '%s' (use exhaustive, random, climb or anneal)", arg);
        t->strategy = (enum cb_strategy)s;
        return 0;
    default:
        return CB_EXIT_USAGE;
    }
}

static int parse(int argc, char **argv, struct tune_config *t)
{
    struct option longopts[OPTION_COUNT + 1];
    char shortopts[3 * OPTION_COUNT + 2];
    char *fwd[2 * MAX_FORWARDED + 8];
    int nfwd = 0, status = 0, has_reps = 0, has_warmup = 0, has_min_time = 0;

    memset(t, 0, sizeof *t);
    t->budget_evals = 100;
    t->budget_text = "100";
    t->seed = 1;
    fwd[nfwd++] = "clbench";
    cb_options_prepare(options, OPTION_COUNT, longopts, shortopts);
    while (status == 0) {
        const int code = getopt_long(argc, argv, shortopts, longopts, NULL);
        const char *name = forwarded_name(code);

        if (code == -1)
            break;
        if (code == '?' || code == ':') {
            char problem[256];

            cb_options_problem(code, argc, argv, problem, sizeof problem);
            status = usage("%s", problem);
        } else if (name != NULL) {
            if (nfwd >= 2 * MAX_FORWARDED)
                return usage("too many options");
            fwd[nfwd++] = (char *)name;
            fwd[nfwd++] = optarg;
            t->kernel_given |= code == 'k';
            t->max_time_given |= code == OPT_MAX_TIME;
            has_reps |= code == 'r';
            has_warmup |= code == 'w';
            has_min_time |= code == OPT_MIN_TIME;
        } else
            status = handle(t, code, optarg);
    }
    if (status == 0 && optind < argc)
        status = usage("unexpected argument '%s'", argv[optind]);
    if (status != 0 || t->help)
        return status;
    if (!t->kernel_given)
        return usage("which kernel? give -k NAME (see clbench --list-kernels)");
    /* Quicker defaults than a benchmark's: a point needs a ranking, not a publication. */
    if (!has_reps) {
        fwd[nfwd++] = "--reps";
        fwd[nfwd++] = "5";
    }
    if (!has_warmup) {
        fwd[nfwd++] = "--warmup";
        fwd[nfwd++] = "1";
    }
    if (!has_min_time) {
        fwd[nfwd++] = "--min-time";
        fwd[nfwd++] = "0";
    }
    fwd[nfwd++] = "--no-peak";
    fwd[nfwd] = NULL;
    status = cb_parse_args(nfwd, fwd, &t->run);
    if (status != 0)
        return status;
    /* The run file records the tune's own command line. */
    free((char *)t->run.command_line);
    t->run.command_line = NULL;
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
        t->run.command_line = s;
    }
    return 0;
}

/* One search: a kernel at a size on a device. */
struct task {
    struct cb_run *run;
    struct cb_config *cfg;
    const struct tune_config *t;
    struct cb_device *device;
    const struct cb_kernel *kernel;
    size_t size[CB_MAX_DIMS];
    const struct cb_space *space;
    struct cb_program_cache *cache;
    struct cb_journal *journal;
    char refusal[CB_REASON_LEN]; /* the first reason a point was refused */
    double best_ms, start_ms, deadline_ms;
    uint64_t evals;
    int progress;
};

static void fill_row(const struct task *k, uint64_t index, struct cb_row *row)
{
    unsigned digit[CB_MAX_PARAMS];

    memset(row, 0, sizeof *row);
    row->device = k->device;
    row->problem.kernel = k->kernel;
    memcpy(row->problem.size, k->size, sizeof row->problem.size);
    row->timer = "event";
    row->params_from = "tuning";
    cb_space_point(k->space, index, digit);
    for (unsigned d = 0; d < k->space->dims; d++)
        row->problem.param[d] = k->space->values[d][digit[d]];
}

static int same_point(const struct cb_row *a, const struct cb_row *b)
{
    return a->device == b->device && a->problem.kernel == b->problem.kernel &&
           memcmp(a->problem.size, b->problem.size, sizeof a->problem.size) == 0 &&
           memcmp(a->problem.param, b->problem.param,
                  cb_kernel_param_count(a->problem.kernel) * sizeof(long)) == 0;
}

static enum cb_eval outcome(struct task *k, const struct cb_row *row, double *cost)
{
    k->evals++;
    if (row->status != CB_STATUS_OK)
        return CB_EVAL_FAILED;
    *cost = row->stats.median;
    if (k->best_ms <= 0 || *cost < k->best_ms)
        k->best_ms = *cost;
    return CB_EVAL_OK;
}

static void show_progress(const struct task *k)
{
    char size[96];
    struct cb_row probe;

    if (!k->progress)
        return;
    memset(&probe, 0, sizeof probe);
    probe.problem.kernel = k->kernel;
    memcpy(probe.problem.size, k->size, sizeof probe.problem.size);
    cb_row_size(&probe, size, sizeof size);
    fprintf(stderr, "\rclbench: tune %s %s: %llu evaluated, best %.4g ms", k->kernel->name, size,
            (unsigned long long)k->evals, k->best_ms);
    if (k->deadline_ms > 0)
        fprintf(stderr, ", %.0f s left   ", fmax(0, (k->deadline_ms - cb_wall_ms()) / 1e3));
    else
        fprintf(stderr, ", %llu left   ", (unsigned long long)(k->t->budget_evals - k->evals));
    fflush(stderr);
}

/* The objective of the search: a row planned, checked, built, run and verified. */
static enum cb_eval evaluate(void *ctx, uint64_t index, double *cost)
{
    struct task *k = ctx;
    struct cb_row row;
    struct cb_config eval_cfg = *k->cfg;
    enum cb_eval result;

    fill_row(k, index, &row);
    for (size_t i = 0; i < k->run->row_count; i++)
        if (k->run->rows[i].resumed && same_point(&k->run->rows[i], &row))
            return outcome(k, &k->run->rows[i], cost);
    if (cb_row_plan(&row) != 0) {
        if (k->refusal[0] == '\0')
            snprintf(k->refusal, sizeof k->refusal, "%s", row.reason);
        return CB_EVAL_REFUSED;
    }
    /* A point twenty times slower than the best is not worth timing to the end.  The floor
     * is high because PoCL compiles the work-group function during the first launch. */
    if (!k->t->max_time_given)
        eval_cfg.max_time_s = fmax(MIN_MAX_TIME_S, 20 * k->best_ms / 1e3);
    /* Journaled as failed first: if the driver takes the process down with it (PoCL 3.1 does
     * on some work-group shapes), --resume skips this point instead of crashing again. */
    if (k->journal->fd >= 0) {
        snprintf(row.reason, sizeof row.reason, "%s", CRASHED_REASON);
        row.status = CB_STATUS_LAUNCH_FAILED;
        cb_journal_append(k->journal, &row);
    }
    {
        /* No reference devices: a generic kernel checked on another device fails with why. */
        const struct cb_row_env env = {&eval_cfg, k->cache, NULL};

        cb_run_row(&row, &env);
    }
    {
        struct cb_row *grown = realloc(k->run->rows, (k->run->row_count + 1) * sizeof *grown);

        if (grown == NULL) {
            cb_row_free(&row);
            return CB_EVAL_FAILED;
        }
        k->run->rows = grown;
        grown[k->run->row_count++] = row;
    }
    cb_journal_append(k->journal, &row);
    result = outcome(k, &row, cost);
    show_progress(k);
    return result;
}

/* The defaults of the device type, as the search's first point (where they are in the space). */
static void default_start(const struct task *k, struct cb_search *s)
{
    const int cpu = (k->device->type & CL_DEVICE_TYPE_CPU) != 0;
    unsigned digit[CB_MAX_PARAMS];

    for (unsigned d = 0; d < k->space->dims; d++) {
        const long def = *cb_param_default(k->kernel, d, cpu);

        digit[d] = k->space->count[d];
        for (unsigned i = 0; i < k->space->count[d]; i++)
            if (k->space->values[d][i] == def)
                digit[d] = i;
        if (digit[d] == k->space->count[d])
            return;
    }
    s->has_start = 1;
    s->start = cb_space_index(k->space, digit);
}

static const struct cb_row *find_best(const struct task *k, uint64_t index)
{
    struct cb_row want;

    fill_row(k, index, &want);
    for (size_t i = k->run->row_count; i-- > 0;)
        if (k->run->rows[i].status == CB_STATUS_OK && same_point(&k->run->rows[i], &want))
            return &k->run->rows[i];
    return NULL;
}

static void make_entry(const struct task *k, const struct cb_row *best, const struct cb_search *s,
                       struct cb_tuned_entry *e)
{
    const struct cb_kernel *kn = k->kernel;

    memset(e, 0, sizeof *e);
    snprintf(e->device, sizeof e->device, "%s", k->device->name);
    snprintf(e->platform, sizeof e->platform, "%s", k->device->platform_name);
    snprintf(e->driver, sizeof e->driver, "%s", k->device->driver);
    snprintf(e->kernel, sizeof e->kernel, "%s", kn->name);
    cb_size_class(kn, k->size, e->size_class, sizeof e->size_class);
    e->dims = kn->dims;
    memcpy(e->size, k->size, sizeof e->size);
    e->param_count = cb_kernel_param_count(kn);
    for (unsigned i = 0; i < e->param_count; i++) {
        snprintf(e->param_names[i], sizeof e->param_names[i], "%s", kn->params[i].name);
        e->params[i] = best->problem.param[i];
    }
    e->median_ms = best->stats.median;
    e->throughput = cb_row_throughput(best);
    snprintf(e->metric, sizeof e->metric, "%s", cb_metric_unit(kn->metric));
    e->samples = best->stats.count;
    e->evaluations = s->evals;
    snprintf(e->strategy, sizeof e->strategy, "%s", cb_strategy_name(s->used));
    snprintf(e->budget, sizeof e->budget, "%s", k->t->budget_text);
    snprintf(e->date, sizeof e->date, "%s", k->run->date);
    snprintf(e->commit, sizeof e->commit, "%s", cb_git_commit());
    snprintf(e->version, sizeof e->version, "%s", CLBENCH_VERSION);
    snprintf(e->host, sizeof e->host, "%s", k->run->host);
}

/* Searches one kernel at one size on an open device; appends the best to entries.  Returns 0,
 * or 1 when no point ran ok. */
static int tune_one(struct task *k, struct cb_tuned_entry **entries, size_t *entry_count)
{
    struct cb_search s;
    char size[96], params[256];
    const struct cb_row *best;

    memset(&s, 0, sizeof s);
    s.space = k->space;
    s.objective = evaluate;
    s.ctx = k;
    s.seed = k->t->seed;
    s.max_evals = k->t->budget_evals;
    k->start_ms = cb_wall_ms();
    k->deadline_ms = k->t->budget_s > 0 ? k->start_ms + k->t->budget_s * 1e3 : 0;
    s.deadline_ms = k->deadline_ms;
    s.shard = k->cfg->shard;
    s.shards = k->cfg->shards;
    default_start(k, &s);
    if (cb_search_run(&s, k->t->strategy) != 0)
        return cb_error("out of host memory during the search"), 1;
    if (k->progress)
        fputc('\n', stderr);
    {
        struct cb_row probe;

        memset(&probe, 0, sizeof probe);
        probe.problem.kernel = k->kernel;
        memcpy(probe.problem.size, k->size, sizeof probe.problem.size);
        cb_row_size(&probe, size, sizeof size);
    }
    if (!s.found) {
        if (s.evals == 0)
            cb_error("tune %s %s: every one of the %llu points was refused before building "
                     "(the first because: %s); widen the space with -D or choose another size",
                     k->kernel->name, size, (unsigned long long)s.refused, k->refusal);
        else
            cb_error("tune %s %s: none of the %llu points measured ran ok (see the rows' "
                     "reasons)",
                     k->kernel->name, size, (unsigned long long)s.evals);
        return 1;
    }
    best = find_best(k, s.best);
    if (best == NULL)
        return cb_error("tune: the best point has no row"), 1;
    {
        struct cb_tuned_entry *grown = realloc(*entries, (*entry_count + 1) * sizeof *grown);

        if (grown == NULL)
            return cb_error("out of host memory"), 1;
        *entries = grown;
        make_entry(k, best, &s, &grown[(*entry_count)++]);
    }
    cb_row_params(best, params, sizeof params);
    fprintf(stderr,
            "clbench: tune %s %s: best %s: %.4g ms, %.4g %s (%s, %llu measured, %llu refused "
            "of %llu points)\n",
            k->kernel->name, size, params, best->stats.median, cb_row_throughput(best),
            cb_metric_unit(k->kernel->metric), cb_strategy_name(s.used),
            (unsigned long long)s.evals, (unsigned long long)s.refused,
            (unsigned long long)k->space->total);
    return 0;
}

static int tune_device(struct cb_run *run, struct tune_config *t, struct cb_device *d,
                       const struct cb_space *spaces, struct cb_journal *journal,
                       struct cb_tuned_entry **entries, size_t *entry_count)
{
    struct cb_config *cfg = &t->run;
    struct cb_program_cache cache = {NULL, 0};
    const int gpu = (d->type & CL_DEVICE_TYPE_GPU) != 0;
    int failed = 0;

    if (cb_device_open(d) != CL_SUCCESS)
        return 1;
    for (size_t ki = 0; ki < cfg->kernel_count; ki++) {
        const size_t nsizes = cfg->size_count > 0 ? cfg->size_count : 1;

        for (size_t si = 0; si < nsizes; si++) {
            struct task k;

            memset(&k, 0, sizeof k);
            k.run = run;
            k.cfg = cfg;
            k.t = t;
            k.device = d;
            k.kernel = cfg->kernels[ki];
            k.space = &spaces[ki];
            k.cache = &cache;
            k.journal = journal;
            k.progress = isatty(STDERR_FILENO);
            if (cfg->size_count > 0)
                cb_size_apply(k.kernel, &cfg->sizes[si], k.size);
            else
                memcpy(k.size, gpu ? k.kernel->default_size_gpu : k.kernel->default_size_cpu,
                       sizeof k.size);
            failed |= tune_one(&k, entries, entry_count);
        }
    }
    cb_program_cache_release(&cache);
    cb_device_close(d);
    return failed;
}

static int export_entry(const struct tune_config *t, struct cb_device **devices, size_t count)
{
    const struct cb_config *cfg = &t->run;
    struct cb_tuned_db db;
    const struct cb_tuned_entry *e = NULL;
    struct cb_output out;
    const char *dot = strrchr(t->export_path, '.');
    const int header = dot != NULL && strcmp(dot, ".h") == 0;
    int status;

    if (!header && (dot == NULL || strcmp(dot, ".json") != 0))
        return usage("--export writes NAME.h or NAME.json, not '%s'", t->export_path);
    cb_tuned_load_for_run(cfg->tuned_path, cfg->cl_dir, &db);
    for (size_t i = 0; i < count && e == NULL; i++)
        for (size_t ki = 0; ki < cfg->kernel_count && e == NULL; ki++) {
            const struct cb_kernel *k = cfg->kernels[ki];
            size_t size[CB_MAX_DIMS];
            const int gpu = (devices[i]->type & CL_DEVICE_TYPE_GPU) != 0;

            if (cfg->size_count > 0)
                cb_size_apply(k, &cfg->sizes[0], size);
            else
                memcpy(size, gpu ? k->default_size_gpu : k->default_size_cpu, sizeof size);
            e = cb_tuned_find(&db, devices[i], k, size);
        }
    if (e == NULL) {
        cb_tuned_free(&db);
        cb_error("no tuned entry for %s at that size class on the chosen device(s): run clbench "
                 "tune first",
                 cfg->kernels[0]->name);
        return CB_EXIT_FAILED;
    }
    status = cb_output_open(&out, t->export_path) == 0 && cb_tuned_export(out.file, e, header) == 0
                 ? cb_output_commit(&out)
                 : -1;
    if (status != 0 && out.file != NULL)
        cb_output_abort(&out);
    cb_tuned_free(&db);
    return status == 0 ? CB_EXIT_OK : CB_EXIT_FAILED;
}

static int tune(struct tune_config *t)
{
    struct cb_config *cfg = &t->run;
    struct cb_device_list list;
    struct cb_run run;
    struct cb_journal journal = {-1, ""};
    struct cb_space *spaces = calloc(cfg->kernel_count, sizeof *spaces);
    struct cb_tuned_entry *entries = NULL;
    size_t entry_count = 0;
    char db_path[4096], why[CB_WHY_LEN], refused[4608];
    int status = CB_EXIT_FAILED, failed = 0;

    memset(&run, 0, sizeof run);
    memset(&list, 0, sizeof list);
    run.cfg = cfg;
    if (spaces == NULL) {
        cb_error("out of host memory");
        goto done;
    }
    for (size_t i = 0; i < cfg->kernel_count; i++)
        if (cb_space_build(&spaces[i], cfg->kernels[i], cfg->defines, cfg->define_count, why) !=
            0) {
            status = usage("%s", why);
            goto done;
        }
    if (cfg->tuned_path != NULL)
        snprintf(db_path, sizeof db_path, "%s", cfg->tuned_path);
    else if (cb_tuned_default_path(db_path, sizeof db_path) != 0) {
        status = usage("neither XDG_DATA_HOME nor HOME is set: give --tuned FILE");
        goto done;
    }
    if (cb_tuned_check_target(db_path, refused, sizeof refused) != 0) {
        cb_error("%s", refused);
        status = CB_EXIT_USAGE;
        goto done;
    }
    if (cb_devices_enumerate(&list) != CL_SUCCESS)
        goto done;
    run.devices = calloc(list.count, sizeof *run.devices);
    if (run.devices == NULL ||
        cb_devices_select(&list, cfg->devices, run.devices, &run.device_count) != 0)
        goto done;
    if (t->export_path != NULL) {
        status = export_entry(t, run.devices, run.device_count);
        goto done;
    }
    for (size_t i = 0; i < cfg->kernel_count; i++)
        if (cfg->shards > 1 && t->strategy <= CB_STRATEGY_RANDOM && spaces[i].total < cfg->shards) {
            status = usage("--shard %u/%u: %s has only %llu points, fewer than %u shards",
                           cfg->shard, cfg->shards, cfg->kernels[i]->name,
                           (unsigned long long)spaces[i].total, cfg->shards);
            goto done;
        }
    if (cfg->resume != NULL) {
        const long resumed = cb_resume_rows(cfg->resume, &run);

        if (resumed < 0)
            goto done;
        fprintf(stderr, "clbench: resuming: %ld points already measured in '%s'\n", resumed,
                cfg->resume);
    }
    if (cfg->output != NULL) {
        char path[sizeof journal.path];

        if (cb_journal_path(path, sizeof path, cfg->output) != 0) {
            cb_error("output path is too long for its journal");
            goto done;
        }
        if (cb_journal_open(&journal, path, &run) != 0)
            goto done;
    }
    cb_run_stamp(&run);
    for (size_t i = 0; i < run.device_count; i++)
        failed |= tune_device(&run, t, run.devices[i], spaces, &journal, &entries, &entry_count);
    if (entry_count > 0 && cb_tuned_save(db_path, entries, entry_count, stderr) != 0)
        failed = 1;
    if (cb_write_run_outputs(&run, cfg) != 0) {
        cb_journal_close(&journal, 0);
        goto done;
    }
    cb_journal_close(&journal, 1);
    status = failed ? CB_EXIT_FAILED : CB_EXIT_OK;
done:
    for (size_t i = 0; i < run.row_count; i++)
        cb_row_free(&run.rows[i]);
    free(run.rows);
    free(run.devices);
    free(entries);
    free(spaces);
    cb_devices_free(&list);
    return status;
}

int cb_tune_main(int argc, char **argv)
{
    struct tune_config t;
    int status = parse(argc, argv, &t);

    if (status == 0 && t.help)
        print_help(stdout);
    else if (status == 0)
        status = tune(&t);
    cb_config_free(&t.run);
    return status;
}
