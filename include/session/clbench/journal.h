/* Long sweeps that survive being killed: a journal beside the output records each finished
 * row as one JSON line, written and fsync'd before the next row starts; --resume reads a
 * journal (or a finished run file) back and marks the rows it holds as done, so that they are
 * not run again and still appear in the final output. */
#ifndef CLBENCH_JOURNAL_H
#define CLBENCH_JOURNAL_H

#include "clbench/runfile.h"

struct cb_journal {
    int fd; /* -1: no journal (no --output); <= -2: writing failed, -2 - fd still held */
    char path[4096 + 16];
};

/* "<output>.journal": 0; 1 when the output has no journal (written in place: a device, a
 * pipe, /dev/stdout); -1 when the path is too long. */
int cb_journal_path(char *buf, size_t len, const char *output);

/* Takes the journal at path for this run (a lock: a second run with the same --output is
 * refused, naming the first one's pid), then replaces it atomically with one holding the rows
 * of `run` that are already done (resumed), written and synced before the rename, and keeps it
 * open for appending.  -1 with a message on failure, the journal there kept as it was. */
int cb_journal_open(struct cb_journal *j, const char *path, const struct cb_run *run);
/* Appends row as one line and fsyncs; -1 with a message on failure. */
int cb_journal_append(struct cb_journal *j, const struct cb_row *row);
/* Closes; with remove set, deletes the journal (the output is complete) if it is still this
 * run's. */
void cb_journal_close(struct cb_journal *j, int remove);

/* Reads the rows in `path` (a journal: JSON lines; or a run file) and fills in every row of
 * run that matches one (same device id, kernel, parameters and size), setting row->resumed.
 * A last line cut short by a kill is ignored.  Returns the number of rows resumed, or -1 with
 * a message when the file cannot be read or holds no rows at all. */
long cb_resume_load(const char *path, struct cb_run *run, int retry_failed);
/* For runs whose rows are not known in advance (`clbench tune`): appends to run->rows, marked
 * resumed, every row of `path` that is of one of run's devices and a registered kernel.
 * Returns how many, or -1 with a message as cb_resume_load. */
long cb_resume_rows(const char *path, struct cb_run *run, int retry_failed);
/* With retry_failed (--retry-failed), both skip the records of failed rows (crashed, timed_out and
 * the other failures; not unavailable), so that those rows run again. */

/* The element type of run-file row j ("type"; float where absent, as before types). */
enum cb_elem_type cb_row_type_json(const cJSON *j);
/* 1 when the run-file row object j is of row's device, kernel, type, parameters and size. */
int cb_row_matches_json(const struct cb_row *row, const cJSON *j);
/* Fills row's results (status, reason, samples, statistics, build, verification...) from its
 * run-file object j, and sets row->resumed; -1, row untouched, when j is not usable. */
int cb_row_restore(struct cb_row *row, const cJSON *j);

#endif
