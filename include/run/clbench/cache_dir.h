/* The per-user cache of clbench: $XDG_CACHE_HOME/clbench (else ~/.cache/clbench), holding
 * measured peaks (host/run/peak_cache.c) and built programs (host/run/binary_cache.c).
 *
 * Entries are written whole to a temporary file beside their final name and renamed into
 * place, so that a concurrent run reads either the old entry, the new one or none.  The cache
 * only ever saves time: when its directory cannot be used (unwritable, full, not a directory)
 * the run warns once and goes on without it. */
#ifndef CLBENCH_CACHE_DIR_H
#define CLBENCH_CACHE_DIR_H

#include "clbench/hash.h"

#include <stddef.h>

/* Called once before a run: enabled 0 (--no-cache) turns every read and write off. */
void cb_cache_configure(int enabled);
/* Whether this process has warned about its cache (or a driver's), and, for a worker process
 * (worker.h) whose supervisor has, keeping it from saying it again. */
int cb_cache_warned(void);
void cb_cache_quiet(void);

/* Called before the first OpenCL call: keeps a driver's own cache from breaking the driver.
 * PoCL keeps its kernel cache under XDG_CACHE_HOME too (POCL_CACHE_DIR overrides), and fails
 * to find its device, or aborts in LLVM, when that place is not a writable directory or its
 * file system is full.  When the user has not set POCL_CACHE_DIR and PoCL's place is unusable,
 * this points POCL_CACHE_DIR at a fresh directory under $TMPDIR (removed at exit) and warns
 * once, for clbench's cache too, which shares the place and is then off.  Idempotent. */
void cb_cache_guard_drivers(void);

/* 0 when a directory at path exists or could be created and written, on a file system with
 * min_free bytes free; else -1 with why (the deepest existing part of the path and what is
 * wrong with it).  Creates nothing. */
int cb_cache_dir_usable(const char *path, unsigned long long min_free, char *why, size_t len);

/* The path of one entry, "<root>/<kind>/<name>", its folder created; -1 when the cache is off
 * or its folder cannot be made (then it has warned once and is off from now on). */
int cb_cache_entry_path(char *buf, size_t len, const char *kind, const char *name);

/* The whole entry (NUL-terminated, *len bytes before the NUL; free it), or NULL when absent or
 * unreadable. */
char *cb_cache_read(const char *path, size_t *len);

/* Writes the entry atomically; on failure warns once, turns the cache off and returns -1. */
int cb_cache_write(const char *path, const void *data, size_t len);

#endif
