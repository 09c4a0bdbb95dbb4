/* The per-user cache directory and its atomic entries, and the guard of the drivers' own
 * caches; see cache_dir.h. */
#define _XOPEN_SOURCE 700 /* nftw */
#include "clbench/cache_dir.h"

#include "clbench/check.h"

#include <errno.h>
#include <ftw.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
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

int cb_cache_warned(void)
{
    int warned;

    pthread_mutex_lock(&lock);
    warned = cache.warned;
    pthread_mutex_unlock(&lock);
    return warned;
}

void cb_cache_quiet(void)
{
    pthread_mutex_lock(&lock);
    cache.warned = 1;
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

int cb_cache_dir_usable(const char *path, unsigned long long min_free, char *why, size_t len)
{
    char dir[4096];
    struct stat st;
    struct statvfs fs;
    unsigned long long avail;

    if (snprintf(dir, sizeof dir, "%s", path) >= (int)sizeof dir) {
        snprintf(why, len, "'%.200s...': %s", path, strerror(ENAMETOOLONG));
        return -1;
    }
    /* Up to the part that exists: that one must be a directory this process may write. */
    while (stat(dir, &st) != 0) {
        char *slash = strrchr(dir, '/');

        /* ENOTDIR: a part above is a file, which the loop finds and names. */
        if ((errno != ENOENT && errno != ENOTDIR) || slash == NULL || slash == dir) {
            snprintf(why, len, "'%s': %s", dir, strerror(errno));
            return -1;
        }
        *slash = '\0';
    }
    if (!S_ISDIR(st.st_mode)) {
        snprintf(why, len, "'%s': %s", dir, strerror(ENOTDIR));
        return -1;
    }
    if (access(dir, W_OK | X_OK) != 0) {
        snprintf(why, len, "'%s': %s", dir, strerror(errno));
        return -1;
    }
    if (statvfs(dir, &fs) == 0) {
        avail = (unsigned long long)fs.f_bavail * (unsigned long long)fs.f_frsize;
        if (fs.f_flag & ST_RDONLY) {
            snprintf(why, len, "'%s': %s", dir, strerror(EROFS));
            return -1;
        }
        if (avail < min_free) {
            snprintf(why, len, "'%s': only %llu KiB free", dir, avail / 1024);
            return -1;
        }
    }
    return 0;
}

/* The directory the guard made for PoCL, and the process that made it: a child forked by the
 * supervisor exits without removing what its parent still uses. */
static char driver_dir[4096];
static pid_t driver_dir_owner;

static int remove_entry(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
    (void)st;
    (void)type;
    (void)ftw;
    return remove(path) == 0 || errno == ENOENT ? 0 : -1;
}

static void remove_driver_dir(void)
{
    if (driver_dir[0] != '\0' && getpid() == driver_dir_owner)
        nftw(driver_dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* PoCL 3.1 builds a program from files it writes to its cache (lib/CL/pocl_cache.c); a build
 * of the matmul ladder writes a few MiB, so a file system with less is as good as full. */
enum { POCL_MIN_FREE = 64 * 1024 * 1024 };

void cb_cache_guard_drivers(void)
{
    static int guarded;
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    const char *kernel_cache = getenv("POCL_KERNEL_CACHE");
    const char *tmp = getenv("TMPDIR");
    char place[4096], why[4400];
    int shared, own;

    if (guarded || getenv("POCL_CACHE_DIR") != NULL)
        return;
    guarded = 1;
    /* PoCL's own choice, as lib/CL/pocl_cache.c makes it. */
    snprintf(place, sizeof place, "%s%s/pocl/%s",
             xdg != NULL && xdg[0] != '\0' ? xdg
             : home != NULL                ? home
                                           : "/tmp",
             xdg != NULL && xdg[0] != '\0' ? ""
             : home != NULL                ? "/.cache"
                                           : "",
             kernel_cache != NULL && strcmp(kernel_cache, "0") == 0 ? "uncached" : "kcache");
    if (cb_cache_dir_usable(place, POCL_MIN_FREE, why, sizeof why) == 0)
        return;
    /* clbench's cache lives beside it (find_root) unless XDG_CACHE_HOME is relative, which
     * clbench ignores and PoCL does not. */
    shared = xdg == NULL || xdg[0] == '\0' || xdg[0] == '/';
    pthread_mutex_lock(&lock);
    own = cache.enabled && shared;
    if (shared) {
        cache.enabled = 0;
        cache.warned = 1;
    }
    pthread_mutex_unlock(&lock);
    snprintf(driver_dir, sizeof driver_dir, "%s/clbench-pocl-XXXXXX",
             tmp != NULL && tmp[0] == '/' ? tmp : "/tmp");
    if (mkdtemp(driver_dir) == NULL || setenv("POCL_CACHE_DIR", driver_dir, 1) != 0) {
        cb_warn("cache directory '%s' unusable (%s), and so is '%s' (%s): PoCL may fail%s", place,
                why, driver_dir, strerror(errno), own ? "; clbench runs without its cache" : "");
        driver_dir[0] = '\0';
        return;
    }
    driver_dir_owner = getpid();
    atexit(remove_driver_dir);
    cb_warn("cache directory '%s' unusable (%s): PoCL's kernel cache is in '%s' for this "
            "run%s (set XDG_CACHE_HOME or POCL_CACHE_DIR to a writable directory)",
            place, why, driver_dir, own ? ", and clbench runs without its own" : "");
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
