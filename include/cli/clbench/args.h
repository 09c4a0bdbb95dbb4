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
/* Frees cfg and unloads its kernel files. */
void cb_config_free(struct cb_config *cfg);
void cb_print_help(FILE *out);
/* The man page, clbench.1, in roff: both option tables, the cache, the exit codes. */
void cb_print_man(FILE *out);

#endif
