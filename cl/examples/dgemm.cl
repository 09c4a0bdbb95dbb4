/* Double-precision matrix multiplication, C = A * B (row-major, A is M x K), through the generic
 * contract: double[] buffers need cl_khr_fp64, and a device without it gets rows `unsupported`
 * naming the extension (Mesa's llvmpipe under Rusticl), not a build error.  dgemm_tiled stages
 * TS x TS tiles of A and B in local memory; dgemm_naive, one work-item per element reading A
 * and B from global memory, is its reference.  Both add the K products in the same order, so
 * the type's default tolerances (rtol 1e-12, atol 1e-13) hold with room to spare.
 *
 * Run: clbench --kernel-file cl/examples/dgemm.cl -n 512x512x512
 */
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#ifndef TS
#define TS 16
#endif

/* clbench:kernel dgemm_tiled
 *   contract   generic
 *   summary    DGEMM through TS x TS tiles in local memory (double)
 *   reproduces beyond the seeds: DGEMM, the double-precision matmul scientific codes run
 *   dims       M N K
 *   param      TS = 16 in 4,8,16,32 "tile edge; the work-group is TS x TS"
 *   size       cpu 256 gpu 2048
 *   arg        m int = M
 *   arg        n int = N
 *   arg        k int = K
 *   arg        a double[M * K] in random
 *   arg        b double[K * N] in random
 *   arg        c double[M * N] out
 *   global     round_up(N, TS), round_up(M, TS)
 *   local      TS, TS
 *   local_mem  2 * TS * TS * 8
 *   flops      2 * M * N * K
 *   bytes      8 * (M * K + K * N + M * N)
 *   metric     gflops
 *   twin       dgemm_naive
 *   verify     dgemm_naive
 */
__kernel __attribute__((reqd_work_group_size(TS, TS, 1))) void
dgemm_tiled(const int m, const int n, const int k, __global const double *a,
            __global const double *b, __global double *c)
{
    __local double ta[TS][TS], tb[TS][TS];
    const int tx = get_local_id(0), ty = get_local_id(1);
    const int col = get_global_id(0), row = get_global_id(1);
    double sum = 0.0;

    for (int t = 0; t < k; t += TS) {
        /* Elements past an edge load as 0, which adds nothing. */
        ta[ty][tx] = row < m && t + tx < k ? a[row * k + t + tx] : 0.0;
        tb[ty][tx] = t + ty < k && col < n ? b[(t + ty) * n + col] : 0.0;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int i = 0; i < TS; i++)
            sum += ta[ty][i] * tb[i][tx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row < m && col < n)
        c[row * n + col] = sum;
}

/* clbench:kernel dgemm_naive
 *   contract   generic
 *   summary    DGEMM, one work-item per element from global memory (double; the reference)
 *   dims       M N K
 *   size       cpu 256 gpu 2048
 *   arg        m int = M
 *   arg        n int = N
 *   arg        k int = K
 *   arg        a double[M * K] in random
 *   arg        b double[K * N] in random
 *   arg        c double[M * N] out
 *   global     N, M
 *   flops      2 * M * N * K
 *   bytes      8 * (M * K + K * N + M * N)
 *   metric     gflops
 */
__kernel void dgemm_naive(const int m, const int n, const int k, __global const double *a,
                          __global const double *b, __global double *c)
{
    const int col = get_global_id(0), row = get_global_id(1);
    double sum = 0.0;

    for (int i = 0; i < k; i++)
        sum += a[row * k + i] * b[i * n + col];
    c[row * n + col] = sum;
}
