/* One kernel family's table of the side-by-side view (host/report/report_table.c), shared by
 * its text, Markdown and HTML writers so that they show the same rows, columns and cells:
 * the family's row keys in print order, its device column groups, the GPU/CPU and CPU/CPU
 * ratio columns, and the text around the table (legend above, parameters, libraries and
 * failures below).
 */
#ifndef CLBENCH_REPORT_FAMILY_H
#define CLBENCH_REPORT_FAMILY_H

#include "clbench/report_data.h"
#include "clbench/report_grid.h"

#include <stdio.h>

/* A ratio column: the slow device's median time over the fast one's. */
struct cb_rpair {
    size_t fast, slow;
};

struct cb_rfamily {
    const char *name, *metric, *baseline;
    const struct cb_rrow **keys; /* one representative row per table row, in print order */
    size_t key_count;
    size_t *devices; /* columns with at least one row of the family */
    size_t device_count;
    int sweep;              /* some device ran a kernel at a size with several parameter sets */
    int with_library;       /* some row has a library partner: a "vs lib" column */
    size_t lead;            /* leading columns: kernel, params (a sweep), size */
    size_t per;             /* columns per device: ms, throughput, peak, [vs base], [vs lib] */
    struct cb_rpair *pairs; /* room for every ordered pair of the family's devices */
    size_t pair_count, cpu_pair_count, gpu_count, cpu_count;
};

/* Family names in print order (registry order, then unknown families); names holds
 * r->row_count + 1 entries.  Returns how many. */
size_t cb_report_family_names(const struct cb_report *r, const char **names);
/* -1 when out of memory; free with cb_report_family_free either way. */
int cb_report_family_build(const struct cb_report *r, const char *name, struct cb_rfamily *f);
void cb_report_family_free(struct cb_rfamily *f);
/* The row of device d that shows in the table row of key; NULL: the device did not run it. */
const struct cb_rrow *cb_report_family_cell(const struct cb_report *r, size_t d,
                                            const struct cb_rrow *key);
/* The table's cells as the text view prints them: header row 0, then row k + 1 for keys[k];
 * device i's group starts at column lead + per * i, the ratio columns follow the last group.
 * *wall: how many cells were timed on the host clock (their "w").  -1 when out of memory. */
int cb_report_family_grid(const struct cb_report *r, const struct cb_rfamily *f, struct cb_grid *g,
                          size_t *wall);
/* The lines above the table (what "vs base", "vs lib" and the ratios mean). */
void cb_report_family_legend(FILE *out, const struct cb_report *r, const struct cb_rfamily *f,
                             int markdown);
/* The lines below it: the "w" note, the parameters (without a sweep), what each library row
 * ran and, with failures, each failed row with its status and reason. */
void cb_report_family_notes(FILE *out, const struct cb_report *r, const struct cb_rfamily *f,
                            int markdown, size_t wall, int failures);

#endif
