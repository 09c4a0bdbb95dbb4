/* Fault: does not compile (a missing semicolon and an undeclared name). */
__kernel void vadd(const int n, __global const float *a, __global const float *b,
                   __global float *c)
{
    const int i = get_global_id(0)
    if (i < n)
        c[i] = a[i] + b[i] + undeclared_name;
}

__kernel void vadd_local(const int n, __global const float *a, __global const float *b,
                         __global float *c)
{
    vadd(n, a, b, c);
}
