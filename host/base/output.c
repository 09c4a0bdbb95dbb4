/* The one way clbench writes a file; see output.h. */
#define _GNU_SOURCE
#include "clbench/output.h"

#include "clbench/check.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int cb_output_json(FILE *out, cJSON *root)
{
    char *text = root != NULL ? cJSON_Print(root) : NULL;

    cJSON_Delete(root);
    if (text == NULL)
        return -1;
    fprintf(out, "%s\n", text);
    free(text);
    return 0;
}

/* The descriptor a name of the kernel's stands for: /dev/std*, /dev/fd/N, /proc/self/fd/N and
 * /proc/<this pid>/fd/N; else -1. */
static int fd_name(const char *path)
{
    static const char *const std[] = {"/dev/stdin", "/dev/stdout", "/dev/stderr"};
    char self[64];
    const char *rest = NULL;
    char *end;
    long n;

    for (int i = 0; i < 3; i++)
        if (strcmp(path, std[i]) == 0)
            return i;
    snprintf(self, sizeof self, "/proc/%ld/fd/", (long)getpid());
    if (strncmp(path, "/dev/fd/", 8) == 0)
        rest = path + 8;
    else if (strncmp(path, "/proc/self/fd/", 14) == 0)
        rest = path + 14;
    else if (strncmp(path, "/proc/thread-self/fd/", 21) == 0)
        rest = path + 21;
    else if (strncmp(path, self, strlen(self)) == 0)
        rest = path + strlen(self);
    if (rest == NULL || *rest < '0' || *rest > '9')
        return -1;
    n = strtol(rest, &end, 10);
    return *end == '\0' && n <= INT_MAX ? (int)n : -1;
}

/* The next step of a link at path into out: its target, relative to the link's folder. */
static int follow(const char *path, char *out, size_t len)
{
    char target[CB_OUTPUT_PATH_LEN];
    const ssize_t n = readlink(path, target, sizeof target - 1);
    const char *slash = strrchr(path, '/');
    int m;

    if (n < 0)
        return -1;
    target[n] = '\0';
    if (target[0] == '/' || slash == NULL)
        m = snprintf(out, len, "%s", target);
    else
        m = snprintf(out, len, "%.*s/%s", (int)(slash - path), path, target);
    if (m < 0 || (size_t)m >= len) {
        errno = ENAMETOOLONG;
        return -1;
    }
    return 0;
}

int cb_path_fd_alias(const char *path)
{
    char cur[CB_OUTPUT_PATH_LEN], next[CB_OUTPUT_PATH_LEN];
    struct stat st;

    if (strlen(path) >= sizeof cur)
        return -1;
    strcpy(cur, path);
    for (int hops = 0; hops < 40; hops++) {
        const int fd = fd_name(cur);

        if (fd >= 0)
            return fd;
        if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode) || follow(cur, next, sizeof next) != 0)
            return -1;
        strcpy(cur, next);
    }
    return -1;
}

int cb_output_resolve(const char *path, struct cb_output_target *t, char *why, size_t len)
{
    char next[CB_OUTPUT_PATH_LEN];
    struct stat st;
    int hops;

    memset(t, 0, sizeof *t);
    t->fd = -1;
    if (path[0] == '\0') {
        snprintf(why, len, "an empty file name: give a file name");
        return -1;
    }
    if (strlen(path) >= sizeof t->path) {
        snprintf(why, len, "the path is too long");
        return -1;
    }
    strcpy(t->path, path);
    for (hops = 0; hops < 40; hops++) {
        t->fd = fd_name(t->path);
        if (t->fd >= 0) {
            /* Written where the descriptor points, at its offset: `-o /dev/stdout > f` and
             * `| jq` see the file as `cat` would write it. */
            if (fcntl(t->fd, F_GETFD) < 0) {
                snprintf(why, len, "file descriptor %d is not open", t->fd);
                return -1;
            }
            t->in_place = 1;
            t->exists = 1;
            return 0;
        }
        if (lstat(t->path, &st) != 0) {
            if (errno != ENOENT) {
                snprintf(why, len, "%s", strerror(errno));
                return -1;
            }
            return 0; /* a new file (or a dangling link's target, created there) */
        }
        if (!S_ISLNK(st.st_mode))
            break;
        if (follow(t->path, next, sizeof next) != 0) {
            snprintf(why, len, "cannot follow the link: %s", strerror(errno));
            return -1;
        }
        strcpy(t->path, next);
    }
    if (hops == 40) {
        snprintf(why, len, "%s", strerror(ELOOP));
        return -1;
    }
    t->exists = 1;
    t->dev = st.st_dev;
    t->ino = st.st_ino;
    t->mode = st.st_mode;
    t->uid = st.st_uid;
    t->gid = st.st_gid;
    if (S_ISDIR(st.st_mode)) {
        snprintf(why, len, "a directory: give a file name");
        return -1;
    }
    if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode)) {
        t->in_place = 1;
        return 0;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(why, len,
                 "a %s: clbench writes regular files, character devices (/dev/null) and pipes",
                 S_ISBLK(st.st_mode) ? "block device" : "socket");
        return -1;
    }
    /* rename() would replace a file the user may not write; the shell's `>` refuses it. */
    if (faccessat(AT_FDCWD, t->path, W_OK, AT_EACCESS) != 0) {
        snprintf(why, len,
                 "%s (a read-only file is not replaced: chmod u+w it, or give another "
                 "file)",
                 strerror(errno));
        return -1;
    }
    return 0;
}

/* A temporary file beside t->path: "PATH.XXXXXX", in the same folder so that rename() is
 * atomic.  Its mode is the old file's, or what a new file gets under the umask. */
static int open_temp(char *temp, size_t len, const struct cb_output_target *t)
{
    int fd;

    if (snprintf(temp, len, "%s.XXXXXX", t->path) >= (int)len) {
        errno = ENAMETOOLONG;
        return -1;
    }
    fd = mkstemp(temp);
    if (fd < 0)
        return -1;
    if (t->exists) {
        /* root replacing another user's file gives it back to them, as a write in place
         * would have left it. */
        if (geteuid() == 0 && (t->uid != 0 || t->gid != 0) && fchown(fd, t->uid, t->gid) != 0)
            cb_warn("cannot keep the owner of '%s': %s", t->path, strerror(errno));
        fchmod(fd, t->mode & 07777);
    } else {
        const mode_t mask = umask(0);

        umask(mask);
        fchmod(fd, 0666 & ~mask);
    }
    return fd;
}

int cb_output_check(const char *path, const char *what)
{
    struct cb_output_target t;
    char why[512], temp[CB_OUTPUT_PATH_LEN + 16];
    int fd;

    if (cb_output_resolve(path, &t, why, sizeof why) != 0)
        return cb_error("cannot write '%s': %s (choose another %s)", path, why, what);
    if (t.in_place) {
        if (t.fd < 0 && faccessat(AT_FDCWD, t.path, W_OK, AT_EACCESS) != 0)
            return cb_error("cannot write '%s': %s (choose another %s)", path, strerror(errno),
                            what);
        return 0;
    }
    fd = open_temp(temp, sizeof temp, &t);
    if (fd < 0)
        return cb_error("cannot write '%s': %s (choose a writable %s)", path, strerror(errno),
                        what);
    close(fd);
    unlink(temp);
    return 0;
}

/* The FILE of an output writes through these, so that the first failed write's reason (a full
 * disk: ENOSPC) is still known when the file is committed. */
static ssize_t output_write(void *cookie, const char *buf, size_t size)
{
    struct cb_output *o = cookie;

    if (cb_write_all(o->fd, buf, size) != 0) {
        if (o->error == 0)
            o->error = errno != 0 ? errno : EIO;
        return -1;
    }
    return (ssize_t)size;
}

static int output_close(void *cookie)
{
    struct cb_output *o = cookie;
    const int status = o->fd >= 0 ? close(o->fd) : 0;

    if (status != 0 && o->error == 0)
        o->error = errno;
    o->fd = -1;
    return status;
}

int cb_output_open(struct cb_output *o, const char *path)
{
    static const cookie_io_functions_t io = {NULL, output_write, NULL, output_close};

    char why[512];
    int fd;

    memset(o, 0, sizeof *o);
    if (strlen(path) >= sizeof o->path)
        return cb_error("cannot write '%.200s...': the path is too long", path);
    strcpy(o->path, path);
    if (cb_output_resolve(path, &o->target, why, sizeof why) != 0)
        return cb_error("cannot write '%s': %s", path, why);
    if (o->target.in_place) {
        /* Never O_CREAT or O_TRUNC: a device or a pipe is written as it is. */
        fd = o->target.fd >= 0 ? dup(o->target.fd)
                               : open(o->target.path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
    } else
        fd = open_temp(o->temp, sizeof o->temp, &o->target);
    if (fd < 0) {
        const int e = errno;

        o->temp[0] = '\0';
        return cb_error("cannot write '%s': %s (choose a writable path)", path, strerror(e));
    }
    o->fd = fd;
    o->file = fopencookie(o, "w", io);
    if (o->file == NULL) {
        const int e = errno;

        close(fd);
        if (o->temp[0] != '\0')
            unlink(o->temp);
        o->temp[0] = '\0';
        return cb_error("cannot write '%s': %s", path, strerror(e));
    }
    return 0;
}

int cb_output_commit(struct cb_output *o)
{
    int e = 0;

    if ((fflush(o->file) != 0 || ferror(o->file)) && (e = o->error) == 0)
        e = EIO;
    /* The bytes on the disk before the name moves: a crash after the rename then finds the
     * new file whole, never an empty one in the old one's place.  A pipe or a terminal
     * cannot be synced (EINVAL) and need not be. */
    if (e == 0 && o->temp[0] != '\0' && fsync(o->fd) != 0)
        e = errno;
    if (fclose(o->file) != 0 && e == 0)
        e = o->error != 0 ? o->error : EIO;
    o->file = NULL;
    if (e != 0) {
        if (o->temp[0] != '\0') {
            unlink(o->temp);
            o->temp[0] = '\0';
            return cb_error("writing '%s' failed: %s; %s", o->path, strerror(e),
                            o->target.exists ? "the file there is kept as it was"
                                             : "nothing was written");
        }
        return cb_error("writing '%s' failed: %s", o->path, strerror(e));
    }
    if (o->temp[0] != '\0' && rename(o->temp, o->target.path) != 0) {
        e = errno;
        unlink(o->temp);
        o->temp[0] = '\0';
        return cb_error("cannot replace '%s': %s", o->path, strerror(e));
    }
    o->temp[0] = '\0';
    return 0;
}

void cb_output_abort(struct cb_output *o)
{
    if (o->file != NULL)
        fclose(o->file);
    o->file = NULL;
    if (o->temp[0] != '\0')
        unlink(o->temp);
    o->temp[0] = '\0';
}

int cb_output_fail(struct cb_output *o)
{
    const int e = o->error, existed = o->target.exists && !o->target.in_place;

    cb_output_abort(o);
    if (e == 0)
        return cb_error("writing '%s' failed: out of host memory", o->path);
    return cb_error("writing '%s' failed: %s; %s", o->path, strerror(e),
                    existed ? "the file there is kept as it was" : "nothing was written");
}

/* "/abs/dir/name" for a file that need not exist: its folder's real path and its name. */
static int canonical(const char *path, char *out, size_t len)
{
    char dir[CB_OUTPUT_PATH_LEN], real[PATH_MAX];
    const char *slash = strrchr(path, '/');
    const char *name = slash != NULL ? slash + 1 : path;

    if (slash == NULL)
        strcpy(dir, ".");
    else if (snprintf(dir, sizeof dir, "%.*s", slash == path ? 1 : (int)(slash - path), path) >=
             (int)sizeof dir)
        return -1;
    if (realpath(dir, real) == NULL)
        return -1;
    return snprintf(out, len, "%s/%s", real, name) >= (int)len ? -1 : 0;
}

int cb_output_not_input(const char *output, const char *option, const char *const *inputs,
                        const char *const *kinds, size_t count)
{
    struct cb_output_target t;
    char why[512], mine[CB_OUTPUT_PATH_LEN + PATH_MAX], theirs[CB_OUTPUT_PATH_LEN + PATH_MAX];

    if (output == NULL || cb_output_resolve(output, &t, why, sizeof why) != 0 || t.in_place ||
        (t.exists && !S_ISREG(t.mode)))
        return 0; /* not a file an input could be */
    /* A file not there yet is the same as an input not there yet (a tuning database the
     * command will create) when both lead to one name. */
    if (!t.exists && canonical(t.path, mine, sizeof mine) != 0)
        return 0;
    for (size_t i = 0; i < count; i++) {
        struct cb_output_target in;
        struct stat st;
        int same;

        if (inputs[i] == NULL)
            continue;
        if (t.exists)
            same = stat(inputs[i], &st) == 0 && st.st_dev == t.dev && st.st_ino == t.ino;
        else
            same = cb_output_resolve(inputs[i], &in, why, sizeof why) == 0 && !in.exists &&
                   canonical(in.path, theirs, sizeof theirs) == 0 && strcmp(mine, theirs) == 0;
        if (same)
            return cb_error("%s '%s' is also %s ('%s'): writing it would destroy what this "
                            "command reads; give %s another file",
                            option, output, kinds[i], inputs[i], option);
    }
    return 0;
}

int cb_write_all(int fd, const char *s, size_t len)
{
    while (len > 0) {
        const ssize_t n = write(fd, s, len);

        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return -1;
        s += n;
        len -= (size_t)n;
    }
    return 0;
}
