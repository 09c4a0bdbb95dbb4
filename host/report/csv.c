/* The CSV view of a run: one line per row, provenance on every line so that files from
 * different machines can be concatenated.  Columns are append-only (CB_CSV_SCHEMA). */
#include "clbench/runfile.h"

#include <string.h>

#define CB_CSV_SCHEMA 1

static const char *const columns[] = {
    "schema",
    "device_id",
    "platform",
    "device",
    "driver",
    "kernel",
    "params",
    "size",
    "status",
    "reason",
    "timer",
    "samples",
    "min_ms",
    "median_ms",
    "mean_ms",
    "max_ms",
    "cv",
    "gflops",
    "gbs",
    "fraction_of_peak",
    "verified_elements",
    "max_rel_err",
    "build_ms",
    "build_options",
};

void cb_csv_quoted(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s != '\0'; s++) {
        if (*s == '"')
            fputc('"', out);
        fputc(*s, out);
    }
    fputc('"', out);
}

void cb_write_csv(FILE *out, const struct cb_run *run)
{
    for (size_t i = 0; i < sizeof columns / sizeof columns[0]; i++)
        fprintf(out, "%s%s", i ? "," : "", columns[i]);
    fputc('\n', out);
    for (size_t r = 0; r < run->row_count; r++) {
        const struct cb_row *row = &run->rows[r];
        const struct cb_device *d = row->device;
        char id[32], params[256], size[96];

        cb_device_id_string(d, id, sizeof id);
        cb_row_params(row, params, sizeof params);
        cb_row_size(row, size, sizeof size);
        fprintf(out, "%d,%s,", CB_CSV_SCHEMA, id);
        cb_csv_quoted(out, d->platform_name);
        fputc(',', out);
        cb_csv_quoted(out, d->name);
        fputc(',', out);
        cb_csv_quoted(out, d->driver);
        /* A row of another type than float is named with it, as in the tables. */
        if (row->problem.kernel->types != 0 && row->problem.real != CB_ELEM_FLOAT)
            fprintf(out, ",\"%s (%s)\",", row->problem.kernel->name,
                    cb_elem_info(row->problem.real)->name);
        else
            fprintf(out, ",%s,", row->problem.kernel->name);
        cb_csv_quoted(out, params);
        fprintf(out, ",%s,%s,", size, cb_status_name(row->status));
        cb_csv_quoted(out, row->reason);
        fprintf(out, ",%s,%zu,", row->timer, row->sample_count);
        if (cb_status_measured(row->status))
            fprintf(out, "%.6g,%.6g,%.6g,%.6g,%.4g,%.6g,%.6g,", row->stats.min, row->stats.median,
                    row->stats.mean, row->stats.max, row->stats.cv, row->gflops, row->gbs);
        else
            fputs(",,,,,,,", out); /* a failed row has no timing and no throughput */
        if (row->fraction_of_peak > 0)
            fprintf(out, "%.4g", row->fraction_of_peak);
        fprintf(out, ",%zu,%.3g,%.6g,", row->verify.checked, row->verify.max_rel_err,
                row->build_ms);
        cb_csv_quoted(out, row->build_options);
        fputc('\n', out);
    }
}
