/* Occupancy on NVIDIA GPUs: how many work-groups (CUDA blocks) and warps of a kernel fit on
 * one streaming multiprocessor, from its registers per work-item, its local (shared) memory
 * per work-group and its work-group size, against the limits of the device's compute
 * capability, and which of those limits binds.  Pure; the table is in host/run/occupancy.c. */
#ifndef CLBENCH_OCCUPANCY_H
#define CLBENCH_OCCUPANCY_H

#include <stddef.h>

/* One compute capability's per-SM limits. */
struct cb_sm_limits {
    int cc_major, cc_minor;
    int max_warps;         /* resident warps per SM */
    int max_groups;        /* resident blocks per SM */
    int regs_per_sm;       /* 32-bit registers per SM */
    int max_regs_per_item; /* per thread */
    int reg_unit;          /* registers are allocated per warp in multiples of this */
    int sub_partitions;    /* the register file is split between these (warp schedulers) */
    long smem_per_sm;      /* bytes of shared memory per SM, at the largest carveout */
    long smem_per_group;   /* bytes one block may use at most (opt-in maximum) */
    long smem_unit;        /* allocation granularity, bytes */
    long smem_reserved;    /* bytes the driver reserves per block (cc 8.0 and later) */
};

/* The limits of compute capability major.minor; NULL when it is not in the table. */
const struct cb_sm_limits *cb_sm_limits_find(int major, int minor);

enum cb_occ_limiter {
    CB_OCC_WARPS,     /* the SM's resident warps */
    CB_OCC_GROUPS,    /* the SM's resident blocks */
    CB_OCC_REGISTERS, /* the register file */
    CB_OCC_LOCAL_MEM, /* shared memory */
    CB_OCC_LIMITER_COUNT
};

/* "warps", "work-groups", "registers", "local memory". */
const char *cb_occ_limiter_name(enum cb_occ_limiter limiter);

struct cb_occupancy {
    int groups_per_sm;           /* resident work-groups per SM (0: does not fit) */
    int warps_per_sm;            /* groups_per_sm x warps per work-group */
    double fraction;             /* warps_per_sm / max_warps */
    enum cb_occ_limiter limiter; /* the smallest of the limits below (first in enum order) */
    int groups_by[CB_OCC_LIMITER_COUNT]; /* work-groups per SM each resource allows */
};

/* Occupancy of work-groups of group_size work-items using regs registers per work-item and
 * local_bytes of local memory per work-group (static and dynamic).  Follows NVIDIA's
 * cuda_occupancy.h (cudaOccMaxActiveBlocksPerMultiprocessor) with the default cache
 * configuration and no partitioned global caching.  Returns 0, or -1 for an argument out of
 * range (group_size 0, regs < 0); groups_per_sm 0 means the work-group cannot be resident. */
int cb_occupancy_compute(const struct cb_sm_limits *lim, long regs, long long local_bytes,
                         size_t group_size, struct cb_occupancy *out);

#endif
