/* Progress of a live run on stderr (host/session/progress.c).  On a terminal, one line that each
 * row rewrites in place: "[12/40] matmul_tiled on H100 1024x1024x1024 ...  elapsed 0:12, ~0:30
 * left".  Not on a terminal, nothing but the failed rows, one error line each. */
#ifndef CLBENCH_PROGRESS_H
#define CLBENCH_PROGRESS_H

#include "clbench/run.h"

#include <stddef.h>

struct cb_progress {
    int tty;         /* stderr is a terminal */
    size_t columns;  /* its width: the line is cut to fit, so that \r rewrites it */
    size_t total;    /* rows this process runs */
    size_t done;     /* of them, finished */
    double start_ms; /* of the run */
    double rows_ms;  /* spent in finished rows, for the estimate */
    int shown;       /* a line is on the terminal */
    int named;       /* the kernels were named (-k): say when one is unavailable */
};

/* named: the user chose the kernels, so a row that cannot run here is worth a line; the
 * default set's library rows for other devices (cuBLAS on a CPU) are only "absent" in the
 * table. */
void cb_progress_start(struct cb_progress *p, size_t total, int named);
/* Shows what runs now: a row about to start, "measuring the peaks of H100" or "building the
 * programs for H100". */
void cb_progress_row(struct cb_progress *p, const struct cb_row *row);
void cb_progress_peaks(struct cb_progress *p, const struct cb_device *d);
void cb_progress_builds(struct cb_progress *p, const struct cb_device *d);
/* Waiting for a CPU device's background warm-up to end before its turn. */
void cb_progress_warmup(struct cb_progress *p, const struct cb_device *d);
/* Counts a finished row that took row_ms; a failed one gets its error line. */
void cb_progress_row_done(struct cb_progress *p, const struct cb_row *row, double row_ms);
/* Takes n rows out of the count: their device could not be opened. */
void cb_progress_drop(struct cb_progress *p, size_t n);
/* Clears the line, so that what follows starts on a clean one. */
void cb_progress_end(struct cb_progress *p);

#endif
