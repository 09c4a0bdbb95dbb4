/* The comments of a .cl file, line by line, where manifests are found; and the kernels its
 * code declares, so that a manifest naming a kernel the file lacks fails when it is loaded. */
#include "manifest_parts.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static int add_comment_line(struct scan *s, const char *text, const char *from, const char *to,
                            unsigned line, unsigned comment, int first)
{
    const char *line_start = from;
    struct comment_line *grown;

    while (line_start > text && line_start[-1] != '\n')
        line_start--;
    while (from < to && (*from == ' ' || *from == '\t'))
        from++;
    if (first && to - from >= 2 && from[0] == '/' && (from[1] == '*' || from[1] == '/'))
        from += 2;
    while (from < to && (*from == ' ' || *from == '\t' || *from == '*' || *from == '/'))
        from++;
    while (to > from && (to[-1] == ' ' || to[-1] == '\t' || to[-1] == '\r'))
        to--;
    if (to - from >= 2 && to[-2] == '*' && to[-1] == '/')
        to -= 2;
    while (to > from && (to[-1] == ' ' || to[-1] == '\t' || to[-1] == '*'))
        to--;
    grown = realloc(s->lines, (s->count + 1) * sizeof *grown);
    if (grown == NULL)
        return -1;
    s->lines = grown;
    grown[s->count++] = (struct comment_line){line, comment, from, (size_t)(to - from),
                                              (unsigned)(from - line_start) + 1};
    return 0;
}

/* Splits the comment text[start, end) into its lines. */
static int add_comment(struct scan *s, const char *text, size_t start, size_t end, unsigned line,
                       unsigned comment)
{
    size_t from = start;

    for (size_t i = start; i <= end; i++)
        if (i == end || text[i] == '\n') {
            if (add_comment_line(s, text, text + from, text + i, line, comment, from == start) != 0)
                return -1;
            line++;
            from = i + 1;
        }
    return 0;
}

int manifest_scan(const char *text, struct scan *s)
{
    const size_t n = strlen(text);
    unsigned line = 1, comment = 0, last_line_comment = 0;
    size_t i = 0;

    memset(s, 0, sizeof *s);
    s->code = malloc(n + 1);
    if (s->code == NULL)
        return -1;
    memcpy(s->code, text, n + 1);
    while (i < n) {
        if (text[i] == '/' && text[i + 1] == '*') {
            const char *close = strstr(text + i + 2, "*/");
            const size_t end = close != NULL ? (size_t)(close - text) + 2 : n;

            if (add_comment(s, text, i, end, line, ++comment) != 0)
                return -1;
            for (size_t j = i; j < end; j++)
                if (text[j] == '\n')
                    line++;
                else
                    s->code[j] = ' ';
            i = end;
        } else if (text[i] == '/' && text[i + 1] == '/') {
            const size_t end = i + strcspn(text + i, "\n");

            /* Consecutive // lines form one comment. */
            if (last_line_comment == 0 || last_line_comment + 1 != line)
                comment++;
            last_line_comment = line;
            if (add_comment(s, text, i, end, line, comment) != 0)
                return -1;
            memset(s->code + i, ' ', end - i);
            i = end;
        } else if (text[i] == '"' || text[i] == '\'') {
            const char quote = text[i];
            size_t j = i + 1;

            while (j < n && text[j] != quote && text[j] != '\n')
                j += text[j] == '\\' && j + 1 < n && text[j + 1] != '\n' ? 2 : 1;
            /* The closing quote goes with the literal; a newline (unterminated) does not. */
            if (j < n && text[j] == quote)
                j++;
            memset(s->code + i, ' ', j - i);
            i = j;
        } else {
            line += text[i] == '\n';
            i++;
        }
    }
    return 0;
}

void manifest_scan_free(struct scan *s)
{
    free(s->lines);
    free(s->code);
}

int manifest_is_ident_start(char c)
{
    return isalpha((unsigned char)c) || c == '_';
}

int manifest_is_ident(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

/* The next identifier of code at or after *at; NULL at the end. */
static const char *next_ident(const char **at, size_t *len)
{
    const char *p = *at;

    while (*p != '\0' && !manifest_is_ident_start(*p)) {
        if (isdigit((unsigned char)*p))
            while (manifest_is_ident(*p))
                p++;
        else
            p++;
    }
    if (*p == '\0')
        return NULL;
    *at = p;
    while (manifest_is_ident(*p))
        p++;
    *len = (size_t)(p - *at);
    {
        const char *start = *at;

        *at = p;
        return start;
    }
}

int manifest_word_is(const char *s, size_t len, const char *w)
{
    return strlen(w) == len && strncmp(s, w, len) == 0;
}

/* Skips blanks and any __attribute__((...)) at *at. */
static void skip_attributes(const char **at)
{
    for (;;) {
        const char *p = *at;

        while (isspace((unsigned char)*p))
            p++;
        if (strncmp(p, "__attribute__", 13) != 0 || manifest_is_ident(p[13])) {
            *at = p;
            return;
        }
        p += 13;
        while (isspace((unsigned char)*p))
            p++;
        if (*p == '(') {
            int depth = 0;

            do {
                depth += *p == '(' ? 1 : *p == ')' ? -1 : 0;
                p++;
            } while (*p != '\0' && depth > 0);
        }
        *at = p;
    }
}

/* A kernel in code (comments and literals blanked): where its `__kernel` starts, its name, and
 * the `(` of its parameter list. */
struct kernel_at {
    const char *start, *name, *params;
    size_t name_len;
};

/* The next `__kernel void NAME(` of code at or after *at into *k; 0 when there is none. */
static int next_kernel(const char **at, struct kernel_at *k)
{
    const char *id;
    size_t len;

    while ((id = next_ident(at, &len)) != NULL) {
        const char *p = *at;

        if (!manifest_word_is(id, len, "__kernel") && !manifest_word_is(id, len, "kernel"))
            continue;
        skip_attributes(&p);
        if (strncmp(p, "void", 4) != 0 || manifest_is_ident(p[4]))
            continue;
        p += 4;
        skip_attributes(&p);
        if (!manifest_is_ident_start(*p))
            continue;
        k->name = p;
        while (manifest_is_ident(*p))
            p++;
        k->name_len = (size_t)(p - k->name);
        while (isspace((unsigned char)*p))
            p++;
        if (*p == '(') {
            k->start = id;
            k->params = p;
            return 1;
        }
    }
    return 0;
}

/* Where `__kernel void name(` starts in code, or NULL. */
static const char *find_kernel(const char *code, const char *name)
{
    const char *at = code;
    struct kernel_at k;

    while (next_kernel(&at, &k))
        if (manifest_word_is(k.name, k.name_len, name))
            return k.start;
    return NULL;
}

int manifest_declares_kernel(const char *code, const char *name)
{
    return find_kernel(code, name) != NULL;
}

/* Just past the closing brace of k's body; NULL for a declaration without one, or for brackets
 * that do not match (a file the compiler refuses anyway: it is left alone). */
static const char *kernel_end(const struct kernel_at *k)
{
    const char *p = k->params;
    int depth = 0;

    do {
        depth += *p == '(' ? 1 : *p == ')' ? -1 : 0;
        p++;
    } while (*p != '\0' && depth > 0);
    skip_attributes(&p);
    if (depth != 0 || *p != '{')
        return NULL;
    do {
        depth += *p == '{' ? 1 : *p == '}' ? -1 : 0;
        p++;
    } while (*p != '\0' && depth > 0);
    return depth == 0 ? p : NULL;
}

static int named(const struct kernel_at *k, const char *const names[], size_t count)
{
    for (size_t i = 0; i < count; i++)
        if (names[i] != NULL && manifest_word_is(k->name, k->name_len, names[i]))
            return 1;
    return 0;
}

/* Blanks from text, in one scan, each kernel definition whose name is one of names[0..count)
 * (NULLs skipped), or with `others` each whose name is not, newlines kept.  1 when any was
 * blanked, 0 when none, -1 when out of memory. */
static int blank_kernels(char *text, const char *const names[], size_t count, int others)
{
    struct scan s;
    struct kernel_at k;
    const char *at, *end;
    int blanked = 0;

    if (manifest_scan(text, &s) != 0) {
        manifest_scan_free(&s);
        return -1;
    }
    at = s.code;
    while (next_kernel(&at, &k)) {
        if (named(&k, names, count) == others || (end = kernel_end(&k)) == NULL)
            continue;
        /* The code has comments and literals blanked but is as long as text, line for line. */
        for (size_t i = (size_t)(k.start - s.code); i < (size_t)(end - s.code); i++)
            if (text[i] != '\n')
                text[i] = ' ';
        at = end;
        blanked = 1;
    }
    manifest_scan_free(&s);
    return blanked;
}

int cb_kernels_blank_out(char *text, const char *const names[], size_t count)
{
    return count == 0 ? 0 : blank_kernels(text, names, count, 0);
}

int cb_kernel_blank_others(char *text, const char *keep, const char *also)
{
    const char *const names[2] = {keep, also};

    return blank_kernels(text, names, 2, 1);
}
