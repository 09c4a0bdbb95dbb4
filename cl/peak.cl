/* cl/peak.cl -- clbench's own peak probes, run once per device to give "fraction of peak" a
 * measured denominator (host/peak.c).  Not registry rows.
 *
 * Bandwidth (seed 003: peak bandwidth is what the memory system gives, not the datasheet):
 * peak_read sums RPT float4 words per work-item and writes one float, peak_write writes
 * float4 words computed from the index, peak_copy copies float4 words.  Consecutive
 * work-items touch consecutive words (coalesced, seed 000).
 * Arithmetic (seed 002: ILP hides latency as well as threads do): peak_fma runs CHAINS
 * independent multiply-add chains per work-item.
 *
 * Build parameters (-D; the defaults let the file build alone):
 *   WGS     work-group size                          default 256
 *   RPT     float4 words read per work-item (read)    default 16
 *   ITERS   multiply-adds per chain (fma)             default 1024
 */
#ifndef WGS
#define WGS 256
#endif
#ifndef RPT
#define RPT 16
#endif
#ifndef ITERS
#define ITERS 1024
#endif
#define CHAINS 8

__kernel __attribute__((reqd_work_group_size(WGS, 1, 1))) void
peak_read(const int n, __global const float4 *restrict in, __global float *restrict out)
{
    const int i = get_global_id(0);
    const int items = n / (4 * RPT);
    float4 sum = (float4)(0.0f);

    if (i >= items)
        return;
    for (int j = 0; j < RPT; j++)
        sum += in[i + j * items];
    out[i] = (sum.x + sum.y) + (sum.z + sum.w);
}

__kernel __attribute__((reqd_work_group_size(WGS, 1, 1))) void
peak_write(const int n, __global float4 *restrict out)
{
    const int i = get_global_id(0);

    if (i < n / 4)
        out[i] = (float4)((float)(i & 1023), 1.0f, 2.0f, 3.0f);
}

__kernel __attribute__((reqd_work_group_size(WGS, 1, 1))) void
peak_copy(const int n, __global const float4 *restrict in, __global float4 *restrict out)
{
    const int i = get_global_id(0);

    if (i < n / 4)
        out[i] = in[i];
}

/* x <- 0.9 x + 0.1 contracts towards 1, so float and double agree to a few ulps after any
 * number of steps and the host can check the result. */
__kernel __attribute__((reqd_work_group_size(WGS, 1, 1))) void
peak_fma(const int n, __global const float *restrict in, __global float *restrict out)
{
    const int i = get_global_id(0);
    float x[CHAINS];

    if (i >= n)
        return;
    for (int c = 0; c < CHAINS; c++)
        x[c] = in[i] + 0.125f * c;
    for (int k = 0; k < ITERS; k++)
#pragma unroll
        for (int c = 0; c < CHAINS; c++)
            x[c] = mad(x[c], 0.9f, 0.1f);
    out[i] = ((x[0] + x[1]) + (x[2] + x[3])) + ((x[4] + x[5]) + (x[6] + x[7]));
}
