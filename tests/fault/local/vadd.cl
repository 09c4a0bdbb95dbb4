/* Fault: vadd_local declares 64 MiB of local memory, more than any device has.  The host's
 * plan expects 3 * WGS floats; only the built kernel knows better. */
#ifndef WGS
#define WGS 256
#endif

__kernel void vadd(const int n, __global const float *a, __global const float *b,
                   __global float *c)
{
    const int i = get_global_id(0);

    if (i < n)
        c[i] = a[i] + b[i];
}

__kernel void vadd_local(const int n, __global const float *a, __global const float *b,
                         __global float *c)
{
    __local float huge[16 * 1024 * 1024];
    const int i = get_global_id(0);
    const int li = get_local_id(0);

    huge[li * 65536] = i < n ? a[i] + b[i] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (i < n)
        c[i] = huge[li * 65536];
}
