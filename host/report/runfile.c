/* The JSON run file, written with cJSON.  Field meanings are documented in results/README.md;
 * `clbench report` reads these files back (host/report/report_read.c). */
#define _POSIX_C_SOURCE 200809L
#include "clbench/runfile.h"

#include "clbench/driver_env.h"
#include "clbench/manifest.h"
#include "clbench/output.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "clbench_git_commit.h" /* generated at build time: cmake/git_commit.cmake */

void cb_run_stamp(struct cb_run *run)
{
    const time_t now = time(NULL);
    struct tm utc;

    gmtime_r(&now, &utc);
    strftime(run->date, sizeof run->date, "%Y-%m-%dT%H:%M:%SZ", &utc);
    if (gethostname(run->host, sizeof run->host) != 0)
        strcpy(run->host, "unknown");
    run->host[sizeof run->host - 1] = '\0';
}

const char *cb_git_commit(void)
{
    return CLBENCH_GIT_COMMIT;
}

const char *cb_metric_unit(enum cb_metric metric)
{
    return metric == CB_METRIC_GFLOPS ? "GFLOP/s" : "GB/s";
}

double cb_row_throughput(const struct cb_row *row)
{
    if (!cb_status_measured(row->status))
        return 0.0;
    return row->problem.kernel->metric == CB_METRIC_GFLOPS ? row->gflops : row->gbs;
}

void cb_row_params(const struct cb_row *row, char *buf, size_t len)
{
    const struct cb_kernel *k = row->problem.kernel;
    const unsigned count = cb_kernel_param_count(k);
    size_t used = 0;

    buf[0] = '\0';
    for (unsigned i = 0; i < count && used < len; i++) {
        const int n = snprintf(buf + used, len - used, "%s%s=%ld", i ? " " : "", k->params[i].name,
                               row->problem.param[i]);

        if (n < 0)
            break;
        used += (size_t)n;
    }
}

void cb_row_size(const struct cb_row *row, char *buf, size_t len)
{
    const size_t *s = row->problem.size;

    switch (row->problem.kernel->dims) {
    case 3:
        snprintf(buf, len, "%zux%zux%zu", s[0], s[1], s[2]);
        break;
    case 2:
        snprintf(buf, len, "%zux%zu", s[0], s[1]);
        break;
    default:
        snprintf(buf, len, "%zu", s[0]);
    }
}

cJSON *cb_device_json(const struct cb_device *d)
{
    cJSON *j = cJSON_CreateObject();
    cJSON *peak;
    char id[32];

    cb_device_id_string(d, id, sizeof id);
    cJSON_AddStringToObject(j, "id", id);
    cJSON_AddStringToObject(j, "type", cb_device_type_name(d->type));
    cJSON_AddStringToObject(j, "name", d->name);
    cJSON_AddStringToObject(j, "vendor", d->vendor);
    cJSON_AddStringToObject(j, "platform", d->platform_name);
    cJSON_AddStringToObject(j, "platform_version", d->platform_version);
    cJSON_AddStringToObject(j, "driver", d->driver);
    cJSON_AddStringToObject(j, "device_version", d->version);
    cJSON_AddStringToObject(j, "opencl_c_version", d->opencl_c);
    cJSON_AddNumberToObject(j, "compute_units", d->compute_units);
    cJSON_AddNumberToObject(j, "clock_mhz", d->clock_mhz);
    cJSON_AddNumberToObject(j, "native_vector_width_float", d->native_vector_width_float);
    cJSON_AddNumberToObject(j, "global_mem_bytes", (double)d->global_mem_bytes);
    cJSON_AddNumberToObject(j, "global_cache_bytes", (double)d->global_cache_bytes);
    cJSON_AddNumberToObject(j, "local_mem_bytes", (double)d->local_mem_bytes);
    cJSON_AddNumberToObject(j, "max_alloc_bytes", (double)d->max_alloc_bytes);
    cJSON_AddNumberToObject(j, "max_work_group_size", (double)d->max_work_group_size);
    cJSON_AddNumberToObject(j, "profiling_timer_resolution_ns", (double)d->timer_resolution_ns);
    if (d->clock_checked) {
        cJSON *clock = cJSON_AddObjectToObject(j, "clock_check");

        cJSON_AddStringToObject(clock, "timer", d->events_trusted ? "event" : "wall");
        cJSON_AddNumberToObject(clock, "event_ms", d->clock_event_ms);
        cJSON_AddNumberToObject(clock, "wall_ms", d->clock_wall_ms);
        cJSON_AddStringToObject(clock, "reason", d->clock_why);
    }
    if (d->nv_cc_major >= 0) {
        char cc[16];

        snprintf(cc, sizeof cc, "%d.%d", d->nv_cc_major, d->nv_cc_minor);
        cJSON_AddStringToObject(j, "compute_capability", cc);
    }
    peak = cJSON_AddObjectToObject(j, "peak");
    if (d->peak_gflops_theoretical > 0)
        cJSON_AddNumberToObject(peak, "theoretical_gflops", d->peak_gflops_theoretical);
    else
        cJSON_AddNullToObject(peak, "theoretical_gflops");
    cJSON_AddStringToObject(peak, "theoretical_basis", d->peak_basis);
    cJSON_AddNullToObject(peak, "theoretical_gbs");
    cJSON_AddStringToObject(peak, "theoretical_gbs_basis", CB_BANDWIDTH_BASIS);
    if (d->peak_source != NULL) {
        cJSON_AddStringToObject(peak, "source", d->peak_source);
        cJSON_AddStringToObject(peak, "measured_date", d->peak_date);
    }
    if (d->peak_gflops_measured > 0) {
        cJSON_AddNumberToObject(peak, "measured_gflops", d->peak_gflops_measured);
        cJSON_AddStringToObject(peak, "gflops_source", d->gflops_source);
        cJSON_AddNumberToObject(peak, "gflops_noise", d->gflops_noise);
        if (d->opencl_gflops > 0)
            cJSON_AddNumberToObject(peak, "opencl_gflops", d->opencl_gflops);
    }
    /* The roofs of double and half rows (--type), where the device has the extension. */
    if (d->peak_gflops_fp64 > 0)
        cJSON_AddNumberToObject(peak, "measured_gflops_fp64", d->peak_gflops_fp64);
    if (d->peak_gflops_fp16 > 0)
        cJSON_AddNumberToObject(peak, "measured_gflops_fp16", d->peak_gflops_fp16);
    if (d->peak_gbs_measured > 0) {
        cJSON_AddNumberToObject(peak, "measured_gbs", d->peak_gbs_measured);
        cJSON_AddStringToObject(peak, "gbs_source", d->gbs_source);
        cJSON_AddNumberToObject(peak, "gbs_noise", d->gbs_noise);
        cJSON_AddNumberToObject(peak, "measured_read_gbs", d->peak_read_gbs);
        cJSON_AddNumberToObject(peak, "measured_write_gbs", d->peak_write_gbs);
        cJSON_AddNumberToObject(peak, "measured_copy_gbs", d->peak_copy_gbs);
    }
    if (d->native_isa != NULL) {
        cJSON_AddStringToObject(peak, "native_isa", d->native_isa);
        cJSON_AddNumberToObject(peak, "native_threads", d->native_threads);
        cJSON_AddNumberToObject(peak, "native_gflops", d->native_gflops);
        cJSON_AddNumberToObject(peak, "native_copy_gbs", d->native_copy_gbs);
        if (d->native_gflops_fp64 > 0)
            cJSON_AddNumberToObject(peak, "native_gflops_fp64", d->native_gflops_fp64);
    }
    if (d->peak_busy[0] != '\0')
        cJSON_AddStringToObject(peak, "busy", d->peak_busy);
    if (d->peak_skipped[0] != '\0')
        cJSON_AddStringToObject(peak, "skipped", d->peak_skipped);
    if (d->launch_event_us > 0) {
        cJSON_AddNumberToObject(peak, "launch_event_us", d->launch_event_us);
        cJSON_AddNumberToObject(peak, "launch_wall_us", d->launch_wall_us);
    }
    cb_device_state_json(j, d);
    return j;
}

int cb_devices_print_json(FILE *out, const struct cb_device_list *list)
{
    cJSON *root = cJSON_CreateObject();
    cJSON *devices = cJSON_AddArrayToObject(root, "devices");

    for (size_t i = 0; i < list->count; i++)
        cJSON_AddItemToArray(devices, cb_device_json(&list->devices[i]));
    return cb_output_json(out, root);
}

static cJSON *size_array(const size_t *values, unsigned count)
{
    cJSON *a = cJSON_CreateArray();

    for (unsigned i = 0; i < count; i++)
        cJSON_AddItemToArray(a, cJSON_CreateNumber((double)values[i]));
    return a;
}

/* The generic contract's check: what the outputs were compared with, and how closely
 * (max_rel_err is then the worst element's |got - want| / |want|, tolerance the rtol, and
 * worst_excess that element's |got - want| / (atol + rtol * |want|): above 1 fails). */
static void add_reference(cJSON *verification, const struct cb_row *row,
                          const struct cb_generic_check *check, const struct cb_verify *v)
{
    cJSON_AddStringToObject(verification, "reference", check->ref_kernel);
    /* The device that ran it, by name; the manifest's `on DEVICE` beside it. */
    cJSON_AddStringToObject(verification, "reference_device",
                            row->reference_device[0] != '\0' ? row->reference_device
                                                             : row->device->name);
    if (check->ref_device != NULL)
        cJSON_AddStringToObject(verification, "reference_selector", check->ref_device);
    else
        cJSON_AddNullToObject(verification, "reference_selector");
    /* The bound of the first floating output (its type's defaults where none was given). */
    cJSON_AddNumberToObject(verification, "atol", v->atol);
    cJSON_AddNumberToObject(verification, "rtol", v->tolerance);
    cJSON_AddBoolToObject(verification, "exact", check->exact);
    cJSON_AddNumberToObject(verification, "worst_excess", v->worst_excess);
}

static cJSON *library_json(const struct cb_library_info *info)
{
    cJSON *j = cJSON_CreateObject();

    cJSON_AddStringToObject(j, "name", info->name);
    cJSON_AddStringToObject(j, "version", info->version);
    cJSON_AddStringToObject(j, "config", info->config);
    if (info->core[0] != '\0') {
        cJSON_AddStringToObject(j, "core", info->core);
        cJSON_AddStringToObject(j, "core_from", info->core_from);
    }
    if (info->threads > 0)
        cJSON_AddNumberToObject(j, "threads", info->threads);
    if (info->warning[0] != '\0')
        cJSON_AddStringToObject(j, "warning", info->warning);
    return j;
}

/* A plan's second launch (struct cb_then): its kernel and NDRange, the scratch, and where
 * events timed it, each launch's own median (the samples span both launches). */
static cJSON *then_json(const struct cb_row *row)
{
    const struct cb_then *then = &row->problem.then;
    cJSON *j = cJSON_CreateObject();

    cJSON_AddStringToObject(j, "kernel", row->problem.kernel->then);
    cJSON_AddItemToObject(j, "global", size_array(then->global, then->work_dim));
    cJSON_AddItemToObject(j, "local", size_array(then->local, then->work_dim));
    cJSON_AddNumberToObject(j, "scratch_bytes",
                            (double)then->scratch_elems * (double)cb_real_size(&row->problem));
    if (row->then_first_ms > 0) {
        cJSON_AddNumberToObject(j, "first_median_ms", row->then_first_ms);
        cJSON_AddNumberToObject(j, "second_median_ms", row->then_second_ms);
    }
    return j;
}

/* What the row is: device, kernel, parameters, size and build options. */
static void add_identity(cJSON *j, const struct cb_row *row)
{
    const struct cb_problem *p = &row->problem;
    const struct cb_kernel *k = p->kernel;
    const unsigned nparams = cb_kernel_param_count(k);
    cJSON *params;
    char id[32];

    cb_device_id_string(row->device, id, sizeof id);
    cJSON_AddStringToObject(j, "device", id);
    cJSON_AddStringToObject(j, "kernel", k->name);
    cJSON_AddStringToObject(j, "family", k->family);
    if (k->types != 0) /* its rows follow --type */
        cJSON_AddStringToObject(j, "type", cb_elem_info(p->real)->name);
    cJSON_AddStringToObject(j, "experiment", k->experiment);
    /* A user kernel's file and its content hash, for provenance; its twin and baseline, so
     * that `clbench report` pairs its rows without loading the file again. */
    if (cb_kernel_file_of(k) != NULL) {
        cJSON_AddStringToObject(j, "kernel_file", cb_kernel_file_of(k)->path);
        cJSON_AddStringToObject(j, "kernel_file_hash", cb_kernel_file_of(k)->hash);
    }
    if (k->twin != NULL)
        cJSON_AddStringToObject(j, "twin", k->twin);
    if (k->baseline != NULL)
        cJSON_AddStringToObject(j, "baseline", k->baseline);
    cJSON_AddStringToObject(j, "metric", cb_metric_unit(k->metric));
    params = cJSON_AddObjectToObject(j, "params");
    for (unsigned i = 0; i < nparams; i++)
        cJSON_AddNumberToObject(params, k->params[i].name, (double)p->param[i]);
    cJSON_AddItemToObject(j, "size", size_array(p->size, k->dims));
    cJSON_AddStringToObject(j, "build_options", row->build_options);
}

/* How it went: status, timer, library, the launch's shape and the build. */
static void add_launch(cJSON *j, const struct cb_row *row)
{
    const struct cb_problem *p = &row->problem;

    cJSON_AddStringToObject(j, "status", cb_status_name(row->status));
    cJSON_AddStringToObject(j, "reason", row->reason);
    cJSON_AddStringToObject(j, "timer", row->timer);
    if (row->library.name[0] != '\0')
        cJSON_AddItemToObject(j, "library", library_json(&row->library));
    if (row->adjusted[0] != '\0')
        cJSON_AddStringToObject(j, "adjusted", row->adjusted);
    if (row->timer_reason[0] != '\0')
        cJSON_AddStringToObject(j, "timer_reason", row->timer_reason);
    if (p->work_dim > 0) {
        cJSON_AddItemToObject(j, "global", size_array(p->global, p->work_dim));
        if (p->local[0] != 0)
            cJSON_AddItemToObject(j, "local", size_array(p->local, p->work_dim));
        cJSON_AddNumberToObject(j, "flops", p->flops);
        cJSON_AddNumberToObject(j, "bytes", p->bytes);
    }
    if (p->then.work_dim > 0)
        cJSON_AddItemToObject(j, "then", then_json(row));
    if (row->kernel_work_group_size > 0)
        cJSON_AddNumberToObject(j, "kernel_work_group_size", (double)row->kernel_work_group_size);
    cJSON_AddNumberToObject(j, "build_ms", row->build_ms);
    cJSON_AddBoolToObject(j, "build_cached", row->build_cached);
    if (row->build_source != NULL)
        cJSON_AddStringToObject(j, "build_source", row->build_source);
    if (row->build_warnings[0] != '\0')
        cJSON_AddStringToObject(j, "build_warnings", row->build_warnings);
}

/* What it measured: the samples, their statistics and the verification. */
static void add_results(cJSON *j, const struct cb_row *row)
{
    const struct cb_problem *p = &row->problem;
    const struct cb_kernel *k = p->kernel;
    cJSON *stats, *verification, *samples;

    samples = cJSON_AddArrayToObject(j, "samples_ms");
    for (size_t i = 0; i < row->sample_count; i++)
        cJSON_AddItemToArray(samples, cJSON_CreateNumber(row->samples_ms[i]));
    if (cb_status_measured(row->status)) {
        stats = cJSON_AddObjectToObject(j, "stats");
        cJSON_AddNumberToObject(stats, "count", (double)row->stats.count);
        cJSON_AddNumberToObject(stats, "min_ms", row->stats.min);
        cJSON_AddNumberToObject(stats, "median_ms", row->stats.median);
        cJSON_AddNumberToObject(stats, "mean_ms", row->stats.mean);
        cJSON_AddNumberToObject(stats, "max_ms", row->stats.max);
        cJSON_AddNumberToObject(stats, "stddev_ms", row->stats.stddev);
        cJSON_AddNumberToObject(stats, "cv", row->stats.cv);
        cJSON_AddNumberToObject(j, "wall_ms", row->wall_ms);
        cJSON_AddNumberToObject(j, "elapsed_ms", row->elapsed_ms);
        cJSON_AddNumberToObject(j, "gflops", row->gflops);
        cJSON_AddNumberToObject(j, "gbs", row->gbs);
        if (row->fraction_of_peak > 0)
            cJSON_AddNumberToObject(j, "fraction_of_peak", row->fraction_of_peak);
        else
            cJSON_AddNullToObject(j, "fraction_of_peak");
    }
    if (row->verify.checked > 0) {
        verification = cJSON_AddObjectToObject(j, "verification");
        cJSON_AddBoolToObject(verification, "passed", row->verify.failures == 0);
        cJSON_AddNumberToObject(verification, "checked", (double)row->verify.checked);
        cJSON_AddNumberToObject(verification, "output_elements", (double)p->output_elems);
        cJSON_AddBoolToObject(verification, "sampled", row->verify.sampled);
        cJSON_AddNumberToObject(verification, "failures", (double)row->verify.failures);
        cJSON_AddNumberToObject(verification, "max_rel_err", row->verify.max_rel_err);
        cJSON_AddNumberToObject(verification, "tolerance", row->verify.tolerance);
        if (k->generic != NULL && k->generic->check.ref_kernel != NULL)
            add_reference(verification, row, &k->generic->check, &row->verify);
    }
}

/* Where its figures and parameters came from: buffers, kernel info, the explanation, the
 * device's state, the tuning database entry. */
static void add_provenance(cJSON *j, const struct cb_row *row)
{
    if (row->buffer_sets > 0) {
        cJSON_AddNumberToObject(j, "buffer_sets", row->buffer_sets);
        cJSON_AddNumberToObject(j, "footprint_bytes", row->footprint_bytes);
        cJSON_AddBoolToObject(j, "cache_resident", row->cache_resident);
    }
    if (row->kept_awake > 0)
        cJSON_AddNumberToObject(j, "kept_awake", row->kept_awake);
    if (row->kernel_info.queried)
        cJSON_AddItemToObject(j, "kernel_info", cb_kernel_info_json(&row->kernel_info));
    cb_explain_json(j, row);
    cb_row_state_json(j, row);
    if (row->params_from != NULL)
        cJSON_AddStringToObject(j, "params_from", row->params_from);
    if (row->params_note[0] != '\0')
        cJSON_AddStringToObject(j, "params_note", row->params_note);
    if (row->tuned.match[0] != '\0') {
        cJSON *entry = cJSON_AddObjectToObject(j, "tuned_entry");

        cJSON_AddStringToObject(j, "tuned_date", row->tuned.date);
        cJSON_AddStringToObject(entry, "match", row->tuned.match);
        cJSON_AddStringToObject(entry, "size", row->tuned.size);
        cJSON_AddStringToObject(entry, "shape", row->tuned.shape);
        cJSON_AddStringToObject(entry, "type", row->tuned.type);
    }
    if (row->tuned.skipped[0] != '\0')
        cJSON_AddStringToObject(j, "tuned_skipped", row->tuned.skipped);
    if (row->resumed)
        cJSON_AddBoolToObject(j, "resumed", 1);
}

cJSON *cb_row_json(const struct cb_row *row)
{
    cJSON *j = cJSON_CreateObject();

    add_identity(j, row);
    add_launch(j, row);
    add_results(j, row);
    add_provenance(j, row);
    return j;
}

cJSON *cb_run_json(const struct cb_run *run)
{
    const struct cb_row_settings *cfg = run->settings;
    cJSON *root = cJSON_CreateObject(), *settings, *devices, *rows;

    cJSON_AddStringToObject(root, "schema", CB_RUN_SCHEMA);
    cJSON_AddNumberToObject(root, "schema_version", CB_RUN_SCHEMA_VERSION);
    cJSON_AddStringToObject(root, "clbench_version", CLBENCH_VERSION);
    cJSON_AddStringToObject(root, "git_commit", CLBENCH_GIT_COMMIT);
    cJSON_AddStringToObject(root, "host", run->host);
    cJSON_AddStringToObject(root, "date", run->date);
    cJSON_AddStringToObject(root, "command_line", run->command_line);
    settings = cJSON_AddObjectToObject(root, "settings");
    cJSON_AddNumberToObject(settings, "warmup", cfg->warmup);
    cJSON_AddNumberToObject(settings, "reps", cfg->reps);
    cJSON_AddNumberToObject(settings, "min_time_s", cfg->min_time_s);
    cJSON_AddNumberToObject(settings, "max_time_s", cfg->max_time_s);
    cJSON_AddNumberToObject(settings, "seed", (double)cfg->seed);
    cJSON_AddNumberToObject(settings, "verify_max", (double)cfg->verify_max);
    cJSON_AddStringToObject(settings, "cl_opts", cfg->cl_opts != NULL ? cfg->cl_opts : "");
    cJSON_AddStringToObject(settings, "bytes_counted", "bytes read + bytes written");
    cJSON_AddBoolToObject(settings, "keep_awake", cfg->keep_awake);
    cJSON_AddStringToObject(settings, "pocl_affinity", cb_driver_env_pocl_affinity());
    devices = cJSON_AddArrayToObject(root, "devices");
    for (size_t i = 0; i < run->device_count; i++)
        cJSON_AddItemToArray(devices, cb_device_json(run->devices[i]));
    rows = cJSON_AddArrayToObject(root, "rows");
    for (size_t i = 0; i < run->row_count; i++)
        cJSON_AddItemToArray(rows, cb_row_json(&run->rows[i]));
    return root;
}
