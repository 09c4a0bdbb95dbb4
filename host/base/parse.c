/* Pure parsers for command-line values; see parse.h. */
#include "clbench/parse.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cb_parse_uint(const char *s, unsigned long long max, unsigned long long *out)
{
    char *end;
    unsigned long long v;

    if (!isdigit((unsigned char)*s))
        return -1; /* rejects signs, spaces and the empty string */
    errno = 0;
    v = strtoull(s, &end, 10);
    if (errno != 0 || *end != '\0' || v > max)
        return -1;
    *out = v;
    return 0;
}

int cb_parse_seconds(const char *s, double *out)
{
    char *end;
    double v;

    if (!isdigit((unsigned char)*s) && *s != '.')
        return -1;
    errno = 0;
    v = strtod(s, &end);
    if (errno != 0 || end == s || *end != '\0' || !isfinite(v) || v < 0)
        return -1;
    *out = v;
    return 0;
}

/* One dimension: digits and an optional K, M or G; advances *s past it. */
static int parse_dim(const char **s, size_t *out, char *why)
{
    const char *p = *s;
    unsigned long long v = 0;

    if (!isdigit((unsigned char)*p)) {
        snprintf(why, CB_WHY_LEN, "expected a positive number at '%.20s'", p);
        return -1;
    }
    for (; isdigit((unsigned char)*p); p++) {
        if (v > (CB_SIZE_DIM_MAX - 9) / 10) {
            snprintf(why, CB_WHY_LEN, "a size is larger than %zu", (size_t)CB_SIZE_DIM_MAX);
            return -1;
        }
        v = v * 10 + (unsigned)(*p - '0');
    }
    if (*p == 'K' || *p == 'M' || *p == 'G') {
        const unsigned shift = *p == 'K' ? 10 : *p == 'M' ? 20 : 30;

        if (v > (CB_SIZE_DIM_MAX >> shift)) {
            snprintf(why, CB_WHY_LEN, "a size is larger than %zu", (size_t)CB_SIZE_DIM_MAX);
            return -1;
        }
        v <<= shift;
        p++;
    }
    if (v == 0) {
        snprintf(why, CB_WHY_LEN, "sizes must be at least 1");
        return -1;
    }
    if (v > CB_SIZE_DIM_MAX) {
        snprintf(why, CB_WHY_LEN, "a size is larger than %zu", (size_t)CB_SIZE_DIM_MAX);
        return -1;
    }
    *out = (size_t)v;
    *s = p;
    return 0;
}

int cb_parse_sizes(const char *s, struct cb_size *out, size_t max, size_t *count, char *why)
{
    *count = 0;
    if (*s == '\0') {
        snprintf(why, CB_WHY_LEN, "empty size");
        return -1;
    }
    for (;;) {
        struct cb_size size = {{0}, 0};

        if (*count == max) {
            snprintf(why, CB_WHY_LEN, "more than %zu sizes", max);
            return -1;
        }
        for (;;) {
            if (parse_dim(&s, &size.dim[size.ndims], why) != 0)
                return -1;
            size.ndims++;
            if (*s != 'x')
                break;
            if (size.ndims == CB_MAX_SIZE_DIMS) {
                snprintf(why, CB_WHY_LEN, "a size has at most %d dimensions (MxNxK)",
                         CB_MAX_SIZE_DIMS);
                return -1;
            }
            s++;
        }
        out[(*count)++] = size;
        if (*s == '\0')
            return 0;
        if (*s != ',') {
            snprintf(why, CB_WHY_LEN, "unexpected '%c' (write 4096, 1000x700x300 or 1024,2048)",
                     *s);
            return -1;
        }
        s++;
    }
}

static int parse_long(const char **s, long *out)
{
    char *end;
    long v;

    if (!isdigit((unsigned char)**s) && **s != '-')
        return -1;
    errno = 0;
    v = strtol(*s, &end, 10);
    if (errno != 0 || end == *s)
        return -1;
    *out = v;
    *s = end;
    return 0;
}

int cb_parse_define(const char *s, struct cb_define *out, char *why)
{
    const char *eq = strchr(s, '=');
    const size_t name_len = eq == NULL ? 0 : (size_t)(eq - s);

    memset(out, 0, sizeof *out);
    if (eq == NULL || name_len == 0) {
        snprintf(why, CB_WHY_LEN, "'%.40s' is not NAME=VALUE (e.g. -D TILE=16 or -D RX=2,4)", s);
        return -1;
    }
    if (name_len >= CB_DEFINE_NAME_LEN) {
        snprintf(why, CB_WHY_LEN, "parameter name is longer than %d characters",
                 CB_DEFINE_NAME_LEN - 1);
        return -1;
    }
    for (size_t i = 0; i < name_len; i++)
        if (!(isalpha((unsigned char)s[i]) || s[i] == '_' ||
              (i > 0 && isdigit((unsigned char)s[i])))) {
            snprintf(why, CB_WHY_LEN, "'%.*s' is not a macro name", (int)name_len, s);
            return -1;
        }
    memcpy(out->name, s, name_len);
    for (const char *p = eq + 1;;) {
        if (out->count == CB_MAX_SWEEP) {
            snprintf(why, CB_WHY_LEN, "more than %d values for %s", CB_MAX_SWEEP, out->name);
            return -1;
        }
        if (parse_long(&p, &out->values[out->count]) != 0 || (*p != ',' && *p != '\0')) {
            snprintf(why, CB_WHY_LEN, "%s takes integers, as in %s=16 or %s=2,4,8", out->name,
                     out->name, out->name);
            return -1;
        }
        for (unsigned i = 0; i < out->count; i++)
            if (out->values[i] == out->values[out->count]) {
                snprintf(why, CB_WHY_LEN, "%s=%ld is given twice", out->name,
                         out->values[out->count]);
                return -1;
            }
        out->count++;
        if (*p == '\0')
            return 0;
        p++;
    }
}

int cb_contains_nocase(const char *hay, const char *needle)
{
    const size_t n = strlen(needle);

    for (; *hay != '\0'; hay++) {
        size_t i = 0;

        while (i < n && hay[i] != '\0' &&
               tolower((unsigned char)hay[i]) == tolower((unsigned char)needle[i]))
            i++;
        if (i == n)
            return 1;
    }
    return n == 0;
}
