/* The shape model and the planner; see shape_model.h.  The formulas are bench/shape_model.py's,
 * line for line (the unit test reproduces its test vectors); the constants are its fit. */
#include "clbench/shape_model.h"

#include "clbench/run.h"
#include "shape_model_fit.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { GPU_CONSTANTS = sizeof cb_model_gpu / sizeof cb_model_gpu[0] };

/* The constants by name, in bench/shape_model.py's order (GPU_NAMES, CPU_NAMES). */
enum {
    R0,
    R1,
    R2,
    R3,
    LDS,
    STS,
    GLD,
    BAR,
    WARPS,
    GRP,
    EPI,
    EDGE0,
    EDGE1,
    SPILL,
    BW,
    LAUNCH_US,
    SCHED_F,
    SCHED_D,
    LDSBW,
    LDSI
};
enum { C_FMA, C_LD, C_SPILL, C_PANEL, C_CREL, C_STRIDED, C_EDGE, C_GRP_US, C_LAUNCH_US, C_L1, C_A };

/* Limits of a GPU that has no compute capability to look up: those of the smallest recent
 * NVIDIA and AMD parts, so that a point the model takes fits them. */

enum { LOCAL_MEM_HEADROOM = 1024 }; /* bytes of local memory the tiles leave free */
static const struct cb_sm_limits generic_gpu = {0,   0, 48,        16,        65536, 255,
                                                256, 4, 64 * 1024, 48 * 1024, 256,   0};

static long ceil_div(long a, long b)
{
    return (a + b - 1) / b;
}

static long round_up(long x, long unit)
{
    return ceil_div(x, unit) * unit;
}

long cb_model_groups_per_unit(long groups, long units)
{
    return units > 0 ? ceil_div(groups, units) : groups;
}

long cb_model_waves(long groups, long units, long resident)
{
    return units > 0 && resident > 0 ? ceil_div(groups, units * resident) : groups;
}

double cb_model_edge_waste(long m, long n, long tm, long tn)
{
    const double covered = (double)(ceil_div(m, tm) * tm) * (double)(ceil_div(n, tn) * tn);

    return covered > 0 ? 1.0 - (double)m * (double)n / covered : 0.0;
}

int cb_model_device_of(const struct cb_device *d, struct cb_model_device *md, char *why, size_t len)
{
    const struct cb_sm_limits *lim = NULL;
    size_t used = 0;

    memset(md, 0, sizeof *md);
    md->gpu = (d->type & CL_DEVICE_TYPE_GPU) != 0;
    if ((d->unreported & (1u << CB_PROP_COMPUTE_UNITS)) != 0 || d->compute_units == 0) {
        snprintf(why, len, "the device does not report its compute units");
        return -1;
    }
    if (md->gpu &&
        ((d->unreported & (1u << CB_PROP_LOCAL_MEM_BYTES)) != 0 || d->local_mem_bytes == 0)) {
        snprintf(why, len, "the device does not report its local memory");
        return -1;
    }
    md->compute_units = (long)d->compute_units;
    /* The driver adds bytes of its own to a kernel's local memory: tiles that fill the
     * device's exactly do not fit. */
    md->local_mem_bytes = (long)d->local_mem_bytes - LOCAL_MEM_HEADROOM;
    /* Rusticl counts a kernel's __local arrays twice in CL_KERNEL_LOCAL_MEM_SIZE, which is what
     * the row is checked against after the build: plan within half of its local memory. */
    if (strstr(d->platform_name, "rusticl") != NULL)
        md->local_mem_bytes /= 2;
    md->clock_mhz = d->clock_mhz;
    if (md->clock_mhz <= 0) {
        md->clock_mhz = 1000;
        used += (size_t)snprintf(md->assumed + used, sizeof md->assumed - used,
                                 "clock not reported, 1000 MHz assumed; ");
    }
    md->max_work_group = (long)d->max_work_group_size;
    if ((d->unreported & (1u << CB_PROP_MAX_WORK_GROUP_SIZE)) != 0 || md->max_work_group == 0) {
        md->max_work_group = 256;
        used += (size_t)snprintf(md->assumed + used, sizeof md->assumed - used,
                                 "work-group limit not reported, 256 assumed; ");
    }
    md->vec_bytes = 4 * (long)d->native_vector_width_float;
    if (md->vec_bytes == 0 || (d->unreported & (1u << CB_PROP_NATIVE_VECTOR_WIDTH_FLOAT)) != 0) {
        md->vec_bytes = 32;
        if (!md->gpu)
            used += (size_t)snprintf(md->assumed + used, sizeof md->assumed - used,
                                     "vector width not reported, 8 floats assumed; ");
    }
    md->lanes = d->peak_gflops_theoretical > 0
                    ? d->peak_gflops_theoretical * 1e3 / (2.0 * md->compute_units * md->clock_mhz)
                    : 0;
    if (md->lanes <= 0) {
        md->lanes = md->gpu ? 64 : 16;
        used += (size_t)snprintf(md->assumed + used, sizeof md->assumed - used,
                                 "FMA lanes not known, %g per compute unit assumed; ", md->lanes);
    }
    /* Data-centre NVIDIA parts (cc 6.0, 7.0, 8.0, 9.0) run double at half rate; the others
     * and other vendors' GPUs at a small fraction, CPUs at half (vectors of half as many). */
    md->fp64_ratio = 0.5;
    if (md->gpu && !(d->nv_cc_major >= 6 && d->nv_cc_minor == 0))
        md->fp64_ratio = 1.0 / 16;
    if (d->nv_cc_major >= 0)
        lim = cb_sm_limits_find(d->nv_cc_major, d->nv_cc_minor);
    if (lim != NULL)
        md->lim = *lim;
    else {
        md->lim = generic_gpu;
        if (md->gpu)
            used += (size_t)snprintf(md->assumed + used, sizeof md->assumed - used,
                                     "no compute capability, generic GPU limits; ");
    }
    if (used >= 2 && used < sizeof md->assumed)
        md->assumed[used - 2] = '\0';
    return 0;
}

static double gpu_regs(const double *th, const long c[CB_FAST_COUNT], int elem)
{
    const double threads =
        (double)((c[CB_FAST_TSM] / c[CB_FAST_WPTM]) * (c[CB_FAST_TSN] / c[CB_FAST_WPTN]));
    const double w = elem / 4.0;

    return th[R0] + th[R1] * (double)(c[CB_FAST_WPTM] * c[CB_FAST_WPTN]) * w +
           th[R2] * (double)((c[CB_FAST_TSM] + c[CB_FAST_TSN]) * c[CB_FAST_TSK]) / threads * w +
           th[R3] * (double)(c[CB_FAST_WPTM] + c[CB_FAST_WPTN]) * w *
               (double)(1 + 2 * c[CB_FAST_SCHED]);
}

static long lmin(long a, long b)
{
    return a < b ? a : b;
}

/* Work-groups a compute unit holds at regs registers a work-item; 0 where none fits. */
static long groups_at(const struct cb_sm_limits *lim, long regs, long lmem, long threads)
{
    struct cb_occupancy occ;

    return cb_occupancy_compute(lim, regs, lmem, (size_t)threads, &occ) == 0 ? occ.groups_per_sm
                                                                             : 0;
}

/* The registers the compiler gives a work-item that needs `need` (bench/shape_model.py's
 * gpu_reg_alloc): at most the cap, and those of the next occupancy level where that is within
 * REG_SNAP of the need. */
static long reg_alloc(const struct cb_sm_limits *lim, long need, long cap, long lmem, long threads)
{
    const long regs = lmin(need, cap), groups = groups_at(lim, regs, lmem, threads);
    const long low = (long)((double)regs / (1 + CB_MODEL_REG_SNAP));
    long r;

    if (groups_at(lim, low, lmem, threads) <= groups)
        return regs;
    r = (regs - 1) / 8 * 8; /* the register file's allocation unit: 8 a work-item */
    while (r > low && groups_at(lim, r, lmem, threads) <= groups)
        r -= 8;
    return r > low ? r : low;
}

/* The fit writes the inner-loop, menu and tile tables in ascending order of their keys (ten
 * longs, four for a tile), each its row's first member: a binary search a point. */
static int keys_cmp(const long *a, const long *b, int n)
{
    for (int i = 0; i < n; i++)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return 0;
}

static int key_cmp(const void *key, const void *entry)
{
    return keys_cmp(key, entry, 10);
}

static int tile_cmp(const void *key, const void *entry)
{
    return keys_cmp(key, entry, 4);
}

double cb_model_inner_factor(int elem, const long c[CB_FAST_COUNT])
{
    const long key[10] = {elem,           c[CB_FAST_TSM],  c[CB_FAST_TSN],
                          c[CB_FAST_TSK], c[CB_FAST_WPTM], c[CB_FAST_WPTN],
                          c[CB_FAST_VWM], c[CB_FAST_VWN],  c[CB_FAST_SCHED],
                          c[CB_FAST_EDGE]};
    const struct cb_model_inner *e =
        bsearch(key, cb_model_inner, CB_MODEL_INNER_COUNT, sizeof *cb_model_inner, key_cmp);

    return e != NULL ? e->factor : 1.0;
}

double cb_model_tile_factor(int elem, const long c[CB_FAST_COUNT])
{
    const long key[4] = {elem, c[CB_FAST_TSM], c[CB_FAST_TSN], c[CB_FAST_TSK]};
    const struct cb_model_tile *e =
        bsearch(key, cb_model_tile, CB_MODEL_TILE_COUNT, sizeof *cb_model_tile, tile_cmp);

    return e != NULL ? e->factor : 1.0;
}

/* The parameters a menu key holds after its element bytes, in bench/shape_model.py's menu_key
 * order: all but KSPLIT. */
static const int menu_fields[] = {CB_FAST_TSM,  CB_FAST_TSN,  CB_FAST_TSK,
                                  CB_FAST_WPTM, CB_FAST_WPTN, CB_FAST_VWM,
                                  CB_FAST_VWN,  CB_FAST_EDGE, CB_FAST_SCHED};

/* The registers the builds of menu point c reported on md's compute capability (without or
 * with split-K); 0 where none did. */
static long reported_registers(const struct cb_model_device *md, int elem,
                               const long c[CB_FAST_COUNT])
{
    long key[10] = {elem};
    const struct cb_model_menu_point *e;

    if (md->lim.cc_major != CB_MODEL_REGS_CC_MAJOR || md->lim.cc_minor != CB_MODEL_REGS_CC_MINOR)
        return 0;
    for (int i = 0; i < 9; i++)
        key[1 + i] = c[menu_fields[i]];
    e = bsearch(key, cb_model_menu, CB_MODEL_MENU_COUNT, sizeof *cb_model_menu, key_cmp);
    return e != NULL ? e->regs[c[CB_FAST_KSPLIT] > 1] : 0;
}

/* The share of a k-step's latency that res_warps resident warps hide, their work-items
 * holding `work` accumulators each. */
static double hide_latency(const double *th, long res_warps, long work)
{
    const double ilp = (double)res_warps * (double)lmin(work, 64) / th[WARPS];

    return ilp / (1 + ilp);
}

double cb_model_gpu_time(const double *th, const struct cb_model_device *md, const long shape[3],
                         const long c[CB_FAST_COUNT], int elem, struct cb_model_explain *ex)
{
    const long m = shape[0], n = shape[1], k = shape[2];
    const long tsm = c[CB_FAST_TSM], tsn = c[CB_FAST_TSN], tsk = c[CB_FAST_TSK];
    const long wptm = c[CB_FAST_WPTM], wptn = c[CB_FAST_WPTN];
    const long vwm = c[CB_FAST_VWM], vwn = c[CB_FAST_VWN], ks = c[CB_FAST_KSPLIT];
    const long sched = c[CB_FAST_SCHED];
    const long threads = (tsm / wptm) * (tsn / wptn), warps = ceil_div(threads, 32);
    const long steps = ceil_div(k, tsk), tm = ceil_div(m, tsm), tn = ceil_div(n, tsn);
    const long groups = tm * tn * ks,
               cap = lmin(255, md->lim.regs_per_sm / round_up(threads, 32) / 8 * 8);
    const long lmem = 2 * tsk * (tsm + tsn) * elem, vmax = 16 / elem;
    const long reported = reported_registers(md, elem, c);
    long need = (long)ceil(gpu_regs(th, c, elem));
    double spill = need > cap ? (double)(need - cap) / (double)cap : 0.0;
    double lanes, pipe, issue, lds_instr, lds_bytes, step, group, edge_frac, ef, w;
    double cycles, bw, mem, hz, t;
    long per_cu, regs, gpc, edge_groups, rounds, last;

    if (ks > steps || lmem > md->local_mem_bytes || threads > md->max_work_group)
        return -1;
    /* A build's report where the menu has one: what the compiler gave (one at the cap may hide
     * a spill, so the regression's need there). */
    if (reported > 0 && (double)reported < CB_MODEL_REPORTED_MAX * (double)cap) {
        regs = need = reported;
        spill = 0.0;
    } else
        regs = reg_alloc(&md->lim, need, cap, lmem, threads);
    gpc = groups_at(&md->lim, regs, lmem, threads);
    if (gpc == 0)
        return -1;
    per_cu = ceil_div(groups, md->compute_units);
    lanes = md->lanes * (elem == 8 ? md->fp64_ratio : 1.0);
    /* A warp issues for 32 lanes however few of them hold a work-item: a work-group of fewer
     * work-items (or not a multiple of 32) pays for the whole warp. */
    pipe = (double)(warps * 32 * wptm * wptn * tsk) / lanes;
    pipe *= 1 + (elem == 4 ? th[SCHED_F] : 0) * (double)sched +
            (elem == 8 ? th[SCHED_D] : 0) * (double)(1 - sched);
    lds_instr = (double)(tsk * warps) *
                ((double)wptm / (double)lmin(vwm, vmax) + (double)wptn / (double)lmin(vwn, vmax));
    issue = ((double)(warps * wptm * wptn * tsk) + th[LDS] * lds_instr +
             th[STS] * (double)tsk * ((double)tsm + (double)tsn / 4.0) / 32.0) /
            4.0;
    lds_bytes = (double)(tsk * (threads * (wptm + wptn) + tsm + tsn) * elem) / 128.0;
    step = fmax(fmax(pipe, issue), th[LDSBW] * lds_bytes) + th[LDSI] * lds_instr +
           th[GLD] * (double)((tsm + tsn) * tsk * elem) / 128.0 + th[BAR];
    /* What the analytic terms do not see of the compiled loop (operand reuse, register banks):
     * the configuration's fitted factor, never below the FMA pipe's own cycles. */
    step = fmax(pipe, cb_model_inner_factor(elem, c) * step);
    group =
        (double)ceil_div(steps, ks) * step + th[GRP] + th[EPI] * (double)(tsm * tsn * elem) / 128.0;
    /* EDGE=0's guarded loads cost the busiest unit its share of the groups that cross an edge. */
    edge_groups = (tm * tn - (m / tsm) * (n / tsn)) * ks;
    edge_frac =
        edge_groups > 0 ? (double)ceil_div(edge_groups, md->compute_units) / (double)per_cu : 0.0;
    ef = c[CB_FAST_EDGE] ? 1 + th[EDGE1] : 1 + th[EDGE0] * edge_frac;
    /* The busiest unit runs its groups in rounds of gpc resident ones, each hiding its latency
     * by its own warps: a partial last round hides less. */
    rounds = per_cu / gpc;
    last = per_cu % gpc;
    w = (double)(rounds * gpc) / hide_latency(th, gpc * warps, wptm * wptn);
    if (last > 0)
        w += (double)last / hide_latency(th, last * warps, wptm * wptn);
    /* What the terms miss of the tile at every shape: its fitted factor. */
    cycles = group * ef * (1 + th[SPILL] * spill) * w * cb_model_tile_factor(elem, c);
    bw = th[BW] * (double)md->compute_units;
    mem = ((double)m * (double)k + (double)k * (double)n + (double)ks * (double)m * (double)n) *
          elem / bw;
    hz = md->clock_mhz * 1e6;
    t = fmax(cycles, mem) / hz + th[LAUNCH_US] * 1e-6;
    if (ks > 1)
        t += (double)(ks + 1) * (double)m * (double)n * elem / bw / hz + th[LAUNCH_US] * 1e-6;
    if (ex != NULL) {
        ex->groups = groups;
        ex->per_unit = per_cu;
        ex->resident = gpc;
        ex->waves = cb_model_waves(groups, md->compute_units, gpc);
        ex->regs = regs;
        ex->k_steps = ceil_div(steps, ks);
        ex->edge_waste = cb_model_edge_waste(m, n, tsm, tsn);
    }
    return t;
}

double cb_model_cpu_time(const double *th, const struct cb_model_device *md, const long shape[3],
                         const long c[CB_CPU_COUNT], int elem, struct cb_model_explain *ex)
{
    const long m = shape[0], n = shape[1], k = shape[2];
    const long mr = c[CB_CPU_MR], vn = c[CB_CPU_VN], nv = c[CB_CPU_NV], rb = c[CB_CPU_RB];
    const long kb = c[CB_CPU_KB], wgm = c[CB_CPU_WGM];
    const long cols = nv * vn, rows = rb * mr;
    const long items_n = ceil_div(n, cols), items_m = ceil_div(m, rows);
    const long groups = items_n * ceil_div(items_m, wgm);
    const long per_core = ceil_div(groups, md->compute_units) * lmin(wgm, items_m);
    const double vr = fmax(1.0, (double)(vn * elem) / (double)md->vec_bytes);
    const double nregs = md->vec_bytes >= 64 ? 32 : 16;
    const double need = (double)(mr * nv + nv + 1) * vr;
    const double spill = fmax(0.0, need - nregs);
    const double f = (double)(mr * nv) * vr;
    double kstep = fmax(th[C_FMA] * f, th[C_LD] * (double)nv * vr) + th[C_A] * (double)mr +
                   th[C_SPILL] * spill;
    double item, ef;
    long edge_items;

    if (kb > 0) {
        const long slices = ceil_div(k, kb);
        const double panel_bytes = (double)(kb * cols * elem);

        kstep *= 1 + th[C_L1] * fmax(0.0, log2(panel_bytes / 32768.0));
        item = (double)rb *
                   ((double)k * kstep + (double)slices * (double)(mr * nv) * vr * th[C_CREL]) +
               (double)k * (double)nv * vr * th[C_PANEL];
    } else
        item = (double)(rb * k) * (kstep + th[C_STRIDED] * (double)nv * vr);
    edge_items = items_n * items_m - (n / cols) * (m / rows);
    ef = 1 + th[C_EDGE] * (double)edge_items / (double)(items_n * items_m);
    if (ex != NULL) {
        memset(ex, 0, sizeof *ex);
        ex->groups = groups;
        ex->per_unit = ceil_div(groups, md->compute_units);
        ex->resident = 1;
        ex->waves = ex->per_unit;
        ex->edge_waste = cb_model_edge_waste(m, n, rows, cols);
        ex->k_steps = kb > 0 ? ceil_div(k, kb) : 1;
    }
    return (double)per_core * item * ef / (md->clock_mhz * 1e6) +
           th[C_GRP_US] * 1e-6 * (double)ceil_div(groups, md->compute_units) +
           th[C_LAUNCH_US] * 1e-6;
}

/* ---- The planner ---------------------------------------------------------------------------- */

static const char *const fast_names[CB_FAST_COUNT] = {"TSM", "TSN", "TSK",  "WPTM",   "WPTN",
                                                      "VWM", "VWN", "EDGE", "KSPLIT", "SCHED"};
static const char *const cpu_names[CB_CPU_COUNT] = {"MR", "VN", "NV", "RB", "KB", "WGM"};

enum model_kind { MODEL_NONE, MODEL_FAST_GPU, MODEL_FAST_CPU, MODEL_CPU };

/* The kernel's parameter indices of names[0..count), or -1 where one is missing. */
static int param_map(const struct cb_kernel *k, const char *const *names, int count, int *index)
{
    for (int i = 0; i < count; i++) {
        index[i] = cb_kernel_param_index(k, names[i]);
        if (index[i] < 0)
            return -1;
    }
    return 0;
}

static enum model_kind kind_of(const struct cb_kernel *k, const struct cb_device *d, int *index)
{
    const int cpu = (d->type & CL_DEVICE_TYPE_CPU) != 0, gpu = (d->type & CL_DEVICE_TYPE_GPU) != 0;

    if (k->dims != 3)
        return MODEL_NONE;
    if (strcmp(k->name, "matmul_fast") == 0 && param_map(k, fast_names, CB_FAST_COUNT, index) == 0)
        return gpu ? MODEL_FAST_GPU : cpu ? MODEL_FAST_CPU : MODEL_NONE;
    if (strcmp(k->name, "matmul_cpu") == 0 && cpu &&
        param_map(k, cpu_names, CB_CPU_COUNT, index) == 0)
        return MODEL_CPU;
    return MODEL_NONE;
}

int cb_model_knows(const struct cb_kernel *k, const struct cb_device *d)
{
    int index[CB_MAX_PARAMS];

    return kind_of(k, d, index) != MODEL_NONE;
}

/* The fastest `count` seen so far, sorted; *have of them filled. */
static void keep(struct cb_model_choice *best, int count, int *have, const long *param,
                 unsigned nparams, double seconds, const struct cb_model_explain *ex)
{
    int at = *have < count ? *have : count - 1;

    if (*have == count && seconds >= best[count - 1].seconds)
        return;
    while (at > 0 && best[at - 1].seconds > seconds) {
        best[at] = best[at - 1];
        at--;
    }
    memcpy(best[at].param, param, nparams * sizeof *param);
    best[at].seconds = seconds;
    best[at].ex = *ex;
    if (*have < count)
        (*have)++;
}

/* Whether the kernel's plan() and the device's limits accept params (the runner's own checks,
 * on a copy of the row). */
static int accepted(const struct cb_device *d, const struct cb_problem *p, const long *params)
{
    struct cb_row row;
    int ok;

    memset(&row, 0, sizeof row);
    row.device = (struct cb_device *)d; /* cb_row_plan reads it only */
    row.problem = *p;
    memcpy(row.problem.param, params, sizeof row.problem.param);
    row.params_from = "model";
    ok = cb_row_plan(&row) == 0;
    cb_row_free(&row);
    return ok;
}

static int elem_of(const struct cb_problem *p)
{
    return (int)cb_real_size(p);
}

/* The model's divisibility rules of matmul_fast (its plan() refuses the others, more slowly). */
static int fast_valid(const long c[CB_FAST_COUNT])
{
    const long tsm = c[CB_FAST_TSM], tsn = c[CB_FAST_TSN], tsk = c[CB_FAST_TSK];
    long threads;

    if (tsm % c[CB_FAST_WPTM] != 0 || tsn % c[CB_FAST_WPTN] != 0 ||
        c[CB_FAST_WPTM] % c[CB_FAST_VWM] != 0 || c[CB_FAST_WPTN] % c[CB_FAST_VWN] != 0)
        return 0;
    threads = (tsm / c[CB_FAST_WPTM]) * (tsn / c[CB_FAST_WPTN]);
    return (tsm * tsk / 4) % threads == 0 && (tsn * tsk / 4) % threads == 0;
}

/* The points a ranking keeps, best first, for the runner's own checks to go through. */
enum { RANK_POOL = 64 };

/* What rank_fast_gpu's passes share: the shape, the row's parameters and the best so far. */
struct fast_rank {
    const struct cb_model_device *md;
    long shape[3];
    int elem;
    const int *index;
    unsigned nparams;
    long param[CB_MAX_PARAMS];
    struct cb_model_choice *best;
    int count, have;
};

static const long fast_splits[] = {1, 2, 3, 4, 6, 8, 12, 16, 24, 32};

enum { FAST_SPLITS = sizeof fast_splits / sizeof *fast_splits };

/* Whether point c may split K at shape: split-K balances waves where C's tiles fill fewer than
 * two of them; past that its sum costs more than the tail. */
static int fast_may_split(const struct cb_model_device *md, const long shape[3],
                          const long c[CB_FAST_COUNT])
{
    return ceil_div(shape[0], c[CB_FAST_TSM]) * ceil_div(shape[1], c[CB_FAST_TSN]) <
           2 * md->compute_units;
}

/* How many of fast_splits point c tries. */
static size_t fast_split_count(const struct fast_rank *r, const long c[CB_FAST_COUNT])
{
    return fast_may_split(r->md, r->shape, c) ? FAST_SPLITS : 1;
}

/* Whether params is one of the first n choices' parameters. */
static int chosen(const struct cb_model_choice *choices, int n, const long *params,
                  unsigned nparams)
{
    for (int i = 0; i < n; i++)
        if (memcmp(choices[i].param, params, nparams * sizeof *params) == 0)
            return 1;
    return 0;
}

/* Ranks point c (every parameter set) among the best. */
static void fast_consider(struct fast_rank *r, const long c[CB_FAST_COUNT])
{
    struct cb_model_explain ex;
    double sec = cb_model_gpu_time(cb_model_gpu, r->md, r->shape, c, r->elem, &ex);

    if (sec < 0)
        return;
    for (int j = 0; j < CB_FAST_COUNT; j++)
        r->param[r->index[j]] = c[j];
    keep(r->best, r->count, &r->have, r->param, r->nparams, sec, &ex);
}

/* The menu's points (tiles and loops the recorded sweeps found within MENU_TOLERANCE of a
 * shape's best), each at every split: the model ranks where it was measured, not at points
 * of the whole space where its error is largest. */
static void rank_fast_menu(struct fast_rank *r)
{
    long c[CB_FAST_COUNT];

    for (int i = 0; i < CB_MODEL_MENU_COUNT; i++) {
        const long *m = cb_model_menu[i].key;

        if (m[0] != r->elem)
            continue;
        for (int f = 0; f < 9; f++)
            c[menu_fields[f]] = m[1 + f];
        if (!fast_valid(c))
            continue;
        for (size_t s = 0; s < fast_split_count(r, c); s++) {
            c[CB_FAST_KSPLIT] = fast_splits[s];
            fast_consider(r, c);
        }
    }
}

/* The whole space: the candidates past the menu, and the first where no point of the menu fits. */
static void rank_fast_space(struct fast_rank *r)
{
    /* 96, with the work per item that divides it: one tile over a thin side of 65 to 96, where
     * the powers of two either waste up to a third of their tile or read the other matrix two
     * or three times (results/README.md, "Tiles of 96"). */
    static const long tiles[] = {16, 32, 64, 96, 128, 256}, tsks[] = {8, 16, 32};
    static const long wpts[] = {1, 2, 4, 6, 8, 12, 16}, vws[] = {1, 2, 4, 8};
    enum {
        TILES = sizeof tiles / sizeof *tiles,
        TSKS = sizeof tsks / sizeof *tsks,
        WPTS = sizeof wpts / sizeof *wpts,
        VWS = sizeof vws / sizeof *vws
    };
    long c[CB_FAST_COUNT];

    for (size_t a = 0; a < TILES; a++)
        for (size_t b = 0; b < TILES; b++)
            for (size_t t = 0; t < TSKS; t++)
                for (size_t wm = 0; wm < WPTS; wm++)
                    for (size_t wn = 0; wn < WPTS; wn++)
                        for (size_t vm = 0; vm < VWS; vm++)
                            for (size_t vn = 0; vn < VWS; vn++) {
                                c[CB_FAST_TSM] = tiles[a];
                                c[CB_FAST_TSN] = tiles[b];
                                c[CB_FAST_TSK] = tsks[t];
                                /* Rows per work-item descending: where the model ties a point
                                 * with its transpose (16x4 and 4x16), the taller comes first,
                                 * which the recorded sweeps find faster in most pairs. */
                                c[CB_FAST_WPTM] = wpts[WPTS - 1 - wm];
                                c[CB_FAST_WPTN] = wpts[wn];
                                c[CB_FAST_VWM] = vws[vm];
                                c[CB_FAST_VWN] = vws[vn];
                                if (!fast_valid(c))
                                    continue;
                                for (size_t s = 0; s < fast_split_count(r, c); s++)
                                    for (long edge = 0; edge < 2; edge++)
                                        for (long i = 0; i < 2; i++) {
                                            /* On a tie, double's own schedule first. */
                                            c[CB_FAST_KSPLIT] = fast_splits[s];
                                            c[CB_FAST_EDGE] = edge;
                                            c[CB_FAST_SCHED] = r->elem == 8 ? 1 - i : i;
                                            fast_consider(r, c);
                                        }
                            }
}

/* Candidates of matmul_fast on a GPU: the menu's best first (at most half of count), then the
 * whole space's best of the rest, so that the first choice is a measured tile and loop while
 * --autotune's and the tuner's other candidates may reach beyond the menu. */
static int rank_fast_gpu(const struct cb_model_device *md, const struct cb_problem *p,
                         const int *index, struct cb_model_choice *best, int count)
{
    struct cb_model_choice space[RANK_POOL];
    struct fast_rank r = {.md = md,
                          .shape = {(long)p->size[0], (long)p->size[1], (long)p->size[2]},
                          .elem = elem_of(p),
                          .index = index,
                          .nparams = cb_kernel_param_count(p->kernel),
                          .best = best,
                          .count = count > 1 ? count / 2 : count};
    int menu;

    memcpy(r.param, p->param, sizeof r.param);
    rank_fast_menu(&r);
    menu = r.have;
    r.best = space;
    r.count = count < RANK_POOL ? count : RANK_POOL;
    r.have = 0;
    rank_fast_space(&r);
    for (int i = 0; i < r.have && menu < count; i++)
        if (!chosen(best, menu, space[i].param, r.nparams))
            best[menu++] = space[i];
    return menu;
}

/* matmul_fast on a CPU: its CPU set of work per item and vector widths, tiles chosen for the
 * work-groups' waves over the cores and the edge waste (no fitted constants: the time is the
 * tile area the busiest core computes). */
static int rank_fast_cpu(const struct cb_model_device *md, const struct cb_problem *p,
                         const int *index, struct cb_model_choice *best, int count)
{
    static const long tiles[] = {8, 16, 32, 64, 128};
    const unsigned nparams = cb_kernel_param_count(p->kernel);
    const long m = (long)p->size[0], n = (long)p->size[1], k = (long)p->size[2];
    long param[CB_MAX_PARAMS];
    int have = 0;

    memcpy(param, p->param, sizeof param);
    for (size_t a = 0; a < 5; a++)
        for (size_t b = 0; b < 5; b++) {
            long c[CB_FAST_COUNT];
            struct cb_model_explain ex;
            long groups;
            double area;

            for (int i = 0; i < CB_FAST_COUNT; i++)
                c[i] = p->param[index[i]];
            c[CB_FAST_TSM] = tiles[a];
            c[CB_FAST_TSN] = tiles[b];
            c[CB_FAST_KSPLIT] = 1;
            if (tiles[a] < c[CB_FAST_WPTM] || tiles[b] < c[CB_FAST_WPTN] || !fast_valid(c) ||
                2 * c[CB_FAST_TSK] * (tiles[a] + tiles[b]) * elem_of(p) > md->local_mem_bytes)
                continue;
            groups = ceil_div(m, tiles[a]) * ceil_div(n, tiles[b]);
            memset(&ex, 0, sizeof ex);
            ex.groups = groups;
            ex.per_unit = cb_model_groups_per_unit(groups, md->compute_units);
            ex.resident = 1;
            ex.waves = ex.per_unit;
            ex.k_steps = ceil_div(k, c[CB_FAST_TSK]);
            ex.edge_waste = cb_model_edge_waste(m, n, tiles[a], tiles[b]);
            /* Equal areas: the larger tiles, which reuse each load more. */
            area = (double)ex.per_unit * (double)(tiles[a] * tiles[b]) * (double)k *
                   (1 + 1e-3 / (double)(tiles[a] * tiles[b]));
            for (int i = 0; i < CB_FAST_COUNT; i++)
                param[index[i]] = c[i];
            keep(best, count, &have, param, nparams,
                 area * 2.0 / (md->lanes * 2.0 * md->compute_units * md->clock_mhz * 1e6), &ex);
        }
    return have;
}

/* SIMD registers one VN-vector of elem bytes takes. */
static long vector_regs(const struct cb_model_device *md, long vn, int elem)
{
    return vn * elem > md->vec_bytes ? vn * elem / md->vec_bytes : 1;
}

static int rank_cpu(const struct cb_model_device *md, const struct cb_problem *p, const int *index,
                    struct cb_model_choice *best, int count)
{
    static const long mrs[] = {1, 2, 3, 4, 6, 8, 12, 16}, vns[] = {4, 8, 16};
    static const long rbs[] = {1, 2, 4, 8, 16, 32, 64}, kbs[] = {0, 64, 128, 256, 512, 1024};
    static const long wgms[] = {1, 2, 4, 8, 16};
    const long shape[3] = {(long)p->size[0], (long)p->size[1], (long)p->size[2]};
    const int elem = elem_of(p);
    const unsigned nparams = cb_kernel_param_count(p->kernel);
    long param[CB_MAX_PARAMS], c[CB_CPU_COUNT];
    int have = 0;

    memcpy(param, p->param, sizeof param);
    for (size_t a = 0; a < 8; a++)
        for (size_t b = 0; b < 3; b++)
            for (long nv = 1; nv <= 4; nv++)
                for (size_t r = 0; r < 7; r++)
                    for (size_t kb = 0; kb < 6; kb++)
                        for (size_t w = 0; w < 5; w++) {
                            struct cb_model_explain ex;
                            double sec;

                            c[CB_CPU_MR] = mrs[a];
                            c[CB_CPU_VN] = vns[b];
                            c[CB_CPU_NV] = nv;
                            c[CB_CPU_RB] = rbs[r];
                            c[CB_CPU_KB] = kbs[kb];
                            c[CB_CPU_WGM] = wgms[w];
                            /* A panel deeper than K only costs private memory. */
                            if (kbs[kb] > 64 && kbs[kb] / 2 >= shape[2])
                                continue;
                            if (kbs[kb] * nv * vns[b] * elem > 64 * 1024)
                                continue;
                            /* Accumulators, B's vectors and A's broadcast in the register
                             * file: a block that spills is never the fastest. */
                            if ((mrs[a] * nv + nv + 1) * vector_regs(md, vns[b], elem) >
                                (md->vec_bytes >= 64 ? 32 : 16))
                                continue;
                            sec = cb_model_cpu_time(cb_model_cpu, md, shape, c, elem, &ex);
                            for (int i = 0; i < CB_CPU_COUNT; i++)
                                param[index[i]] = c[i];
                            keep(best, count, &have, param, nparams, sec, &ex);
                        }
    return have;
}

/* Sizes the model may not take: the kernels index with int. */
static int shape_refused(const struct cb_problem *p, char *why, size_t len)
{
    const double m = (double)p->size[0], n = (double)p->size[1], k = (double)p->size[2];

    if (p->size[0] == 0 || p->size[1] == 0 || p->size[2] == 0) {
        snprintf(why, len, "a dimension is 0");
        return 1;
    }
    if (m * k >= 2147483648.0 || k * n >= 2147483648.0 || m * n >= 2147483648.0) {
        snprintf(why, len, "a matrix of 2^31 elements or more");
        return 1;
    }
    return 0;
}

/* Each ranked point at the split the model predicts fastest among every count of slices up to
 * fast_splits' last: the ranking tries fast_splits alone, so that its pool holds other
 * structures than one point's splits, but a single wave's tail moves by whole work-groups, and
 * the count that fills the compute units often lies between two of fast_splits.  In rank order; a
 * point that becomes one before it is dropped.  Returns how many are left. */
static int refine_splits(const struct cb_model_device *md, const struct cb_problem *p,
                         const int *index, struct cb_model_choice *pool, int have)
{
    const long shape[3] = {(long)p->size[0], (long)p->size[1], (long)p->size[2]};
    const unsigned nparams = cb_kernel_param_count(p->kernel);
    int kept = 0;

    for (int i = 0; i < have; i++) {
        struct cb_model_choice c = pool[i];
        long f[CB_FAST_COUNT];

        for (int j = 0; j < CB_FAST_COUNT; j++)
            f[j] = c.param[index[j]];
        if (fast_may_split(md, shape, f))
            for (long ks = 1; ks <= fast_splits[FAST_SPLITS - 1]; ks++) {
                struct cb_model_explain ex;
                double sec;

                f[CB_FAST_KSPLIT] = ks;
                sec = cb_model_gpu_time(cb_model_gpu, md, shape, f, elem_of(p), &ex);
                if (sec >= 0 && sec < c.seconds) {
                    c.param[index[CB_FAST_KSPLIT]] = ks;
                    c.seconds = sec;
                    c.ex = ex;
                }
            }
        if (!chosen(pool, kept, c.param, nparams))
            pool[kept++] = c;
    }
    return kept;
}

int cb_model_rank(const struct cb_device *d, const struct cb_problem *p,
                  struct cb_model_choice *best, int count, char *why, size_t len)
{
    struct cb_model_device md;
    struct cb_model_choice pool[RANK_POOL];
    int index[CB_MAX_PARAMS], have = 0, kept = 0;
    const enum model_kind kind = kind_of(p->kernel, d, index);

    if (kind == MODEL_NONE || count <= 0)
        return 0;
    if (shape_refused(p, why, len) || cb_model_device_of(d, &md, why, len) != 0)
        return -1;
    if (kind == MODEL_FAST_GPU)
        have = refine_splits(&md, p, index, pool, rank_fast_gpu(&md, p, index, pool, RANK_POOL));
    else if (kind == MODEL_FAST_CPU)
        have = rank_fast_cpu(&md, p, index, pool, RANK_POOL);
    else
        have = rank_cpu(&md, p, index, pool, RANK_POOL);
    /* The runner's own checks, in rank order: private memory on a CPU driver's stack, the
     * loop limit of llvmpipe, a constraint the model does not know. */
    for (int i = 0; i < have && kept < count; i++)
        if (accepted(d, p, pool[i].param))
            best[kept++] = pool[i];
    if (kept == 0) {
        snprintf(why, len, "none of the %d points it ranked first passes the kernel's checks",
                 have);
        return -1;
    }
    return kept;
}

/* A point's structure at three levels: the work-group's tile shape, the tile with its K depth
 * and split, and all that with the work per item; candidates differ in the coarser where they
 * can. */
static const char *const fast_tile[] = {"TSM", "TSN"};
static const char *const fast_coarse[] = {"TSM", "TSN", "TSK", "KSPLIT"};
static const char *const fast_structure[] = {"TSM", "TSN", "TSK", "WPTM", "WPTN", "KSPLIT"};
static const char *const cpu_tile[] = {"MR", "NV"};
static const char *const cpu_coarse[] = {"MR", "NV", "KB"};
static const char *const cpu_structure[] = {"MR", "VN", "NV", "RB", "KB"};

enum level { LEVEL_TILE, LEVEL_COARSE, LEVEL_STRUCTURE };

static int same_in(const struct cb_kernel *k, const char *const *names, size_t count, const long *a,
                   const long *b)
{
    for (size_t i = 0; i < count; i++) {
        const int at = cb_kernel_param_index(k, names[i]);

        if (at >= 0 && a[at] != b[at])
            return 0;
    }
    return 1;
}

#define SAME_IN(k, names, a, b) same_in(k, names, sizeof names / sizeof *names, a, b)

static int same_at(const struct cb_kernel *k, const long *a, const long *b, enum level level)
{
    const int fast = strcmp(k->name, "matmul_fast") == 0;

    switch (level) {
    case LEVEL_TILE:
        return fast ? SAME_IN(k, fast_tile, a, b) : SAME_IN(k, cpu_tile, a, b);
    case LEVEL_COARSE:
        return fast ? SAME_IN(k, fast_coarse, a, b) : SAME_IN(k, cpu_coarse, a, b);
    default:
        return fast ? SAME_IN(k, fast_structure, a, b) : SAME_IN(k, cpu_structure, a, b);
    }
}

enum { CANDIDATE_POOL = 256 };

/* The passes of cb_model_candidates, in order. */
enum pass { PASS_WORK, PASS_TILE, PASS_COARSE, PASS_STRUCTURE, PASS_REST, PASSES };

/* Whether pool point q joins the candidates out[0..have) in pass: within 25% of the first, and
 * new at the pass's level. */
static int joins(const struct cb_kernel *k, const struct cb_model_choice *q,
                 const struct cb_model_choice *out, int have, enum pass pass)
{
    static const enum level level[] = {LEVEL_STRUCTURE, LEVEL_TILE, LEVEL_COARSE, LEVEL_STRUCTURE};

    if (pass == PASS_REST)
        return 1;
    if (q->seconds > 1.25 * out[0].seconds)
        return 0;
    /* The first's own tile and split with another work per item: the part of a point the
     * model ranks least surely, and a different program of the same tiles. */
    if (pass == PASS_WORK && (!same_at(k, q->param, out[0].param, LEVEL_COARSE) ||
                              same_at(k, q->param, out[0].param, LEVEL_STRUCTURE)))
        return 0;
    for (int j = 0; j < have; j++)
        if (same_at(k, q->param, out[j].param, level[pass]))
            return 0;
    return 1;
}

int cb_model_candidates(const struct cb_device *d, const struct cb_problem *p,
                        struct cb_model_choice *out, int count, char *why, size_t len)
{
    struct cb_model_choice pool[CANDIDATE_POOL];
    unsigned char taken[CANDIDATE_POOL] = {0};
    const int n = cb_model_rank(d, p, pool, CANDIDATE_POOL, why, len);
    int have = 0;

    if (n <= 0 || count <= 0)
        return n;
    out[have++] = pool[0];
    taken[0] = 1;
    /* The first's best other work per item; then the best of each other tile shape, of each
     * other K depth and split, of each other work per item; then the rest in rank order. */
    for (int pass = 0; pass < PASSES; pass++) {
        const int limit = pass == PASS_WORK ? 2 : count;

        for (int i = 1; i < n && have < limit && have < count; i++) {
            if (taken[i] || !joins(p->kernel, &pool[i], out, have, (enum pass)pass))
                continue;
            out[have++] = pool[i];
            taken[i] = 1;
        }
    }
    return have;
}

double cb_model_predict(const struct cb_device *d, const struct cb_problem *p, const long *params)
{
    struct cb_model_device md;
    int index[CB_MAX_PARAMS];
    const enum model_kind kind = kind_of(p->kernel, d, index);
    const long shape[3] = {(long)p->size[0], (long)p->size[1], (long)p->size[2]};
    char why[128];
    long c[CB_FAST_COUNT];

    if (kind == MODEL_NONE || kind == MODEL_FAST_CPU || shape_refused(p, why, sizeof why) ||
        cb_model_device_of(d, &md, why, sizeof why) != 0)
        return -1;
    if (kind == MODEL_FAST_GPU) {
        for (int i = 0; i < CB_FAST_COUNT; i++)
            c[i] = params[index[i]];
        if (!fast_valid(c) || params[cb_kernel_param_index(p->kernel, "PAD")] != 0)
            return -1;
        return cb_model_gpu_time(cb_model_gpu, &md, shape, c, elem_of(p), NULL);
    }
    for (int i = 0; i < CB_CPU_COUNT; i++)
        c[i] = params[index[i]];
    return cb_model_cpu_time(cb_model_cpu, &md, shape, c, elem_of(p), NULL);
}

void cb_model_note(const struct cb_device *d, const struct cb_problem *p,
                   const struct cb_model_choice *c, char *note, size_t len)
{
    const struct cb_kernel *k = p->kernel;
    const int ks = cb_kernel_param_index(k, "KSPLIT");
    const long split = ks >= 0 ? c->param[ks] : 1;
    struct cb_model_device md;
    char why[128];
    int n;

    n = snprintf(note, len, "%ld wave%s of %ld work-group%s over %u compute units", c->ex.waves,
                 c->ex.waves == 1 ? "" : "s", c->ex.groups, c->ex.groups == 1 ? "" : "s",
                 d->compute_units);
    if (n < 0 || (size_t)n >= len)
        return;
    if (c->ex.resident > 1)
        n += snprintf(note + n, len - (size_t)n, " (%ld resident each)", c->ex.resident);
    if (split > 1 && (size_t)n < len)
        n += snprintf(note + n, len - (size_t)n, ", split-K %ld (%ld k-steps a group)", split,
                      c->ex.k_steps);
    if (c->ex.regs > 0 && (size_t)n < len)
        n += snprintf(note + n, len - (size_t)n, ", ~%ld registers", c->ex.regs);
    if ((size_t)n < len)
        n += snprintf(note + n, len - (size_t)n, ", edge waste %.0f%%, predicted %.3g ms",
                      100 * c->ex.edge_waste, c->seconds * 1e3);
    if ((size_t)n < len && cb_model_device_of(d, &md, why, sizeof why) == 0 && md.assumed[0])
        snprintf(note + n, len - (size_t)n, "; %s", md.assumed);
}

int cb_model_plan(const struct cb_device *d, const struct cb_problem *p, long *params,
                  double *seconds, char *note, size_t len)
{
    struct cb_model_choice best;
    char why[160];
    const int n = cb_model_rank(d, p, &best, 1, why, sizeof why);

    if (n == 0)
        return 0;
    if (n < 0) {
        snprintf(note, len, "the model fell back to the defaults: %s", why);
        return -1;
    }
    memcpy(params, best.param, cb_kernel_param_count(p->kernel) * sizeof *params);
    *seconds = best.seconds;
    cb_model_note(d, p, &best, note, len);
    return 1;
}
