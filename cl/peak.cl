/* cl/peak.cl -- clbench's own peak probes, run once per device to give "fraction of peak" a
 * measured denominator (host/peak.c).  Not registry rows.
 *
 * Bandwidth (seed 003: peak bandwidth is what the memory system gives, not the datasheet):
 * peak_read sums RPT float4 words per work-item and writes one float, peak_write writes
 * float4 words computed from the index, peak_copy copies float4 words.  Consecutive
 * work-items touch consecutive words (coalesced, seed 000).
 * Arithmetic (seed 002: ILP hides latency as well as threads do): peak_fma runs 4
 * independent float8 multiply-add chains per work-item (32 lanes): explicit vectors, so that
 * a CPU runtime reaches its SIMD units whether or not it vectorises across work-items (PoCL
 * 5.0 to 6.x do not), and enough independent work for a GPU's latency.
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
 * number of steps and the host can check the result.  No early return: every work-item of a
 * group runs the same straight-line loop. */
__kernel __attribute__((reqd_work_group_size(WGS, 1, 1))) void
peak_fma(const int n, __global const float *restrict in, __global float *restrict out)
{
    const int i = get_global_id(0);
    const float base = in[i < n ? i : 0];
    float8 x0 = base + (float8)(0.0f, 1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f, 7.0f) * 0.125f;
    float8 x1 = x0 + 1.0f, x2 = x0 + 2.0f, x3 = x0 + 3.0f;

    for (int k = 0; k < ITERS; k++) {
        x0 = mad(x0, 0.9f, 0.1f);
        x1 = mad(x1, 0.9f, 0.1f);
        x2 = mad(x2, 0.9f, 0.1f);
        x3 = mad(x3, 0.9f, 0.1f);
    }
    if (i < n) {
        const float8 s = (x0 + x1) + (x2 + x3);
        out[i] = ((s.s0 + s.s1) + (s.s2 + s.s3)) + ((s.s4 + s.s5) + (s.s6 + s.s7));
    }
}
