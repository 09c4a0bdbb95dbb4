/* The report's rows as every view prints them (report_table.c, report_compare.c,
 * report_detail.c, report_findings.c): their order and their cells. */
#ifndef CLBENCH_REPORT_ROWS_H
#define CLBENCH_REPORT_ROWS_H

#include "clbench/report_data.h"
#include "clbench/report_grid.h"

#include <stddef.h>

/* Rows sorted for printing: by size, then kernel in registry order, then parameters with
 * their values compared as numbers (ILP=2 before ILP=16). */
int cb_report_row_order(const struct cb_rrow *a, const struct cb_rrow *b);
/* The registry's position of kernel (unknown kernels after every known one). */
size_t cb_report_kernel_rank(const char *kernel);
/* "1.23", "45.6", "789": a short number for a table cell. */
void cb_report_fmt(char *buf, size_t len, double v);
/* A median-time cell: the time, "failed", or "-" for a row the device did not run (x NULL). */
void cb_report_set_ms(struct cb_grid *g, size_t row, size_t col, const struct cb_rrow *x);

#endif
