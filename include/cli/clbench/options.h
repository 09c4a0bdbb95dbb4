/* Option tables for getopt_long: one table per command (host/cli/args.c for the benchmark,
 * host/cli/report_main.c for `clbench report`) drives both the parser and --help. */
#ifndef CLBENCH_OPTIONS_H
#define CLBENCH_OPTIONS_H

#include <getopt.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

/* Codes from here up name options without a short letter. */
#define CB_OPTION_LONG_ONLY 256

struct cb_option {
    const char *name;    /* long name without "--" */
    int code;            /* the short letter, or a code >= CB_OPTION_LONG_ONLY */
    int has_arg;         /* 1: takes a value */
    const char *metavar; /* the value's name in --help */
    const char *help;    /* one line; NULL hides a tools' option from --help and the man page */
};

/* Prints "  -k, --kernel NAMES   help" for every option, in table order. */
void cb_options_help(FILE *out, const struct cb_option *options, size_t count);

/* The same table as roff for a man page: one ".TP" paragraph per option. */
void cb_options_man(FILE *out, const struct cb_option *options, size_t count);

/* Text for a roff line: '-' and '\\' escaped, a leading '.' or '\'' made literal. */
void cb_roff_text(FILE *out, const char *text);

/* Fills getopt_long's tables (longopts: count + 1 entries; shortopts: 3 * count + 2 chars,
 * starting with ':' so that a missing value is told apart) and resets getopt's state, so that
 * every parse starts afresh. */
void cb_options_prepare(const struct cb_option *options, size_t count, struct option *longopts,
                        char *shortopts);

/* A bad command line's one line, "clbench: error: [COMMAND: ]<what> (try clbench [COMMAND ]
 * --help)", for each command's usage(); returns exit_code.  command NULL: the benchmark. */
int cb_usage_error(int exit_code, const char *command, const char *fmt, va_list ap);

/* The message for getopt_long's '?' (unknown option) or ':' (missing value). */
void cb_options_problem(int code, int argc, char **argv, char *buf, size_t len);

#endif
