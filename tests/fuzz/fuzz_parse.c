/* libFuzzer harness for the pure value parsers (host/base/parse.c): sizes, -D definitions, whole
 * numbers and seconds.  The first byte picks the parser, the rest is its string.  Beyond "does
 * not crash", it checks what each parser promises on success. */
#include "clbench/parse.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void sizes(const char *s)
{
    struct cb_size out[CB_MAX_SIZES];
    char why[CB_WHY_LEN];
    size_t count = 0;

    if (cb_parse_sizes(s, out, CB_MAX_SIZES, &count, why) != 0) {
        if (memchr(why, '\0', sizeof why) == NULL)
            abort(); /* the reason must be a terminated string */
        return;
    }
    if (count == 0 || count > CB_MAX_SIZES)
        abort();
    for (size_t i = 0; i < count; i++) {
        if (out[i].ndims == 0 || out[i].ndims > CB_MAX_SIZE_DIMS)
            abort();
        for (unsigned d = 0; d < out[i].ndims; d++)
            if (out[i].dim[d] == 0 || out[i].dim[d] > CB_SIZE_DIM_MAX)
                abort();
    }
}

static void define(const char *s)
{
    struct cb_define d;
    char why[CB_WHY_LEN];

    if (cb_parse_define(s, &d, why) != 0) {
        if (memchr(why, '\0', sizeof why) == NULL)
            abort();
        return;
    }
    if (d.count == 0 || d.count > CB_MAX_SWEEP || d.name[0] == '\0' ||
        memchr(d.name, '\0', sizeof d.name) == NULL)
        abort();
    for (unsigned i = 0; i < d.count; i++)
        for (unsigned j = 0; j < i; j++)
            if (d.values[i] == d.values[j])
                abort(); /* duplicates are rejected */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    unsigned long long u;
    double seconds;
    char *s;

    if (size == 0)
        return 0;
    s = malloc(size);
    if (s == NULL)
        return 0;
    memcpy(s, data + 1, size - 1);
    s[size - 1] = '\0';
    switch (data[0] % 4) {
    case 0:
        sizes(s);
        break;
    case 1:
        define(s);
        break;
    case 2:
        if (cb_parse_uint(s, 1000000, &u) == 0 && u > 1000000)
            abort();
        break;
    default:
        if (cb_parse_seconds(s, &seconds) == 0 && !(isfinite(seconds) && seconds >= 0))
            abort();
    }
    free(s);
    return 0;
}
