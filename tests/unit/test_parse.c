/* Unit tests of the command-line value parsers (host/base/parse.c). */
#include "check.h"
#include "clbench/parse.h"

#include <math.h>

int test_parse_uint_rejects_sign_space_and_trailing(void)
{
    unsigned long long v = 7;

    ASSERT_TRUE(cb_parse_uint("-1", 100, &v) != 0);
    ASSERT_TRUE(cb_parse_uint("+1", 100, &v) != 0);
    ASSERT_TRUE(cb_parse_uint(" 1", 100, &v) != 0);
    ASSERT_TRUE(cb_parse_uint("1x", 100, &v) != 0);
    ASSERT_TRUE(cb_parse_uint("", 100, &v) != 0);
    ASSERT_EQ_U(v, 7); /* untouched on failure */
    ASSERT_TRUE(cb_parse_uint("42", 100, &v) == 0);
    ASSERT_EQ_U(v, 42);
    return 0;
}

int test_parse_uint_enforces_max(void)
{
    unsigned long long v;

    ASSERT_TRUE(cb_parse_uint("101", 100, &v) != 0);
    ASSERT_TRUE(cb_parse_uint("100", 100, &v) == 0);
    ASSERT_TRUE(cb_parse_uint("99999999999999999999999", ~0ULL, &v) != 0);
    return 0;
}

int test_contains_nocase(void)
{
    ASSERT_TRUE(cb_contains_nocase("NVIDIA Corporation", "nvidia"));
    ASSERT_TRUE(cb_contains_nocase("Portable Computing Language", "COMPUTING"));
    ASSERT_TRUE(cb_contains_nocase("GenuineIntel", ""));
    ASSERT_TRUE(!cb_contains_nocase("AuthenticAMD", "intel"));
    ASSERT_TRUE(!cb_contains_nocase("amd", "amd64"));
    return 0;
}

int test_parse_seconds_rejects_negative_and_nan(void)
{
    double s;

    ASSERT_TRUE(cb_parse_seconds("-0.5", &s) != 0);
    ASSERT_TRUE(cb_parse_seconds("nan", &s) != 0);
    ASSERT_TRUE(cb_parse_seconds("inf", &s) != 0);
    ASSERT_TRUE(cb_parse_seconds("1e999", &s) != 0);
    ASSERT_TRUE(cb_parse_seconds("0.25s", &s) != 0);
    ASSERT_TRUE(cb_parse_seconds("0.25", &s) == 0);
    ASSERT_NEAR(s, 0.25, 0.0);
    ASSERT_TRUE(cb_parse_seconds(".5", &s) == 0);
    ASSERT_NEAR(s, 0.5, 0.0);
    return 0;
}

int test_parse_sizes_single_list_and_dims(void)
{
    struct cb_size sizes[CB_MAX_SIZES];
    size_t count;
    char why[CB_WHY_LEN];

    ASSERT_TRUE(cb_parse_sizes("4096", sizes, CB_MAX_SIZES, &count, why) == 0);
    ASSERT_EQ_U(count, 1);
    ASSERT_EQ_U(sizes[0].ndims, 1);
    ASSERT_EQ_U(sizes[0].dim[0], 4096);
    ASSERT_TRUE(cb_parse_sizes("1000x700x300,17", sizes, CB_MAX_SIZES, &count, why) == 0);
    ASSERT_EQ_U(count, 2);
    ASSERT_EQ_U(sizes[0].ndims, 3);
    ASSERT_EQ_U(sizes[0].dim[0], 1000);
    ASSERT_EQ_U(sizes[0].dim[1], 700);
    ASSERT_EQ_U(sizes[0].dim[2], 300);
    ASSERT_EQ_U(sizes[1].ndims, 1);
    ASSERT_EQ_U(sizes[1].dim[0], 17);
    return 0;
}

int test_parse_sizes_suffixes(void)
{
    struct cb_size sizes[4];
    size_t count;
    char why[CB_WHY_LEN];

    ASSERT_TRUE(cb_parse_sizes("1K,16M,1G", sizes, 4, &count, why) == 0);
    ASSERT_EQ_U(count, 3);
    ASSERT_EQ_U(sizes[0].dim[0], 1024);
    ASSERT_EQ_U(sizes[1].dim[0], 16u << 20);
    ASSERT_EQ_U(sizes[2].dim[0], 1u << 30);
    return 0;
}

int test_parse_sizes_rejects_bad_input(void)
{
    static const char *const bad[] = {
        "",
        "0",
        "-5",
        "abc",
        "12,",
        ",12",
        "1x",
        "x4",
        "1x2x3x4",
        "4096 ",
        "99999999999999999999",
        "1T",
        "2000000000000000K",
    };
    struct cb_size sizes[4];
    size_t count;
    char why[CB_WHY_LEN];

    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        why[0] = '\0';
        if (cb_parse_sizes(bad[i], sizes, 4, &count, why) == 0) {
            fprintf(stderr, "accepted bad size '%s'\n", bad[i]);
            return 1;
        }
        ASSERT_TRUE(why[0] != '\0'); /* every rejection says why */
    }
    ASSERT_TRUE(cb_parse_sizes("1,2,3,4,5", sizes, 4, &count, why) != 0);
    return 0;
}

int test_parse_define_single_and_sweep(void)
{
    struct cb_define d;
    char why[CB_WHY_LEN];

    ASSERT_TRUE(cb_parse_define("TILE=16", &d, why) == 0);
    ASSERT_TRUE(strcmp(d.name, "TILE") == 0);
    ASSERT_EQ_U(d.count, 1);
    ASSERT_EQ_U(d.values[0], 16);
    ASSERT_TRUE(cb_parse_define("RX=2,4,8", &d, why) == 0);
    ASSERT_TRUE(strcmp(d.name, "RX") == 0);
    ASSERT_EQ_U(d.count, 3);
    ASSERT_EQ_U(d.values[2], 8);
    ASSERT_TRUE(cb_parse_define("PAD_1=-1", &d, why) == 0);
    ASSERT_TRUE(d.values[0] == -1);
    return 0;
}

int test_parse_define_rejects_bad_input(void)
{
    static const char *const bad[] = {
        "TILE",
        "=16",
        "TILE=",
        "TILE=abc",
        "TILE=16,",
        "TILE=1.5",
        "1TILE=4",
        "TI-LE=4",
        "TILE=4,4",
        "TILE=16 ",
        "TILE=99999999999999999999999",
        "A_VERY_LONG_PARAMETER_NAME_THAT_GOES_ON=1",
    };
    struct cb_define d;
    char why[CB_WHY_LEN];

    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        why[0] = '\0';
        if (cb_parse_define(bad[i], &d, why) == 0) {
            fprintf(stderr, "accepted bad define '%s'\n", bad[i]);
            return 1;
        }
        ASSERT_TRUE(why[0] != '\0');
    }
    return 0;
}
