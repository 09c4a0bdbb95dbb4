/* A student's own tiled matrix multiply, declared to clbench by the manifests below: no C and
 * no rebuild.  C[M][N] = A[M][K] * B[K][N], row-major (the matmul contract).
 *
 *   student_mm         TILE x TILE tiles of A and B in local memory, like matmul_tiled, but
 *                      each work-item computes WPT columns of C (strided by TILE/WPT, so that
 *                      neighbouring work-items touch neighbouring words): a work-group is
 *                      TILE/WPT x TILE work-items, a different NDRange shape
 *   student_mm_global  the same NDRange and the same WPT columns per work-item, read straight
 *                      from global memory: its twin, for the local-memory verdict
 *
 * Run: clbench --kernel-file cl/examples/student_matmul.cl -k matmul_tiled,matmul_naive
 */

/* clbench:kernel student_mm
 *   contract   matmul
 *   summary    TILE x TILE local tiles, WPT columns of C per work-item
 *   reproduces 004 tiled matmul with more work per work-item (001's idea along one dimension)
 *   param      TILE = 16 in 4,8,16,32 "tile edge and k-step"
 *   param      WPT = 4 in 1,2,4,8 "C columns per work-item"
 *   require    WPT divides TILE
 *   global     round_up(N, TILE) / WPT, round_up(M, TILE)
 *   local      TILE / WPT, TILE
 *   local_mem  2 * TILE * TILE * 4
 *   size       cpu 512 gpu 4096
 *   twin       student_mm_global
 */

/* clbench:kernel student_mm_global
 *   contract   matmul
 *   summary    student_mm without local memory: the same WPT columns per work-item
 *   reproduces 004's question: does local memory help on this device?
 *   param      TILE = 16 in 4,8,16,32 "work-group height; TILE/WPT wide"
 *   param      WPT = 4 in 1,2,4,8 "C columns per work-item"
 *   require    WPT divides TILE
 *   global     round_up(N, TILE) / WPT, round_up(M, TILE)
 *   local      TILE / WPT, TILE
 *   size       cpu 512 gpu 4096
 */

#ifndef TILE
#define TILE 16
#endif
#ifndef WPT
#define WPT 4
#endif
#define RTS (TILE / WPT) /* work-items along a tile row */

__kernel void student_mm(const int M, const int N, const int K, __global const float *A,
                         __global const float *B, __global float *C)
{
    __local float As[TILE][TILE];
    __local float Bs[TILE][TILE];
    const int lx = get_local_id(0), ly = get_local_id(1);
    const int col0 = get_group_id(0) * TILE + lx;
    const int row = get_global_id(1);
    float acc[WPT];

    for (int w = 0; w < WPT; w++)
        acc[w] = 0.0f;
    for (int k0 = 0; k0 < K; k0 += TILE) {
        for (int w = 0; w < WPT; w++) {
            const int c = lx + w * RTS;

            As[ly][c] = row < M && k0 + c < K ? A[row * K + k0 + c] : 0.0f;
            Bs[ly][c] = k0 + ly < K && col0 + w * RTS < N ? B[(k0 + ly) * N + col0 + w * RTS] : 0.0f;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TILE; k++) {
            const float a = As[ly][k];

            for (int w = 0; w < WPT; w++)
                acc[w] += a * Bs[k][lx + w * RTS];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int w = 0; w < WPT; w++)
        if (row < M && col0 + w * RTS < N)
            C[row * N + col0 + w * RTS] = acc[w];
}

__kernel void student_mm_global(const int M, const int N, const int K, __global const float *A,
                                __global const float *B, __global float *C)
{
    const int col0 = get_group_id(0) * TILE + get_local_id(0);
    const int row = get_global_id(1);
    float acc[WPT];

    if (row >= M)
        return;
    for (int w = 0; w < WPT; w++)
        acc[w] = 0.0f;
    for (int k = 0; k < K; k++) {
        const float a = A[row * K + k];

        for (int w = 0; w < WPT; w++)
            if (col0 + w * RTS < N)
                acc[w] += a * B[k * N + col0 + w * RTS];
    }
    for (int w = 0; w < WPT; w++)
        if (col0 + w * RTS < N)
            C[row * N + col0 + w * RTS] = acc[w];
}
