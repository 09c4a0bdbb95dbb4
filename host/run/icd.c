/* The ICD loader's registrations; see icd.h.  After clGetPlatformIDs, a library that loaded
 * and offers a platform is mapped in the process: dlopen with RTLD_NOLOAD finds it without
 * loading anything.  Only for one it does not find is the library opened here, to tell a
 * library that is missing or broken (dlerror says which) from one that loads but offers no
 * platform. */
#define _GNU_SOURCE /* dladdr */
#include "clbench/icd.h"

#include "clbench/check.h"

#include <CL/cl.h>
#include <dirent.h>
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
