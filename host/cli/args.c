/* The benchmark's option table, each row bound to its field of struct cb_config (options.h),
 * --help and the man page printed from it, and the checks once every option is read. */
#define _POSIX_C_SOURCE 200809L
#include "clbench/args.h"

#include "clbench/check.h"
#include "clbench/manifest.h"
#include "clbench/journal.h"
#include "clbench/options.h"
#include "clbench/output.h"
#include "clbench/report_views.h"
#include "clbench/source.h"
#include "clbench/tune.h"
#include "clbench/tuned.h"
#include "clbench/worker.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h> /* optind: the first operand, after cb_options_parse */

static int usage(const char *fmt, ...) CB_PRINTF(1, 2);

/* One line, "clbench: error: <what> (try --help)", and the usage exit code. */
static int usage(const char *fmt, ...)
{
    va_list ap;
    int code;

    va_start(ap, fmt);
    code = cb_usage_error(CB_EXIT_USAGE, NULL, fmt, ap);
    va_end(ap);
    return code;
}

/* The options whose value is more than a field: each row's call. */

static int set_autotune(const struct cb_option *o, void *conf, const char *arg)
{
    struct cb_config *cfg = conf;

    (void)o;
    if (strcmp(arg, "off") != 0 && strcmp(arg, "quick") != 0)
        return usage("--autotune takes quick or off, not '%s'", arg);
    cfg->session.autotune = strcmp(arg, "quick") == 0;
    return 0;
}

static int set_clock_threshold(const struct cb_option *o, void *conf, const char *arg)
{
    struct cb_config *cfg = conf;
    char *end;
    const double pct = strtod(arg, &end);

    (void)o;
    if (end == arg || *end != '\0' || !(pct > 0) || pct >= 100)
        return usage("--clock-threshold takes a percentage above 0 and below 100, as in 5, "
                     "not '%s'",
                     arg);
    cfg->session.row.clock_threshold_pct = pct;
    return 0;
}

static int add_define(const struct cb_option *o, void *conf, const char *arg)
{
    struct cb_rows_request *rows = &((struct cb_config *)conf)->session.rows;
    char why[CB_WHY_LEN];
    struct cb_define d;

    (void)o;
    if (cb_parse_define(arg, &d, why) != 0)
        return usage("bad -D value: %s", why);
    for (size_t i = 0; i < rows->define_count; i++)
        if (strcmp(rows->defines[i].name, d.name) == 0)
            return usage("-D %s is given twice (give one list: -D %s=A,B)", d.name, d.name);
    if (rows->define_count == CB_MAX_DEFINES)
        return usage("more than %d distinct -D names", CB_MAX_DEFINES);
    rows->defines[rows->define_count++] = d;
    return 0;
}

static int set_devices(const struct cb_option *o, void *conf, const char *arg)
{
    struct cb_config *cfg = conf;

    (void)o;
    cfg->session.devices = arg;
    cfg->devices_given = 1;
    return 0;
}

static int set_format(const struct cb_option *o, void *conf, const char *arg)
{
    static const char *const names[] = {"table", "csv", "json", "md"};
    struct cb_config *cfg = conf;

    (void)o;
    cfg->format_given = 1;
    for (int i = 0; i < 4; i++)
        if (strcmp(arg, names[i]) == 0) {
            cfg->session.out.format = (enum cb_format)i;
            return 0;
        }
    return usage("unknown format '%s' (use table, csv, json or md)", arg);
}

/* Each -k and --kernel-file, kept until every file is loaded (cb_config_finish). */
static int add_kernel_arg(const struct cb_option *o, void *conf, const char *arg)
{
    struct cb_config *cfg = conf;
    const int file = strcmp(o->name, "kernel-file") == 0;
    size_t *count = file ? &cfg->kernel_file_count : &cfg->kernel_list_count;

    if (*count == CB_MAX_KERNEL_ARGS)
        return usage("more than %d --%s options", CB_MAX_KERNEL_ARGS, o->name);
    (file ? cfg->kernel_files : cfg->kernel_lists)[(*count)++] = arg;
    return 0;
}

/* --peak MODE, and --no-peak as --peak off. */
static int set_peak_mode(const struct cb_option *o, void *conf, const char *arg)
{
    static const char *const names[] = {"off", "cached", "measure"};
    struct cb_config *cfg = conf;
    const char *name = o->metavar != NULL ? arg : "off";

    for (int i = 0; i < 3; i++)
        if (strcmp(name, names[i]) == 0) {
            cfg->session.row.peak_mode = (enum cb_peak_mode)i;
            return 0;
        }
    return usage("unknown --peak mode '%s' (use cached, measure or off)", name);
}

static int set_shard(const struct cb_option *o, void *conf, const char *arg)
{
    struct cb_config *cfg = conf;
    char why[CB_WHY_LEN];

    (void)o;
    if (cb_parse_shard(arg, &cfg->session.shard, &cfg->session.shards, why) != 0)
        return usage("%s", why);
    return 0;
}

static int set_sizes(const struct cb_option *o, void *conf, const char *arg)
{
    struct cb_rows_request *rows = &((struct cb_config *)conf)->session.rows;
    char why[CB_WHY_LEN];

    (void)o;
    if (cb_parse_sizes(arg, rows->sizes, CB_MAX_SIZES, &rows->size_count, why) != 0)
        return usage("bad --size '%s': %s", arg, why);
    return 0;
}

/* --type T[,T...]: each of float, double, half at most once. */
static int set_real_types(const struct cb_option *o, void *conf, const char *arg)
{
    static const char *const names[] = {"float", "double", "half"};
    struct cb_rows_request *rows = &((struct cb_config *)conf)->session.rows;

    (void)o;
    rows->real_type_count = 0;
    for (const char *s = arg;; s++) {
        const size_t len = strcspn(s, ",");
        int found = -1;

        for (int i = 0; i < 3; i++)
            if (strlen(names[i]) == len && strncmp(s, names[i], len) == 0)
                found = i;
        if (found < 0)
            return usage("unknown --type '%.*s' (use float, double or half, or a comma list)",
                         (int)len, s);
        for (unsigned i = 0; i < rows->real_type_count; i++)
            if (rows->real_types[i] == names[found])
                return usage("--type names %s twice", names[found]);
        rows->real_types[rows->real_type_count++] = names[found];
        s += len;
        if (*s == '\0')
            return 0;
    }
}

#define AT(member) CB_OPT_AT(struct cb_config, member)

/* A COUNT, with the reason 0 is refused. */
static int set_warmup(const struct cb_option *o, void *conf, const char *arg)
{
    const struct cb_option count = {
        o->name, 0, CB_OPT_COUNT, NULL, NULL, AT(session.row.warmup), .min = 1, .max = 1000};
    unsigned long long v;

    if (cb_parse_uint(arg, count.max, &v) == 0 && v == 0)
        return usage("--warmup must be at least 1: the first launch is the one verified");
    return cb_option_apply(&cb_bench_options, &count, conf, arg);
}

/* Sorted by long name: --help prints in this order. */
static const struct cb_option options[] = {
    {"autotune", 0, CB_OPT_CALL, .call = set_autotune, .metavar = "MODE",
     .help = "quick: time the planner's best few points of each row it plans (about 2 s of "
             "launches a row, builds apart), run the fastest and keep it in the tuning database "
             "as an exact entry; off (default)"},
    {"cl-dir", 0, CB_OPT_STRING, AT(session.row.cl_dir), .metavar = "DIR",
     .help = "read kernels from DIR/<family>.cl (default: ../share/clbench/cl beside the binary, "
             "else the source tree's cl/)"},
    {"cl-opts", 0, CB_OPT_STRING, AT(session.row.cl_opts), .metavar = "OPTS",
     .help = "extra clBuildProgram options, e.g. \"-cl-fast-relaxed-math\""},
    {"clock-threshold", 0, CB_OPT_CALL, .call = set_clock_threshold, .metavar = "PCT",
     .help = "flag a row whose core clock moved by more than PCT percent during its timed "
             "launches (clock_moved in the run file; default 5)"},
    {"define", 'D', CB_OPT_CALL, .call = add_define, .metavar = "NAME=V[,V..]",
     .help = "set a kernel parameter; a list sweeps it (repeatable)"},
    {"detail", 0, CB_OPT_TRUE, AT(session.out.detail),
     .help = "print the detail view instead of the table: per row the kernel's work-group size, "
             "local and private memory, registers and spills (NVIDIA), occupancy (NVIDIA), "
             "roofline bound and launch overheads (table or md; the run file always has them)"},
    {"device", 'd', CB_OPT_CALL, .call = set_devices, .metavar = "SEL",
     .help = "all, gpu, cpu, accelerator, P:D or part of a name; comma list (default all)"},
    {"discard-throttled", 0, CB_OPT_TRUE, AT(session.row.discard_throttled),
     .help = "drop the timed launches that ran while the device throttled (NVML) or its core "
             "clock was more than --clock-threshold below the row's highest; the row says how "
             "many (discarded_samples)"},
    {"energy-window", 0, CB_OPT_COUNT, AT(session.row.energy_window_periods), .min = 2, .max = 1000,
     .refusal = "takes a number of counter updates from 2 to 1000, as in 10", .metavar = "N",
     .help = "run each row for N (2 to 1000) updates of the device's energy counter at least (its "
             "period is measured at device open: docs/measurement.md), so that its energy is the "
             "counter's difference, within 1/N (default: rows keep their length; one under 10 "
             "updates integrates the power readings: energy.source)"},
    {"format", 'f', CB_OPT_CALL, .call = set_format, .metavar = "FMT",
     .help = "table, csv, json or md (default: from --output's extension, else table)"},
    {"help", 'h', CB_OPT_TRUE, AT(show_help), .help = "show this help and exit"},
    /* No help: the man page, for the build (clbench.1). */
    {"help-man", 0, CB_OPT_TRUE, AT(show_man)},
    {"kernel", 'k', CB_OPT_CALL, .call = add_kernel_arg, .metavar = "NAMES",
     .help = "kernels or families, comma list; NAME@FILE loads FILE first (default: all built-in "
             "kernels, or all of the --kernel-file kernels; see --list-kernels)"},
    {"kernel-file", 0, CB_OPT_CALL, .call = add_kernel_arg, .metavar = "FILE",
     .help = "load the kernels FILE declares in its manifests (README: \"Your own kernels\"); "
             "repeatable"},
    {"list", 'l', CB_OPT_TRUE, AT(list_devices),
     .help = "list platforms and devices (with --format json: as JSON) and exit"},
    {"list-kernels", 0, CB_OPT_TRUE, AT(list_kernels),
     .help = "list the kernel registry and exit; with -d, the defaults each selected device "
             "resolves"},
    {"max-time", 0, CB_OPT_SECONDS, AT(session.row.max_time_s), .min = CB_OPT_ABOVE_0,
     .refusal = "takes seconds above 0, as in 30", .metavar = "SEC",
     .help = "stop a row's launches SEC seconds after its first one; a row whose first launch "
             "alone takes longer is too_slow (default: no limit)"},
    {"min-time", 0, CB_OPT_SECONDS, AT(session.row.min_time_s),
     .refusal = "takes seconds, as in 0.5", .metavar = "SEC",
     .help = "keep launching each row until SEC seconds have passed (default 0.2)"},
    {"no-cache", 0, CB_OPT_FALSE, AT(session.row.use_cache),
     .help = "neither reuse nor keep measured peaks and built programs in the per-user cache "
             "($XDG_CACHE_HOME/clbench, else ~/.cache/clbench)"},
    {"no-peak", 0, CB_OPT_CALL, .call = set_peak_mode, .help = "the same as --peak off"},
    {"no-sensors", 0, CB_OPT_FALSE, AT(session.row.sensors),
     .help = "read no clocks, power, temperature or energy (NVML, cpufreq, RAPL) while rows run"},
    {"no-keep-awake", 0, CB_OPT_FALSE, AT(session.row.keep_awake),
     .help = "let a CPU device's cores sleep between a row's launches (default: idle-priority "
             "threads keep them awake, so that a launch does not wait for sleeping cores: "
             "docs/measurement.md)"},
    {"no-model", 0, CB_OPT_TRUE, AT(session.rows.no_model),
     .help = "no planner: kernels without -D or a tuned entry use their manifests' defaults "
             "instead of the parameters the shape model predicts fastest (docs/tuning.md)"},
    {"no-tuned", 0, CB_OPT_TRUE, AT(session.rows.no_tuned),
     .help = "ignore the tuning database: kernels without -D use their defaults"},
    {"output", 'o', CB_OPT_FILE, AT(session.out.output), .metavar = "FILE",
     .help = "write the report to FILE (atomically) instead of stdout; finished rows go to "
             "FILE.journal as the run goes (see --resume)"},
    {"peak", 0, CB_OPT_CALL, .call = set_peak_mode, .metavar = "MODE",
     .help = "each device's peak, for the fraction-of-peak column: cached (default: the cached "
             "measurement, else measured now and cached), measure (measure again) or off"},
    {"reps", 'r', CB_OPT_COUNT, AT(session.row.reps), .min = 1, .max = 1000000, .metavar = "N",
     .help = "timed repetitions at least (default 5; short kernels get more: --min-time)"},
    {"resume", 0, CB_OPT_STRING, AT(session.resume), .metavar = "FILE",
     .help = "skip the rows already in FILE (the OUTPUT.journal a killed run left, or a run file) "
             "and carry them into this run's report"},
    {"retry-failed", 0, CB_OPT_TRUE, AT(session.retry_failed),
     .help = "with --resume: run again the rows that failed there (crashed, timed_out and the "
             "other failures), which --resume otherwise carries over as they are"},
    {"row-timeout", 0, CB_OPT_SECONDS, AT(session.row_timeout_s), .min = CB_OPT_ABOVE_0,
     .refusal = "takes seconds above 0, as in 600", .metavar = "SEC",
     .help = "a row's deadline, its build included: past it the worker running the row is killed "
             "and the row is timed_out (default 900: the slowest healthy rows here, PoCL building "
             "a matmul on one core, take under a minute)"},
    {"seed", 0, CB_OPT_COUNT, AT(session.row.seed), .metavar = "N",
     .help = "seed of the pseudo-random inputs (default 1)"},
    {"shard", 0, CB_OPT_CALL, .call = set_shard, .metavar = "K/N",
     .help = "run only part K of N (K from 0) of the rows: those whose index % N == K, for "
             "splitting a sweep over machines (see bench/slurm_tune.sh)"},
    {"size", 'n', CB_OPT_CALL, .call = set_sizes, .metavar = "SIZES",
     .help = "N, WxH or MxNxK; comma list sweeps; K/M/G suffixes (default per kernel)"},
    {"tuned", 0, CB_OPT_FILE, AT(session.tuned_path), .metavar = "FILE",
     .help = "read tuned parameters from FILE instead of $XDG_DATA_HOME/clbench/tuned.json"},
    {"type", 0, CB_OPT_CALL, .call = set_real_types, .metavar = "T",
     .help = "element type of the vadd, copy, transpose and matmul kernels and of the library "
             "rows: float, double (needs cl_khr_fp64) or half (needs cl_khr_fp16); a comma list "
             "runs each kernel in each (default float)"},
    {"verify-max", 0, CB_OPT_COUNT, AT(session.row.verify_max), .metavar = "N",
     .help = "check at most N output elements (default: all, or a sample for large problems)"},
    {"version", 'V', CB_OPT_TRUE, AT(show_version), .help = "print the version and exit"},
    {"warmup", 'w', CB_OPT_CALL, .call = set_warmup, .metavar = "N",
     .help = "untimed launches before timing (default 2, at least 1)"},
};

const struct cb_command cb_bench_options = {NULL, options, sizeof options / sizeof options[0],
                                            sizeof(struct cb_config), CB_EXIT_USAGE};

void cb_print_help(FILE *out)
{
    fputs("usage: clbench [options]\n"
          "       clbench report [options] RUN.json...   (see clbench report --help)\n"
          "       clbench tune [options]                  (see clbench tune --help)\n"
          "\n"
          "Builds the OpenCL kernels in cl/ with -D parameters, runs them on the chosen devices,\n"
          "verifies every result against a CPU reference and reports timings and throughput.\n"
          "A kernel given no -D runs with the parameters `clbench tune` stored for this device,\n"
          "driver and size class, else its defaults (each row's params_from says which).\n"
          "\n"
          "options:\n",
          out);
    cb_options_help(out, &cb_bench_options);
    fputs("\n"
          "examples:\n"
          "  clbench --device gpu --kernel matmul_tiled\n"
          "  clbench -k vadd,vadd_local -n 1M,16M --format json -o run.json\n"
          "  clbench -k matmul_regblock -D RX=2,4,8 -D RY=2,4 -n 1024\n"
          "  clbench --kernel-file my_mm.cl -k my_mm,matmul_tiled -d all\n"
          "\n"
          "isolation: each device's rows run in a worker process (clbench itself); a row that\n"
          "kills it is crashed, one past --row-timeout timed_out, and the run goes on.\n"
          "CLBENCH_WORKERS=0 runs the rows inside this process instead (a diagnostic: no\n"
          "isolation, no --row-timeout).\n"
          "\n"
          "exit status: 0 all rows ok (or unverified: a generic kernel without a reference; or\n"
          "unavailable: a library baseline this build, machine or device cannot run; or\n"
          "unsupported: a kernel needing an extension the device lacks, cl_khr_fp64); 1 a row\n"
          "failed (build, limits, launch, verification, timing, crashed, timed_out) or a\n"
          "run-time error; 2 bad command line; 130 or 143 interrupted by SIGINT or SIGTERM (the\n"
          "rows done are written, and the command that finishes the run is printed).\n",
          out);
}

void cb_print_man(FILE *out)
{
    fputs(".TH CLBENCH 1 \"\" \"clbench " CLBENCH_VERSION "\" \"User Commands\"\n"
          ".SH NAME\n"
          "clbench \\- build, run, verify and time OpenCL C kernels on GPUs and CPUs\n"
          ".SH SYNOPSIS\n"
          ".B clbench\n"
          "[\\fIoptions\\fR]\n"
          ".br\n"
          ".B clbench report\n"
          "[\\fIoptions\\fR] \\fIRUN.json\\fR...\n"
          ".SH DESCRIPTION\n"
          "Builds the OpenCL kernels in cl/ with \\-D parameters, runs them on the chosen\n"
          "devices, verifies every result against a CPU reference and reports timings and\n"
          "throughput.  \\fBclbench report\\fR merges run files into side\\-by\\-side tables.\n"
          ".SH OPTIONS\n",
          out);
    cb_options_man(out, &cb_bench_options);
    fputs(".SH REPORT OPTIONS\n", out);
    cb_report_print_man_options(out);
    fputs(".SH EXIT STATUS\n"
          "0 all rows ok, unverified, unavailable or unsupported; 1 a row failed (build, limits,\n"
          "launch, verification, timing, crashed, timed_out) or a run\\-time error; 2 bad\n"
          "command line; 130 or 143 interrupted by SIGINT or SIGTERM (the rows done are\n"
          "written).\n"
          ".SH ENVIRONMENT\n"
          ".TP\n"
          ".B XDG_CACHE_HOME\n"
          "where the per\\-user cache lives (default \\fI~/.cache\\fR).\n"
          ".TP\n"
          ".B CLBENCH_WORKERS\n"
          "0 runs the rows inside the clbench process instead of supervised worker processes\n"
          "(a diagnostic: a crashing row then ends the run, and \\fB\\-\\-row\\-timeout\\fR\n"
          "does not apply).\n"
          ".TP\n"
          ".B CLBENCH_ICD_TIMEOUT\n"
          "seconds the OpenCL drivers may take to list their platforms, in a child process\n"
          "(default 30); a driver that hangs or crashes there is named and left out.\n"
          ".TP\n"
          ".B CLBENCH_OPEN_TIMEOUT\n"
          "seconds a worker may take to open a device (context, clock check, peak probes;\n"
          "default 600, or \\fB\\-\\-row\\-timeout\\fR when longer), builds aside.\n"
          ".SH FILES\n"
          ".TP\n"
          ".I $XDG_CACHE_HOME/clbench/peaks/\n"
          "measured peaks, one entry per host, device, platform, driver and probe version,\n"
          "with the date measured (\\fB\\-\\-peak\\fR).\n"
          ".TP\n"
          ".I $XDG_CACHE_HOME/clbench/programs/\n"
          "built programs (CL_PROGRAM_BINARIES), keyed by device, driver, the source's hash\n"
          "and the build options.  Remove the folder to clear the cache;\n"
          "\\fB\\-\\-no\\-cache\\fR runs without it.\n"
          ".TP\n"
          ".I share/clbench/cl/\n"
          "the kernels of an installed clbench (\\fB\\-\\-cl\\-dir\\fR overrides).\n"
          ".TP\n"
          ".I share/clbench/schema/\n"
          "JSON Schemas of run files (clbench\\-run) and report files (clbench\\-report).\n"
          ".SH EXAMPLES\n"
          ".nf\n"
          "clbench \\-\\-device gpu \\-\\-kernel matmul_tiled\n"
          "clbench \\-k vadd,vadd_local \\-n 1M,16M \\-\\-format json \\-o run.json\n"
          "clbench report \\-\\-findings gpu\\-host.json cpu\\-host.json\n"
          ".fi\n"
          ".SH SEE ALSO\n"
          "\\fIshare/doc/clbench/README.md\\fR (what clbench answers, the quick start, drivers)\n"
          "and the manual beside it, one page per topic in \\fIshare/doc/clbench/docs/\\fR\n"
          "(\\fIdocs/\\fR in the source tree): \\fBusage.md\\fR (options, output, run files),\n"
          "\\fBmeasurement.md\\fR (how a row is measured, peaks and roofs), \\fBkernels.md\\fR\n"
          "(the built\\-in kernels, types), \\fBkernel\\-files.md\\fR (your own kernels and\n"
          "their manifests), \\fBtuning.md\\fR, \\fBisolation.md\\fR (workers and\n"
          "\\-\\-resume), \\fBcache.md\\fR, \\fBclusters.md\\fR, \\fBdrivers.md\\fR,\n"
          "\\fBarchitecture.md\\fR and \\fBtests.md\\fR.\n",
          out);
}

static int add_kernel(struct cb_config *cfg, const struct cb_kernel *k)
{
    for (size_t i = 0; i < cfg->session.rows.kernel_count; i++)
        if (cfg->session.rows.kernels[i] == k)
            return 0;
    if (cfg->session.rows.kernel_count == CB_MAX_KERNELS)
        return usage("too many kernels");
    cfg->session.rows.kernels[cfg->session.rows.kernel_count++] = k;
    return 0;
}

static int load_file(const char *path)
{
    char why[CB_MANIFEST_WHY_LEN];

    if (cb_kernel_file_load(path, why, sizeof why) == 0)
        return 0;
    cb_error("%s", why);
    return CB_EXIT_USAGE;
}

/* The built-in kernels, from the manifests of the --cl-dir (or the default) files. */
static int load_builtin(const char *cl_dir)
{
    char why[CB_MANIFEST_WHY_LEN];

    if (cb_builtin_kernels_load(cl_dir, why, sizeof why) == 0)
        return 0;
    cb_error("%s", why);
    return CB_EXIT_USAGE;
}

/* 0 for a library row (the registry's, declared by no manifest) that computes in none of the
 * run's --type types, else 1. */
static int library_of_type(const struct cb_kernel *k, const struct cb_config *cfg)
{
    int takes = k->manifest != NULL;

    for (unsigned i = 0; i < cfg->session.rows.real_type_count && !takes; i++) {
        enum cb_elem_type t = CB_ELEM_FLOAT;

        cb_elem_find(cfg->session.rows.real_types[i], strlen(cfg->session.rows.real_types[i]), &t);
        takes = cb_kernel_takes(k, t);
    }
    return takes;
}

/* Kernel names, family names, "all" or NAME@FILE, comma-separated. */
static int select_kernels(struct cb_config *cfg, const char *list)
{
    char buf[1024];

    if (strlen(list) >= sizeof buf)
        return usage("--kernel list is too long");
    /* Else "-k ''" (an unset shell variable) would silently mean every kernel. */
    if (strspn(list, ",") == strlen(list))
        return usage("--kernel needs a kernel or family name (see --list-kernels)");
    strcpy(buf, list);
    for (char *save = NULL, *name = strtok_r(buf, ",", &save); name != NULL;
         name = strtok_r(NULL, ",", &save)) {
        char *at = strchr(name, '@');
        const struct cb_kernel *k;
        int found;

        if (at != NULL) {
            *at = '\0';
            if (name[0] == '\0' || at[1] == '\0')
                return usage("-k %s@%s: write the kernel before '@' and its file after it, as "
                             "in -k my_mm@my_mm.cl",
                             name, at + 1);
            if (load_file(at + 1) != 0)
                return CB_EXIT_USAGE;
        }
        k = cb_kernel_find(name);
        found = k != NULL;

        if (k != NULL && add_kernel(cfg, k) != 0)
            return CB_EXIT_USAGE;
        for (size_t i = 0; k == NULL && i < cb_kernel_total(); i++)
            if (strcmp(name, "all") == 0 || strcmp(name, cb_kernel_at(i)->family) == 0) {
                found = 1;
                /* A family's library rows of the run's type: dgemm_* with -k matmul --type
                 * double. */
                if (library_of_type(cb_kernel_at(i), cfg) && add_kernel(cfg, cb_kernel_at(i)) != 0)
                    return CB_EXIT_USAGE;
            }
        if (!found) {
            const char *closest = cb_kernel_closest(name);

            if (at != NULL)
                return usage("'%s' declares no kernel '%s' (see --kernel-file %s --list-kernels)",
                             at + 1, name, at + 1);
            if (closest != NULL)
                return usage("unknown kernel '%s' (did you mean '%s'? see --list-kernels)", name,
                             closest);
            /* Most likely a kernel of the user's own whose file was not given. */
            return usage("unknown kernel '%s' (see --list-kernels; a kernel of your own needs its "
                         "file: --kernel-file FILE or -k %s@FILE)",
                         name, name);
        }
    }
    return 0;
}

/* Every -D must name a parameter of a selected kernel, with values that kernel allows. */
static int check_defines(const struct cb_config *cfg)
{
    for (size_t i = 0; i < cfg->session.rows.define_count; i++) {
        const struct cb_define *d = &cfg->session.rows.defines[i];
        int used = 0;

        for (size_t j = 0; j < cfg->session.rows.kernel_count; j++) {
            const struct cb_kernel *k = cfg->session.rows.kernels[j];
            const int idx = cb_kernel_param_index(k, d->name);

            if (idx < 0)
                continue;
            used = 1;
            for (unsigned v = 0; v < d->count; v++)
                if (!cb_param_allows(&k->params[idx], d->values[v])) {
                    char msg[256];

                    snprintf(msg, sizeof msg, "-D %s=%ld is not allowed for %s", d->name,
                             d->values[v], k->name);
                    return usage("%s (allowed: %s)", msg, k->params[idx].allowed);
                }
        }
        if (!used)
            return usage("-D %s: no selected kernel has a parameter %s (see --list-kernels)",
                         d->name, d->name);
    }
    return 0;
}

/* A size written with several dimensions must have as many as each selected kernel takes;
 * a single number fills every dimension. */
static int check_sizes(const struct cb_config *cfg)
{
    static const char *const shapes[] = {"", "N", "WxH", "MxNxK"};

    for (size_t i = 0; i < cfg->session.rows.size_count; i++)
        for (size_t j = 0; j < cfg->session.rows.kernel_count; j++) {
            const struct cb_kernel *k = cfg->session.rows.kernels[j];
            const unsigned ndims = cfg->session.rows.sizes[i].ndims;

            if (ndims != 1 && ndims != k->dims)
                return usage("--size entry %zu has %u dimensions but %s takes %s (or one number)",
                             i + 1, ndims, k->name, shapes[k->dims]);
        }
    return 0;
}

/* --output's format comes from its extension, else from --format.  A --format given beside
 * an output of another format names the view printed on stdout as well (`-o run.json -f
 * table`: the run file and the table). */
static void format_from_output(struct cb_config *cfg, int format_given)
{
    const char *dot = strrchr(cfg->session.out.output, '.');

    cfg->session.out.output_format = cfg->session.out.format;
    if (dot != NULL && strcmp(dot, ".json") == 0)
        cfg->session.out.output_format = CB_FORMAT_JSON;
    else if (dot != NULL && strcmp(dot, ".csv") == 0)
        cfg->session.out.output_format = CB_FORMAT_CSV;
    else if (dot != NULL && strcmp(dot, ".md") == 0)
        cfg->session.out.output_format = CB_FORMAT_MD;
    cfg->session.out.view_on_stdout =
        format_given && cfg->session.out.output_format != cfg->session.out.format;
}

static char *join_args(int argc, char **argv)
{
    size_t len = 1;
    char *s;

    for (int i = 0; i < argc; i++)
        len += strlen(argv[i]) + 1;
    s = malloc(len);
    if (s == NULL)
        return NULL;
    s[0] = '\0';
    for (int i = 0; i < argc; i++) {
        strcat(s, argv[i]);
        if (i + 1 < argc)
            strcat(s, " ");
    }
    return s;
}

void cb_config_init(struct cb_config *cfg)
{
    cb_kernel_files_unload();
    memset(cfg, 0, sizeof *cfg);
    cfg->session.devices = "all";
    cfg->session.row.cl_dir = cb_default_cl_dir();
    cfg->session.row.warmup = 2;
    cfg->session.row.reps = 5;
    cfg->session.row.min_time_s = 0.2;
    cfg->session.autotune_budget_s = 2.0;
    cfg->session.row.seed = 1;
    cfg->session.rows.real_types[0] = "float";
    cfg->session.rows.real_type_count = 1;
    cfg->session.row.peak_mode = CB_PEAK_CACHED;
    cfg->session.row.use_cache = 1;
    cfg->session.shards = 1;
    cfg->session.row_timeout_s = CB_ROW_TIMEOUT_DEFAULT_S;
    cfg->session.row.sensors = 1;
    cfg->session.row.clock_threshold_pct = 5.0;
    cfg->session.row.keep_awake = 1;
}

int cb_config_apply(struct cb_config *cfg, const char *name, const char *arg)
{
    const struct cb_option *o = cb_option_find(&cb_bench_options, name);

    if (o == NULL)
        return usage("unknown option '--%s'", name);
    return cb_option_apply(&cb_bench_options, o, cfg, arg);
}

int cb_config_finish(struct cb_config *cfg)
{
    int status;

    if (cfg->session.out.output != NULL)
        format_from_output(cfg, cfg->format_given);
    if (load_builtin(cfg->session.row.cl_dir) != 0)
        return CB_EXIT_USAGE;
    /* Files first, so that -k can name their kernels in any order of the options. */
    for (size_t i = 0; i < cfg->kernel_file_count; i++)
        if (load_file(cfg->kernel_files[i]) != 0)
            return CB_EXIT_USAGE;
    for (size_t i = 0; i < cfg->kernel_list_count; i++)
        if (select_kernels(cfg, cfg->kernel_lists[i]) != 0)
            return CB_EXIT_USAGE;
    cfg->session.kernels_named = cfg->kernel_list_count > 0;
    /* No -k: the built-in kernels, or only the user's when they named files; of the library
     * rows those of the run's --type (sgemm_* for float, dgemm_* for double). */
    for (size_t i = 0, none = cfg->session.rows.kernel_count == 0; none && i < cb_kernel_total();
         i++)
        if (cb_kernel_at(i)->requires == NULL &&
            (cfg->kernel_file_count == 0) == (cb_kernel_at(i)->source_path == NULL) &&
            library_of_type(cb_kernel_at(i), cfg)) {
            if (cfg->session.rows.kernel_count == CB_MAX_KERNELS)
                return usage("too many kernels");
            cfg->session.rows.kernels[cfg->session.rows.kernel_count++] = cb_kernel_at(i);
        }
    if (cfg->session.out.detail &&
        (cfg->session.out.format == CB_FORMAT_CSV || cfg->session.out.format == CB_FORMAT_JSON))
        return usage("--detail is a table or md view; the csv and json output carry no "
                     "detail columns (json has every detail field anyway)");
    if (cfg->session.retry_failed && cfg->session.resume == NULL)
        return usage("--retry-failed goes with --resume FILE");
    status = check_defines(cfg);
    if (status == 0)
        status = check_sizes(cfg);
    return status;
}

int cb_parse_args(int argc, char **argv, struct cb_config *cfg)
{
    int status;

    cb_config_init(cfg);
    status = cb_options_parse(&cb_bench_options, argc, argv, cfg);
    if (status == 0 && optind < argc)
        status = usage("unexpected argument '%s'", argv[optind]);
    if (status == 0)
        status = cb_config_finish(cfg);
    if (status == 0) {
        cfg->session.command_line = join_args(argc, argv);
        if (cfg->session.command_line == NULL)
            status = usage("out of memory");
    }
    return status;
}

/* Appends one input (a path and what it is) to the lists; -1 when out of memory. */
static int add_input(const char ***paths, const char ***kinds, size_t *count, const char *path,
                     const char *kind)
{
    const char **p = realloc(*paths, (*count + 1) * sizeof *p);
    const char **k = p != NULL ? realloc(*kinds, (*count + 1) * sizeof *k) : NULL;

    if (p != NULL)
        *paths = p;
    if (k == NULL)
        return -1;
    *kinds = k;
    p[*count] = path;
    k[(*count)++] = kind;
    return 0;
}

int cb_config_check_outputs(const struct cb_config *cfg, const char *db_path,
                            const char *export_path)
{
    const char **paths = NULL, **kinds = NULL;
    char journal[4096 + 16], db[4096];
    size_t count = 0, resume_at = 0;
    int status = 0, no_memory = 0;

    for (size_t i = 0; i < cb_kernel_files_count(); i++) {
        const struct cb_manifest_file *f = cb_kernel_file_at(i);

        no_memory |= add_input(&paths, &kinds, &count, f->path, "the kernel file");
        for (size_t r = 1; r < f->read_count; r++)
            no_memory |= add_input(&paths, &kinds, &count, f->reads[r],
                                   "a file a kernel file reads (#include, verify ... in)");
    }
    if (db_path == NULL && !cfg->session.rows.no_tuned)
        db_path = cfg->session.tuned_path != NULL             ? cfg->session.tuned_path
                  : cb_tuned_default_path(db, sizeof db) == 0 ? db
                                                              : NULL;
    if (db_path != NULL)
        no_memory |= add_input(&paths, &kinds, &count, db_path, "the tuning database");
    /* The journal may be the --resume file: that is how a killed run goes on. */
    resume_at = count;
    if (cfg->session.resume != NULL)
        no_memory |= add_input(&paths, &kinds, &count, cfg->session.resume, "the --resume file");
    if (no_memory) {
        status = usage("out of memory");
        goto done;
    }
    if (cb_output_not_input(cfg->session.out.output, "--output", paths, kinds, count) != 0 ||
        cb_output_not_input(export_path, "--export", paths, kinds, count) != 0 ||
        (cfg->session.out.output != NULL &&
         cb_journal_path(journal, sizeof journal, cfg->session.out.output) == 0 &&
         cb_output_not_input(journal, "--output's journal", paths, kinds, resume_at) != 0))
        status = CB_EXIT_USAGE;
done:
    free(paths);
    free(kinds);
    return status;
}

void cb_config_free(struct cb_config *cfg)
{
    free((char *)cfg->session.command_line);
    cfg->session.command_line = NULL;
    cb_kernel_files_unload();
}
