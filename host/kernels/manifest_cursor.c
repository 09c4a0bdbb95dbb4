/* The syntax of one manifest line: names, words, the rest of the line, expression lists;
 * every error names the line and column (manifest_parts.h). */
#include "manifest_parts.h"

#include <string.h>

unsigned cursor_col(const struct cursor *c, const char *p)
{
    return c->column + (unsigned)(p - c->s);
}

void cursor_blanks(struct cursor *c)
{
    while (*c->at == ' ' || *c->at == '\t')
        c->at++;
}

int cursor_at_end(struct cursor *c)
{
    cursor_blanks(c);
    return *c->at == '\0';
}

const char *cursor_ident(struct cursor *c, size_t *len)
{
    const char *start;

    cursor_blanks(c);
    start = c->at;
    if (!manifest_is_ident_start(*start))
        return NULL;
    while (manifest_is_ident(*c->at))
        c->at++;
    *len = (size_t)(c->at - start);
    return start;
}

const char *cursor_word(struct cursor *c, size_t *len)
{
    const char *start;

    cursor_blanks(c);
    start = c->at;
    while (*c->at != '\0' && *c->at != ' ' && *c->at != '\t')
        c->at++;
    *len = (size_t)(c->at - start);
    return *len > 0 ? start : NULL;
}

int cursor_accept_char(struct cursor *c, char ch)
{
    cursor_blanks(c);
    if (*c->at != ch)
        return 0;
    c->at++;
    return 1;
}

int cursor_accept_word(struct cursor *c, const char *w)
{
    const char *save = c->at;
    size_t len;
    const char *got = cursor_ident(c, &len);

    if (got != NULL && manifest_word_is(got, len, w))
        return 1;
    c->at = save;
    return 0;
}

const char *cursor_rest(struct cursor *c, struct cb_manifest_kernel *u, struct located *where)
{
    const char *end;

    cursor_blanks(c);
    end = c->at + strlen(c->at);
    if (end == c->at)
        return NULL;
    if (where != NULL) {
        where->line = c->line;
        where->column = cursor_col(c, c->at);
    }
    {
        const char *start = c->at;
        char *text = manifest_keep(u, start, (size_t)(end - start));

        c->at = end;
        if (where != NULL)
            where->text = text;
        return text;
    }
}

int cursor_expr_list(struct cursor *c, struct cb_manifest_kernel *u, const char *key,
                     struct located *out, unsigned max, unsigned *count)
{
    *count = 0;
    cursor_blanks(c);
    if (*c->at == '\0')
        return manifest_fail(c->x, c->line, cursor_col(c, c->at),
                             "%s needs an expression: `%s N` or `%s W, H`", key, key, key);
    while (*c->at != '\0') {
        const char *start, *end;
        int depth = 0;

        cursor_blanks(c);
        start = c->at;
        while (*c->at != '\0' && !(*c->at == ',' && depth == 0)) {
            depth += *c->at == '(' ? 1 : *c->at == ')' ? -1 : 0;
            c->at++;
        }
        end = c->at;
        while (end > start && (end[-1] == ' ' || end[-1] == '\t'))
            end--;
        if (*count == max)
            return manifest_fail(c->x, c->line, cursor_col(c, start),
                                 "%s takes at most %u dimensions", key, max);
        out[*count] = (struct located){manifest_keep(u, start, (size_t)(end - start)), c->line,
                                       cursor_col(c, start)};
        if (out[*count].text == NULL)
            return manifest_fail(c->x, c->line, 0, "out of memory");
        (*count)++;
        if (*c->at == ',') {
            c->at++;
            if (cursor_at_end(c))
                return manifest_fail(c->x, c->line, cursor_col(c, c->at),
                                     "%s: an expression is missing after ','", key);
        }
    }
    return 0;
}
