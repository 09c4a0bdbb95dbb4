/* The ICD loader's registrations; see icd.h.  After clGetPlatformIDs, a library that loaded
 * and offers a platform is mapped in the process: dlopen with RTLD_NOLOAD finds it without
 * loading anything.  Only for one it does not find is the library opened here, to tell a
 * library that is missing or broken (dlerror says which) from one that loads but offers no
 * platform. */
#define _GNU_SOURCE /* dladdr, pipe2 */
#include "clbench/icd.h"

#include "clbench/check.h"
#include "clbench/timer.h"

#include <CL/cl.h>
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

enum { ICD_LINE_LEN = 4096 };

static void check_one(const char *dir, const char *file)
{
    char path[ICD_LINE_LEN], library[ICD_LINE_LEN];
    FILE *f;
    void *handle;
    size_t len;

    if (snprintf(path, sizeof path, "%s/%s", dir, file) >= (int)sizeof path)
        return;
    f = fopen(path, "r");
    if (f == NULL)
        return;
    if (fgets(library, sizeof library, f) == NULL)
        library[0] = '\0';
    fclose(f);
    len = strcspn(library, "\r\n");
    library[len] = '\0';
    if (len == 0) {
        cb_warn("%s names no library: the OpenCL ICD loader skips it", path);
        return;
    }
    handle = dlopen(library, RTLD_LAZY | RTLD_NOLOAD);
    if (handle != NULL) {
        dlclose(handle);
        return;
    }
    /* Left open: a library unloaded again keeps what it allocated while loading, reported
     * by LeakSanitizer under no module name a suppression could match. */
    if (dlopen(library, RTLD_LAZY | RTLD_LOCAL) == NULL) {
        const char *why = dlerror();

        cb_warn("%s names %s, which does not load (%s): its devices are missing, the others go "
                "on",
                path, library, why != NULL ? why : "no reason given");
    }
}

void cb_icd_check_registrations(void)
{
    const char *env = getenv("OCL_ICD_VENDORS");
    const char *dir = env != NULL && env[0] != '\0' ? env : "/etc/OpenCL/vendors";
    struct dirent *e;
    DIR *d = opendir(dir);

    if (d == NULL)
        return; /* a single .icd file, or no folder: nothing to list */
    while ((e = readdir(d)) != NULL) {
        const size_t n = strlen(e->d_name);

        if (n > 4 && strcmp(e->d_name + n - 4, ".icd") == 0)
            check_one(dir, e->d_name);
    }
    closedir(d);
}

/* The drivers the ICD loader may load, as ocl-icd finds them: the libraries OCL_ICD_FILENAMES
 * lists, and the .icd files of OCL_ICD_VENDORS (a folder, or one file), else of
 * OPENCL_VENDOR_PATH, else of /etc/OpenCL/vendors. */
struct driver {
    char library[ICD_LINE_LEN];
    char registered[ICD_LINE_LEN]; /* the .icd file, or "OCL_ICD_FILENAMES" */
    char failure[256];             /* "hung ...", "died of ..."; "" when it answered */
};

struct drivers {
    struct driver *list;
    size_t count;
};

static int probe_skipped;

void cb_icd_probe_skip(void)
{
    probe_skipped = 1;
}

static int add_driver(struct drivers *d, const char *library, size_t len, const char *registered)
{
    struct driver *grown;

    if (len == 0 || len >= ICD_LINE_LEN)
        return 0;
    grown = realloc(d->list, (d->count + 1) * sizeof *grown);
    if (grown == NULL)
        return -1;
    d->list = grown;
    memset(&grown[d->count], 0, sizeof *grown);
    memcpy(grown[d->count].library, library, len);
    snprintf(grown[d->count].registered, sizeof grown[d->count].registered, "%s", registered);
    d->count++;
    return 0;
}

static int add_icd_file(struct drivers *d, const char *path)
{
    char library[ICD_LINE_LEN];
    FILE *f = fopen(path, "r");

    if (f == NULL)
        return 0;
    if (fgets(library, sizeof library, f) == NULL)
        library[0] = '\0';
    fclose(f);
    return add_driver(d, library, strcspn(library, "\r\n"), path);
}

static int find_drivers(struct drivers *d)
{
    const char *files = getenv("OCL_ICD_FILENAMES");
    const char *vendors = getenv("OCL_ICD_VENDORS");
    const char *dir =
        vendors != NULL && vendors[0] != '\0' ? vendors : getenv("OPENCL_VENDOR_PATH");
    struct dirent *e;
    DIR *folder;

    for (const char *at = files; at != NULL && *at != '\0';) {
        const size_t len = strcspn(at, ":");

        if (add_driver(d, at, len, "OCL_ICD_FILENAMES") != 0)
            return -1;
        at += len + (at[len] == ':');
    }
    if (dir == NULL || dir[0] == '\0')
        dir = "/etc/OpenCL/vendors";
    folder = opendir(dir);
    if (folder == NULL)
        return add_icd_file(d, dir); /* OCL_ICD_VENDORS naming one .icd file */
    while ((e = readdir(folder)) != NULL) {
        const size_t n = strlen(e->d_name);
        char path[ICD_LINE_LEN];

        if (n > 4 && strcmp(e->d_name + n - 4, ".icd") == 0 &&
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name) < (int)sizeof path &&
            add_icd_file(d, path) != 0) {
            closedir(folder);
            return -1;
        }
    }
    closedir(folder);
    return 0;
}

typedef cl_int (*platform_ids_fn)(cl_uint, cl_platform_id *, cl_uint *);
typedef void *(*extension_fn)(const char *);

/* In the child: the platforms of one library (NULL: of the loader), then _exit. */
static void child_list(const char *library)
{
    cl_uint count = 0;
    platform_ids_fn ids = clGetPlatformIDs;

    if (library != NULL) {
        void *h = dlopen(library, RTLD_NOW | RTLD_LOCAL);
        extension_fn ext =
            h != NULL ? (extension_fn)(uintptr_t)dlsym(h, "clGetExtensionFunctionAddress") : NULL;

        /* As the loader finds it; a library that does not load is the other check's to say. */
        ids = ext != NULL ? (platform_ids_fn)(uintptr_t)ext("clIcdGetPlatformIDsKHR") : NULL;
        if (ids == NULL && h != NULL)
            ids = (platform_ids_fn)(uintptr_t)dlsym(h, "clIcdGetPlatformIDsKHR");
        if (ids == NULL)
            _exit(0);
    }
    ids(0, NULL, &count);
    _exit(0);
}

static double probe_timeout_s(void)
{
    const char *env = getenv("CLBENCH_ICD_TIMEOUT");
    char *end;
    const double s = env != NULL ? strtod(env, &end) : 0;

    return env != NULL && end != env && *end == '\0' && s > 0 && s <= 3600 ? s : 30.0;
}

/* Lists platforms (of `library`, or of the loader) in a child; "" in failure when it answered
 * in time, else what happened, with the last line it printed. */
static void probe(const char *library, double timeout_s, char *failure, size_t len)
{
    char tail[160] = "";
    size_t used = 0;
    int out[2], status = 0, done = 0;
    pid_t pid;
    const double deadline = cb_wall_ms() + timeout_s * 1e3;

    failure[0] = '\0';
    if (pipe2(out, O_CLOEXEC) != 0)
        return; /* no probe: the listing goes on as it did */
    fflush(NULL);
    pid = fork();
    if (pid == 0) {
        dup2(out[1], STDOUT_FILENO);
        dup2(out[1], STDERR_FILENO);
        child_list(library);
    }
    close(out[1]);
    if (pid < 0) {
        close(out[0]);
        return;
    }
    /* Until the child closes its end (it exited) or the deadline passes; every 100 ms it is
     * asked whether it exited too, in case a process it started holds the pipe open. */
    for (;;) {
        const double left_ms = deadline - cb_wall_ms();
        struct pollfd fd = {out[0], POLLIN, 0};
        char buf[256];
        ssize_t n;
        int ready;

        if (left_ms <= 0)
            break;
        ready = poll(&fd, 1, left_ms < 100 ? (int)left_ms + 1 : 100);
        if (ready == 0 && waitpid(pid, &status, WNOHANG) == pid) {
            done = 1;
            break;
        }
        if (ready < 0 && errno != EINTR)
            break;
        if (ready <= 0)
            continue;
        n = read(out[0], buf, sizeof buf);
        if (n <= 0) {
            done = waitpid(pid, &status, 0) == pid;
            break;
        }
        /* Keep the end of what it printed: a driver's assertion is its last line. */
        for (ssize_t i = 0; i < n; i++) {
            if (used == sizeof tail - 1) {
                memmove(tail, tail + 1, used - 1);
                used--;
            }
            tail[used++] = buf[i];
        }
        tail[used] = '\0';
    }
    close(out[0]);
    if (!done) {
        kill(pid, SIGKILL);
        waitpid(pid, &status, 0);
        snprintf(failure, len, "hung in clGetPlatformIDs for %.3g s (CLBENCH_ICD_TIMEOUT)",
                 timeout_s);
        return;
    }
    if (WIFSIGNALED(status)) {
        char *last;

        while (used > 0 && (tail[used - 1] == '\n' || tail[used - 1] == '\r'))
            tail[--used] = '\0';
        last = strrchr(tail, '\n');
        snprintf(failure, len, "died of %s in clGetPlatformIDs%s%.100s%s",
                 strsignal(WTERMSIG(status)), used > 0 ? " (\"" : "",
                 last != NULL ? last + 1 : tail, used > 0 ? "\")" : "");
    }
}

/* A folder of .icd files naming the drivers that answered, for OCL_ICD_VENDORS; removed at
 * exit (workers, which inherit it, have ended by then). */
static char kept_dir[64];

static void remove_kept_dir(void)
{
    DIR *d = opendir(kept_dir);
    struct dirent *e;

    while (d != NULL && (e = readdir(d)) != NULL) {
        char path[128];

        if (e->d_name[0] != '.' &&
            snprintf(path, sizeof path, "%s/%s", kept_dir, e->d_name) < (int)sizeof path)
            unlink(path);
    }
    if (d != NULL)
        closedir(d);
    rmdir(kept_dir);
}

static int keep_answering(const struct drivers *d)
{
    const char *tmp = getenv("TMPDIR");
    size_t kept = 0;

    snprintf(kept_dir, sizeof kept_dir, "%s/clbench-icd.XXXXXX",
             tmp != NULL && tmp[0] != '\0' && strlen(tmp) < 40 ? tmp : "/tmp");
    if (mkdtemp(kept_dir) == NULL)
        return -1;
    atexit(remove_kept_dir);
    for (size_t i = 0; i < d->count; i++) {
        char path[128];
        FILE *f;

        if (d->list[i].failure[0] != '\0')
            continue;
        snprintf(path, sizeof path, "%s/%03zu.icd", kept_dir, kept++);
        f = fopen(path, "w");
        if (f == NULL || fprintf(f, "%s\n", d->list[i].library) < 0 || fclose(f) != 0)
            return -1;
    }
    if (kept == 0)
        return -1;
    setenv("OCL_ICD_VENDORS", kept_dir, 1);
    unsetenv("OCL_ICD_FILENAMES");
    unsetenv("OPENCL_VENDOR_PATH");
    return 0;
}

int cb_icd_probe(void)
{
    const double timeout_s = probe_timeout_s();
    char failure[256];
    struct drivers d = {NULL, 0};
    size_t bad = 0;
    int status = 0;

    if (probe_skipped)
        return 0;
    probe_skipped = 1;
    probe(NULL, timeout_s, failure, sizeof failure);
    if (failure[0] == '\0')
        return 0;
    if (find_drivers(&d) != 0) {
        free(d.list);
        return cb_error("out of host memory");
    }
    for (size_t i = 0; i < d.count; i++) {
        probe(d.list[i].library, timeout_s, d.list[i].failure, sizeof d.list[i].failure);
        bad += d.list[i].failure[0] != '\0';
    }
    if (bad == 0)
        status = cb_error("listing OpenCL platforms %s, yet no registered driver alone did: "
                          "check the ICD loader and its registrations ('clinfo' shows the same)",
                          failure);
    else if (bad == d.count || keep_answering(&d) != 0) {
        for (size_t i = 0; i < d.count; i++)
            if (d.list[i].failure[0] != '\0')
                cb_error("the OpenCL driver '%s' (registered in '%s') %s: no driver is left; fix "
                         "or remove it (OCL_ICD_VENDORS can name a folder of the others)",
                         d.list[i].library, d.list[i].registered, d.list[i].failure);
        status = -1;
    } else {
        for (size_t i = 0; i < d.count; i++)
            if (d.list[i].failure[0] != '\0')
                cb_warn("the OpenCL driver '%s' (registered in '%s') %s: left out, the other "
                        "drivers go on (fix or remove it)",
                        d.list[i].library, d.list[i].registered, d.list[i].failure);
        probe(NULL, timeout_s, failure, sizeof failure);
        if (failure[0] != '\0')
            status = cb_error("listing OpenCL platforms without those drivers %s too", failure);
    }
    free(d.list);
    return status;
}

void cb_icd_check_loader(void)
{
    static int checked;
    const char *built = NULL;
    char loaded[PATH_MAX], linked[PATH_MAX];
    Dl_info info;

    if (checked)
        return;
    checked = 1;
#ifdef CLBENCH_ICD_LOADER
    if (built == NULL)
        built = CLBENCH_ICD_LOADER;
#endif
    /* A loader that is gone (the binary moved to another machine) is nothing to compare. */
    if (built == NULL || realpath(built, linked) == NULL ||
        dladdr((void *)(size_t)clGetPlatformIDs, &info) == 0 || info.dli_fname == NULL ||
        realpath(info.dli_fname, loaded) == NULL || strcmp(loaded, linked) == 0)
        return;
    cb_warn("the OpenCL ICD loader loaded is '%s', not '%s' that clbench was built with: "
            "it may find other platforms than clinfo does (CUDA's lib64 holds NVIDIA's "
            "libOpenCL.so.1); put its folder after the system's on LD_LIBRARY_PATH",
            loaded, linked);
}
