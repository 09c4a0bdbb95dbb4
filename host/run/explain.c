/* Occupancy, roofline bound and launch overhead of a finished row; see explain.h. */
#include "clbench/explain.h"

#include "clbench/run.h"

#include <stdio.h>
#include <string.h>

int cb_bound_compute(double flops, double bytes, double seconds, double peak_gbs,
                     double peak_gflops, struct cb_bound *out)
{
    double bandwidth_roof;

    if (!(bytes > 0 && seconds > 0 && peak_gbs > 0 && peak_gflops > 0 && flops >= 0))
        return -1;
    out->intensity = flops / bytes;
    out->ridge = peak_gflops / peak_gbs;
    bandwidth_roof = peak_gbs * out->intensity;
    out->compute_bound = bandwidth_roof > peak_gflops;
    out->roof_gflops = out->compute_bound ? peak_gflops : bandwidth_roof;
    /* Under the bandwidth roof the fraction is that of bytes moved, which also holds for a
     * kernel without arithmetic (intensity 0, a roof of 0 GFLOP/s). */
    out->fraction_of_roof = out->compute_bound ? flops / seconds * 1e-9 / peak_gflops
                                               : bytes / seconds * 1e-9 / peak_gbs;
    return 0;
}

static size_t group_size(const struct cb_problem *p)
{
    size_t group = p->local[0];

    for (unsigned i = 1; i < p->work_dim && group != 0; i++)
        group *= p->local[i];
    return group;
}

static void explain_occupancy(const struct cb_row *row, struct cb_explain *e)
{
    const struct cb_device *d = row->device;
    const struct cb_kernel_info *ki = &row->kernel_info;
    const struct cb_sm_limits *lim = cb_sm_limits_find(d->nv_cc_major, d->nv_cc_minor);
    const size_t group = group_size(&row->problem);
    const char *why = NULL;
    struct cb_sm_limits opencl;

    if (d->nv_cc_major < 0)
        why = "not an NVIDIA device (no compute capability)";
    else if (lim == NULL)
        why = "compute capability not in clbench's table (host/run/occupancy.c)";
    else if (!ki->queried)
        why = "no kernel was built for this row";
    else if (ki->value[CB_KI_REGISTERS] < 0)
        why = "registers per work-item unknown";
    else if (ki->value[CB_KI_LOCAL_MEM] < 0)
        why = "local memory per work-group unknown";
    else if (group == 0)
        why = "the runtime chose the work-group size";
    if (why == NULL) {
        /* OpenCL offers a work-group CL_DEVICE_LOCAL_MEM_SIZE (48 KiB on an H100), not CUDA's
         * opt-in maximum. */
        opencl = *lim;
        if (d->local_mem_bytes > 0 && (long)d->local_mem_bytes < opencl.smem_per_group)
            opencl.smem_per_group = (long)d->local_mem_bytes;
    }
    if (why == NULL && cb_occupancy_compute(&opencl, (long)ki->value[CB_KI_REGISTERS],
                                            ki->value[CB_KI_LOCAL_MEM] +
                                                (long long)row->problem.dynamic_local_bytes,
                                            group, &e->occupancy) != 0)
        why = "work-group size out of range for the occupancy model";
    e->has_occupancy = why == NULL;
    if (why != NULL)
        snprintf(e->occupancy_why, sizeof e->occupancy_why, "%s", why);
}

void cb_row_explain(struct cb_row *row)
{
    const struct cb_device *d = row->device;
    struct cb_explain *e = &row->explain;
    const double overhead_us =
        strcmp(row->timer, "event") == 0 ? d->launch_event_us : d->launch_wall_us;
    const struct cb_kernel *k = row->problem.kernel;
    /* A row without flops lies under the bandwidth roof whatever the FMA roof is: one without
     * an FMA roof of its own (an integer kernel) is placed there all the same. */
    const double roof = cb_row_roof_gflops(d, k, row->problem.real) > 0 || row->problem.flops > 0
                            ? cb_row_roof_gflops(d, k, row->problem.real)
                            : d->peak_gflops_measured;

    memset(e, 0, sizeof *e);
    explain_occupancy(row, e);
    if (row->status != CB_STATUS_OK) {
        snprintf(e->bound_why, sizeof e->bound_why, "the row did not run ok");
        return;
    }
    e->has_bound =
        cb_bound_compute(row->problem.flops, row->problem.bytes, row->stats.median * 1e-3,
                         d->peak_gbs_measured, roof, &e->bound) == 0;
    if (!e->has_bound)
        snprintf(e->bound_why, sizeof e->bound_why, "%s",
                 d->peak_gbs_measured <= 0 || d->peak_gflops_measured <= 0
                     ? "no measured peaks (run without --no-peak)"
                 : cb_kernel_compute_type(k, row->problem.real) == CB_ELEM_COUNT
                     ? "no floating-point buffer: no FMA roof measures an integer kernel"
                 : roof <= 0 ? "no compute roof for this row's type on this device"
                             : "the work model counts no bytes for this kernel");
    if (overhead_us > 0)
        e->launch_ratio = row->stats.median * 1e3 / overhead_us;
}
