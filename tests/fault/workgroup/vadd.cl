/* Fault: the kernel was compiled for work-groups of WGS/2 (reqd_work_group_size) but the host
 * launches WGS, as when a kernel's real limit is below what its parameters ask for. */
#ifndef WGS
#define WGS 256
#endif

__kernel __attribute__((reqd_work_group_size(WGS / 2, 1, 1))) void
vadd(const int n, __global const float *a, __global const float *b, __global float *c)
{
    const int i = get_global_id(0);

    if (i < n)
        c[i] = a[i] + b[i];
}

__kernel void vadd_local(const int n, __global const float *a, __global const float *b,
                         __global float *c)
{
    const int i = get_global_id(0);

    if (i < n)
        c[i] = a[i] + b[i];
}
