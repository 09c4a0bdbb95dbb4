/* A user's vector add through the vadd contract: four floats per work-item as one float4
 * load, the n % 4 floats past the last whole vector done one by one.
 *
 * Run: clbench --kernel-file cl/examples/vadd4.cl -k vadd4,vadd
 */

/* clbench:kernel vadd4
 *   contract   vadd
 *   summary    c = a + b, one float4 per work-item
 *   reproduces 004 vecAdd with vector loads
 *   param      WGS = 128 in 32..1024 "work-group size"
 *   global     round_up(ceil(N, 4), WGS)
 *   local      WGS
 *   size       cpu 4M gpu 64M
 */
__kernel void vadd4(const int n, __global const float *a, __global const float *b,
                    __global float *c)
{
    const int i = get_global_id(0) * 4;

    if (i + 3 < n)
        vstore4(vload4(0, a + i) + vload4(0, b + i), 0, c + i);
    else
        for (int j = i; j < n; j++)
            c[j] = a[j] + b[j];
}
