/* The per-user cache directory and its atomic entries; see cache_dir.h. */
#define _POSIX_C_SOURCE 200809L
#include "clbench/cache_dir.h"

#include "clbench/check.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* One run, one cache: the state lives for the process, so that "off" and the one warning are
 * shared by the peak and the program caches.  Programs are built (and stored) by several
 * threads at once (cb_program_prebuild): the lock keeps the state whole. */
static struct {
    int enabled;
    int warned;
    char root[4096];
} cache = {1, 0, ""};
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

void cb_cache_configure(int enabled)
{
    pthread_mutex_lock(&lock);
    cache.enabled = enabled;
    cache.warned = 0;
    cache.root[0] = '\0';
    pthread_mutex_unlock(&lock);
}

static void give_up(const char *what, const char *path, int err)
{
    int first;

    pthread_mutex_lock(&lock);
    first = !cache.warned;
    cache.warned = 1;
    cache.enabled = 0;
    pthread_mutex_unlock(&lock);
    if (first)
        cb_warn("cache %s '%s': %s: running without the cache (--no-cache hides this)", what, path,
                strerror(err));
}

static int make_dir(const char *path)
{
    struct stat st;

    if (mkdir(path, 0700) == 0 || (errno == EEXIST && stat(path, &st) == 0 && S_ISDIR(st.st_mode)))
        return 0;
    if (errno == EEXIST)
        errno = ENOTDIR;
    return -1;
}

/* XDG base directories: a relative XDG_CACHE_HOME is to be ignored.  Called under the lock: on
 * failure, *err and `failed` (the path) say what give_up is to report. */
static int find_root(char *failed, size_t failed_len, int *err)
{
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    char base[4096];
    int n;

    if (xdg != NULL && xdg[0] == '/')
        n = snprintf(base, sizeof base, "%s", xdg);
    else if (home != NULL && home[0] == '/')
        n = snprintf(base, sizeof base, "%s/.cache", home);
    else {
        snprintf(failed, failed_len, "$HOME/.cache");
        *err = ENOENT;
        return -1;
    }
    if (n < 0 || (size_t)n >= sizeof base ||
        snprintf(cache.root, sizeof cache.root, "%s/clbench", base) >= (int)sizeof cache.root) {
        cache.root[0] = '\0';
        snprintf(failed, failed_len, "%s", base);
        *err = ENAMETOOLONG;
        return -1;
    }
    if (make_dir(base) != 0 || make_dir(cache.root) != 0) {
        *err = errno;
        snprintf(failed, failed_len, "%s", cache.root);
        cache.root[0] = '\0';
        return -1;
    }
    return 0;
}

/* The cache's root into buf, found on first use; -1 when the cache is off or unusable (said
 * once). */
static int root(char *buf, size_t len)
{
    char failed[4096] = "";
    int err = 0, ok;

    pthread_mutex_lock(&lock);
    ok = cache.enabled && (cache.root[0] != '\0' || find_root(failed, sizeof failed, &err) == 0);
    if (ok)
        snprintf(buf, len, "%s", cache.root);
    pthread_mutex_unlock(&lock);
    if (!ok && err != 0)
        give_up("directory", failed, err);
    return ok ? 0 : -1;
}

static int enabled(void)
{
    int on;

    pthread_mutex_lock(&lock);
    on = cache.enabled;
    pthread_mutex_unlock(&lock);
    return on;
}

int cb_cache_entry_path(char *buf, size_t len, const char *kind, const char *name)
{
    char base[4096];
    int n;

    if (root(base, sizeof base) != 0)
        return -1;
    n = snprintf(buf, len, "%s/%s", base, kind);
    if (n < 0 || (size_t)n >= len) {
        give_up("directory", base, ENAMETOOLONG);
        return -1;
    }
    if (make_dir(buf) != 0) {
        give_up("directory", buf, errno);
        return -1;
    }
    n = snprintf(buf, len, "%s/%s/%s", base, kind, name);
    if (n < 0 || (size_t)n >= len) {
        give_up("directory", base, ENAMETOOLONG);
        return -1;
    }
    return 0;
}

char *cb_cache_read(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *data = NULL;
    long size;

    if (f == NULL)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
        (data = malloc((size_t)size + 1)) != NULL) {
        if (fread(data, 1, (size_t)size, f) == (size_t)size) {
            data[size] = '\0';
            *len = (size_t)size;
        } else {
            free(data);
            data = NULL;
        }
    }
    fclose(f);
    return data;
}

int cb_cache_write(const char *path, const void *data, size_t len)
{
    char tmp[4096 + 16];
    FILE *f;
    int fd, ok;

    if (!enabled())
        return -1;
    snprintf(tmp, sizeof tmp, "%s.XXXXXX", path);
    fd = mkstemp(tmp);
    if (fd < 0) {
        give_up("directory", path, errno);
        return -1;
    }
    f = fdopen(fd, "wb");
    if (f == NULL) {
        const int err = errno;

        close(fd);
        unlink(tmp);
        give_up("entry", path, err);
        return -1;
    }
    ok = fwrite(data, 1, len, f) == len;
    ok = fflush(f) == 0 && ok;
    if (fclose(f) != 0 || !ok || rename(tmp, path) != 0) {
        const int err = errno != 0 ? errno : EIO;

        unlink(tmp);
        give_up("entry", path, err);
        return -1;
    }
    return 0;
}
