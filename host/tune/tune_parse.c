/* Parsers of `clbench tune`'s values (--budget, --shard); pure, unit-tested. */
#include "clbench/tune.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int cb_parse_budget(const char *s, double *seconds, uint64_t *evals, char *why)
{
    char *end;
    double v;

    *seconds = 0;
    *evals = 0;
    if (!isdigit((unsigned char)*s) && *s != '.') {
        snprintf(why, CB_WHY_LEN, "'%.40s' is not a budget (write 10m, 90s, 1h or 200)", s);
        return -1;
    }
    errno = 0;
    v = strtod(s, &end);
    if (errno != 0 || end == s || !isfinite(v) || v <= 0) {
        snprintf(why, CB_WHY_LEN, "'%.40s' is not a budget above 0 (write 10m, 90s, 1h or 200)", s);
        return -1;
    }
    if (*end == '\0') {
        if (v != floor(v) || v > 1e15) {
            snprintf(why, CB_WHY_LEN,
                     "a number of evaluations is a whole number; a time needs a unit (90s)");
            return -1;
        }
        *evals = (uint64_t)v;
        return 0;
    }
    if (end[1] != '\0' || (*end != 's' && *end != 'm' && *end != 'h')) {
        snprintf(why, CB_WHY_LEN,
                 "unknown unit in '%.40s' (use s, m or h, or none for evaluations)", s);
        return -1;
    }
    *seconds = v * (*end == 'h' ? 3600 : *end == 'm' ? 60 : 1);
    return 0;
}

int cb_parse_shard(const char *s, unsigned *shard, unsigned *shards, char *why)
{
    char *end;
    unsigned long k, n;

    if (!isdigit((unsigned char)*s))
        goto bad;
    k = strtoul(s, &end, 10);
    if (*end != '/' || !isdigit((unsigned char)end[1]))
        goto bad;
    n = strtoul(end + 1, &end, 10);
    if (*end != '\0' || n > 1000000)
        goto bad;
    if (n == 0 || k >= n) {
        snprintf(why, CB_WHY_LEN,
                 "--shard %.40s: K/N needs N >= 1 and 0 <= K < N (e.g. 0/4 .. 3/4)", s);
        return -1;
    }
    *shard = (unsigned)k;
    *shards = (unsigned)n;
    return 0;
bad:
    snprintf(why, CB_WHY_LEN, "--shard takes K/N (part K of N, counted from 0), not '%.40s'", s);
    return -1;
}
