/* Pure parsers for command-line values: sizes, -D definitions and numbers.  No OpenCL, no
 * printing: each returns 0, or -1 with a reason in `why` that the caller turns into a message.
 * Unit-tested in tests/unit/test_parse.c and fuzzed in tests/fuzz/. */
#ifndef CLBENCH_PARSE_H
#define CLBENCH_PARSE_H

#include <stddef.h>

enum {
    CB_MAX_SIZES = 64,   /* sizes in one --size list */
    CB_MAX_DEFINES = 16, /* distinct -D names */
    CB_MAX_SWEEP = 32,   /* values of one -D name */
    CB_MAX_SIZE_DIMS = 3,
    CB_DEFINE_NAME_LEN = 32,
    CB_WHY_LEN = 160,
};

/* The largest value one dimension may have: beyond it no device has the memory. */
#define CB_SIZE_DIM_MAX ((size_t)1 << 40)

struct cb_size {
    size_t dim[CB_MAX_SIZE_DIMS];
    unsigned ndims; /* as written: "4096" is 1, "1000x700x300" is 3 */
};

struct cb_define {
    char name[CB_DEFINE_NAME_LEN];
    long values[CB_MAX_SWEEP];
    unsigned count;
};

/* "4096", "1000x700x300", "1024,2048,4096", "16M" (K, M, G: powers of 1024). */
int cb_parse_sizes(const char *s, struct cb_size *out, size_t max, size_t *count, char *why);
/* "TILE=16" or "RX=2,4,8": a C macro name and one or more integers. */
int cb_parse_define(const char *s, struct cb_define *out, char *why);
/* A decimal integer in [0, max], no sign, no trailing characters. */
int cb_parse_uint(const char *s, unsigned long long max, unsigned long long *out);
/* A non-negative, finite number of seconds ("0.5"). */
int cb_parse_seconds(const char *s, double *out);
/* 1 if `hay` contains `needle`, ignoring ASCII case (a --device name, a vendor's spelling:
 * "NVIDIA Corporation", "GenuineIntel"); an empty needle is in every text. */
int cb_contains_nocase(const char *hay, const char *needle);

#endif
