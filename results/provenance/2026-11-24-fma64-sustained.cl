/* A sustained FP64 FMA probe: peak_fma's double chains, run for seconds instead of a burst,
 * to read the clock the H100 holds under a long double-precision load. */

/* clbench:kernel fma64_sustained
 *   contract   generic
 *   summary    8 chains x 2048 double FMAs per work-item
 *   reproduces beyond the seeds: peak_fma (double) held for seconds
 *   dims       N
 *   size       gpu 4M
 *   arg        n     int = N
 *   arg        x     double[N] in random
 *   arg        y     double[N] out
 *   global     N
 *   local      256
 *   flops      2 * 8 * 2048 * N
 *   bytes      16 * N
 */
__kernel void fma64_sustained(const int n, __global const double *x, __global double *y)
{
    const int i = get_global_id(0);
    const double v = x[i < n ? i : 0];
    double a0 = v, a1 = v + 1, a2 = v + 2, a3 = v + 3, a4 = v + 4, a5 = v + 5, a6 = v + 6,
           a7 = v + 7;

    for (int k = 0; k < 2048; k++) {
        a0 = a0 * 0.9 + 0.1;
        a1 = a1 * 0.9 + 0.1;
        a2 = a2 * 0.9 + 0.1;
        a3 = a3 * 0.9 + 0.1;
        a4 = a4 * 0.9 + 0.1;
        a5 = a5 * 0.9 + 0.1;
        a6 = a6 * 0.9 + 0.1;
        a7 = a7 * 0.9 + 0.1;
    }
    if (i < n)
        y[i] = ((a0 + a1) + (a2 + a3)) + ((a4 + a5) + (a6 + a7));
}
