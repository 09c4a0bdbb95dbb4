/* A 64-bit integer reduction: each work-group sums WGS longs into one partial sum through a
 * local-memory tree.  `random` fills long with values in [0, 2^40), so a 32-bit accumulator
 * fails at once, and a sum of up to 2^23 of them still fits a long: the check is exact.
 * reduce_long_ref, one work-item per group adding sequentially, is the reference; integer
 * addition is associative, so the two orders must agree to the bit.
 *
 * Run: clbench --kernel-file cl/examples/reduce_long.cl
 */

#ifndef WGS
#define WGS 256
#endif

/* clbench:kernel reduce_long
 *   contract   generic
 *   summary    per-work-group sums of 64-bit integers through local memory
 *   reproduces beyond the seeds: a 64-bit integer reduction, checked exactly
 *   dims       N
 *   param      WGS = 256 in 32,64,128,256,512 "work-group size (a power of two)"
 *   size       cpu 4M gpu 64M
 *   arg        n       int = N
 *   arg        in      long[N] in random
 *   arg        partial long[ceil(N, WGS)] out
 *   arg        scratch local[WGS * 8]
 *   global     round_up(N, WGS)
 *   local      WGS
 *   bytes      8 * N + 8 * ceil(N, WGS)
 *   verify     reduce_long_ref
 */
__kernel __attribute__((reqd_work_group_size(WGS, 1, 1))) void
reduce_long(const int n, __global const long *in, __global long *partial, __local long *scratch)
{
    const int lid = get_local_id(0), i = get_global_id(0);

    scratch[lid] = i < n ? in[i] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int stride = WGS / 2; stride > 0; stride >>= 1) {
        if (lid < stride)
            scratch[lid] += scratch[lid + stride];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        partial[get_group_id(0)] = scratch[0];
}

/* clbench:kernel reduce_long_ref
 *   contract   generic
 *   summary    the same 64-bit partial sums, one work-item per group (the reference)
 *   dims       N
 *   param      WGS = 256 in 32,64,128,256,512 "elements per partial sum"
 *   size       cpu 4M gpu 64M
 *   arg        n       int = N
 *   arg        in      long[N] in random
 *   arg        partial long[ceil(N, WGS)] out
 *   arg        scratch local[8]
 *   global     ceil(N, WGS)
 *   bytes      8 * N + 8 * ceil(N, WGS)
 */
__kernel void reduce_long_ref(const int n, __global const long *in, __global long *partial,
                              __local long *scratch)
{
    const int g = get_global_id(0), end = min(n, (g + 1) * WGS);
    long sum = 0;

    (void)scratch; /* in the list only so that the arguments match reduce_long's */
    for (int i = g * WGS; i < end; i++)
        sum += in[i];
    partial[g] = sum;
}
