/* Laying out the report's tables; see report_grid.h. */
#define _POSIX_C_SOURCE 200809L
#include "clbench/report_grid.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

int cb_grid_init(struct cb_grid *g, size_t cols)
{
    memset(g, 0, sizeof *g);
    g->cols = cols;
    g->group = calloc(cols, sizeof *g->group);
    g->left = calloc(cols, 1);
    if (g->group == NULL || g->left == NULL || cb_grid_add_row(g) != 0 || g->rows != 1) {
        cb_grid_free(g);
        return -1;
    }
    return 0;
}

size_t cb_grid_add_row(struct cb_grid *g)
{
    if (g->rows == g->cap) {
        const size_t cap = g->cap ? 2 * g->cap : 16;
        char **p = realloc(g->cell, cap * g->cols * sizeof *p);

        if (p == NULL)
            return 0;
        g->cell = p;
        g->cap = cap;
    }
    memset(&g->cell[g->rows * g->cols], 0, g->cols * sizeof *g->cell);
    return g->rows++;
}

void cb_grid_set(struct cb_grid *g, size_t row, size_t col, const char *fmt, ...)
{
    char buf[512];
    va_list ap;

    if (row >= g->rows || col >= g->cols)
        return;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    free(g->cell[row * g->cols + col]);
    g->cell[row * g->cols + col] = strdup(buf); /* out of memory prints an empty cell */
}

void cb_grid_set_group(struct cb_grid *g, size_t col, const char *group)
{
    if (col >= g->cols)
        return;
    free(g->group[col]);
    g->group[col] = group != NULL ? strdup(group) : NULL;
}

static const char *text(const struct cb_grid *g, size_t row, size_t col)
{
    const char *s = g->cell[row * g->cols + col];

    return s != NULL ? s : "";
}

/* Column col starts a new group (and gets a separator before it). */
static int group_starts(const struct cb_grid *g, size_t col)
{
    const char *a = col > 0 ? g->group[col - 1] : NULL, *b = g->group[col];

    return col > 0 && (a == NULL) != (b == NULL) ? 1 : (col > 0 && b != NULL && strcmp(a, b) != 0);
}

/* Width of the group that starts at column c: its columns and the gaps between them. */
static size_t group_span(const struct cb_grid *g, const size_t *width, size_t c, size_t *end)
{
    size_t span = width[c];

    *end = c + 1;
    while (*end < g->cols && !group_starts(g, *end))
        span += 2 + width[(*end)++];
    return span;
}

/* Prints a line without trailing blanks, so that golden tests and diffs stay readable. */
static void put_line(FILE *out, char *line, size_t used)
{
    while (used > 0 && line[used - 1] == ' ')
        used--;
    fwrite(line, 1, used, out);
    fputc('\n', out);
}

/* The width stdout's tables must fit: $COLUMNS when set, else the terminal's when stdout is
 * one; 0 (no limit) for a file or a pipe, so that saved output never depends on a window. */
static size_t output_columns(FILE *out)
{
    const char *env = getenv("COLUMNS");
    struct winsize ws;

    if (out != stdout)
        return 0;
    if (env != NULL && *env != '\0') {
        char *end;
        const long v = strtol(env, &end, 10);

        if (*end == '\0' && v > 0)
            return (size_t)v;
    }
    if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
        return ws.ws_col;
    return 0;
}

/* One block: the columns in use (lead columns and the groups from..to), in their order. */
static void write_block(FILE *out, const struct cb_grid *g, const size_t *width,
                        const unsigned char *use, size_t max)
{
    size_t total = 0, end;
    char *line;
    int any_group = 0;

    for (size_t c = 0; c < g->cols; c++) {
        total += use[c] ? width[c] + 3 : 0;
        any_group |= use[c] && g->group[c] != NULL;
    }
    line = malloc(total + 1);
    if (line == NULL)
        return;
    for (int r = any_group ? -1 : 0; r < (int)g->rows; r++) {
        /* r == -1: the line of group names over their columns. */
        size_t used = 0;
        int first = 1;

        for (size_t c = 0; c < g->cols; c++) {
            const char *sep = first ? "" : group_starts(g, c) ? " | " : "  ";

            if (!use[c])
                continue;
            if (r < 0) {
                if (!first && !group_starts(g, c))
                    continue;
                used +=
                    (size_t)sprintf(line + used, "%s%-*s", sep, (int)group_span(g, width, c, &end),
                                    g->group[c] != NULL ? g->group[c] : "");
            } else {
                used += (size_t)sprintf(line + used, g->left[c] ? "%s%-*s" : "%s%*s", sep,
                                        (int)width[c], text(g, (size_t)r, c));
            }
            first = 0;
        }
        /* Still wider than the terminal (one group alone): cut, never let the line wrap. */
        if (max > 0 && used > max)
            used = max;
        put_line(out, line, used);
        if (r == 0) {
            memset(line, '-', used);
            put_line(out, line, used);
        }
    }
    free(line);
}

/* Columns before the first group (kernel, params, size) lead every block; when the table is
 * wider than the terminal, the groups (devices) are dealt into blocks that fit, one under the
 * other. */
static void write_text(FILE *out, const struct cb_grid *g)
{
    size_t *width = calloc(g->cols, sizeof *width), end, lead = 0, lead_width = 0;
    unsigned char *use = calloc(g->cols, 1);
    const size_t max = output_columns(out);

    if (width == NULL || use == NULL)
        goto done;
    for (size_t c = 0; c < g->cols; c++)
        for (size_t r = 0; r < g->rows; r++)
            if (strlen(text(g, r, c)) > width[c])
                width[c] = strlen(text(g, r, c));
    /* A group's name may be wider than its columns: widen its last column. */
    for (size_t c = 0; c < g->cols; c++) {
        size_t span;

        if (g->group[c] == NULL || (c > 0 && !group_starts(g, c)))
            continue;
        span = group_span(g, width, c, &end);
        if (strlen(g->group[c]) > span)
            width[end - 1] += strlen(g->group[c]) - span;
    }
    while (lead < g->cols && g->group[lead] == NULL) {
        lead_width += width[lead] + (lead > 0 ? 2 : 0);
        use[lead++] = 1;
    }
    for (size_t c = lead; c < g->cols;) {
        size_t used = lead_width;
        int blocks_groups = 0;

        memset(use + lead, 0, g->cols - lead);
        /* Whole groups while they fit; at least one per block. */
        while (c < g->cols) {
            const size_t span = group_span(g, width, c, &end);

            if (blocks_groups > 0 && max > 0 && used + 3 + span > max)
                break;
            for (size_t k = c; k < end; k++)
                use[k] = 1;
            used += 3 + span;
            blocks_groups++;
            c = end;
        }
        write_block(out, g, width, use, max);
        if (c < g->cols)
            fputc('\n', out);
    }
    if (lead == g->cols)
        write_block(out, g, width, use, max);
done:
    free(use);
    free(width);
}

static void md_cell(FILE *out, const char *s)
{
    for (; *s != '\0'; s++) {
        if (*s == '|')
            fputc('\\', out);
        fputc(*s, out);
    }
}

static void write_markdown(FILE *out, const struct cb_grid *g)
{
    for (size_t r = 0; r < g->rows; r++) {
        fputc('|', out);
        for (size_t c = 0; c < g->cols; c++) {
            fputc(' ', out);
            if (r == 0 && g->group[c] != NULL) {
                md_cell(out, g->group[c]);
                fputc(' ', out);
            }
            md_cell(out, text(g, r, c));
            fputs(" |", out);
        }
        fputc('\n', out);
        if (r == 0) {
            fputc('|', out);
            for (size_t c = 0; c < g->cols; c++)
                fputs(g->left[c] ? " --- |" : " ---: |", out);
            fputc('\n', out);
        }
    }
}

void cb_grid_write(FILE *out, const struct cb_grid *g, int markdown)
{
    if (markdown)
        write_markdown(out, g);
    else
        write_text(out, g);
}

void cb_grid_free(struct cb_grid *g)
{
    for (size_t i = 0; g->cell != NULL && i < g->rows * g->cols; i++)
        free(g->cell[i]);
    for (size_t i = 0; g->group != NULL && i < g->cols; i++)
        free(g->group[i]);
    free(g->cell);
    free(g->group);
    free(g->left);
    memset(g, 0, sizeof *g);
}
