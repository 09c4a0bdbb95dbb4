/* The report's views of merged runs (report_data.h) and the `clbench report` subcommand.
 *   side by side (report_table.c): one table per kernel family, a column group per device
 *   comparison (report_compare.c): --baseline OLD against NEW, per row the change and whether
 *     it is beyond the noise of the samples
 *   findings (report_findings.c): the local-memory verdict and the seed experiments' curves
 */
#ifndef CLBENCH_REPORT_VIEWS_H
#define CLBENCH_REPORT_VIEWS_H

#include "clbench/runfile.h"
#include "clbench/runfile.h"
#include "clbench/report_data.h"
#include "clbench/report_grid.h"
#include "clbench/report_rows.h"

#include <stdio.h>

/* Exit codes of `clbench report`, in its --help. */
enum {
    CB_REPORT_OK = 0,
    CB_REPORT_REGRESSED = 1, /* --baseline: a row slowed down beyond --threshold, significantly */
    CB_REPORT_BAD_INPUT = 2, /* bad command line, or a file that is not a readable run file */
};

void cb_report_write_tables(FILE *out, const struct cb_report *r, enum cb_format fmt);

struct cb_compare_options {
    double alpha;     /* significance level of the rank test */
    double threshold; /* percent slower that counts as a regression */
};
/* Returns the number of rows that regressed. */
size_t cb_report_write_compare(FILE *out, const struct cb_report *old_run,
                               const struct cb_report *new_run,
                               const struct cb_compare_options *opt, enum cb_format fmt);

void cb_report_write_findings(FILE *out, const struct cb_report *r, enum cb_format fmt);
/* The answer under the side-by-side tables (table or md): the local-memory verdict of the
 * findings and, with a GPU and a CPU, the GPU/CPU time ratio per family (geometric mean over
 * the rows both ran). */
void cb_report_write_verdict(FILE *out, const struct cb_report *r, enum cb_format fmt);
/* The same verdict as data, for `report --format json`: every twin pair's speedup per device,
 * parameters and size, each device's geometric mean, and the GPU/CPU ratio per family. */
cJSON *cb_report_verdict_json(const struct cb_report *r);

/* The live run's side-by-side view and verdict (table and md), named name: the run goes
 * through cb_run_json into the same model that run files are read into.  -1 when out of
 * memory. */
int cb_report_write_run(FILE *out, const struct cb_run *run, enum cb_format fmt, const char *name);

/* The detail view (host/report/report_detail.c): per row the kernel's resources, occupancy,
 * roofline bound and launch overheads, with the reason for every value that is missing.  The
 * _run form prints the live run (-1 when out of memory). */
void cb_report_write_detail(FILE *out, const struct cb_report *r, enum cb_format fmt);
int cb_report_write_run_detail(FILE *out, const struct cb_run *run, enum cb_format fmt);

/* The side-by-side view as one self-contained HTML page (host/report/report_html.c): runs and
 * their provenance, devices, the verdict, rooflines, per family its table, ladder and failed
 * rows.  -1 when out of memory. */
int cb_report_write_html(FILE *out, const struct cb_report *r);

/* `clbench report ARGS...` (argv[0] is "report"); returns the exit code. */
int cb_report_main(int argc, char **argv);
void cb_report_print_help(FILE *out);
/* Its option table as the man page's paragraphs (host/cli/args.c: cb_print_man). */
void cb_report_print_man_options(FILE *out);

#endif
