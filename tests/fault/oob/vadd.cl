/* Fault: writes outside the output.  Every element inside it is right, so only the guard
 * regions around the output buffer can tell. */
/* clbench:kernel vadd
 *   contract   vadd
 *   global     round_up(ceil(N, VEC), WGS)
 *   local      WGS
 *   summary    c = a + b, one element per work-item
 *   reproduces 004 vecAdd: one element per work-item, no local memory
 *   size       cpu 16M gpu 64M shared 16M
 *   param      VEC = 1 in 1,2,4,8,16 "floats per work-item, loaded as one vector word"
 *   param      WGS = 256 in 1..1024 "work-group size"
 *   param      NT = 0 in 0,1 "1: non-temporal stores (clang's builtin; pays on CPUs)"
 */
/* clbench:kernel vadd_local
 *   contract   vadd
 *   global     round_up(ceil(N, VEC), WGS)
 *   local      WGS
 *   local_mem  3 * VEC * REAL_SIZE * WGS
 *   summary    c = a + b through local memory (the seed's pointless staging)
 *   reproduces 004 vecAddLocal: the same add staged through local memory with barriers
 *   size       cpu 16M gpu 64M shared 16M
 *   param      VEC = 1 in 1,2,4,8,16 "floats per work-item, loaded as one vector word"
 *   param      WGS = 256 in 1..1024 "work-group size"
 *   param      NT = 0 in 0,1 "1: non-temporal stores (clang's builtin; pays on CPUs)"
 *   twin       vadd
 */
__kernel void vadd(const int n, __global const float *a, __global const float *b,
                   __global float *c)
{
    const int i = get_global_id(0);

    if (i <= n) /* off by one: work-item n writes c[n] */
        c[i] = a[min(i, n - 1)] + b[min(i, n - 1)];
}

__kernel void vadd_local(const int n, __global const float *a, __global const float *b,
                         __global float *c)
{
    const int i = get_global_id(0);

    if (i < n)
        c[i] = a[i] + b[i];
    if (i == 0)
        c[i - 1] = 0.0f; /* before the start */
}
