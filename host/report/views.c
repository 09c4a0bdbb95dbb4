/* Human views of a run: the terminal table and Markdown.  Failed rows show their status and
 * reason in place of any time or throughput; unverified rows show their times with the status
 * `unverified` where verified ones say `ok`. */
#include "clbench/report.h"
#include "clbench/report_views.h"

#include <stdlib.h>
#include <string.h>

/* "1.23 ms" style: 4 significant digits fit every column. */
static void fmt_ms(char *buf, size_t len, double ms)
{
    snprintf(buf, len, "%.4g", ms);
}

static void fmt_peak(char *buf, size_t len, const struct cb_row *row)
{
    if (cb_status_measured(row->status) && row->fraction_of_peak > 0)
        snprintf(buf, len, "%.0f%%", 100.0 * row->fraction_of_peak);
    else
        snprintf(buf, len, "-");
}

/* "12.3 GB/s", or "-" for a row without a work model (a generic kernel without `flops` or
 * `bytes`): its time is measured, its throughput unknown. */
static void fmt_throughput(char *buf, size_t len, const struct cb_row *row)
{
    if (cb_row_throughput(row) > 0)
        snprintf(buf, len, "%.1f %s", cb_row_throughput(row),
                 cb_metric_unit(row->problem.kernel->metric));
    else
        snprintf(buf, len, "-");
}

static void print_devices(FILE *out, const struct cb_run *run, const char *bullet)
{
    for (size_t i = 0; i < run->device_count; i++) {
        const struct cb_device *d = run->devices[i];
        char id[32];

        cb_device_id_string(d, id, sizeof id);
        fprintf(out, "%sdevice %s: %s (%s; %s; driver %s)", bullet, id, d->name,
                cb_device_type_name(d->type), d->platform_name, d->driver);
        if (d->peak_gbs_measured > 0)
            fprintf(out, "; measured peak %.1f GB/s, %.1f GFLOP/s", d->peak_gbs_measured,
                    d->peak_gflops_measured);
        fputc('\n', out);
    }
}

void cb_write_table(FILE *out, const struct cb_run *run)
{
    print_devices(out, run, "");
    fprintf(out, "%-5s %-18s %-22s %-16s %10s %10s %10s %6s %12s %6s  %s\n", "dev", "kernel",
            "params", "size", "median_ms", "min_ms", "max_ms", "cv%", "throughput", "peak",
            "status");
    for (size_t r = 0; r < run->row_count; r++) {
        const struct cb_row *row = &run->rows[r];
        char id[32], params[256], size[96], med[32], mn[32], mx[32], peak[16], thr[48];

        cb_device_id_string(row->device, id, sizeof id);
        cb_row_params(row, params, sizeof params);
        cb_row_size(row, size, sizeof size);
        fmt_peak(peak, sizeof peak, row);
        if (cb_status_measured(row->status)) {
            fmt_ms(med, sizeof med, row->stats.median);
            fmt_ms(mn, sizeof mn, row->stats.min);
            fmt_ms(mx, sizeof mx, row->stats.max);
            fmt_throughput(thr, sizeof thr, row);
            fprintf(out, "%-5s %-18s %-22s %-16s %10s %10s %10s %6.1f %12s %6s  %s\n", id,
                    row->problem.kernel->name, params, size, med, mn, mx, 100.0 * row->stats.cv,
                    thr, peak, cb_status_name(row->status));
        } else {
            fprintf(out, "%-5s %-18s %-22s %-16s %10s %10s %10s %6s %12s %6s  FAILED (%s): %s\n",
                    id, row->problem.kernel->name, params, size, "-", "-", "-", "-", "-", "-",
                    cb_status_name(row->status), row->reason);
        }
    }
}

void cb_write_markdown(FILE *out, const struct cb_run *run)
{
    fprintf(out, "# clbench run, %s on %s\n\n", run->date, run->host);
    fprintf(out, "`%s`\n\n", run->cfg->command_line);
    print_devices(out, run, "- ");
    fputs("\n| device | kernel | params | size | median ms | min ms | max ms | throughput | "
          "of peak | status |\n"
          "| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | --- |\n",
          out);
    for (size_t r = 0; r < run->row_count; r++) {
        const struct cb_row *row = &run->rows[r];
        char id[32], params[256], size[96], peak[16], thr[48];

        cb_device_id_string(row->device, id, sizeof id);
        cb_row_params(row, params, sizeof params);
        cb_row_size(row, size, sizeof size);
        fmt_peak(peak, sizeof peak, row);
        fmt_throughput(thr, sizeof thr, row);
        fprintf(out, "| %s | %s | %s | %s | ", id, row->problem.kernel->name, params, size);
        if (cb_status_measured(row->status))
            fprintf(out, "%.4g | %.4g | %.4g | %s | %s | %s |\n", row->stats.median, row->stats.min,
                    row->stats.max, thr, peak, cb_status_name(row->status));
        else
            fprintf(out, "- | - | - | - | - | FAILED (%s): %s |\n", cb_status_name(row->status),
                    row->reason);
    }
}

int cb_write_run(FILE *out, const struct cb_run *run, enum cb_format fmt)
{
    switch (fmt) {
    case CB_FORMAT_JSON: {
        cJSON *root = cb_run_json(run);
        char *text = root != NULL ? cJSON_Print(root) : NULL;

        cJSON_Delete(root);
        if (text == NULL)
            return -1;
        fprintf(out, "%s\n", text);
        free(text);
        break;
    }
    case CB_FORMAT_CSV:
        cb_write_csv(out, run);
        break;
    case CB_FORMAT_MD:
    case CB_FORMAT_TABLE:
        /* Several devices: one table per family, side by side (host/report/report_table.c). */
        if (run->device_count > 1)
            return cb_report_write_run(out, run, fmt) == 0 && !ferror(out) ? 0 : -1;
        if (fmt == CB_FORMAT_MD)
            cb_write_markdown(out, run);
        else
            cb_write_table(out, run);
        break;
    }
    return ferror(out) ? -1 : 0;
}
