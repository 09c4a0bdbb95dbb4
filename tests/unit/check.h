/* Assertions for the unit tests: on failure they print the expression and the values, and
 * return 1 from the test function. */
#ifndef CLBENCH_TEST_CHECK_H
#define CLBENCH_TEST_CHECK_H

#include "test_list.h"

#include <stdio.h>
#include <string.h>

/* Every test's prototype, from the list the runner runs: with -Wmissing-prototypes a test
 * function missing from test_list.h fails the build instead of never running. */
#define CB_DECLARE(name) int test_##name(void);
CB_UNIT_TESTS(CB_DECLARE)
#undef CB_DECLARE

#define ASSERT_TRUE(c)                                                                             \
    do {                                                                                           \
        if (!(c)) {                                                                                \
            fprintf(stderr, "%s:%d: assertion failed: %s\n", __FILE__, __LINE__, #c);              \
            return 1;                                                                              \
        }                                                                                          \
    } while (0)

#define ASSERT_EQ_U(a, b)                                                                          \
    do {                                                                                           \
        const unsigned long long a_ = (a), b_ = (b);                                               \
        if (a_ != b_) {                                                                            \
            fprintf(stderr, "%s:%d: %s == %s failed (%llu vs %llu)\n", __FILE__, __LINE__, #a, #b, \
                    a_, b_);                                                                       \
            return 1;                                                                              \
        }                                                                                          \
    } while (0)

#define ASSERT_NEAR(a, b, tol)                                                                     \
    do {                                                                                           \
        const double a_ = (a), b_ = (b);                                                           \
        if (!(a_ - b_ <= (tol) && b_ - a_ <= (tol))) {                                             \
            fprintf(stderr, "%s:%d: %s ~ %s failed (%.17g vs %.17g)\n", __FILE__, __LINE__, #a,    \
                    #b, a_, b_);                                                                   \
            return 1;                                                                              \
        }                                                                                          \
    } while (0)

#define ASSERT_STR_HAS(s, part)                                                                    \
    do {                                                                                           \
        if (strstr((s), (part)) == NULL) {                                                         \
            fprintf(stderr, "%s:%d: '%s' lacks '%s'\n", __FILE__, __LINE__, (s), (part));          \
            return 1;                                                                              \
        }                                                                                          \
    } while (0)

#endif
