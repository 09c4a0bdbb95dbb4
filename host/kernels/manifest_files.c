/* The kernel files loaded (--kernel-file, and the files `verify ... in FILE` names), kept for
 * the run: their kernels are registered, their text is what is built and hashed. */
#define _POSIX_C_SOURCE 200809L
#include "manifest_parts.h"

#include <dirent.h>

#include "clbench/output.h"

#include "clbench/text_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static struct cb_manifest_file **loaded;
static size_t loaded_count;
/* Each loaded file's identity, parallel to loaded: `a.cl` and `./a.cl` are one file. */
static struct stat *loaded_stat;

const struct cb_manifest_file *cb_kernel_file_of(const struct cb_kernel *k)
{
    return k->source_path != NULL && k->manifest != NULL ? k->manifest->file : NULL;
}

const char *cb_kernel_file_text(const char *path)
{
    for (size_t i = 0; i < loaded_count; i++)
        if (strcmp(loaded[i]->path, path) == 0)
            return loaded[i]->text;
    return NULL;
}

const char *cb_manifest_where(const struct cb_kernel *k, const char *key, char *buf, size_t len)
{
    const struct cb_manifest_kernel *u = k->manifest;
    unsigned line = 0;

    if (k->source_path != NULL && u != NULL)
        line = strcmp(key, "local") == 0 ? u->local[0].line : u->local_mem.line;
    if (line > 0)
        snprintf(buf, len, " (%s:%u)", k->source_path, line);
    else
        snprintf(buf, len, "%s", "");
    return buf;
}

const char *cb_kernel_file_hash(const char *path)
{
    for (size_t i = 0; i < loaded_count; i++)
        if (strcmp(loaded[i]->path, path) == 0)
            return loaded[i]->hash;
    return NULL;
}

/* What a kernel computes, so that times compare: its contract's family, a built-in kernel's
 * or library row's family, or "generic" for a user's kernel of its own arguments. */
static const char *problem_of(const struct cb_kernel *k)
{
    return k->contract != NULL ? k->contract : k->source_path != NULL ? "generic" : k->family;
}

static int same_problem(const struct cb_manifest_kernel *u, const struct cb_kernel *other)
{
    return strcmp(problem_of(&u->k), problem_of(other)) == 0;
}

/* Twins and baselines name registered kernels of the same problem (a matmul's time against a
 * vadd's is no verdict), and references in other files name kernels those files declare. */
static int check_names(const struct context *x, const struct cb_manifest_file *file)
{
    for (size_t i = 0; i < file->count; i++) {
        const struct cb_manifest_kernel *u = file->kernels[i]->manifest;
        const struct cb_kernel *twin = u->k.twin != NULL ? cb_kernel_find(u->k.twin) : NULL;
        const struct cb_kernel *base = u->k.baseline != NULL ? cb_kernel_find(u->k.baseline) : NULL;

        if (u->k.twin != NULL && cb_kernel_find(u->k.twin) == NULL)
            return manifest_fail(
                x, u->twin_line, 0,
                "twin %s is not a kernel of this file, of a file loaded before it, or "
                "built in",
                u->k.twin);
        if (u->k.baseline != NULL && cb_kernel_find(u->k.baseline) == NULL)
            return manifest_fail(
                x, u->baseline_line, 0,
                "baseline %s is not a kernel of this file, of a file loaded before it, "
                "or built in",
                u->k.baseline);
        if (twin != NULL && !same_problem(u, twin))
            return manifest_fail(
                x, u->twin_line, 0,
                "twin %s is a %s kernel but %s is a %s one: name a kernel of the same "
                "contract",
                u->k.twin, problem_of(twin), u->k.name, problem_of(&u->k));
        if (base != NULL && !same_problem(u, base))
            return manifest_fail(
                x, u->baseline_line, 0,
                "baseline %s is a %s kernel but %s is a %s one: name a kernel of the "
                "same contract",
                u->k.baseline, problem_of(base), u->k.name, problem_of(&u->k));
        if (u->generic.check.ref_kernel != NULL &&
            cb_kernel_find(u->generic.check.ref_kernel) == NULL)
            return manifest_fail(x, u->verify_line, 0, "verify: no kernel %s in '%s'",
                                 u->generic.check.ref_kernel, u->generic.check.ref_file);
    }
    return 0;
}

/* Registers every kernel of every loaded file again, after a failed load. */
static void register_loaded(void)
{
    cb_kernels_reset_added();
    for (size_t f = 0; f < loaded_count; f++)
        for (size_t i = 0; i < loaded[f]->count; i++)
            cb_kernel_add(loaded[f]->kernels[i]);
}

static int register_file(const struct context *x, struct cb_manifest_file *file)
{
    for (size_t i = 0; i < file->count; i++) {
        const struct cb_manifest_kernel *u = file->kernels[i]->manifest;
        const struct cb_kernel *other = cb_kernel_find(u->k.name);

        if (other != NULL && other->source_path != NULL)
            return manifest_fail(
                x, u->line, 0,
                "kernel %s is declared in '%s' too: rename one of them (kernel names are "
                "one namespace)",
                u->k.name, other->source_path);
        if (other != NULL)
            return manifest_fail(x, u->line, 0,
                                 "kernel %s is a built-in kernel's name: rename yours", u->k.name);
        /* -k takes kernels before families: `-k matmul` would stop meaning the ladder. */
        if (cb_kernel_builtin_family(u->k.name) || strcmp(u->k.name, "all") == 0)
            return manifest_fail(
                x, u->line, 0, "kernel %s: -k %s already means %s: rename yours", u->k.name,
                u->k.name, strcmp(u->k.name, "all") == 0 ? "every kernel" : "a built-in family");
        if (cb_kernel_add(&u->k) != 0)
            return manifest_fail(x, u->line, 0, "out of memory");
    }
    return 0;
}

int cb_kernel_file_load(const char *path, char *why, size_t len)
{
    const struct context x = {path, why, len};
    struct cb_manifest_file *file, **grown;
    struct stat st, *grown_stat;
    char *text;

    /* /dev/stdin < k.cl is a regular file here and a worker's control pipe in a worker. */
    if (cb_path_fd_alias(path) >= 0)
        return manifest_fail(&x, 0, 0,
                             "names an open file descriptor, which clbench's worker processes "
                             "cannot read: save the kernel to a .cl file and give that");
    if (stat(path, &st) != 0)
        return manifest_fail(&x, 0, 0, "cannot read the kernel file: %s", strerror(errno));
    if (!S_ISREG(st.st_mode))
        return manifest_fail(&x, 0, 0, "not a regular file: give a .cl file to --kernel-file");
    for (size_t i = 0; i < loaded_count; i++)
        if (loaded_stat[i].st_dev == st.st_dev && loaded_stat[i].st_ino == st.st_ino)
            return 0;
    text = cb_read_text_file(path);
    if (text == NULL)
        return manifest_fail(&x, 0, 0, "cannot read the kernel file: %s", strerror(errno));
    /* Read as a C string, a NUL byte would silently end the file there. */
    if ((off_t)strlen(text) < st.st_size) {
        const size_t at = strlen(text);
        unsigned line = 1, column = 1;

        for (size_t i = 0; i < at; i++, column++)
            if (text[i] == '\n') {
                line++;
                column = 0;
            }
        free(text);
        return manifest_fail(&x, line, column,
                             "a NUL byte: a kernel file is text (OpenCL C); remove it");
    }
    if (cb_manifest_parse(path, text, &file, why, len) != 0) {
        free(text);
        return -1;
    }
    free(text);
    if (manifest_hash_dependencies(file) != 0) {
        cb_manifest_file_free(file);
        return manifest_fail(&x, 0, 0, "out of memory");
    }
    grown = realloc(loaded, (loaded_count + 1) * sizeof *grown);
    if (grown != NULL)
        loaded = grown;
    grown_stat =
        grown != NULL ? realloc(loaded_stat, (loaded_count + 1) * sizeof *grown_stat) : NULL;
    if (grown_stat == NULL) {
        cb_manifest_file_free(file);
        return manifest_fail(&x, 0, 0, "out of memory");
    }
    loaded_stat = grown_stat;
    loaded_stat[loaded_count] = st;
    loaded[loaded_count++] = file;
    if (register_file(&x, file) != 0)
        goto undo;
    for (size_t i = 0; i < file->count; i++) {
        const struct cb_manifest_kernel *u = file->kernels[i]->manifest;
        const char *ref_file = u->generic.check.ref_file;

        /* Named with the manifest line that names it: the user looks there, not at FILE. */
        if (ref_file != NULL && stat(ref_file, &st) != 0) {
            manifest_fail(&x, u->verify_line, u->verify_file_column,
                          "verify %s in %s: cannot read the file: %s", u->generic.check.ref_kernel,
                          ref_file, strerror(errno));
            goto undo;
        }
        if (ref_file != NULL && !S_ISREG(st.st_mode)) {
            manifest_fail(&x, u->verify_line, u->verify_file_column,
                          "verify %s in %s: not a regular file: name the .cl file that declares %s",
                          u->generic.check.ref_kernel, ref_file, u->generic.check.ref_kernel);
            goto undo;
        }
        if (ref_file != NULL && cb_kernel_file_load(ref_file, why, len) != 0)
            goto undo;
    }
    if (check_names(&x, file) != 0)
        goto undo;
    return 0;
undo:
    /* Files loaded after this one (its references) stay: they loaded fine. */
    for (size_t i = 0; i < loaded_count; i++)
        if (loaded[i] == file) {
            memmove(&loaded[i], &loaded[i + 1], (loaded_count - i - 1) * sizeof *loaded);
            memmove(&loaded_stat[i], &loaded_stat[i + 1],
                    (loaded_count - i - 1) * sizeof *loaded_stat);
            loaded_count--;
            break;
        }
    cb_manifest_file_free(file);
    register_loaded();
    return -1;
}

size_t cb_kernel_files_count(void)
{
    return loaded_count;
}

const struct cb_manifest_file *cb_kernel_file_at(size_t i)
{
    return i < loaded_count ? loaded[i] : NULL;
}

void cb_kernel_files_unload(void)
{
    cb_kernels_reset_added();
    for (size_t i = 0; i < loaded_count; i++)
        cb_manifest_file_free(loaded[i]);
    free(loaded);
    free(loaded_stat);
    loaded = NULL;
    loaded_stat = NULL;
    loaded_count = 0;
}

/* The shipped families first, in the order of --list-kernels and of the report's tables; every
 * other .cl file of cl_dir that declares kernels follows, by name: a new family is a new file. */
static const char *const shipped_order[] = {"vadd", "transpose", "copy", "matmul"};
enum { SHIPPED = sizeof shipped_order / sizeof shipped_order[0] };
static struct cb_manifest_file **builtin_files;
static size_t builtin_count;
static char *builtin_dir; /* where they were loaded from; NULL: not loaded */

/* Parses cl_dir/<family>.cl and registers its kernels as built-in ones: no source_path, so
 * that they are built from cl_dir and recorded as they always were.  *out stays NULL for a
 * file other than the shipped ones that declares no kernel (cl/peak.cl, the probes'). */
static int load_builtin(const char *cl_dir, const char *family, int shipped,
                        struct cb_manifest_file **out, char *why, size_t len)
{
    char path[4096];
    const struct context x = {path, why, len};
    struct cb_source_deps deps;
    char *text;
    int status;

    *out = NULL;
    if (snprintf(path, sizeof path, "%s/%s.cl", cl_dir, family) >= (int)sizeof path)
        return manifest_fail(&x, 0, 0, "the path is too long");
    text = cb_read_text_file(path);
    if (text == NULL)
        return manifest_fail(&x, 0, 0, "cannot read the built-in kernels: %s (use --cl-dir DIR)",
                             strerror(errno));
    if (!shipped && strstr(text, "clbench:kernel") == NULL) {
        free(text);
        return 0;
    }
    /* Every header a built-in file includes ships beside it (cl/real.h): one missing is a
     * cl_dir put together by hand, said here once rather than as every row's build failure. */
    if (cb_source_dependencies(path, text, &deps) != 0) {
        free(text);
        return manifest_fail(&x, 0, 0, "out of memory");
    }
    if (deps.missing[0] != '\0') {
        free(text);
        snprintf(why, len, "%s (use --cl-dir DIR)", deps.missing);
        return -1;
    }
    status = cb_manifest_parse(path, text, out, why, len);
    free(text);
    for (size_t i = 0; status == 0 && i < (*out)->count; i++) {
        (*out)->kernels[i]->source_path = NULL;
        if (cb_kernel_add_builtin((*out)->kernels[i]) != 0)
            status = manifest_fail(&x, (*out)->kernels[i]->manifest->line, 0,
                                   "kernel %s is declared twice", (*out)->kernels[i]->name);
    }
    return status;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The stems of cl_dir's *.cl files other than the shipped ones, sorted; NULL-terminated. */
static char **other_families(const char *cl_dir)
{
    DIR *d = opendir(cl_dir);
    char **names = calloc(1, sizeof *names);
    size_t count = 0;
    struct dirent *e;

    if (d == NULL || names == NULL) {
        if (d != NULL)
            closedir(d);
        return names; /* the shipped files' loading says what is wrong */
    }
    while ((e = readdir(d)) != NULL) {
        const size_t n = strlen(e->d_name);
        int shipped = 0;
        char **grown;

        if (n <= 3 || strcmp(e->d_name + n - 3, ".cl") != 0 || e->d_name[0] == '.')
            continue;
        for (size_t f = 0; f < SHIPPED; f++)
            shipped |= strlen(shipped_order[f]) == n - 3 &&
                       strncmp(shipped_order[f], e->d_name, n - 3) == 0;
        grown = shipped ? names : realloc(names, (count + 2) * sizeof *names);
        if (grown == NULL)
            break;
        names = grown;
        if (!shipped && (names[count] = strndup(e->d_name, n - 3)) != NULL)
            names[++count] = NULL;
    }
    closedir(d);
    qsort(names, count, sizeof *names, by_name);
    return names;
}

static void free_names(char **names)
{
    for (size_t i = 0; names != NULL && names[i] != NULL; i++)
        free(names[i]);
    free(names);
}

static int add_file(const char *cl_dir, const char *family, int shipped, char *why, size_t len)
{
    struct cb_manifest_file *file = NULL;
    struct cb_manifest_file **grown;

    if (load_builtin(cl_dir, family, shipped, &file, why, len) != 0)
        return -1;
    if (file == NULL)
        return 0;
    grown = realloc(builtin_files, (builtin_count + 1) * sizeof *grown);
    if (grown == NULL) {
        cb_manifest_file_free(file);
        snprintf(why, len, "out of memory");
        return -1;
    }
    builtin_files = grown;
    builtin_files[builtin_count++] = file;
    return 0;
}

int cb_builtin_kernels_load(const char *cl_dir, char *why, size_t len)
{
    char **others;

    if (builtin_dir != NULL && strcmp(builtin_dir, cl_dir) == 0)
        return 0;
    cb_builtin_kernels_unload();
    for (size_t f = 0; f < SHIPPED; f++)
        if (add_file(cl_dir, shipped_order[f], 1, why, len) != 0)
            goto fail;
    others = other_families(cl_dir);
    for (size_t f = 0; others != NULL && others[f] != NULL; f++)
        if (add_file(cl_dir, others[f], 0, why, len) != 0) {
            free_names(others);
            goto fail;
        }
    free_names(others);
    /* Twins and baselines may name kernels of later files, and the library baselines. */
    for (size_t f = 0; f < builtin_count; f++) {
        const struct context x = {builtin_files[f]->path, why, len};

        if (check_names(&x, builtin_files[f]) != 0)
            goto fail;
    }
    builtin_dir = strdup(cl_dir);
    if (builtin_dir != NULL)
        return 0;
    snprintf(why, len, "out of memory");
fail:
    cb_builtin_kernels_unload();
    return -1;
}

void cb_builtin_kernels_unload(void)
{
    cb_kernels_reset_builtin();
    for (size_t f = 0; f < builtin_count; f++)
        cb_manifest_file_free(builtin_files[f]);
    free(builtin_files);
    builtin_files = NULL;
    builtin_count = 0;
    free(builtin_dir);
    builtin_dir = NULL;
}
