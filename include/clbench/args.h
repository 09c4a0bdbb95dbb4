/* The command line: one option table drives getopt_long and --help (host/cli/args.c). */
#ifndef CLBENCH_ARGS_H
#define CLBENCH_ARGS_H

#include "clbench/kernel.h"
#include "clbench/parse.h"

#include <stdio.h>

enum cb_format { CB_FORMAT_TABLE, CB_FORMAT_CSV, CB_FORMAT_JSON, CB_FORMAT_MD };

enum { CB_MAX_KERNELS = 128 };

struct cb_tuned_db;

struct cb_config {
    int list_devices;
    int list_kernels;
    int show_help;
    int show_version;
    const char *devices; /* selector list; "all" by default */
    const char *cl_dir;  /* where cl/<family>.cl are read from */
    const char *cl_opts; /* extra clBuildProgram options */
    const char *output;  /* NULL: stdout */
    const char *resume;  /* a journal or run file whose rows are done (NULL: none) */
    enum cb_format format;
    const struct cb_kernel *kernels[CB_MAX_KERNELS];
    size_t kernel_count;
    struct cb_size sizes[CB_MAX_SIZES];
    size_t size_count; /* 0: each kernel's default for the device type */
    struct cb_define defines[CB_MAX_DEFINES];
    size_t define_count;
    unsigned warmup;                 /* untimed launches before the timed ones */
    unsigned reps;                   /* timed launches at least */
    double min_time_s;               /* keep timing until the launches add up to this */
    double max_time_s;               /* a row's time budget from its first launch (0: none) */
    unsigned long long verify_max;   /* output elements checked at most (0: automatic) */
    unsigned long long seed;         /* of the pseudo-random inputs */
    int measure_peak;                /* run the peak probes for "fraction of peak" */
    const char *command_line;        /* argv joined, for the run file (owned; cb_config_free) */
    unsigned shard, shards;          /* --shard K/N: run the rows whose index % N == K (N >= 1) */
    const char *tuned_path;          /* --tuned FILE; NULL: the user's database */
    int no_tuned;                    /* --no-tuned: parameters never come from a database */
    const struct cb_tuned_db *tuned; /* loaded by the caller; NULL: none */
};

/* Fills cfg from argv.  Returns 0, or CB_EXIT_USAGE after printing one line that says what is
 * wrong (and "try --help").  Every -D name must be a parameter of some selected kernel and
 * every value must be in that parameter's allowed set. */
int cb_parse_args(int argc, char **argv, struct cb_config *cfg);
void cb_config_free(struct cb_config *cfg);
void cb_print_help(FILE *out);

#endif
