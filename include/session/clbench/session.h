/* A benchmark run as a whole (host/session/session.c). */
#ifndef CLBENCH_SESSION_H
#define CLBENCH_SESSION_H

#include "clbench/config.h"

/* Runs the rows cfg asks for on the devices it selects and writes the outputs: the planning,
 * --shard, --resume and the journal, --autotune, the workers, an interruption.  Returns the
 * exit status (CB_EXIT_*, or 128 + the signal that interrupted it).  cfg's database hooks are
 * set for the run and cleared again. */
int cb_session_run(struct cb_config *cfg);

#endif
