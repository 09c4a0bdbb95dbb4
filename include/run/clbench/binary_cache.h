/* Built programs kept on disk ($XDG_CACHE_HOME/clbench/programs) as the driver's own binaries
 * (CL_PROGRAM_BINARIES), so that a later run skips the compiler; not for a driver that keeps
 * its programs itself (PoCL, unless POCL_KERNEL_CACHE=0: see binary_cache.c).  An entry is keyed by
 * the device, its platform and driver, the source text's hash and the full build options; the key
 * is stored inside the entry and compared on load, with a checksum of the binary.  An entry
 * that is truncated, corrupt, made for another key, or that the driver refuses is rebuilt from
 * source with a warning, never used. */
#ifndef CLBENCH_BINARY_CACHE_H
#define CLBENCH_BINARY_CACHE_H

#include "clbench/device.h"

/* The built program for (d, source, options) from the cache, or NULL: absent, the cache is
 * off, or the entry is unusable (warned; `what` names the source in the warning). */
cl_program cb_binary_cache_load(const struct cb_device *d, const char *source, const char *options,
                                const char *what);

/* Stores a program just built from source; silent unless the cache directory fails. */
void cb_binary_cache_store(const struct cb_device *d, const char *source, const char *options,
                           cl_program program);

#endif
