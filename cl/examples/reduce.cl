/* A reduction through the generic contract: each work-group sums WGS floats into one partial
 * sum (the host, or a second pass, adds the partial sums).  reduce_local is the classic
 * local-memory tree; reduce_ref is the simple version it is verified against: one work-item
 * per group adding its WGS elements one after the other.  The two add in different orders, so
 * the check allows the rounding of a 512-term float sum (atol 1e-4; the terms are in [-1, 1)).
 *
 * Run: clbench --kernel-file cl/examples/reduce.cl
 */

#ifndef WGS
#define WGS 256
#endif

/* clbench:kernel reduce_local
 *   contract   generic
 *   summary    per-work-group sums through local memory (tree reduction)
 *   reproduces beyond the seeds: a reduction, the classic local-memory exercise
 *   dims       N
 *   param      WGS = 256 in 32,64,128,256,512 "work-group size (a power of two)"
 *   require    WGS divides 1024
 *   size       cpu 4M gpu 64M
 *   arg        n       int = N
 *   arg        in      float[N] in random
 *   arg        partial float[ceil(N, WGS)] out
 *   arg        scratch local[WGS * 4]
 *   global     round_up(N, WGS)
 *   local      WGS
 *   flops      N
 *   bytes      4 * N + 4 * ceil(N, WGS)
 *   verify     reduce_ref rtol 1e-5 atol 1e-4
 */
__kernel __attribute__((reqd_work_group_size(WGS, 1, 1))) void
reduce_local(const int n, __global const float *in, __global float *partial,
             __local float *scratch)
{
    const int lid = get_local_id(0), i = get_global_id(0);

    scratch[lid] = i < n ? in[i] : 0.0f; /* the last group's missing elements add nothing */
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int stride = WGS / 2; stride > 0; stride >>= 1) {
        if (lid < stride)
            scratch[lid] += scratch[lid + stride];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        partial[get_group_id(0)] = scratch[0];
}

/* clbench:kernel reduce_ref
 *   contract   generic
 *   summary    the same partial sums, one work-item per group adding sequentially (reference)
 *   dims       N
 *   param      WGS = 256 in 32,64,128,256,512 "elements per partial sum"
 *   size       cpu 4M gpu 64M
 *   arg        n       int = N
 *   arg        in      float[N] in random
 *   arg        partial float[ceil(N, WGS)] out
 *   arg        scratch local[4]
 *   global     ceil(N, WGS)
 *   flops      N
 *   bytes      4 * N + 4 * ceil(N, WGS)
 */
__kernel void reduce_ref(const int n, __global const float *in, __global float *partial,
                         __local float *scratch)
{
    const int g = get_global_id(0), end = min(n, (g + 1) * WGS);
    float sum = 0.0f;

    (void)scratch; /* in the list only so that the arguments match reduce_local's */
    for (int i = g * WGS; i < end; i++)
        sum += in[i];
    partial[g] = sum;
}
