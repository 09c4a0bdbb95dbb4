/* The unit test runner: no argument runs every test in test_list.h and prints TAP; one
 * argument runs that test alone.  The built-in kernels (the manifests of cl/) are loaded first,
 * as the binary does. */
#include "check.h"

#include "clbench/manifest.h"
#include "clbench/source.h"

#include <stdio.h>
#include <string.h>

#define CB_ENTRY(name) {#name, test_##name},
static const struct {
    const char *name;
    int (*fn)(void);
} tests[] = {CB_UNIT_TESTS(CB_ENTRY)};

int main(int argc, char **argv)
{
    const size_t count = sizeof tests / sizeof tests[0];
    char why[CB_MANIFEST_WHY_LEN];
    int failed = 0;

    if (cb_builtin_kernels_load(cb_default_cl_dir(), why, sizeof why) != 0) {
        fprintf(stderr, "%s\n", why);
        return 2;
    }
    if (argc == 2) {
        for (size_t i = 0; i < count; i++)
            if (strcmp(tests[i].name, argv[1]) == 0) {
                failed = tests[i].fn();
                cb_builtin_kernels_unload();
                return failed;
            }
        fprintf(stderr, "no test '%s'\n", argv[1]);
        cb_builtin_kernels_unload();
        return 2;
    }
    printf("1..%zu\n", count);
    for (size_t i = 0; i < count; i++) {
        const int bad = tests[i].fn() != 0;

        printf("%s %zu - %s\n", bad ? "not ok" : "ok", i + 1, tests[i].name);
        failed += bad;
    }
    printf("%zu passed, %d failed\n", count - (size_t)failed, failed);
    cb_builtin_kernels_unload();
    return failed != 0;
}
