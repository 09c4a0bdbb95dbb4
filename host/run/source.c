/* Reading kernel sources, build options, building and the program cache; see source.h. */
#define _XOPEN_SOURCE 700
#include "clbench/source.h"

#include "clbench/binary_cache.h"
#include "clbench/cache_dir.h"
#include "clbench/check.h"
#include "clbench/device.h"
#include "clbench/elements.h"
#include "clbench/kernel_info.h"
#include "clbench/manifest.h"
#include "clbench/parallel.h"
#include "clbench/text_file.h"
#include "clbench/timer.h"

#include <errno.h>
#include <strings.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>

/* DIR quoted for the build options: in double quotes, \" and \\ escaped, as OpenCL's
 * option syntax and Rusticl, NVIDIA and later PoCL read it. */
static void quote_dir(char *out, size_t len, const char *dir, size_t dir_len)
{
    size_t q = 0;

    out[q++] = '"';
    for (size_t i = 0; i < dir_len && q + 4 < len; i++) {
        if (dir[i] == '"' || dir[i] == '\\')
            out[q++] = '\\';
        out[q++] = dir[i];
    }
    out[q++] = '"';
    out[q] = '\0';
}

/* A name for dir without blanks: a link to it in the cache ("include/<hash>"), or 0 when
 * there is none (the cache is off). */
static int blank_free_link(char *out, size_t len, const char *dir, size_t dir_len)
{
    char name[CB_PATH_LEN], abs[CB_PATH_LEN], target[CB_PATH_LEN], hex[32];
    ssize_t n;

    if (snprintf(name, sizeof name, "%.*s", (int)dir_len, dir) >= (int)sizeof name ||
        realpath(name, abs) == NULL)
        return 0;
    snprintf(hex, sizeof hex, "%016llx",
             (unsigned long long)cb_hash64(abs, strlen(abs), CB_HASH64_INIT));
    if (cb_cache_entry_path(out, len, "include", hex) != 0 || strpbrk(out, " \t\"\\") != NULL)
        return 0;
    if (symlink(abs, out) != 0 && errno != EEXIST)
        return 0;
    n = readlink(out, target, sizeof target - 1);
    if (n < 0)
        return 0;
    target[n] = '\0';
    return strcmp(target, abs) == 0;
}

/* " -I DIR" for the folder of path ("." for a bare name).  A folder with a blank, a quote or
 * a backslash is passed through a link without them where the cache can hold one: PoCL 3.1
 * turns the quotes of a quoted path into blanks that clang keeps in the path, so that no
 * quoting reaches it; else quoted.  Returns what snprintf returns. */
static int include_option(char *buf, size_t len, const char *path)
{
    const char *slash = strrchr(path, '/');
    const size_t dir_len = slash == NULL ? 1 : slash == path ? 1 : (size_t)(slash - path);
    const char *dir = slash == NULL ? "." : path;
    char spelled[2 * CB_PATH_LEN + 3];

    if (strcspn(dir, " \t\"\\") >= dir_len)
        return snprintf(buf, len, " -I %.*s", (int)dir_len, dir);
    if (!blank_free_link(spelled, sizeof spelled, dir, dir_len))
        quote_dir(spelled, sizeof spelled, dir, dir_len);
    return snprintf(buf, len, " -I %s", spelled);
}

int cb_build_options(char *buf, size_t len, const struct cb_problem *p, const char *extra)
{
    const struct cb_kernel *k = p->kernel;
    const unsigned count = cb_kernel_param_count(k);
    int n = snprintf(buf, len, "-cl-std=CL1.2 -DREAL=%s", cb_elem_info(p->real)->name);

    for (unsigned i = 0; i < count && n >= 0 && (size_t)n < len; i++)
        n += snprintf(buf + n, len - (size_t)n, " -D%s=%ld", k->params[i].name, p->param[i]);
    /* User kernels' argument lists are checked against their contract (host/run/arginfo.c);
     * their #include "x" finds x beside the kernel file wherever clbench was started. */
    if (k->source_path != NULL && n >= 0 && (size_t)n < len) {
        n += snprintf(buf + n, len - (size_t)n, " -cl-kernel-arg-info");
        if (n >= 0 && (size_t)n < len)
            n += include_option(buf + n, len - (size_t)n, k->source_path);
    }
    if (extra != NULL && *extra != '\0' && n >= 0 && (size_t)n < len)
        n += snprintf(buf + n, len - (size_t)n, " %s", extra);
    return (n < 0 || (size_t)n >= len) ? -1 : 0;
}

const char *cb_default_cl_dir(void)
{
    static char dir[4096];
    char exe[4096];
    const ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    char *slash;
    struct stat st;

    if (n <= 0)
        return CLBENCH_CL_DIR;
    exe[n] = '\0';
    slash = strrchr(exe, '/');
    if (slash == NULL)
        return CLBENCH_CL_DIR;
    *slash = '\0';
    if (snprintf(dir, sizeof dir, "%s/../share/clbench/cl", exe) >= (int)sizeof dir)
        return CLBENCH_CL_DIR;
    return stat(dir, &st) == 0 && S_ISDIR(st.st_mode) ? dir : CLBENCH_CL_DIR;
}

int cb_family_source_path(char *buf, size_t len, const char *cl_dir, const char *family)
{
    const int n = snprintf(buf, len, "%s/%s.cl", cl_dir, family);

    return (n < 0 || (size_t)n >= len) ? -1 : 0;
}

int cb_source_path(char *buf, size_t len, const char *cl_dir, const struct cb_kernel *k)
{
    const int n = k->source_path != NULL ? snprintf(buf, len, "%s", k->source_path) : 0;

    if (k->source_path == NULL)
        return cb_family_source_path(buf, len, cl_dir, k->family);
    return (n < 0 || (size_t)n >= len) ? -1 : 0;
}

/* 1 if s[0, len) contains word, ignoring case ("Warning", "warning:", "9 warnings"). */
static int strstr_n(const char *s, size_t len, const char *word)
{
    const size_t n = strlen(word);

    for (size_t i = 0; i + n <= len; i++)
        if (strncasecmp(s + i, word, n) == 0)
            return 1;
    return 0;
}

/* NVIDIA's OpenCL since driver 550 logs, for every kernel of every program built with
 * optimization, "(): Warning: Function K is a kernel, so overriding noinline attribute.  The
 * function may be inlined when called." (a one-line kernel without build options does; only
 * -cl-opt-disable does not: results/README.md, "Build logs on NVIDIA").  It says nothing of
 * the kernel, so it is not one of its warnings. */
static const char *const driver_notices[] = {"is a kernel, so overriding noinline attribute"};

int cb_build_log_line_warns(const char *line, size_t len)
{
    for (size_t i = 0; i < sizeof driver_notices / sizeof *driver_notices; i++)
        if (strstr_n(line, len, driver_notices[i]))
            return 0;
    return strstr_n(line, len, "warning");
}

/* The build log goes to stderr whole: the compiler's words say more than ours.  Its first
 * error line becomes the row's reason. */
static void report_build_failure(cl_program program, const struct cb_device *d,
                                 struct cb_program *entry)
{
    size_t size = 0;
    char *log;

    if (clGetProgramBuildInfo(program, d->id, CL_PROGRAM_BUILD_LOG, 0, NULL, &size) != CL_SUCCESS ||
        (log = malloc(size + 1)) == NULL)
        return;
    if (clGetProgramBuildInfo(program, d->id, CL_PROGRAM_BUILD_LOG, size, log, NULL) ==
        CL_SUCCESS) {
        const char *line = strstr(log, "error");

        log[size] = '\0';
        fprintf(stderr, "clbench: build log of '%s' on %s with \"%s\":\n%s\n", entry->path, d->name,
                entry->options, log);
        if (line != NULL) {
            const size_t end = strcspn(line, "\n");

            snprintf(entry->failure, sizeof entry->failure, "build failed: %.*s",
                     (int)(end < 300 ? end : 300), line);
        }
    }
    free(log);
}

/* The warning lines of a successful build's log into entry->warnings.  Only those: NVIDIA's
 * log also holds ptxas's report (-cl-nv-verbose), which is information, not a complaint. */
static void keep_warnings(cl_program program, const struct cb_device *d, struct cb_program *entry)
{
    size_t size = 0, used = 0;
    char *log;

    entry->warnings[0] = '\0';
    if (clGetProgramBuildInfo(program, d->id, CL_PROGRAM_BUILD_LOG, 0, NULL, &size) != CL_SUCCESS ||
        size < 2 || (log = malloc(size + 1)) == NULL)
        return;
    if (clGetProgramBuildInfo(program, d->id, CL_PROGRAM_BUILD_LOG, size, log, NULL) ==
        CL_SUCCESS) {
        log[size] = '\0';
        for (char *line = log; *line != '\0';) {
            const size_t len = strcspn(line, "\n");

            if (cb_build_log_line_warns(line, len) && used + 1 < sizeof entry->warnings) {
                const int n = snprintf(entry->warnings + used, sizeof entry->warnings - used,
                                       "%s%.*s", used > 0 ? "\n" : "", (int)len, line);

                used = n < 0 ? used : used + (size_t)n;
                if (used >= sizeof entry->warnings)
                    used = sizeof entry->warnings - 1;
            }
            line += len + (line[len] == '\n');
        }
    }
    free(log);
}

/* text, then "\n" and the file's hash when it has one; NULL when out of memory. */
static char *keyed_source(const char *text, const char *hash)
{
    const size_t n = strlen(text), h = hash != NULL ? strlen(hash) : 0;
    char *key = malloc(n + h + 2);

    if (key != NULL)
        snprintf(key, n + h + 2, "%s%s%s", text, hash != NULL ? "\n" : "",
                 hash != NULL ? hash : "");
    return key;
}

/* The extension a kernel of the file needs and d lacks (cl_khr_fp64 for a double argument),
 * or NULL. */
static const char *missing_extension(const struct cb_kernel *k, const struct cb_device *d)
{
    const struct cb_generic *g = k->generic;

    for (unsigned i = 0; g != NULL && i < g->arg_count; i++) {
        const char *ext =
            g->args[i].kind != CB_ARG_LOCAL ? cb_elem_info(g->args[i].type)->extension : NULL;

        if (ext != NULL && !cb_device_has_extension(d, ext))
            return ext;
    }
    return NULL;
}

/* A kernel whose arguments need an extension d lacks is unsupported there, before any build;
 * its definition must not fail the build of its neighbours in the file (a double daxpy beside
 * a float saxpy on a device without cl_khr_fp64), so it is blanked from the text compiled for
 * d.  0, or -1 when out of memory. */
static int blank_unsupported(char *text, const char *path, const struct cb_device *d)
{
    const char **names = malloc((cb_kernel_total() + 1) * sizeof *names);
    size_t count = 0;
    int blanked;

    if (names == NULL)
        return -1;
    for (size_t i = 0; i < cb_kernel_total(); i++) {
        const struct cb_kernel *k = cb_kernel_at(i);

        if (k->source_path != NULL && strcmp(k->source_path, path) == 0 &&
            missing_extension(k, d) != NULL)
            names[count++] = k->name;
    }
    blanked = cb_kernels_blank_out(text, names, count);
    free(names);
    return blanked < 0 ? -1 : 0;
}

static void build(struct cb_program *entry, const struct cb_device *d, int whole)
{
    /* A kernel file builds from the bytes its manifests and kernel_file_hash came from. */
    const char *loaded = cb_kernel_file_text(entry->path);
    char options[CB_OPTIONS_LEN + 32 + 2 * CB_PATH_LEN];
    struct cb_source_deps deps;
    char *text, *key;
    cl_int err;
    int n, blanked = 0;
    const double start = cb_wall_ms();

    text = loaded != NULL ? strdup(loaded) : cb_read_text_file(entry->path);
    if (text == NULL) {
        snprintf(entry->failure, sizeof entry->failure,
                 "cannot read '%.300s': %s (use --cl-dir DIR)", entry->path, strerror(errno));
        return;
    }
    if (loaded != NULL && blank_unsupported(text, entry->path, d) != 0) {
        snprintf(entry->failure, sizeof entry->failure, "out of host memory");
        free(text);
        return;
    }
    /* The program cache keys on the text and the hash of every file its build reads (its
     * #includes, and a kernel file's `verify ... in FILE`: manifest_deps.c), so that an edited
     * header rebuilds. */
    if (loaded == NULL && cb_source_dependencies(entry->path, text, &deps) != 0) {
        snprintf(entry->failure, sizeof entry->failure, "out of host memory");
        free(text);
        return;
    }
    /* A program for one kernel (a row's, a peak probe's) compiles that kernel and the kernel of
     * its second launch: the file's others are blanked, declared by a manifest or not.  The text
     * keyed below is the text compiled, so one-kernel and whole-file programs never share a
     * cache entry.  Not on a simulator: Oclgrind builds such a program but cannot create its
     * kernel where clang inlined a restrict helper into it (cl/vadd.cl's add_tail), and its
     * builds cost little. */
    if (entry->kernel != NULL && !whole && !cb_device_is_simulator(d) &&
        (blanked = cb_kernel_blank_others(text, entry->kernel->name, entry->kernel->then)) < 0) {
        snprintf(entry->failure, sizeof entry->failure, "out of host memory");
        free(text);
        return;
    }
    key = keyed_source(text, loaded != NULL         ? cb_kernel_file_hash(entry->path)
                             : deps.hash[0] != '\0' ? deps.hash
                                                    : NULL);
    if (key == NULL) {
        snprintf(entry->failure, sizeof entry->failure, "out of host memory");
        free(text);
        return;
    }
    entry->program = cb_binary_cache_load(d, key, entry->options, entry->path);
    if (entry->program != NULL) {
        entry->from_disk = 1;
        entry->build_ms = cb_wall_ms() - start;
        free(key);
        free(text);
        return;
    }
    {
        /* The compiler's messages then name this file, not the driver's temporary copy
         * (PoCL: "/root/.cache/pocl/kcache/tempfile_GU7rY1.cl:6:50: error: ..."); a path
         * a string literal cannot hold as it is goes without. */
        char line_directive[CB_PATH_LEN + 16];
        const char *parts[2] = {line_directive, text};
        const int named = strpbrk(entry->path, "\"\\\n") == NULL;

        snprintf(line_directive, sizeof line_directive, "#line 1 \"%s\"\n", entry->path);
        entry->program = clCreateProgramWithSource(d->context, named ? 2 : 1,
                                                   named ? parts : parts + 1, NULL, &err);
    }
    if (err != CL_SUCCESS) {
        cb_cl_fail(err, "clCreateProgramWithSource", __FILE__, __LINE__);
        snprintf(entry->failure, sizeof entry->failure, "clCreateProgramWithSource: %s",
                 cb_cl_errname(err));
        entry->program = NULL;
        free(key);
        free(text);
        return;
    }
    /* ptxas's report (registers, spills) into the build log on NVIDIA: kernel_info.c reads it;
     * the option changes no code, so the recorded options still rebuild the same kernel. */
    n = snprintf(options, sizeof options, "%s %s", entry->options, cb_kinfo_build_option(d));
    /* A built-in file's #include "real.h" finds it beside the file (cl_dir), as a kernel
     * file's does through its recorded -I (cb_build_options); the built-ins' options are
     * recorded as they always were, without the folder, which --cl-dir says. */
    if (loaded == NULL && n >= 0 && (size_t)n < sizeof options)
        include_option(options + n, sizeof options - (size_t)n, entry->path);
    err = clBuildProgram(entry->program, 1, &d->id, options, NULL, NULL);
    entry->build_ms = cb_wall_ms() - start;
    if (err == CL_SUCCESS) {
        keep_warnings(entry->program, d, entry);
        cb_binary_cache_store(d, key, entry->options, entry->program);
        free(key);
        free(text);
        return;
    }
    free(key);
    free(text);
    if (blanked && err == CL_BUILD_PROGRAM_FAILURE) {
        /* A kept kernel may call a blanked one as a function: the whole file says. */
        clReleaseProgram(entry->program);
        entry->program = NULL;
        build(entry, d, 1);
        entry->build_ms = cb_wall_ms() - start;
        return;
    }
    snprintf(entry->failure, sizeof entry->failure, "build failed: %s", cb_cl_errname(err));
    if (err == CL_BUILD_PROGRAM_FAILURE)
        report_build_failure(entry->program, d, entry);
    else
        cb_cl_fail(err, "clBuildProgram", __FILE__, __LINE__);
    clReleaseProgram(entry->program);
    entry->program = NULL;
}

static struct cb_program *find(struct cb_program_cache *cache, const char *path,
                               const char *options, const struct cb_kernel *kernel)
{
    for (size_t i = 0; i < cache->count; i++)
        if (strcmp(cache->programs[i].path, path) == 0 &&
            strcmp(cache->programs[i].options, options) == 0 && cache->programs[i].kernel == kernel)
            return &cache->programs[i];
    return NULL;
}

/* A new, unbuilt entry at the end of the cache; NULL when out of memory.  Earlier entry
 * pointers are invalid afterwards. */
static struct cb_program *append(struct cb_program_cache *cache, const char *path,
                                 const char *options, const struct cb_kernel *kernel)
{
    struct cb_program *grown = realloc(cache->programs, (cache->count + 1) * sizeof *grown), *e;

    if (grown == NULL)
        return NULL;
    cache->programs = grown;
    e = &cache->programs[cache->count++];
    memset(e, 0, sizeof *e);
    snprintf(e->path, sizeof e->path, "%s", path);
    snprintf(e->options, sizeof e->options, "%s", options);
    e->kernel = kernel;
    return e;
}

cl_int cb_program_get(struct cb_program_cache *cache, const struct cb_device *d, const char *path,
                      const char *options, const struct cb_kernel *kernel,
                      const struct cb_program **entry, int *cached)
{
    struct cb_program *e = find(cache, path, options, kernel);

    if (e == NULL) {
        if ((e = append(cache, path, options, kernel)) == NULL)
            return cb_cl_fail(CL_OUT_OF_HOST_MEMORY, "realloc", __FILE__, __LINE__);
        build(e, d, 0);
    }
    *cached = e->handed_out;
    e->handed_out = 1;
    *entry = e;
    return CL_SUCCESS;
}

struct batch {
    struct cb_program *entries;
    const struct cb_device *device;
};

static void build_part(void *ctx, size_t begin, size_t end, unsigned part)
{
    const struct batch *b = ctx;

    (void)part;
    for (size_t i = begin; i < end; i++)
        build(&b->entries[i], b->device, 0);
}

/* OpenCL makes clBuildProgram thread-safe, and NVIDIA's driver builds in parallel, which
 * shortens a cold run's GPU rows (results/README.md, "The main job").  Not on PoCL, whose
 * clBuildProgram runs only the front end (a kernel's code is compiled at its first launch), so
 * that it gains little, and where a cold main job that built its programs in parallel had
 * matmul_regblock write NaN, as PoCL 5.0 did now and then before.  Not on Oclgrind 21.10, which
 * crashes when two programs build at once (tests/cli/oclgrind.sh).  There each row builds its own
 * when it runs. CLBENCH_PARALLEL_BUILDS=0 or 1 overrides the choice (a driver that misbuilds, the
 * tests). */
int cb_program_builds_in_parallel(const struct cb_device *d)
{
    const char *forced = getenv("CLBENCH_PARALLEL_BUILDS");

    if (forced != NULL && (strcmp(forced, "0") == 0 || strcmp(forced, "1") == 0))
        return forced[0] == '1';
    return strstr(d->platform_name, "Portable Computing Language") == NULL &&
           strstr(d->platform_name, "Oclgrind") == NULL;
}

cl_int cb_program_prebuild(struct cb_program_cache *cache, const struct cb_device *d,
                           const char *const *paths, const char *const *options,
                           const struct cb_kernel *const *kernels, size_t n)
{
    const size_t first = cache->count;
    struct batch b;

    if (!cb_program_builds_in_parallel(d))
        return CL_SUCCESS;
    for (size_t i = 0; i < n; i++)
        if (find(cache, paths[i], options[i], kernels[i]) == NULL &&
            append(cache, paths[i], options[i], kernels[i]) == NULL)
            return cb_cl_fail(CL_OUT_OF_HOST_MEMORY, "realloc", __FILE__, __LINE__);
    b.entries = cache->programs + first;
    b.device = d;
    /* One build per part: builds take from tens of milliseconds to seconds. */
    cb_parallel_for(cache->count - first, 1, build_part, &b);
    return CL_SUCCESS;
}

void cb_program_cache_release(struct cb_program_cache *cache)
{
    for (size_t i = 0; i < cache->count; i++)
        if (cache->programs[i].program != NULL)
            clReleaseProgram(cache->programs[i].program);
    free(cache->programs);
    cache->programs = NULL;
    cache->count = 0;
}
