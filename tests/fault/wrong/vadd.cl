/* Fault: a wrong result (a - b instead of a + b) in every element. */
__kernel void vadd(const int n, __global const float *a, __global const float *b,
                   __global float *c)
{
    const int i = get_global_id(0);

    if (i < n)
        c[i] = a[i] - b[i];
}

__kernel void vadd_local(const int n, __global const float *a, __global const float *b,
                         __global float *c)
{
    vadd(n, a, b, c);
}
