/* What every part of the manifest loader shares: messages that name the place, and the
 * strings a parsed kernel owns (manifest_parts.h). */
#include "manifest_parts.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "PATH:LINE:COLUMN: message" (LINE and COLUMN where known). */
int manifest_fail(const struct context *x, unsigned line, unsigned column, const char *fmt, ...)
{
    va_list ap;
    int n;

    if (line > 0 && column > 0)
        n = snprintf(x->why, x->len, "%s:%u:%u: ", x->path, line, column);
    else if (line > 0)
        n = snprintf(x->why, x->len, "%s:%u: ", x->path, line);
    else
        n = snprintf(x->why, x->len, "%s: ", x->path);
    if (n < 0 || (size_t)n >= x->len)
        return -1;
    va_start(ap, fmt);
    vsnprintf(x->why + n, x->len - (size_t)n, fmt, ap);
    va_end(ap);
    return -1;
}

char *manifest_keep(struct cb_manifest_kernel *u, const char *s, size_t len)
{
    char **grown = realloc(u->owned, (u->owned_count + 1) * sizeof *grown);
    char *copy;

    if (grown == NULL)
        return NULL;
    u->owned = grown;
    copy = malloc(len + 1);
    if (copy == NULL)
        return NULL;
    memcpy(copy, s, len);
    copy[len] = '\0';
    u->owned[u->owned_count++] = copy;
    return copy;
}

void manifest_kernel_free(struct cb_manifest_kernel *u)
{
    if (u == NULL)
        return;
    for (size_t i = 0; i < u->owned_count; i++)
        free(u->owned[i]);
    free(u->owned);
    free(u);
}
