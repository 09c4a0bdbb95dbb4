/* The on-disk program cache; see binary_cache.h.
 *
 * Entry layout (text headers, so that a look with `head` tells what it is):
 *   clbench-program 1\n
 *   key <bytes>\n<key>\n
 *   binary <bytes> <fnv1a-64 of the binary, 16 hex digits>\n<binary>\n
 *   end\n
 * The trailing "end" line catches a truncated file; the checksum a corrupt one. */
#define _POSIX_C_SOURCE 200809L
#include "clbench/binary_cache.h"

#include "clbench/cache_dir.h"
#include "clbench/check.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ENTRY_MAGIC "clbench-program 1\n"

/* PoCL keeps compiled programs itself (POCL_CACHE_DIR) unless POCL_KERNEL_CACHE=0, and to
 * return CL_PROGRAM_BINARIES it compiles every kernel of the program, many times the cost of
 * the builds themselves (results/README.md, "Fast start").  A second copy would only cost, so
 * PoCL's programs are left to PoCL's own cache. */
static int driver_keeps_programs(const struct cb_device *d)
{
    const char *pocl_cache = getenv("POCL_KERNEL_CACHE");

    return strstr(d->platform_name, "Portable Computing Language") != NULL &&
           !(pocl_cache != NULL && strcmp(pocl_cache, "0") == 0);
}

/* Everything that changes what the compiler makes of the source. */
static char *make_key(const struct cb_device *d, const char *source, const char *options)
{
    const size_t source_len = strlen(source);
    const char *fmt = "device=%s\nvendor=%s\nplatform=%s\nplatform_version=%s\ndriver=%s\n"
                      "device_version=%s\nsource=%016" PRIx64 ":%zu\noptions=%s";
    const uint64_t hash = cb_hash64(source, source_len, CB_HASH64_INIT);
    const int n = snprintf(NULL, 0, fmt, d->name, d->vendor, d->platform_name, d->platform_version,
                           d->driver, d->version, hash, source_len, options);
    char *key = n >= 0 ? malloc((size_t)n + 1) : NULL;

    if (key != NULL)
        snprintf(key, (size_t)n + 1, fmt, d->name, d->vendor, d->platform_name, d->platform_version,
                 d->driver, d->version, hash, source_len, options);
    return key;
}

static int entry_path(char *buf, size_t len, const char *key)
{
    char name[32];

    snprintf(name, sizeof name, "%016" PRIx64 ".bin", cb_hash64(key, strlen(key), CB_HASH64_INIT));
    return cb_cache_entry_path(buf, len, "programs", name);
}

/* "<word> <bytes>" ... up to the newline; the number and where the line ends. */
static const char *read_header(const char *at, const char *end, const char *word, size_t *bytes,
                               uint64_t *hash)
{
    const size_t wlen = strlen(word);
    const char *eol = memchr(at, '\n', (size_t)(end - at));
    unsigned long long v;
    char *after;

    if (eol == NULL || (size_t)(end - at) < wlen + 2 || memcmp(at, word, wlen) != 0 ||
        at[wlen] != ' ')
        return NULL;
    v = strtoull(at + wlen + 1, &after, 10);
    if (after == at + wlen + 1)
        return NULL;
    if (hash != NULL) {
        unsigned long long h;

        if (*after != ' ')
            return NULL;
        h = strtoull(after + 1, &after, 16);
        *hash = (uint64_t)h;
    }
    if (after != eol)
        return NULL;
    *bytes = (size_t)v;
    return eol + 1;
}

/* Points *binary into data; NULL when the entry is sound, else what is wrong with it. */
static const char *parse_entry(const char *data, size_t len, const char *key,
                               const unsigned char **binary, size_t *binary_len)
{
    const char *end = data + len, *at = data;
    size_t key_len;
    uint64_t hash = 0;

    if (len < sizeof ENTRY_MAGIC - 1 || memcmp(data, ENTRY_MAGIC, sizeof ENTRY_MAGIC - 1) != 0)
        return "not a clbench program entry";
    at += sizeof ENTRY_MAGIC - 1;
    at = read_header(at, end, "key", &key_len, NULL);
    if (at == NULL || key_len > (size_t)(end - at) - 1 || at[key_len] != '\n')
        return "truncated or malformed key";
    if (key_len != strlen(key) || memcmp(at, key, key_len) != 0)
        return "made for another device, driver, source or options";
    at = read_header(at + key_len + 1, end, "binary", binary_len, &hash);
    if (at == NULL || *binary_len > (size_t)(end - at) ||
        (size_t)(end - at) - *binary_len != sizeof "\nend\n" - 1 ||
        memcmp(at + *binary_len, "\nend\n", sizeof "\nend\n" - 1) != 0)
        return "truncated";
    if (*binary_len == 0 || cb_hash64(at, *binary_len, CB_HASH64_INIT) != hash)
        return "checksum mismatch";
    *binary = (const unsigned char *)at;
    return NULL;
}

static cl_program load_binary(const struct cb_device *d, const unsigned char *binary, size_t len,
                              const char *options, char *why, size_t why_len)
{
    cl_int err, binary_status = CL_SUCCESS;
    cl_program program =
        clCreateProgramWithBinary(d->context, 1, &d->id, &len, &binary, &binary_status, &err);

    if (err != CL_SUCCESS || binary_status != CL_SUCCESS) {
        snprintf(why, why_len, "the driver refuses it: %s",
                 cb_cl_errname(err != CL_SUCCESS ? err : binary_status));
        if (program != NULL)
            clReleaseProgram(program);
        return NULL;
    }
    err = clBuildProgram(program, 1, &d->id, options, NULL, NULL);
    if (err != CL_SUCCESS) {
        snprintf(why, why_len, "clBuildProgram on it: %s", cb_cl_errname(err));
        clReleaseProgram(program);
        return NULL;
    }
    return program;
}

cl_program cb_binary_cache_load(const struct cb_device *d, const char *source, const char *options,
                                const char *what)
{
    char *key = make_key(d, source, options), *data = NULL, path[4096], why[256];
    const unsigned char *binary;
    size_t len = 0, binary_len = 0;
    const char *bad;
    cl_program program = NULL;

    if (driver_keeps_programs(d) || key == NULL || entry_path(path, sizeof path, key) != 0 ||
        (data = cb_cache_read(path, &len)) == NULL) {
        free(key);
        return NULL;
    }
    bad = parse_entry(data, len, key, &binary, &binary_len);
    if (bad == NULL) {
        program = load_binary(d, binary, binary_len, options, why, sizeof why);
        bad = program == NULL ? why : NULL;
    }
    if (bad != NULL)
        cb_warn("program cache entry '%s' for %s is unusable (%s): building from source", path,
                what, bad);
    free(data);
    free(key);
    return program;
}

void cb_binary_cache_store(const struct cb_device *d, const char *source, const char *options,
                           cl_program program)
{
    char *key = make_key(d, source, options), *entry = NULL, path[4096];
    unsigned char *binary = NULL;
    size_t binary_len = 0;
    int head;

    if (driver_keeps_programs(d) || key == NULL || entry_path(path, sizeof path, key) != 0 ||
        clGetProgramInfo(program, CL_PROGRAM_BINARY_SIZES, sizeof binary_len, &binary_len, NULL) !=
            CL_SUCCESS ||
        binary_len == 0 || (binary = malloc(binary_len)) == NULL ||
        clGetProgramInfo(program, CL_PROGRAM_BINARIES, sizeof binary, &binary, NULL) != CL_SUCCESS)
        goto done;
    head = snprintf(NULL, 0, ENTRY_MAGIC "key %zu\n%s\nbinary %zu %016" PRIx64 "\n", strlen(key),
                    key, binary_len, cb_hash64(binary, binary_len, CB_HASH64_INIT));
    if (head < 0 || (entry = malloc((size_t)head + binary_len + sizeof "\nend\n")) == NULL)
        goto done;
    snprintf(entry, (size_t)head + 1, ENTRY_MAGIC "key %zu\n%s\nbinary %zu %016" PRIx64 "\n",
             strlen(key), key, binary_len, cb_hash64(binary, binary_len, CB_HASH64_INIT));
    memcpy(entry + head, binary, binary_len);
    memcpy(entry + head + binary_len, "\nend\n", sizeof "\nend\n" - 1);
    cb_cache_write(path, entry, (size_t)head + binary_len + sizeof "\nend\n" - 1);
done:
    free(entry);
    free(binary);
    free(key);
}
