/* The shape model: a row's time predicted from its shape, its parameters and the device's
 * properties, for matmul_fast (GPUs: waves of work-groups over the compute units, edge waste,
 * k-steps per work-group, registers and local memory against the device's limits, occupancy,
 * split-K's sum; CPUs: work-groups over the cores) and matmul_cpu (CPUs: register blocks,
 * B's panel, work-items over the cores).  Its constants are fitted to recorded sweeps by
 * bench/shape_model.py, which writes host/tune/shape_model_fit.h.  The planner ranks every
 * candidate point of a kernel's space by the model (docs/tuning.md, "The planner").  The model
 * functions are pure (tests/unit/test_shape_model.c); cb_model_plan reads only the device's
 * properties and the kernel's plan().
 */
#ifndef CLBENCH_SHAPE_MODEL_H
#define CLBENCH_SHAPE_MODEL_H

#include "clbench/device.h"
#include "clbench/kernel.h"
#include "clbench/occupancy.h"

#include <stddef.h>

/* The model's view of a device: what it reports, and what was assumed where it does not. */
struct cb_model_device {
    int gpu;
    long compute_units;
    double clock_mhz;
    double lanes;      /* float FMA lanes per compute unit */
    double fp64_ratio; /* double lanes over float lanes */
    long local_mem_bytes;
    long max_work_group;
    long vec_bytes; /* a CPU's SIMD register, bytes */
    struct cb_sm_limits lim;
    char assumed[160]; /* "clock assumed 1000 MHz; ...", "" when the device said it all */
};

/* The model's view of d: 0, or -1 with why (a property the model cannot do without: compute
 * units, local memory on a GPU). */
int cb_model_device_of(const struct cb_device *d, struct cb_model_device *md, char *why,
                       size_t len);

/* Work-groups the busiest compute unit runs: ceil(groups / units). */
long cb_model_groups_per_unit(long groups, long units);
/* Waves of work-groups: ceil(groups / (units * resident)), resident per unit. */
long cb_model_waves(long groups, long units, long resident);
/* The fraction of the tiles' area that lies outside an m x n matrix cut in tm x tn tiles. */
double cb_model_edge_waste(long m, long n, long tm, long tn);

/* What a prediction rests on, for the row's note. */
struct cb_model_explain {
    long groups, per_unit, resident, waves, regs, k_steps;
    double edge_waste;
};

/* matmul_fast's parameters in the model's order. */
enum {
    CB_FAST_TSM,
    CB_FAST_TSN,
    CB_FAST_TSK,
    CB_FAST_WPTM,
    CB_FAST_WPTN,
    CB_FAST_VWM,
    CB_FAST_VWN,
    CB_FAST_EDGE,
    CB_FAST_KSPLIT,
    CB_FAST_SCHED,
    CB_FAST_COUNT
};
/* matmul_cpu's. */
enum { CB_CPU_MR, CB_CPU_VN, CB_CPU_NV, CB_CPU_RB, CB_CPU_KB, CB_CPU_WGM, CB_CPU_COUNT };

/* Predicted seconds of matmul_fast on a GPU with parameters c at m x n x k in elements of
 * elem bytes, with constants th (cb_model_gpu of the fit); a negative value: the point does
 * not fit the device (local memory, work-group size, registers).  ex may be NULL. */
double cb_model_gpu_time(const double *th, const struct cb_model_device *md, const long shape[3],
                         const long c[CB_FAST_COUNT], int elem, struct cb_model_explain *ex);
/* The fitted factor on the k-step cost of matmul_fast's inner loop with parameters c in
 * elements of elem bytes (its work per item, vector widths, SCHED and EDGE); 1 where the fit
 * has none. */
double cb_model_inner_factor(int elem, const long c[CB_FAST_COUNT]);
/* The fitted factor on the work-groups' time of matmul_fast's tile (TSM, TSN, TSK) in elements of
 * elem bytes; 1 where the fit has none. */
double cb_model_tile_factor(int elem, const long c[CB_FAST_COUNT]);
/* Predicted seconds of matmul_cpu on a CPU. */
double cb_model_cpu_time(const double *th, const struct cb_model_device *md, const long shape[3],
                         const long c[CB_CPU_COUNT], int elem, struct cb_model_explain *ex);

/* One ranked point: the kernel's parameters (its order) and the prediction. */
struct cb_model_choice {
    long param[CB_MAX_PARAMS];
    double seconds;
    struct cb_model_explain ex;
};

/* Whether the model knows p's kernel: 1 for matmul_fast and matmul_cpu (on CPUs). */
int cb_model_knows(const struct cb_kernel *k, const struct cb_device *d);
/* Ranks the candidate points of p's kernel at p's size and type on d: fills best[0..] with up
 * to count of the fastest predicted, each accepted by the kernel's plan() and the device's
 * limits; params not in the model keep p->param's values.  On GPUs each point then takes the
 * count of slices (split-K, 1 to 32) the model predicts fastest for it, in rank order.  Returns
 * how many, 0 where the model does not apply, or -1 with why (then the caller keeps its
 * defaults). */
int cb_model_rank(const struct cb_device *d, const struct cb_problem *p,
                  struct cb_model_choice *best, int count, char *why, size_t len);
/* Candidates for a quick autotune: the model's first choice, its best point of the same tiles and
 * split with another work per item, then the best point of each other tile shape, of each other
 * K depth and split-K, of each other work per item (for matmul_cpu: register block, K panel,
 * vector and rows) predicted within 25% of the first, then its next best points; up to count of
 * them.  Returns as cb_model_rank. */
int cb_model_candidates(const struct cb_device *d, const struct cb_problem *p,
                        struct cb_model_choice *out, int count, char *why, size_t len);
/* The predicted seconds of p with parameters params on d; -1 where the model cannot say. */
double cb_model_predict(const struct cb_device *d, const struct cb_problem *p, const long *params);
/* The planner for struct cb_rows_request's `plan` (settings.h). */
int cb_model_plan(const struct cb_device *d, const struct cb_problem *p, long *params,
                  double *seconds, char *note, size_t len);
/* "2 waves of 132x2, split-K 4, ...": what a choice rests on. */
void cb_model_note(const struct cb_device *d, const struct cb_problem *p,
                   const struct cb_model_choice *c, char *note, size_t len);

#endif
