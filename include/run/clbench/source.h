/* Kernel sources and programs: reading cl/<family>.cl or a user kernel file, composing the build
 * options, building with the log shown on failure, and a per-device cache so that rows sharing a
 * source file and options build once (and, across runs, binary_cache.h). */
#ifndef CLBENCH_SOURCE_H
#define CLBENCH_SOURCE_H

#include "clbench/device.h"
#include "clbench/kernel.h"

#include <stddef.h>

enum { CB_OPTIONS_LEN = 1024, CB_PATH_LEN = 4096, CB_WARNINGS_LEN = 1024 };

struct cb_program {
    char path[CB_PATH_LEN]; /* the source file: cl/<family>.cl or a user's kernel file */
    char options[CB_OPTIONS_LEN];
    /* The kernel it is built for (a row's or a peak probe's): the file's other kernels are
     * blanked from the text compiled, since a driver compiles every kernel of a program
     * (docs/cache.md says what that costs on NVIDIA).  NULL: the whole file. */
    const struct cb_kernel *kernel;
    cl_program program;          /* NULL if the build failed */
    double build_ms;             /* building, or loading from the disk cache */
    int from_disk;               /* loaded from the program cache on disk (binary_cache.h) */
    int handed_out;              /* a row has had it: later rows say "memory" */
    char failure[CB_REASON_LEN]; /* why the build failed, for the row's reason */
    /* The lines of a successful build's log that say "warning" (truncated; "" when none):
     * each row built from it records them, and tests/cli/build_warnings.sh wants none. */
    char warnings[CB_WARNINGS_LEN];
};

struct cb_program_cache {
    struct cb_program *programs;
    size_t count;
};

/* "-cl-std=CL1.2 -DREAL=float -DTILE=16 ..." (REAL: the row's type, p->real): every parameter
 * of the kernel with its value, then `extra` (--cl-opts).  The same string goes into the run file,
 * so that a row can always be rebuilt exactly.  Returns -1 if it does not fit. */
int cb_build_options(char *buf, size_t len, const struct cb_problem *p, const char *extra);

/* 1 if the build-log line line[0, len) is a warning about the kernel: it says "warning" (any
 * case) and is not a notice a driver prints for every kernel (NVIDIA's "is a kernel, so
 * overriding noinline attribute"). */
int cb_build_log_line_warns(const char *line, size_t len);

/* ../share/clbench/cl beside the running binary when it exists (an installed clbench), else
 * the source tree's cl/ the binary was built from. */
const char *cb_default_cl_dir(void);

/* cl_dir/<family>.cl; -1 if it does not fit. */
int cb_family_source_path(char *buf, size_t len, const char *cl_dir, const char *family);
/* Path of k's source: its kernel file, else cl_dir/<family>.cl; -1 if it does not fit. */
int cb_source_path(char *buf, size_t len, const char *cl_dir, const struct cb_kernel *k);

/* The program for (source path, options, kernel: NULL for the whole file) on d, built on first
 * use.  *entry is the cache entry:
 * entry->program is NULL when the build failed (the log has been printed to stderr and
 * entry->failure says why).  Returns CL_SUCCESS unless the cache itself failed. */
cl_int cb_program_get(struct cb_program_cache *cache, const struct cb_device *d, const char *path,
                      const char *options, const struct cb_kernel *kernel,
                      const struct cb_program **entry, int *cached);
void cb_program_cache_release(struct cb_program_cache *cache);

/* 1 where d's platform builds programs in parallel well (cb_program_prebuild does nothing
 * elsewhere); the environment's CLBENCH_PARALLEL_BUILDS=0 or 1 overrides it. */
int cb_program_builds_in_parallel(const struct cb_device *d);
/* Builds the programs for (paths[i], options[i], kernels[i]), i < n, that the cache does not
 * hold yet, over the host's cores, so that a cold run waits for its slowest build rather than
 * for the sum of them (nothing, where the platform cannot build in parallel: each row then
 * builds its own).  The first cb_program_get of each still reports it as built (or loaded from
 * disk), with its build time.  Returns CL_SUCCESS unless the cache itself failed. */
cl_int cb_program_prebuild(struct cb_program_cache *cache, const struct cb_device *d,
                           const char *const *paths, const char *const *options,
                           const struct cb_kernel *const *kernels, size_t n);

#endif
