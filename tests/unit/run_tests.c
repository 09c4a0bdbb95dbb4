/* The unit test runner: no argument runs every test in test_list.h and prints TAP; one
 * argument runs that test alone. */
#include "test_list.h"

#include <stdio.h>
#include <string.h>

#define CB_DECLARE(name) int test_##name(void);
CB_UNIT_TESTS(CB_DECLARE)
#define CB_ENTRY(name) {#name, test_##name},
static const struct {
    const char *name;
    int (*fn)(void);
} tests[] = {CB_UNIT_TESTS(CB_ENTRY)};

int main(int argc, char **argv)
{
    const size_t count = sizeof tests / sizeof tests[0];
    int failed = 0;

    if (argc == 2) {
        for (size_t i = 0; i < count; i++)
            if (strcmp(tests[i].name, argv[1]) == 0)
                return tests[i].fn();
        fprintf(stderr, "no test '%s'\n", argv[1]);
        return 2;
    }
    printf("1..%zu\n", count);
    for (size_t i = 0; i < count; i++) {
        const int bad = tests[i].fn() != 0;

        printf("%s %zu - %s\n", bad ? "not ok" : "ok", i + 1, tests[i].name);
        failed += bad;
    }
    printf("%zu passed, %d failed\n", count - (size_t)failed, failed);
    return failed != 0;
}
