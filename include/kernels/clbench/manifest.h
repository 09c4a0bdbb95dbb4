/* Kernel manifests: a .cl file declares its kernels in manifests inside comments (the grammar is in
 * docs/kernel-files.md).  Each manifest becomes a heap-allocated struct cb_kernel
 * whose plan function evaluates the manifest's expressions per row and, for the four family
 * contracts, reuses the family's buffers, work model and reference (host/kernels/manifest.c).
 */
#ifndef CLBENCH_MANIFEST_H
#define CLBENCH_MANIFEST_H

#include "clbench/kernel.h"

#include <stddef.h>

/* CB_KERNEL_NAME_MAX: the longest kernel name a manifest may declare.  PoCL aborts the process
 * on a 255-character name (it names files after kernels); other drivers have their own
 * limits, so names stay well below. */
enum { CB_MANIFEST_WHY_LEN = 640, CB_KERNEL_NAME_MAX = 128 };

/* The kernels one file declares, in the order of their manifests. */
struct cb_manifest_file {
    char *path;
    char hash[32]; /* "fnv1a64:<16 hex digits>" of the file's bytes, for provenance */
    char *text;    /* those bytes: what is built, even if the file is edited during the run */
    struct cb_kernel **kernels;
    size_t count;
    char **reads; /* every file its build and check read: itself, its #includes, verify files */
    size_t read_count;
};

/* Parses every manifest of `text`, the content of the file at `path`.  Returns 0 and a new
 * *out, or -1 with one line in why: "PATH:LINE:COLUMN: what is wrong; how to fix it". */
int cb_manifest_parse(const char *path, const char *text, struct cb_manifest_file **out, char *why,
                      size_t len);
void cb_manifest_file_free(struct cb_manifest_file *file);

/* Reads and parses `path` and registers its kernels (cb_kernel_add), then the files their
 * `verify ... in FILE` lines name.  A file loaded already is not loaded twice.  Returns 0, or -1
 * with one line in why (nothing of this file stays registered). */
int cb_kernel_file_load(const char *path, char *why, size_t len);
/* Unregisters and frees every loaded kernel file. */
void cb_kernel_files_unload(void);

/* Loads the built-in kernels from the manifests of cl_dir/<family>.cl (vadd, transpose, copy,
 * matmul, in that order) and registers them before the library baselines.  Nothing to do when
 * they are loaded from cl_dir already.  Returns 0, or -1 with one line in why
 * ("PATH:LINE:COLUMN: ..."), nothing registered. */
int cb_builtin_kernels_load(const char *cl_dir, char *why, size_t len);
void cb_builtin_kernels_unload(void);

/* The loaded file k comes from, or NULL for a built-in kernel. */
const struct cb_manifest_file *cb_kernel_file_of(const struct cb_kernel *k);
/* The i-th loaded kernel file (i < cb_kernel_files_count()), in the order loaded. */
size_t cb_kernel_files_count(void);
const struct cb_manifest_file *cb_kernel_file_at(size_t i);
/* The text of the loaded kernel file at `path` (as loaded), or NULL: no such file. */
const char *cb_kernel_file_text(const char *path);
/* Its hash (struct cb_manifest_file), or NULL: no such file. */
const char *cb_kernel_file_hash(const char *path);
/* What building a source file reads besides its text: the files it #includes, found as the
 * compiler finds them (clbench builds every file with -I of its folder), recursively. */
struct cb_source_deps {
    char hash[32];     /* "fnv1a64:..." of the text and those files; "" when it includes none */
    char missing[640]; /* "PATH:LINE: ...": the first #include "x" found nowhere; "" if none */
};
/* Fills *out for text, the content of the file at path.  0, or -1 when out of memory. */
int cb_source_dependencies(const char *path, const char *text, struct cb_source_deps *out);
/* Blanks every definition of kernels names[0..count) in text (each from `__kernel` to its
 * closing brace), newlines kept so that the compiler's line numbers stay true, in one scan: 1
 * when any was blanked, 0 when text defines none, or -1 when out of memory.  For a file whose
 * kernels need an extension the device lacks. */
int cb_kernels_blank_out(char *text, const char *const names[], size_t count);
/* Blanks so every kernel text defines but `keep` and `also` (NULL: none), declared by a manifest
 * or not: 1 when any was blanked, 0 when none, -1 when out of memory.  For a program built for
 * one kernel (host/run/source.c). */
int cb_kernel_blank_others(char *text, const char *keep, const char *also);
/* " (PATH:LINE)": where k's manifest gives `key` ("local" or "local_mem"), for a row's
 * reason; "" for a built-in kernel or a key its manifest lacks.  Returns buf. */
const char *cb_manifest_where(const struct cb_kernel *k, const char *key, char *buf, size_t len);

#endif
