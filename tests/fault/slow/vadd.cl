/* Fault: a right result after a long useless loop (x * 0.5 + x * 0.5 == x exactly, which the
 * compiler may not assume without -cl-fast-relaxed-math), for --max-time. */
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
