/* The command line's whole configuration (host/cli/args.c fills it).  What each layer below reads
 * of it is a narrow structure of that layer, held here by value: the session's settings
 * (session.h), which hold the rows' (settings.h) and the outputs' (runfile.h). */
#ifndef CLBENCH_CONFIG_H
#define CLBENCH_CONFIG_H

#include "clbench/session.h"

#include <stddef.h>

enum { CB_MAX_KERNEL_ARGS = 32 };

struct cb_config {
    int list_devices;
    int list_kernels;
    int show_help;
    int show_version;
    int show_man;      /* --help-man: the man page, in roff, from the option tables */
    int devices_given; /* -d on the command line (--list-kernels then resolves) */
    const char *kernel_lists[CB_MAX_KERNEL_ARGS]; /* each -k, resolved once files are loaded */
    size_t kernel_list_count;
    const char *kernel_files[CB_MAX_KERNEL_ARGS]; /* each --kernel-file (host/kernels/manifest.c) */
    size_t kernel_file_count;
    int format_given; /* -f given: --output's extension does not decide */
    struct cb_session_settings session;
};

#endif
