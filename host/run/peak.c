/* The peak probes of cl/peak.cl, run as ordinary rows (so they are verified and timed like
 * every kernel) on sizes chosen from the device's caches and memory. */
#define _POSIX_C_SOURCE 200809L
#include "clbench/peak.h"

#include "clbench/check.h"
#include "clbench/device_info.h"
#include "clbench/native_peak.h"
#include "clbench/peak_busy.h"
#include "clbench/run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One table for every probe (each reads the entries it needs); VEC_DEF is the word width. */
#define PEAK_PARAMS(VEC_DEF)                                                                       \
    {                                                                                              \
        {"WGS", 256, "1..1024", "work-group size", NULL},                                          \
            {"VEC", VEC_DEF, "4,8,16", "floats per word", NULL},                                   \
            {"RPT", 16, "1..64", "words read or copied per work-item", NULL},                      \
            {"NT", 0, "0,1", "1: non-temporal stores", NULL},                                      \
            {"ITERS", 1024, "1..65536", "multiply-adds per chain", NULL},                          \
            {"CHAINS", 4, "4,8", "independent multiply-add chains", NULL},                         \
    }
/* On CPUs: whole-line words and streaming stores, and for the FMA probe 8 chains of them
 * (cl/peak.cl says why). */
#define PEAK_CPU                                                                                   \
    {                                                                                              \
        0, 16, 0, 1, 0, 8                                                                          \
    }

/* The probes' arguments, declared as a manifest declares a kernel's (generic.h): n, then the
 * buffers, of the probe row's type; each probe's host reference checks them. */
#define PROBE_N                                                                                    \
    {                                                                                              \
        .name = "n", .kind = CB_ARG_SCALAR, .type = CB_ELEM_INT                                    \
    }
#define PROBE_BUFFER(NAME, IN)                                                                     \
    {                                                                                              \
        .name = NAME, .kind = CB_ARG_BUFFER, .real_type = 1, .is_input = IN, .is_output = !(IN)    \
    }
static const struct cb_generic in_out = {
    .args = {PROBE_N, PROBE_BUFFER("in", 1), PROBE_BUFFER("out", 0)}, .arg_count = 3};
static const struct cb_generic out_only = {.args = {PROBE_N, PROBE_BUFFER("out", 0)},
                                           .arg_count = 2};

static const char *plan_common(struct cb_problem *p, size_t items, size_t input_elems,
                               size_t output_elems)
{
    const size_t n = p->size[0];
    unsigned arg = 1;

    if (n > (size_t)CL_INT_MAX)
        return "probe size exceeds the int range";
    p->work_dim = 1;
    p->local[0] = (size_t)cb_param(p, "WGS");
    p->global[0] = cb_round_up(items, p->local[0]);
    p->input_elems[0] = input_elems;
    p->output_elems = output_elems;
    p->ref_cost = 1.0;
    p->arg_value[0] = (long long)n;
    if (input_elems > 0)
        p->arg_length[arg++] = input_elems;
    p->arg_length[arg] = output_elems;
    return NULL;
}

static int plan_read(struct cb_problem *p, char *why, size_t len)
{
    const size_t vec = (size_t)cb_param(p, "VEC");
    const size_t items = p->size[0] / (vec * (size_t)cb_param(p, "RPT"));

    p->bytes = 4.0 * (double)p->size[0] + 4.0 * (double)items;
    p->reduction_len = (double)vec * (double)cb_param(p, "RPT");
    plan_common(p, items, p->size[0], items);
    p->ref_cost = p->reduction_len;
    (void)why;
    (void)len;
    return 0;
}

static int plan_write(struct cb_problem *p, char *why, size_t len)
{
    p->bytes = 4.0 * (double)p->size[0];
    return cb_refuse(plan_common(p, p->size[0] / (size_t)cb_param(p, "VEC"), 0, p->size[0]), why,
                     len);
}

static int plan_copy(struct cb_problem *p, char *why, size_t len)
{
    const size_t items = p->size[0] / ((size_t)cb_param(p, "VEC") * (size_t)cb_param(p, "RPT"));

    p->bytes = 8.0 * (double)p->size[0];
    return cb_refuse(plan_common(p, items, p->size[0], p->size[0]), why, len);
}

/* peak_fma's multiply-adds per step: CHAINS words of VEC lanes. */
static double fma_lanes(const struct cb_problem *p)
{
    return (double)cb_param(p, "CHAINS") * (double)cb_param(p, "VEC");
}

static int plan_fma(struct cb_problem *p, char *why, size_t len)
{
    const double lanes = fma_lanes(p), iters = (double)cb_param(p, "ITERS");

    p->flops = 2.0 * lanes * iters * (double)p->size[0];
    p->bytes = 2.0 * (double)cb_real_size(p) * (double)p->size[0];
    p->reduction_len = iters;
    plan_common(p, p->size[0], p->size[0], p->size[0]);
    p->ref_cost = lanes * iters;
    (void)why;
    (void)len;
    return 0;
}

static double ref_read(const struct cb_problem *p, const void *const in[], size_t i, double *scale)
{
    const size_t items = p->output_elems, vec = (size_t)cb_param(p, "VEC");
    const long rpt = cb_param(p, "RPT"); /* a lookup by name: out of the loops */
    double sum = 0.0, magnitude = 0.0;

    for (long j = 0; j < rpt; j++)
        for (size_t c = 0; c < vec; c++) {
            const double v = cb_real_get(p->real, in[0], vec * (i + (size_t)j * items) + c);

            sum += v;
            magnitude += v < 0 ? -v : v;
        }
    *scale = magnitude;
    return sum;
}

static double ref_write(const struct cb_problem *p, const void *const in[], size_t i, double *scale)
{
    const size_t vec = (size_t)cb_param(p, "VEC");
    const double want = i % vec == 0 ? (double)((i / vec) & 1023) : (double)(i % vec);

    (void)in;
    *scale = want > 1.0 ? want : 1.0;
    return want;
}

static double ref_copy(const struct cb_problem *p, const void *const in[], size_t i, double *scale)
{
    const double v = cb_real_get(p->real, in[0], i);

    *scale = v < 0 ? -v : v;
    return v;
}

static double ref_fma(const struct cb_problem *p, const void *const in[], size_t i, double *scale)
{
    const long vec = cb_param(p, "VEC"), lanes = (long)fma_lanes(p), iters = cb_param(p, "ITERS");
    double sum = 0.0;

    for (long c = 0; c < lanes; c++) {
        /* Lane c % VEC of chain c / VEC starts at in[i] + lane / 8 + chain, as in the kernel. */
        double x = cb_real_get(p->real, in[0], i) + 0.125 * (double)(c % vec) + (double)(c / vec);

        for (long k = 0; k < iters; k++)
            x = x * (double)0.9f + (double)0.1f; /* the kernel's constants, as floats */
        sum += x;
    }
    *scale = (double)lanes;
    return sum;
}

static const struct cb_kernel probes[] = {
    {.name = "peak_read",
     .family = "peak",
     .experiment = "003 peak bandwidth (read)",
     .dims = 1,
     .params = PEAK_PARAMS(4),
     .def_cpu = PEAK_CPU,
     .inputs = 1,
     .metric = CB_METRIC_GBS,
     .generic = &in_out,
     .plan = plan_read,
     .reference = ref_read},
    {.name = "peak_write",
     .family = "peak",
     .experiment = "003 peak bandwidth (write)",
     .dims = 1,
     .params = PEAK_PARAMS(4),
     .def_cpu = PEAK_CPU,
     .inputs = 0,
     .metric = CB_METRIC_GBS,
     .generic = &out_only,
     .plan = plan_write,
     .reference = ref_write},
    {.name = "peak_copy",
     .family = "peak",
     .experiment = "003 peak bandwidth (copy)",
     .dims = 1,
     .params = PEAK_PARAMS(4),
     .def_cpu = PEAK_CPU,
     .inputs = 1,
     .metric = CB_METRIC_GBS,
     .generic = &in_out,
     .plan = plan_copy,
     .reference = ref_copy},
    {.name = "peak_fma",
     .family = "peak",
     .experiment = "002 arithmetic peak with ILP",
     .dims = 1,
     .params = PEAK_PARAMS(8),
     .def_cpu = PEAK_CPU,
     .inputs = 1,
     .metric = CB_METRIC_GFLOPS,
     .types = 1u << CB_ELEM_FLOAT | 1u << CB_ELEM_DOUBLE | 1u << CB_ELEM_HALF,
     .generic = &in_out,
     .plan = plan_fma,
     .reference = ref_fma},
};

/* Floats per bandwidth buffer: 8x the device's global cache so that the cache cannot hold
 * it, at least 512 MiB on a GPU (256 MiB elsewhere), at most a quarter of the largest
 * allocation and 1 GiB.  The GPU floor is there because the reported cache is not always the
 * last level: NVIDIA reports 4 MiB for an H100, whose L2 holds 50 MiB; and a copy of a few
 * tens of MiB is over in tens of microseconds, where the ramp-up and the last partial wave of
 * work-groups cost a quarter of the bandwidth.  PoCL reports a CPU's last level, and there
 * most of a probe's time went into faulting in fresh pages (perf on the 2-core machine).
 * Where the allocation cap bites (a CPU with a large L3), the runner's buffer
 * rotation makes up the rest. */
static size_t bandwidth_elems(const struct cb_device *d)
{
    const size_t grain = 16 * 64 * 1024; /* a multiple of VEC * RPT * WGS */
    const double floor_mib = (d->type & CL_DEVICE_TYPE_GPU) ? 512.0 : 256.0;
    double bytes = 8.0 * (double)d->global_cache_bytes;

    if (bytes < floor_mib * 1024 * 1024)
        bytes = floor_mib * 1024 * 1024;
    if (bytes > (double)d->max_alloc_bytes / 4)
        bytes = (double)d->max_alloc_bytes / 4;
    if (bytes > 1024.0 * 1024 * 1024)
        bytes = 1024.0 * 1024 * 1024;
    return ((size_t)(bytes / 4) / grain) * grain;
}

/* Work-items for the arithmetic probe: enough to fill every lane of a GPU several times over,
 * a few thousand per core on a CPU. */
static size_t fma_items(const struct cb_device *d)
{
    return (size_t)d->compute_units * ((d->type & CL_DEVICE_TYPE_GPU) ? 16384 : 2048);
}

static void probe_row(struct cb_row *row, struct cb_device *d, const struct cb_kernel *k, size_t n)
{
    memset(row, 0, sizeof *row);
    row->device = d;
    row->problem.kernel = k;
    row->problem.size[0] = n;
    for (unsigned i = 0; i < cb_kernel_param_count(k); i++)
        row->problem.param[i] = *cb_param_default(k, i, (d->type & CL_DEVICE_TYPE_CPU) != 0);
}

/* The probe's rate at its fastest launch; *noise: how far the median launch fell below it. */
static double run_probe(struct cb_row *row, const struct cb_row_env *env, double *noise)
{
    const struct cb_kernel *k = row->problem.kernel;
    double result = 0.0;

    cb_run_row(row, env);
    /* The fastest launch, not the median: a peak is what the device can do, and on a shared
     * host the median of a few milliseconds of launches moves from run to run. */
    if (row->status == CB_STATUS_OK && row->stats.min > 0) {
        result = (k->metric == CB_METRIC_GFLOPS ? row->problem.flops : row->problem.bytes) /
                 (row->stats.min * 1e-3) * 1e-9;
        *noise = 1.0 - row->stats.min / row->stats.median;
    } else if (row->status != CB_STATUS_OK)
        cb_warn("peak probe '%s' on %s: %s: %s (no fraction of peak for it)", k->name,
                row->device->name, cb_status_name(row->status), row->reason);
    cb_row_free(row);
    return result;
}

/* Each roof: the best of the OpenCL probes' and the native probe's, with its source. */
static void take_roofs(struct cb_device *d, const double noise[4],
                       const struct cb_native_peak *native)
{
    static const char *const names[3] = {"peak_read", "peak_write", "peak_copy"};
    const double gbs[3] = {d->peak_read_gbs, d->peak_write_gbs, d->peak_copy_gbs};

    d->peak_gbs_measured = 0.0;
    for (int i = 0; i < 3; i++)
        if (gbs[i] > d->peak_gbs_measured) {
            d->peak_gbs_measured = gbs[i];
            d->gbs_noise = noise[i];
            snprintf(d->gbs_source, sizeof d->gbs_source, "OpenCL %s", names[i]);
        }
    d->peak_gflops_measured = d->opencl_gflops;
    d->gflops_noise = noise[3];
    snprintf(d->gflops_source, sizeof d->gflops_source, "OpenCL peak_fma");
    d->native_isa = NULL;
    d->native_threads = 0;
    d->native_gflops = d->native_gflops_fp64 = d->native_copy_gbs = 0.0;
    if (native == NULL)
        return;
    d->native_isa = native->isa;
    d->native_threads = native->threads;
    d->native_gflops = native->gflops;
    d->native_copy_gbs = native->copy_gbs;
    d->native_gflops_fp64 = native->gflops_fp64;
    if (native->copy_gbs > d->peak_gbs_measured) {
        d->peak_gbs_measured = native->copy_gbs;
        d->gbs_noise = native->copy_noise;
        snprintf(d->gbs_source, sizeof d->gbs_source, "native %s copy", native->isa);
    }
    if (native->gflops > d->peak_gflops_measured) {
        d->peak_gflops_measured = native->gflops;
        d->gflops_noise = native->gflops_noise;
        snprintf(d->gflops_source, sizeof d->gflops_source, "native %s", native->isa);
    }
    /* An OpenCL CPU compiler's double probe can fall well short of what the cores do
     * (docs/measurement.md, "Peaks and roofs"): double rows get the better of the two as well. */
    if (d->has_fp64 && native->gflops_fp64 > d->peak_gflops_fp64)
        d->peak_gflops_fp64 = native->gflops_fp64;
}

/* The probes' rows on d, n elements for the bandwidth probes; returns how many there are: the
 * FMA probe in double and half only where the device has their extensions. */
static size_t probe_rows(struct cb_row rows[6], struct cb_device *d, size_t n)
{
    for (unsigned i = 0; i < 3; i++)
        probe_row(&rows[i], d, &probes[i], n);
    probe_row(&rows[3], d, &probes[3], fma_items(d));
    probe_row(&rows[4], d, &probes[3], fma_items(d));
    rows[4].problem.real = CB_ELEM_DOUBLE;
    /* Words of the same bytes as float's: as many registers, half the lanes. */
    rows[4].problem.param[cb_kernel_param_index(&probes[3], "VEC")] /= 2;
    probe_row(&rows[5], d, &probes[3], fma_items(d));
    rows[5].problem.real = CB_ELEM_HALF;
    return d->has_fp16 ? 6 : d->has_fp64 ? 5 : 4;
}

void cb_peak_warm(struct cb_device *d, const struct cb_row_settings *cfg,
                  struct cb_program_cache *cache)
{
    struct cb_row_settings probe_cfg = *cfg;
    const struct cb_row_env env = {&probe_cfg, cache, NULL};
    struct cb_row rows[6];

    if (cfg->peak_mode == CB_PEAK_OFF || cb_device_is_simulator(d))
        return;
    probe_cfg.cl_opts = NULL;
    cb_rows_warm(rows, probe_rows(rows, d, bandwidth_elems(d)), &env);
}

void cb_peak_measure(struct cb_device *d, const struct cb_row_settings *cfg,
                     struct cb_program_cache *cache)
{
    struct cb_row_settings probe_cfg = *cfg;
    const struct cb_row_env env = {&probe_cfg, cache, NULL};
    const size_t n = bandwidth_elems(d);
    struct cb_busy_watch watch;
    struct cb_row rows[6];
    struct cb_native_peak native;
    double noise[6] = {0, 0, 0, 0, 0, 0};
    int have_native = 0;
    char why[256];

    /* The probes' own settings: cheap, and the same whatever the user asked of the rows. */
    probe_cfg.warmup = 2;
    probe_cfg.reps = 10;
    probe_cfg.min_time_s = 0.05;
    probe_cfg.verify_max = 1 << 16;
    probe_cfg.cl_opts = NULL;
    cb_rows_prebuild(rows, probe_rows(rows, d, n), &env);
    /* Watched from here to the native probe's end: the builds before take no roof's time. */
    cb_busy_watch_start(&watch);
    d->peak_read_gbs = run_probe(&rows[0], &env, &noise[0]);
    d->peak_write_gbs = run_probe(&rows[1], &env, &noise[1]);
    d->peak_copy_gbs = run_probe(&rows[2], &env, &noise[2]);
    d->opencl_gflops = run_probe(&rows[3], &env, &noise[3]);
    d->peak_gflops_fp64 = d->has_fp64 ? run_probe(&rows[4], &env, &noise[4]) : 0.0;
    d->peak_gflops_fp16 = d->has_fp16 ? run_probe(&rows[5], &env, &noise[5]) : 0.0;
    if (cb_device_on_host(d)) {
        have_native = cb_native_peak_measure(d->compute_units, n, &native, why, sizeof why) == 0;
        if (!have_native)
            cb_warn("native probe of the host for %s: %s (the OpenCL probes' roofs alone)", d->name,
                    why);
    }
    take_roofs(d, noise, have_native ? &native : NULL);
    d->peak_busy[0] = '\0';
    if (d->type & CL_DEVICE_TYPE_CPU)
        cb_busy_watch_judge(&watch, have_native ? native.cpu_share : -1.0, d->peak_busy,
                            sizeof d->peak_busy);
    cb_launch_overhead_measure(d, cfg, cache);
}
