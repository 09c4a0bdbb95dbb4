/* One entry for writing a live run in any format.  JSON and CSV are the run's records (the run
 * file, and one CSV line per row with fixed columns); the human views, table and Markdown, go
 * through the report model (host/report/report_table.c) that `clbench report` reads run files
 * into, so a live run and a report of its run file print the same bytes. */
#include "clbench/runfile.h"
#include "clbench/check.h"
#include "clbench/output.h"
#include "clbench/report_views.h"

#include <stdlib.h>

int cb_write_run(FILE *out, const struct cb_run *run, enum cb_format fmt, const char *name,
                 int detail)
{
    switch (fmt) {
    case CB_FORMAT_JSON:
        if (cb_output_json(out, cb_run_json(run)) != 0)
            return -1;
        break;
    case CB_FORMAT_CSV:
        cb_write_csv(out, run);
        break;
    case CB_FORMAT_MD:
    case CB_FORMAT_TABLE:
        if (detail ? cb_report_write_run_detail(out, run, fmt) != 0
                   : cb_report_write_run(out, run, fmt, name) != 0)
            return -1;
        break;
    }
    return ferror(out) ? -1 : 0;
}

/* The report into --output, and on stdout when there is no --output or --format asks for a
 * view beside it.  The views name the run after its file, as `clbench report FILE` does. */
int cb_write_run_outputs(const struct cb_run *run, const struct cb_outputs *cfg)
{
    const char *name = cfg->output != NULL ? cfg->output : "this run";
    struct cb_output out = {0};

    if (cfg->output != NULL) {
        if (cb_output_open(&out, cfg->output) != 0)
            return -1;
        if (cb_write_run(out.file, run, cfg->output_format, name, cfg->detail) != 0)
            return cb_output_fail(&out);
        if (cb_output_commit(&out) != 0)
            return -1;
        if (!cfg->view_on_stdout)
            return 0;
    }
    if (cb_write_run(stdout, run, cfg->format, name, cfg->detail) != 0 || fflush(stdout) != 0)
        return cb_error("writing the report failed");
    return 0;
}
