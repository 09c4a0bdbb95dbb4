/* SAXPY, z = alpha * x + y, the BLAS level-1 kernel with a float scalar: `alpha` is an
 * argument of type float, its value a decimal number in the manifest.  saxpy_vec4 loads four
 * floats at a time through vector views of the same buffers (float4*, which the argument check
 * accepts for float[N]); saxpy is the one-element-per-work-item version it is checked against.
 * Both compute one multiply-add per element, so they agree to the last bit unless a compiler
 * contracts one into an FMA and not the other: rtol 1e-6 covers that.
 *
 * Run: clbench --kernel-file cl/examples/saxpy.cl
 */

/* clbench:kernel saxpy
 *   contract   generic
 *   summary    z = alpha * x + y, one element per work-item (float alpha)
 *   reproduces beyond the seeds: BLAS SAXPY, a kernel with a float scalar
 *   dims       N
 *   size       cpu 4M gpu 64M
 *   arg        n     int = N
 *   arg        alpha float = 2.5
 *   arg        x     float[N] in random
 *   arg        y     float[N] in random
 *   arg        z     float[N] out
 *   global     N
 *   flops      2 * N
 *   bytes      12 * N
 */
__kernel void saxpy(const int n, const float alpha, __global const float *x,
                    __global const float *y, __global float *z)
{
    const int i = get_global_id(0);

    if (i < n)
        z[i] = alpha * x[i] + y[i];
}

/* clbench:kernel saxpy_vec4
 *   contract   generic
 *   summary    z = alpha * x + y, four elements per work-item through float4 views
 *   dims       N
 *   size       cpu 4M gpu 64M
 *   arg        n     int = N
 *   arg        alpha float = 2.5
 *   arg        x     float[N] in random
 *   arg        y     float[N] in random
 *   arg        z     float[N] out
 *   global     ceil(N, 4)
 *   flops      2 * N
 *   bytes      12 * N
 *   verify     saxpy rtol 1e-6 atol 1e-7
 */
__kernel void saxpy_vec4(const int n, const float alpha, __global const float4 *x,
                         __global const float4 *y, __global float4 *z)
{
    const int i = get_global_id(0);

    if (4 * i + 3 < n) {
        z[i] = alpha * x[i] + y[i];
    } else {
        /* The tail of an N that is not a multiple of 4, one float at a time. */
        __global const float *xs = (__global const float *)x, *ys = (__global const float *)y;
        __global float *zs = (__global float *)z;

        for (int k = 4 * i; k < n; k++)
            zs[k] = alpha * xs[k] + ys[k];
    }
}
