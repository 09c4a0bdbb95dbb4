/* Writing a run: the JSON run file (the primary record, through cJSON) and its views as a
 * table, CSV and Markdown.  All of them read the same struct cb_run. */
#ifndef CLBENCH_RUNFILE_H
#define CLBENCH_RUNFILE_H

#include "clbench/device.h"
#include "clbench/run.h"
#include "clbench/settings.h"

#include <cjson/cJSON.h>
#include <stdio.h>

#define CB_RUN_SCHEMA         "clbench-run"
#define CB_RUN_SCHEMA_VERSION 1 /* bump when a field changes meaning or goes away */

enum cb_format { CB_FORMAT_TABLE, CB_FORMAT_CSV, CB_FORMAT_JSON, CB_FORMAT_MD };

/* Where a run's views go (cb_write_run_outputs). */
struct cb_outputs {
    const char *output;           /* NULL: stdout */
    enum cb_format format;        /* of stdout */
    enum cb_format output_format; /* of --output: its extension's, else format */
    int view_on_stdout;           /* with --output: print the format view on stdout too */
    int detail;                   /* table/md: the detail view (report_detail.c) */
};

struct cb_run {
    const struct cb_row_settings *settings; /* recorded in the run file */
    const char *command_line;
    struct cb_device **devices;
    size_t device_count;
    struct cb_row *rows;
    size_t row_count;
    char date[32]; /* ISO 8601, UTC */
    char host[256];
};

/* The commit this binary was built from (cmake/git_commit.cmake), as run files record it. */
const char *cb_git_commit(void);
/* Date and host name of now and here. */
void cb_run_stamp(struct cb_run *run);

/* The run file; NULL when out of memory. */
cJSON *cb_run_json(const struct cb_run *run);
cJSON *cb_device_json(const struct cb_device *d);
/* One row of the run file's "rows" (also a line of the journal, host/session/journal.c). */
cJSON *cb_row_json(const struct cb_row *row);
/* The row's "kernel_info" object, and its occupancy, bound and launch fields added to j
 * (host/report/runfile_why.c). */
cJSON *cb_kernel_info_json(const struct cb_kernel_info *ki);
void cb_explain_json(cJSON *j, const struct cb_row *row);
/* The inverse of cb_kernel_info_json, for rows carried over by --resume. */
void cb_kernel_info_restore(struct cb_kernel_info *ki, const cJSON *j);
/* A measured row's "device_state", "energy" or "energy_absent", added to its object j, and the
 * inverse; a device's "state_source" and its inverse (j: that object).  host/report/state_json.c */
void cb_row_state_json(cJSON *j, const struct cb_row *row);
void cb_row_state_restore(struct cb_row *row, const cJSON *j);
void cb_device_state_json(cJSON *j, const struct cb_device *d);
void cb_device_state_restore(struct cb_device *d, const cJSON *j);
/* --list --format json */
int cb_devices_print_json(FILE *out, const struct cb_device_list *list);

/* "GFLOP/s" or "GB/s", and the row's value of it (0 unless the row is ok). */
const char *cb_metric_unit(enum cb_metric metric);
double cb_row_throughput(const struct cb_row *row);
/* "TILE=16 RX=4" (empty for a kernel without parameters). */
void cb_row_params(const struct cb_row *row, char *buf, size_t len);
/* "4096", "1000x700", "1024x1024x1024" */
void cb_row_size(const struct cb_row *row, char *buf, size_t len);

void cb_write_csv(FILE *out, const struct cb_run *run);
/* A free-text CSV field: always quoted, with " doubled (RFC 4180), since device names
 * contain commas. */
void cb_csv_quoted(FILE *out, const char *s);
/* Writes run in fmt; name is the run's name in the table and Markdown views (its run file's
 * path, as `clbench report` would name it).  Returns -1 on a write error. */
int cb_write_run(FILE *out, const struct cb_run *run, enum cb_format fmt, const char *name,
                 int detail);
/* A finished run's outputs: the --output file, written atomically in its format, and stdout
 * (--format) when there is no --output or a view was asked for beside it.  0, or -1 with the
 * message printed. */
int cb_write_run_outputs(const struct cb_run *run, const struct cb_outputs *out);

#endif
