/* The command line: one option table drives getopt_long and --help (host/cli/args.c). */
#ifndef CLBENCH_ARGS_H
#define CLBENCH_ARGS_H

#include "clbench/config.h"

#include <stdio.h>

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
/* Refuses (CB_EXIT_USAGE, one line) an output of the command that is one of its inputs, by
 * device and inode: --output or its journal, or export_path (NULL: none), against the kernel
 * files and every file they read, the tuning database (db_path, else --tuned or the default)
 * and the --resume file (which the journal may be).  Before any work: writing would replace
 * what the command reads. */
int cb_config_check_outputs(const struct cb_config *cfg, const char *db_path,
                            const char *export_path);
/* Frees cfg and unloads its kernel files. */
void cb_config_free(struct cb_config *cfg);
void cb_print_help(FILE *out);
/* The man page, clbench.1, in roff: both option tables, the cache, the exit codes. */
void cb_print_man(FILE *out);

#endif
