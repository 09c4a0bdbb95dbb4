/* Occupancy from a per-architecture table; see occupancy.h.
 *
 * Sources: the CUDA C++ Programming Guide, "Compute Capabilities", table "Technical
 * Specifications per Compute Capability" (resident blocks and warps per SM, 64K registers per
 * SM, 255 registers per thread, shared memory per SM and per block), and NVIDIA's
 * cuda_occupancy.h (CUDA 13.0: cudaOccMaxBlocksPerMultiprocessor, register allocation unit
 * 256 per warp over 4 sub-partitions, shared memory granularity 256 bytes before cc 8.0 and
 * 128 after, 1 KiB reserved per block from cc 8.0), which is the CUDA occupancy calculator's
 * model.  Shared memory per SM is the largest carveout: the driver picks the carveout from
 * the kernel's needs, and OpenCL gives no way to ask for a smaller one. */
#include "clbench/occupancy.h"

enum { KIB = 1024 };

static const struct cb_sm_limits table[] = {
    /* cc       warps groups regs  max/item unit subp smem/SM    smem/group  unit reserved */
    {7, 0, 64, 32, 65536, 255, 256, 4, 96 * KIB, 96 * KIB, 256, 0},     /* V100 */
    {7, 5, 32, 16, 65536, 255, 256, 4, 64 * KIB, 64 * KIB, 256, 0},     /* Turing */
    {8, 0, 64, 32, 65536, 255, 256, 4, 164 * KIB, 163 * KIB, 128, KIB}, /* A100 */
    {8, 6, 48, 16, 65536, 255, 256, 4, 100 * KIB, 99 * KIB, 128, KIB},  /* GA10x */
    {8, 9, 48, 24, 65536, 255, 256, 4, 100 * KIB, 99 * KIB, 128, KIB},  /* Ada */
    {9, 0, 64, 32, 65536, 255, 256, 4, 228 * KIB, 227 * KIB, 128, KIB}, /* H100 */
};

const struct cb_sm_limits *cb_sm_limits_find(int major, int minor)
{
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (table[i].cc_major == major && table[i].cc_minor == minor)
            return &table[i];
    return 0;
}

const char *cb_occ_limiter_name(enum cb_occ_limiter limiter)
{
    static const char *const names[CB_OCC_LIMITER_COUNT] = {"warps", "work-groups", "registers",
                                                            "local memory"};

    return limiter < CB_OCC_LIMITER_COUNT ? names[limiter] : "unknown";
}

static long long round_up(long long x, long long unit)
{
    return (x + unit - 1) / unit * unit;
}

/* Blocks the register file holds, as cudaOccMaxBlocksPerSMRegsLimit: registers go to warps
 * in units of reg_unit, each warp within one sub-partition's share of the file. */
static int groups_by_registers(const struct cb_sm_limits *lim, long regs, int warps_per_group)
{
    const long long per_warp = round_up((long long)regs * 32, lim->reg_unit);
    const long long per_group_hw =
        per_warp * round_up(warps_per_group, lim->sub_partitions); /* the hardware's check */

    if (regs > lim->max_regs_per_item || per_group_hw > lim->regs_per_sm)
        return 0;
    if (per_warp == 0)
        return lim->max_groups;
    return (int)((lim->regs_per_sm / lim->sub_partitions / per_warp) * lim->sub_partitions /
                 warps_per_group);
}

static int groups_by_local_mem(const struct cb_sm_limits *lim, long long local_bytes)
{
    const long long per_group = round_up(local_bytes + lim->smem_reserved, lim->smem_unit);

    if (local_bytes > lim->smem_per_group)
        return 0;
    return per_group > 0 ? (int)(lim->smem_per_sm / per_group) : lim->max_groups;
}

int cb_occupancy_compute(const struct cb_sm_limits *lim, long regs, long long local_bytes,
                         size_t group_size, struct cb_occupancy *out)
{
    int warps_per_group;

    if (group_size == 0 || regs < 0 || local_bytes < 0 || group_size > 64 * 32)
        return -1;
    warps_per_group = (int)((group_size + 31) / 32);
    out->groups_by[CB_OCC_WARPS] = lim->max_warps / warps_per_group;
    out->groups_by[CB_OCC_GROUPS] = lim->max_groups;
    out->groups_by[CB_OCC_REGISTERS] = groups_by_registers(lim, regs, warps_per_group);
    out->groups_by[CB_OCC_LOCAL_MEM] = groups_by_local_mem(lim, local_bytes);
    out->limiter = CB_OCC_WARPS;
    for (int i = 1; i < CB_OCC_LIMITER_COUNT; i++)
        if (out->groups_by[i] < out->groups_by[out->limiter])
            out->limiter = (enum cb_occ_limiter)i;
    out->groups_per_sm = out->groups_by[out->limiter];
    out->warps_per_sm = out->groups_per_sm * warps_per_group;
    out->fraction = (double)out->warps_per_sm / lim->max_warps;
    return 0;
}
