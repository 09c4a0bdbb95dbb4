/* A 256-bin histogram of ints through the generic contract, checked exactly: counts are
 * integers, so any difference is a bug (a lost update of a racing increment, typically).
 * histogram_local counts each work-group's values in local memory and adds the group's 256
 * counts to the global histogram once; histogram_ref increments the global bins directly.
 * The histogram is `inout zeros`: it starts at zero, launches add to it, and clbench sets it
 * back to zero before the launch it checks after timing.  To check a GPU's counts on the CPU,
 * write `verify histogram_ref on cpu exact` (PoCL as the oracle).  Under Oclgrind 21.10 use
 * --data-races alone: its --uninitialized takes the result of every atomic for uninitialized.
 *
 * Run: clbench --kernel-file cl/examples/histogram.cl
 */

#ifndef WGS
#define WGS 256
#endif
#define BINS 256

/* clbench:kernel histogram_local
 *   contract   generic
 *   summary    256-bin histogram: per-work-group counts in local memory, then global atomics
 *   reproduces beyond the seeds: local atomics against global ones
 *   dims       N
 *   param      WGS = 256 in 64,128,256,512 "work-group size"
 *   size       cpu 4M gpu 64M
 *   arg        n      int = N
 *   arg        values int[N] in random
 *   arg        hist   int[256] inout zeros
 *   global     round_up(N, WGS)
 *   local      WGS
 *   local_mem  256 * 4
 *   bytes      4 * N
 *   verify     histogram_ref exact
 */
__kernel __attribute__((reqd_work_group_size(WGS, 1, 1))) void
histogram_local(const int n, __global const int *values, __global int *hist)
{
    __local int counts[BINS];
    const int lid = get_local_id(0), i = get_global_id(0);

    for (int b = lid; b < BINS; b += WGS)
        counts[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (i < n)
        atomic_inc(&counts[values[i] % BINS]);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int b = lid; b < BINS; b += WGS)
        if (counts[b] != 0)
            atomic_add(&hist[b], counts[b]);
}

/* clbench:kernel histogram_ref
 *   contract   generic
 *   summary    the same histogram with one global atomic per value (reference)
 *   dims       N
 *   size       cpu 4M gpu 64M
 *   arg        n      int = N
 *   arg        values int[N] in random
 *   arg        hist   int[256] inout zeros
 *   global     N
 *   bytes      4 * N
 */
__kernel void histogram_ref(const int n, __global const int *values, __global int *hist)
{
    const int i = get_global_id(0);

    if (i < n)
        atomic_inc(&hist[values[i] % BINS]);
}
