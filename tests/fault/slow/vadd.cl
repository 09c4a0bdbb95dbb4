/* Fault: a right result after a long useless loop (x * 0.5 + x * 0.5 == x exactly, which the
 * compiler may not assume without -cl-fast-relaxed-math), for --max-time. */
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
#ifndef SPIN
#define SPIN (1 << 16)
#endif

__kernel void vadd(const int n, __global const float *a, __global const float *b,
                   __global float *c)
{
    const int i = get_global_id(0);
    float x = i < n ? a[i] : 0.0f;

    for (int k = 0; k < SPIN; k++)
        x = x * 0.5f + x * 0.5f;
    if (i < n)
        c[i] = x + b[i];
}

__kernel void vadd_local(const int n, __global const float *a, __global const float *b,
                         __global float *c)
{
    vadd(n, a, b, c);
}
