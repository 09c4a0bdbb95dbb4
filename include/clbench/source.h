/* Kernel sources and programs: reading cl/<family>.cl, composing the build options, building
 * with the log shown on failure, and a per-device cache so that rows sharing a family and
 * options build once (and, across runs, binary_cache.h). */
#ifndef CLBENCH_SOURCE_H
#define CLBENCH_SOURCE_H

#include "clbench/device.h"
#include "clbench/kernel.h"

#include <stddef.h>

enum { CB_OPTIONS_LEN = 1024, CB_REASON_LEN = 512 };

struct cb_program {
    char family[64];
    char options[CB_OPTIONS_LEN];
    cl_program program;          /* NULL if the build failed */
    double build_ms;             /* building, or loading from the disk cache */
    int from_disk;               /* loaded from the program cache on disk (binary_cache.h) */
    char failure[CB_REASON_LEN]; /* why the build failed, for the row's reason */
};

struct cb_program_cache {
    struct cb_program *programs;
    size_t count;
};

/* "-cl-std=CL1.2 -DREAL=float -DTILE=16 ..." : every parameter of the kernel with its value,
 * then `extra` (--cl-opts).  The same string goes into the run file, so that a row can always
 * be rebuilt exactly.  Returns -1 if it does not fit. */
int cb_build_options(char *buf, size_t len, const struct cb_problem *p, const char *extra);

/* ../share/clbench/cl beside the running binary when it exists (an installed clbench), else
 * the source tree's cl/ the binary was built from. */
const char *cb_default_cl_dir(void);

/* Path of a family's source; -1 if it does not fit. */
int cb_source_path(char *buf, size_t len, const char *cl_dir, const char *family);

/* The program for (family, options) on d, built on first use.  *entry is the cache entry:
 * entry->program is NULL when the build failed (the log has been printed to stderr and
 * entry->failure says why).  Returns CL_SUCCESS unless the cache itself failed. */
cl_int cb_program_get(struct cb_program_cache *cache, const struct cb_device *d, const char *cl_dir,
                      const char *family, const char *options, const struct cb_program **entry,
                      int *cached);
void cb_program_cache_release(struct cb_program_cache *cache);

#endif
