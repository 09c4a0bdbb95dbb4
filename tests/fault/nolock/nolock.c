/* Fault: a file system without working locks, as an NFS mount without lockd.  Preloaded
 * (LD_PRELOAD), flock() on any file under $CLBENCH_NOLOCK_DIR fails with ENOLCK, as the kernel
 * answers there; elsewhere it is the real flock().  tests/cli/slurm.sh preloads it into the
 * tasks of a cluster job, where both flock(1) and clbench meet it. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

int flock(int fd, int operation)
{
    int (*real)(int, int);
    const char *dir = getenv("CLBENCH_NOLOCK_DIR");
    char link[64], path[PATH_MAX];
    ssize_t n;

    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    n = readlink(link, path, sizeof path - 1);
    if (dir != NULL && dir[0] != '\0' && n > 0) {
        path[n] = '\0';
        if (strncmp(path, dir, strlen(dir)) == 0) {
            errno = ENOLCK;
            return -1;
        }
    }
    *(void **)&real = dlsym(RTLD_NEXT, "flock");
    return real(fd, operation);
}
