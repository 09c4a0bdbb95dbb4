/* A table of text cells printed either as aligned text columns or as Markdown: the report's
 * views fill a grid and let it do the layout, so the two formats always hold the same cells.
 */
#ifndef CLBENCH_REPORT_GRID_H
#define CLBENCH_REPORT_GRID_H

#include "clbench/check.h"

#include <stdio.h>

struct cb_grid {
    size_t cols, rows, cap;
    char **cell;         /* rows x cols; row 0 is the header; NULL prints empty */
    char **group;        /* per column: the device (or other group) it belongs to, or NULL */
    unsigned char *left; /* per column: left-aligned (text) instead of right-aligned (numbers) */
};

/* A grid of cols columns with an empty header row; -1 when out of memory. */
int cb_grid_init(struct cb_grid *g, size_t cols);
/* Appends an empty row; returns its index, or 0 when out of memory (row 0 is the header, so 0
 * is never a new row). */
size_t cb_grid_add_row(struct cb_grid *g);
void cb_grid_set(struct cb_grid *g, size_t row, size_t col, const char *fmt, ...) CB_PRINTF(4, 5);
void cb_grid_set_group(struct cb_grid *g, size_t col, const char *group);
/* Text: a line of group names over their columns, the header, a rule and the rows, columns
 * two spaces apart and groups separated by " | ".  Markdown: a pipe table whose header cells
 * are "group column". */
void cb_grid_write(FILE *out, const struct cb_grid *g, int markdown);
void cb_grid_free(struct cb_grid *g);

#endif
