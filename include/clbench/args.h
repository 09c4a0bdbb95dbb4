/* The command line: one option table drives getopt_long and --help (host/cli/args.c). */
#ifndef CLBENCH_ARGS_H
#define CLBENCH_ARGS_H

#include "clbench/kernel.h"
#include "clbench/parse.h"

#include <stdio.h>

enum cb_format { CB_FORMAT_TABLE, CB_FORMAT_CSV, CB_FORMAT_JSON, CB_FORMAT_MD };

enum { CB_MAX_KERNELS = 128, CB_MAX_KERNEL_ARGS = 32 };

/* --peak: where each device's measured peak comes from (host/run/peak_cache.c). */
enum cb_peak_mode {
    CB_PEAK_OFF,     /* no probes, no fraction-of-peak column */
    CB_PEAK_CACHED,  /* the cached measurement; measured and stored when there is none */
    CB_PEAK_MEASURE, /* measured now, and stored for later runs */
};

struct cb_tuned_db;

struct cb_config {
    int list_devices;
    int list_kernels;
    int show_help;
    int show_version;
    int show_man;                 /* --help-man: the man page, in roff, from the option tables */
    const char *devices;          /* selector list; "all" by default */
    const char *cl_dir;           /* where cl/<family>.cl are read from */
    const char *cl_opts;          /* extra clBuildProgram options */
    const char *output;           /* NULL: stdout */
    const char *resume;           /* a journal or run file whose rows are done (NULL: none) */
    enum cb_format format;        /* of stdout */
    enum cb_format output_format; /* of --output: its extension's, else format */
    int view_on_stdout;           /* with --output: print the format view on stdout too */
    const struct cb_kernel *kernels[CB_MAX_KERNELS];
    size_t kernel_count;
    const char *kernel_lists[CB_MAX_KERNEL_ARGS]; /* each -k, resolved once files are loaded */
    size_t kernel_list_count;
    const char *kernel_files[CB_MAX_KERNEL_ARGS]; /* each --kernel-file (host/kernels/manifest.c) */
    size_t kernel_file_count;
    struct cb_size sizes[CB_MAX_SIZES];
    size_t size_count; /* 0: each kernel's default for the device type */
    struct cb_define defines[CB_MAX_DEFINES];
    size_t define_count;
    unsigned warmup;               /* untimed launches before the timed ones */
    unsigned reps;                 /* timed launches at least */
    double min_time_s;             /* keep timing until the launches add up to this */
    double max_time_s;             /* a row's time budget from its first launch (0: none) */
    double row_timeout_s;          /* a row's deadline, build included: its worker is killed */
    int retry_failed;              /* --retry-failed: --resume runs its failed rows again */
    unsigned long long verify_max; /* output elements checked at most (0: automatic) */
    unsigned long long seed;       /* of the pseudo-random inputs */
    enum cb_peak_mode peak_mode;   /* the peak probes, for "fraction of peak" */
    int use_cache;                 /* 0: --no-cache, no peak or program read from or kept on disk */
    int detail;                    /* table/md: the detail view (report_detail.c) */
    const char *command_line;      /* argv joined, for the run file (owned; cb_config_free) */
    unsigned shard, shards;        /* --shard K/N: run the rows whose index % N == K (N >= 1) */
    const char *tuned_path;        /* --tuned FILE; NULL: the user's database */
    int no_tuned;                  /* --no-tuned: parameters never come from a database */
    const struct cb_tuned_db *tuned; /* loaded by the caller; NULL: none */
    int format_given;                /* -f given: --output's extension does not decide */
};

/* Fills cfg from argv, loading the kernel files it names (--kernel-file, -k NAME@FILE) into the
 * registry.  Returns 0, or CB_EXIT_USAGE after printing one line that says what is wrong.  Every -D
 * name must be a parameter of some selected kernel and every value must be in that parameter's
 * allowed set. */
int cb_parse_args(int argc, char **argv, struct cb_config *cfg);
/* The parts of cb_parse_args, so that every command applies the options it shares with the
 * benchmark through the same code (`clbench tune`: host/cli/tune_main.c): the defaults; one
 * option of the benchmark's table by its long name, with its value (NULL for a flag), 0 or
 * CB_EXIT_USAGE after one line; then, after the last option, the kernel files loaded, -k
 * resolved and -D and sizes checked (0 or CB_EXIT_USAGE).  The command line is the caller's. */
void cb_config_init(struct cb_config *cfg);
int cb_config_apply(struct cb_config *cfg, const char *name, const char *arg);
int cb_config_finish(struct cb_config *cfg);
/* Frees cfg and unloads its kernel files. */
void cb_config_free(struct cb_config *cfg);
void cb_print_help(FILE *out);
/* The man page, clbench.1, in roff: both option tables, the cache, the exit codes. */
void cb_print_man(FILE *out);

#endif
