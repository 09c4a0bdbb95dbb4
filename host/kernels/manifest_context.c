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

/* The length of the UTF-8 sequence at s (at most len bytes), or 0 when it is not one: a stray
 * continuation byte, a truncated or overlong sequence, a surrogate or beyond U+10FFFF. */
static size_t utf8_sequence(const unsigned char *s, size_t len)
{
    const unsigned char c = s[0];
    size_t n;
    unsigned long cp;

    if (c < 0x80)
        return 1;
    n = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    if (n == 0 || n > len)
        return 0;
    cp = c & (0x7fu >> n);
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        cp = (cp << 6) | (s[i] & 0x3fu);
    }
    if ((n == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
        (n == 4 && (cp < 0x10000 || cp > 0x10ffff)))
        return 0;
    return n;
}

int manifest_check_utf8(const struct context *x, unsigned line, unsigned column, const char *s,
                        size_t len)
{
    const unsigned char *u = (const unsigned char *)s;

    for (size_t i = 0; i < len;) {
        const size_t n = utf8_sequence(u + i, len - i);

        if (n == 0)
            return manifest_fail(x, line, column + (unsigned)i,
                                 "byte 0x%02x is not UTF-8: manifests are UTF-8 text, as the run "
                                 "file that records them (convert the file, e.g. iconv -f "
                                 "latin1 -t utf-8)",
                                 u[i]);
        i += n;
    }
    return 0;
}
