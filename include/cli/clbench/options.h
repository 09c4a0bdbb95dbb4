/* Option tables: one per command (host/cli/args.c for the benchmark, tune_main.c for `clbench
 * tune`, report_main.c for `clbench report`).  A row binds an option's names, what its value is,
 * where that value goes in the command's configuration and its help, in the manner of git's
 * parse-options.h; the parser, --help and the man page are all made from the rows. */
#ifndef CLBENCH_OPTIONS_H
#define CLBENCH_OPTIONS_H

#include <float.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

/* What an option's value is, and so how it is checked and stored at the row's field. */
enum cb_option_kind {
    CB_OPT_TRUE,    /* no value: the int field becomes 1 */
    CB_OPT_FALSE,   /* no value: the int field becomes 0 (--no-cache) */
    CB_OPT_STRING,  /* the value as given, into a const char * field */
    CB_OPT_FILE,    /* the same, refusing an empty name */
    CB_OPT_COUNT,   /* a whole number from min to max (0: no limit) into an unsigned field */
    CB_OPT_SECONDS, /* a non-negative number of seconds, at least min, into a double field */
    CB_OPT_NUMBER,  /* a finite number from min to max, into a double field */
    CB_OPT_CALL,    /* the row's call checks and stores it (a choice, a list, several fields) */
};

struct cb_option {
    const char *name; /* long name without "--" */
    char letter;      /* the short option, or 0 */
    enum cb_option_kind kind;
    const char *metavar; /* the value's name in --help; NULL: the option takes no value */
    const char *help;    /* one line; NULL hides a tools' option from --help and man page */
    size_t field, size;  /* where the value goes: offsetof and sizeof in the configuration */
    double min, max;     /* the range of a COUNT, SECONDS or NUMBER */
    const char *refusal; /* "takes ...": the one message for a refused value, else the kind's */
    /* CB_OPT_CALL: applies arg (NULL for an option without a value) to conf; 0, or the
     * command's usage exit code after one line. */
    int (*call)(const struct cb_option *o, void *conf, const char *arg);
};

/* A SECONDS row's min that refuses 0 (a limit of 0 would mean none): the least positive double. */
#define CB_OPT_ABOVE_0 DBL_MIN

/* A row's binding: CB_OPT_AT(struct cb_config, session.row.reps) in a designated initializer. */
#define CB_OPT_AT(type, member) .field = offsetof(type, member), .size = sizeof(((type *)0)->member)

/* One command's table and what its messages say. */
struct cb_command {
    const char *name; /* "tune", "report"; NULL: the benchmark */
    const struct cb_option *options;
    size_t count;
    size_t conf_size; /* of the configuration the fields are in */
    int usage_exit;   /* exit code of a bad command line */
};

/* The tables: the benchmark's (struct cb_config), `clbench tune`'s and `clbench report`'s. */
extern const struct cb_command cb_bench_options, cb_tune_options, cb_report_options;

/* Parses argv's options into conf, row by row, after resetting getopt's state (so that every
 * parse starts afresh).  Returns 0 with optind at the first operand, or the command's usage exit
 * code after one line. */
int cb_options_parse(const struct cb_command *c, int argc, char **argv, void *conf);

/* Applies one row with its value (NULL for an option without one) to conf. */
int cb_option_apply(const struct cb_command *c, const struct cb_option *o, void *conf,
                    const char *arg);

/* The row of a long name, or NULL. */
const struct cb_option *cb_option_find(const struct cb_command *c, const char *name);

/* Prints "  -k, --kernel NAMES   help" for every option, in table order. */
void cb_options_help(FILE *out, const struct cb_command *c);

/* The same table as roff for a man page: one ".TP" paragraph per option. */
void cb_options_man(FILE *out, const struct cb_command *c);

/* Text for a roff line: '-' and '\\' escaped, a leading '.' or '\'' made literal. */
void cb_roff_text(FILE *out, const char *text);

/* A bad command line's one line, "clbench: error: [COMMAND: ]<what> (try clbench [COMMAND ]
 * --help)", for each command's usage(); returns exit_code.  command NULL: the benchmark. */
int cb_usage_error(int exit_code, const char *command, const char *fmt, va_list ap);

#endif
