/* Fault: writes outside the output.  Every element inside it is right, so only the guard
 * regions around the output buffer can tell. */
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
