/* Regression tests for what the fuzzers and sanitizers found (tests/fuzz/). */
#include "check.h"
#include "clbench/args.h"
#include "clbench/check.h"

/* fuzz_args: a parse that stopped at an error inside a group of short options ("-Zr3") left
 * getopt pointing at "r3"; the next cb_parse_args call went on from there, into the previous
 * argv (freed memory, in the fuzzer) instead of its own. */
int test_parse_args_forgets_previous_call(void)
{
    char *first[] = {"clbench", "-Zr3", NULL};
    char *second[] = {"clbench", "-k", "vadd", NULL};
    struct cb_config cfg;

    ASSERT_TRUE(cb_parse_args(2, first, &cfg) == CB_EXIT_USAGE);
    ASSERT_TRUE(cb_parse_args(3, second, &cfg) == 0);
    ASSERT_EQ_U(cfg.session.row.reps, 5); /* the default: nothing of "-Zr3" carried over */
    ASSERT_EQ_U(cfg.session.rows.kernel_count, 1);
    cb_config_free(&cfg);
    return 0;
}
