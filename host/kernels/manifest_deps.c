/* What a kernel file's build reads besides the file itself, for the hash that --resume and the
 * program cache key on: every file it #includes, found as the compiler finds it (clbench
 * builds a kernel file with -I of its folder: source.c), recursively, and the files its
 * `verify ... in FILE` lines name with theirs; and the same for any file clbench builds (the
 * built-in families' and cl/peak.cl: cb_source_dependencies).  An include clbench cannot find
 * (a header of the driver's, or one that is missing and fails the build) adds nothing; the
 * first #include "x" of that kind is named, for a caller that knows every one must be there. */
#define _POSIX_C_SOURCE 200809L
#include "manifest_parts.h"

#include "clbench/hash.h"
#include "clbench/text_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { MAX_DEPS = 256, DEP_PATH = 4096 };

struct deps {
    char seen[MAX_DEPS][DEP_PATH]; /* each file hashed once: an include cycle ends */
    size_t count;
    uint64_t h;
    char *missing; /* the first #include "x" found nowhere, "PATH:LINE: ..."; may be NULL */
    size_t missing_len;
};

/* dir of path ("." for a bare name) and name joined into out; 0, or -1 when too long. */
static int join(char *out, const char *path, const char *name, size_t len)
{
    const char *slash = strrchr(path, '/');
    int n;

    if (name[0] == '/')
        n = snprintf(out, DEP_PATH, "%.*s", (int)len, name);
    else if (slash == NULL)
        n = snprintf(out, DEP_PATH, "%.*s", (int)len, name);
    else
        n = snprintf(out, DEP_PATH, "%.*s/%.*s", (int)(slash - path), path, (int)len, name);
    return n < 0 || n >= DEP_PATH ? -1 : 0;
}

static int regular_file(const char *path)
{
    struct stat st;

    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static void hash_file(struct deps *d, const char *path, const char *kernel_path);

/* The #include lines of text (a file at `path`), each one resolved and hashed. */
static void hash_includes(struct deps *d, const char *path, const char *text,
                          const char *kernel_path)
{
    unsigned number = 1;

    for (const char *line = text; *line != '\0'; number++) {
        const char *p = line, *end;
        char close, found[DEP_PATH];

        while (*p == ' ' || *p == '\t')
            p++;
        if (*p == '#') {
            p++;
            while (*p == ' ' || *p == '\t')
                p++;
            if (strncmp(p, "include", 7) == 0) {
                p += 7;
                while (*p == ' ' || *p == '\t')
                    p++;
                close = *p == '"' ? '"' : *p == '<' ? '>' : '\0';
                end = close != '\0' ? strchr(p + 1, close) : NULL;
                if (end != NULL && memchr(p + 1, '\n', (size_t)(end - p - 1)) == NULL) {
                    const size_t len = (size_t)(end - p - 1);

                    /* "x": beside the including file, then in the -I folder; <x>: the
                     * -I folder only (the compiler's own headers are not ours to hash). */
                    if ((close == '"' && join(found, path, p + 1, len) == 0 &&
                         regular_file(found)) ||
                        (join(found, kernel_path, p + 1, len) == 0 && regular_file(found))) {
                        d->h = cb_hash64(p, len + 2, d->h);
                        hash_file(d, found, kernel_path);
                    } else if (close == '"' && d->missing != NULL && d->missing[0] == '\0') {
                        snprintf(d->missing, d->missing_len,
                                 "%s:%u: #include \"%.*s\": no such file beside it", path, number,
                                 (int)len, p + 1);
                    }
                }
            }
        }
        line += strcspn(line, "\n");
        line += *line == '\n';
    }
}

static void hash_file(struct deps *d, const char *path, const char *kernel_path)
{
    char *text;

    for (size_t i = 0; i < d->count; i++)
        if (strcmp(d->seen[i], path) == 0)
            return;
    if (d->count == MAX_DEPS)
        return;
    snprintf(d->seen[d->count++], DEP_PATH, "%s", path);
    text = cb_read_text_file(path);
    if (text == NULL)
        return;
    d->h = cb_hash64(text, strlen(text) + 1, d->h);
    hash_includes(d, path, text, kernel_path);
    free(text);
}

/* The hash of text (the file at path) and of what it #includes; NULL when out of memory.  The
 * text's own bytes come first: a file that includes nothing keeps the hash of its bytes
 * alone, which run files written before recorded. */
static struct deps *dependencies(const char *path, const char *text, char *missing, size_t len)
{
    struct deps *d = calloc(1, sizeof *d);

    if (d == NULL)
        return NULL;
    d->h = cb_hash64(text, strlen(text), CB_HASH64_INIT);
    d->missing = missing;
    d->missing_len = len;
    snprintf(d->seen[d->count++], DEP_PATH, "%s", path);
    hash_includes(d, path, text, path);
    return d;
}

int cb_source_dependencies(const char *path, const char *text, struct cb_source_deps *out)
{
    const uint64_t plain = cb_hash64(text, strlen(text), CB_HASH64_INIT);
    struct deps *d;

    out->hash[0] = '\0';
    out->missing[0] = '\0';
    if ((d = dependencies(path, text, out->missing, sizeof out->missing)) == NULL)
        return -1;
    if (d->h != plain)
        snprintf(out->hash, sizeof out->hash, "fnv1a64:%016llx", (unsigned long long)d->h);
    free(d);
    return 0;
}

int manifest_hash_dependencies(struct cb_manifest_file *file)
{
    const uint64_t plain = cb_hash64(file->text, strlen(file->text), CB_HASH64_INIT);
    struct deps *d = dependencies(file->path, file->text, NULL, 0);

    if (d == NULL)
        return -1;
    for (size_t i = 0; i < file->count; i++) {
        const char *ref = file->kernels[i]->manifest->generic.check.ref_file;

        if (ref != NULL && regular_file(ref))
            hash_file(d, ref, ref);
    }
    if (d->h != plain)
        snprintf(file->hash, sizeof file->hash, "fnv1a64:%016llx", (unsigned long long)d->h);
    /* The files read, for the check that no output of the run is one of them. */
    file->reads = calloc(d->count, sizeof *file->reads);
    for (size_t i = 0; file->reads != NULL && i < d->count; i++)
        if ((file->reads[file->read_count] = strdup(d->seen[i])) != NULL)
            file->read_count++;
    free(d);
    return file->reads != NULL ? 0 : -1;
}
