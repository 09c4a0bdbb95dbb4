/* Session 21's DGEMM experiments (calls D1-D13, results/provenance/2026-11-27-gpu-host-s21-d*.sh):
 * cl/matmul.cl of ab1fb78 with every manifest but matmul_fast's switched off, matmul_fast renamed
 * dgemm_exp, its verify/baseline/plan/then/libraries lines dropped (so that variants with wrong
 * results still time: `unverified`) and global/local sizes added, and the SCHED=1 loop given the
 * EXP_* switches below (all 0 or the shipped position by default, which is matmul_fast's code):
 *   EXP_FIXK      every k-tile loads the first tile again (wrong results: global memory cached)
 *   EXP_NOBAR     no barrier (wrong results)
 *   EXP_NOSTS     no local stores of the next tile (wrong results; its loads are dead code too)
 *   EXP_ASTORE    1: no A store, 2: A stored as B is (wrong results)
 *   EXP_BSTORE    1: no B store (wrong results)
 *   EXP_NOLDG     no global loads, constants stored (wrong results)
 *   EXP_STA/STB   the k-step that stores A's / B's part (default the last)
 *   EXP_LDB       the k-step that loads B's part (default: with A's, at the tile's start)
 *   EXP_PREFETCH  prefetch() of the tile two ahead
 *   EXP_ASYNC     1: both tiles by async_work_group_(strided_)copy, 2: B's only
 *   EXP_COAL      each double4 staged as two double2 from neighbouring 16 bytes across the group
 *   EXP_JOINT     one branch for both tiles' loads: unguarded vectors, or the guarded loads
 *   EXP_PTR       as EXP_JOINT, the vectors' addresses from pointers set once before the loop
 *   EXP_UNROLL2   the loop over k-tiles unrolled twice (EXP_UNROLL4: four times)
 * Those not marked wrong verified on PoCL with a verify line added.  Written for 4096^3 (whole
 * tiles); not part of clbench.  The calls ran it as .gpu/clx/dgemm_exp.cl beside a copy of
 * cl/real.h, which it includes; D1-D11 ran earlier states of it, with fewer switches and the
 * same defaults. */
/* cl/matmul.cl -- single-precision matrix multiply C = A * B, the ladder of the source material.
 *
 * All matrices are row-major: A is M x K, B is K x N, C is M x N.  Every kernel takes
 * (M, N, K, A, B, C) and maps NDRange dimension 0 to the COLUMNS of C (n) and dimension 1 to
 * its ROWS (m), so that neighbouring work-items in dimension 0 read neighbouring elements of
 * B and write neighbouring elements of C (coalesced on a GPU, unit-stride for a CPU's vector
 * units).  Any M, N, K >= 1 is allowed: the host rounds the NDRange up, and every kernel
 * zero-fills the parts of its tiles that fall outside the matrices (matmul_fast with EDGE=1:
 * only along k) and stores only inside C.
 *
 * The ladder, rung by rung (seed experiment in brackets, as in docs/kernels.md's table):
 *   matmul_naive     one C element per work-item, WGX x WGY work-group [000: blocks 1x128
 *                    vs 128x1 -- -D WGX=1 -D WGY=128 gives the slow, uncoalesced shape,
 *                    -D WGX=128 -D WGY=1 the fast one; CGMA 1, 003]
 *   matmul_tiled     TILE x TILE tiles of A and B in local memory [004's kernel, 003's CGMA =
 *                    TILE; 000's "tiled in shared memory"]
 *   matmul_regblock  each work-item computes an RX x RY block of C (columns x rows); tiles of
 *                    A (TILE*RY x TILE) and B (TILE x TILE*RX) in local memory [001's
 *                    results-per-thread grid; CGMA = 2*TILE/(1/RX + 1/RY)]
 *   matmul_cached    matmul_regblock without local memory or barriers: the same work-item
 *                    blocks read straight from global memory through the caches [the twin
 *                    that answers 004's "does local memory help on this device?"]
 *   matmul_rank1     000's best: only A's tile in local memory; each work-item streams one
 *                    column of B through a register and keeps RM results of that column in
 *                    registers, so that each k is a rank-1 update of the WG x RM block
 *   matmul_fast      2-D register blocking (WPTM x WPTN per work-item, TSM x TSN per
 *                    work-group), A stored transposed and B as is in local memory so that
 *                    both are read along m and n with vector loads, optional padding against
 *                    bank conflicts, double-buffered tiles prefetched through registers (one
 *                    barrier per k-step), float4 global loads where K (for A) or N (for B) is a
 *                    multiple of 4, edges guarded or (EDGE=1) clamped [beyond the seeds: the
 *                    design of CLBlast's Xgemm and the "myGEMM" kernels]; with KSPLIT > 1
 *                    split-K, K in slices into a workspace that matmul_fast_sum adds up [the
 *                    remedy of CUTLASS and cuBLAS for fewer tiles of C than SMs, K long]
 *
 * Work-item blocks are strided ("row = ty + i * local rows"), not contiguous, wherever a
 * work-item owns several elements: neighbours then touch neighbouring addresses, which keeps
 * global accesses coalesced and local accesses free of bank conflicts.  matmul_fast instead
 * owns VWM (VWN) contiguous elements per stride, so that its local reads are vector loads.
 *
 * Build parameters: each kernel's manifest below declares its -D parameters once (name,
 * default, allowed values, help; `clbench --list-kernels` prints them), REAL comes from
 * --type (real.h); the #ifndef defaults under this banner let the file build alone, are the GPU
 * defaults and equal the manifests' (a unit test checks).
 * The host checks every constraint between these parameters before building, and reports a
 * violated one as the row's status instead of building.
 */
#include "real.h" /* REAL (default float) and the fp64/fp16 extensions */
#ifndef WGX
#define WGX 16
#endif
#ifndef WGY
#define WGY 16
#endif
#ifndef TILE
#define TILE 16
#endif
#ifndef RX
#define RX 4
#endif
#ifndef RY
#define RY 4
#endif
#ifndef WG
#define WG 64
#endif
#ifndef RM
#define RM 16
#endif
#ifndef TK
#define TK 16
#endif
#ifndef TSM
#define TSM 128
#endif
#ifndef TSN
#define TSN 128
#endif
#ifndef TSK
#define TSK 16
#endif
#ifndef WPTM
#define WPTM 8
#endif
#ifndef WPTN
#define WPTN 8
#endif
#ifndef VWM
#define VWM 4
#endif
#ifndef VWN
#define VWN 4
#endif
#ifndef PAD
#define PAD 0
#endif
#ifndef EDGE
#define EDGE 0
#endif
#ifndef KSPLIT
#define KSPLIT 1
#endif
#ifndef EXP_FIXK
#define EXP_FIXK 0
#endif
#ifndef EXP_PREFETCH
#define EXP_PREFETCH 0
#endif
#ifndef EXP_NOSTS
#define EXP_NOSTS 0
#endif
#ifndef EXP_LDB
#define EXP_LDB -1
#endif
#ifndef EXP_STA
#define EXP_STA (TSK - 1)
#endif
#ifndef EXP_STB
#define EXP_STB (TSK - 1)
#endif
#ifndef EXP_ASTORE
#define EXP_ASTORE 0
#endif
#ifndef EXP_BSTORE
#define EXP_BSTORE 0
#endif
#ifndef EXP_NOLDG
#define EXP_NOLDG 0
#endif
#ifndef EXP_ASYNC
#define EXP_ASYNC 0
#endif
#ifndef EXP_COAL
#define EXP_COAL 0
#endif
#ifndef EXP_JOINT
#define EXP_JOINT 0
#endif
#ifndef EXP_PTR
#define EXP_PTR 0
#endif
#ifndef EXP_UNROLL2
#define EXP_UNROLL2 0
#endif
#ifndef EXP_UNROLL4
#define EXP_UNROLL4 0
#endif
#ifndef EXP_NOBAR
#define EXP_NOBAR 0
#endif
#ifndef SCHED
#define SCHED 0
#endif

/* clbench-off:kernel matmul_naive
 *   dims       M N K
 *   arg        m int = M
 *   arg        n int = N
 *   arg        k int = K
 *   arg        a REAL[M * K] in
 *   arg        b REAL[K * N] in
 *   arg        c REAL[M * N] out
 *   flops      2 * M * N * K
 *   bytes      (M * K + K * N + M * N) * REAL_SIZE
 *   metric     gflops
 *   baseline   matmul_naive
 *   verify     host_matmul
 *   global     round_up(N, WGX), round_up(M, WGY)
 *   local      WGX, WGY
 *   summary    one C element per work-item straight from global memory (CGMA 1)
 *   reproduces 000 matmul ladder: naive, thread blocks 1x128 vs 128x1 (-D WGX=1 -D WGY=128 vs -D WGX=128 -D WGY=1)
 *   size       cpu 512 gpu 4096 shared 1024
 *   # shared: the side-by-side size (several devices, no --size).  A CPU alone runs 512^3: both
 *   # sizes keep this slowest kernel within the main job's minute (results/README.md, "What the
 *   # code's thresholds rest on").
 *   param      WGX = 16 in 1..1024 "work-group extent along C's columns (dimension 0)"
 *   param      WGY = 16 in 1..1024 "work-group extent along C's rows (dimension 1)"
 *   libraries  sgemm_cublas sgemm_openblas
 *   require    M * K <= 2147483647 && K * N <= 2147483647 && M * N <= 2147483647 "a matrix has 2^31 elements or more: the kernels index with int"
 */
__kernel __attribute__((reqd_work_group_size(WGX, WGY, 1))) void
matmul_naive(const int M, const int N, const int K, __global const REAL *restrict A,
             __global const REAL *restrict B, __global REAL *restrict C)
{
    const int col = get_global_id(0);
    const int row = get_global_id(1);
    REAL acc = 0;

    if (row >= M || col >= N)
        return;
    for (int k = 0; k < K; k++)
        acc += A[row * K + k] * B[k * N + col];
    C[row * N + col] = acc;
}

/* clbench-off:kernel matmul_tiled
 *   dims       M N K
 *   arg        m int = M
 *   arg        n int = N
 *   arg        k int = K
 *   arg        a REAL[M * K] in
 *   arg        b REAL[K * N] in
 *   arg        c REAL[M * N] out
 *   flops      2 * M * N * K
 *   bytes      (M * K + K * N + M * N) * REAL_SIZE
 *   metric     gflops
 *   baseline   matmul_naive
 *   verify     host_matmul
 *   global     round_up(N, TILE), round_up(M, TILE)
 *   local      TILE, TILE
 *   local_mem  2 * TILE * TILE * REAL_SIZE
 *   summary    TILE x TILE tiles of A and B in local memory, one C element per work-item
 *   reproduces 004 tiled matmul with TILE_SIZE (003: CGMA = TILE); 000: tiled in shared memory
 *   size       cpu 512 gpu 4096 shared 1024
 *   param      TILE = 16 in 1..64 "tile edge = work-group edge = k-step"
 *   libraries  sgemm_cublas sgemm_openblas
 *   twin       matmul_naive
 *   require    M * K <= 2147483647 && K * N <= 2147483647 && M * N <= 2147483647 "a matrix has 2^31 elements or more: the kernels index with int"
 */
__kernel __attribute__((reqd_work_group_size(TILE, TILE, 1))) void
matmul_tiled(const int M, const int N, const int K, __global const REAL *restrict A,
             __global const REAL *restrict B, __global REAL *restrict C)
{
    /* Indexed [row][column] with the column along dimension 0, unlike 004's [lX][lY]: a
     * work-group's neighbours then write neighbouring local words. */
    __local REAL As[TILE][TILE];
    __local REAL Bs[TILE][TILE];
    const int lx = get_local_id(0), ly = get_local_id(1);
    const int col = get_global_id(0), row = get_global_id(1);
    REAL acc = 0;

    for (int k0 = 0; k0 < K; k0 += TILE) {
        /* Out-of-range elements are zeros, so that the inner loop needs no guard. */
        As[ly][lx] = row < M && k0 + lx < K ? A[row * K + k0 + lx] : 0;
        Bs[ly][lx] = k0 + ly < K && col < N ? B[(k0 + ly) * N + col] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TILE; k++)
            acc += As[ly][k] * Bs[k][lx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row < M && col < N)
        C[row * N + col] = acc;
}

/* clbench-off:kernel matmul_regblock
 *   dims       M N K
 *   arg        m int = M
 *   arg        n int = N
 *   arg        k int = K
 *   arg        a REAL[M * K] in
 *   arg        b REAL[K * N] in
 *   arg        c REAL[M * N] out
 *   flops      2 * M * N * K
 *   bytes      (M * K + K * N + M * N) * REAL_SIZE
 *   metric     gflops
 *   baseline   matmul_naive
 *   verify     host_matmul
 *   # each work-item RX columns x RY rows of C
 *   global     ceil(N, TILE * RX) * TILE, ceil(M, TILE * RY) * TILE
 *   local      TILE, TILE
 *   # A's tile is TILE*RY x TILE, B's TILE x TILE*RX (001's sizes)
 *   local_mem  (TILE * RY * TILE + TILE * TILE * RX) * REAL_SIZE
 *   summary    RX x RY C elements per work-item, A and B tiles in local memory
 *   reproduces 001 results per thread: RX x RY C elements per work-item, tiles of A and B in shared memory
 *   size       cpu 512 gpu 4096 shared 1024
 *   param      TILE = 16 in 1..64 "work-group edge and k-step (001's BS)"
 *   param      RX = 4 in 1..32 "C columns per work-item"
 *   param      RY = 4 in 1..32 "C rows per work-item"
 *   libraries  sgemm_cublas sgemm_openblas
 *   twin       matmul_cached
 *   finding    grid RX RY results per work-item (seed 001)
 *   # Private arrays: acc[RY][RX].
 *   private_mem RY * RX * REAL_SIZE
 *   require    M * K <= 2147483647 && K * N <= 2147483647 && M * N <= 2147483647 "a matrix has 2^31 elements or more: the kernels index with int"
 */
__kernel __attribute__((reqd_work_group_size(TILE, TILE, 1))) void
matmul_regblock(const int M, const int N, const int K, __global const REAL *restrict A,
                __global const REAL *restrict B, __global REAL *restrict C)
{
    __local REAL As[TILE * RY][TILE];
    __local REAL Bs[TILE][TILE * RX];
    const int lx = get_local_id(0), ly = get_local_id(1);
    const int col0 = get_group_id(0) * TILE * RX, row0 = get_group_id(1) * TILE * RY;
    REAL acc[RY][RX];

    for (int i = 0; i < RY; i++)
        for (int j = 0; j < RX; j++)
            acc[i][j] = 0;
    for (int k0 = 0; k0 < K; k0 += TILE) {
        for (int i = 0; i < RY; i++) {
            const int r = row0 + ly + i * TILE;

            As[ly + i * TILE][lx] = r < M && k0 + lx < K ? A[r * K + k0 + lx] : 0;
        }
        for (int j = 0; j < RX; j++) {
            const int c = col0 + lx + j * TILE;

            Bs[ly][lx + j * TILE] = k0 + ly < K && c < N ? B[(k0 + ly) * N + c] : 0;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        /* B's values are read from local memory where they are used, not copied into a private
         * array first: PoCL 5.0 now and then compiles a private array declared inside a loop
         * that holds barriers wrongly (results/README.md, "PoCL 5.0 and private arrays"); the
         * compilers keep the RX values in registers across the RY rows all the same. */
        for (int k = 0; k < TILE; k++)
            for (int i = 0; i < RY; i++) {
                const REAL a = As[ly + i * TILE][k];

                for (int j = 0; j < RX; j++)
                    acc[i][j] += a * Bs[k][lx + j * TILE];
            }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int i = 0; i < RY; i++) {
        const int r = row0 + ly + i * TILE;

        for (int j = 0; j < RX; j++) {
            const int c = col0 + lx + j * TILE;

            if (r < M && c < N)
                C[r * N + c] = acc[i][j];
        }
    }
}

/* clbench-off:kernel matmul_cached
 *   dims       M N K
 *   arg        m int = M
 *   arg        n int = N
 *   arg        k int = K
 *   arg        a REAL[M * K] in
 *   arg        b REAL[K * N] in
 *   arg        c REAL[M * N] out
 *   flops      2 * M * N * K
 *   bytes      (M * K + K * N + M * N) * REAL_SIZE
 *   metric     gflops
 *   baseline   matmul_naive
 *   verify     host_matmul
 *   # each work-item RX columns x RY rows of C
 *   global     ceil(N, TILE * RX) * TILE, ceil(M, TILE * RY) * TILE
 *   local      TILE, TILE
 *   summary    matmul_regblock's work-item blocks read straight from global memory (caches)
 *   reproduces 004 CPU finding, as a measured twin: matmul_regblock without local memory or barriers
 *   size       cpu 512 gpu 4096 shared 1024
 *   param      TILE = 16 in 1..64 "work-group edge"
 *   param      RX = 4 in 1..32 "C columns per work-item"
 *   param      RY = 4 in 1..32 "C rows per work-item"
 *   libraries  sgemm_cublas sgemm_openblas
 *   # Private arrays: rows[RY], cols[RX] (ints), acc[RY][RX] and b[RX].
 *   private_mem (RY + RX) * 4 + (RY * RX + RX) * REAL_SIZE
 *   require    M * K <= 2147483647 && K * N <= 2147483647 && M * N <= 2147483647 "a matrix has 2^31 elements or more: the kernels index with int"
 */
__kernel __attribute__((reqd_work_group_size(TILE, TILE, 1))) void
matmul_cached(const int M, const int N, const int K, __global const REAL *restrict A,
              __global const REAL *restrict B, __global REAL *restrict C)
{
    const int lx = get_local_id(0), ly = get_local_id(1);
    const int col0 = get_group_id(0) * TILE * RX, row0 = get_group_id(1) * TILE * RY;
    /* Rows and columns outside C are clamped to the last one: they compute a duplicate that
     * is never stored, and the k loop stays free of guards. */
    int rows[RY], cols[RX];
    REAL acc[RY][RX];

    for (int i = 0; i < RY; i++)
        rows[i] = min(row0 + ly + i * TILE, M - 1);
    for (int j = 0; j < RX; j++)
        cols[j] = min(col0 + lx + j * TILE, N - 1);
    for (int i = 0; i < RY; i++)
        for (int j = 0; j < RX; j++)
            acc[i][j] = 0;
    for (int k = 0; k < K; k++) {
        REAL b[RX];

        for (int j = 0; j < RX; j++)
            b[j] = B[k * N + cols[j]];
        for (int i = 0; i < RY; i++) {
            const REAL a = A[rows[i] * K + k];

            for (int j = 0; j < RX; j++)
                acc[i][j] += a * b[j];
        }
    }
    for (int i = 0; i < RY; i++) {
        const int r = row0 + ly + i * TILE;

        for (int j = 0; j < RX; j++) {
            const int c = col0 + lx + j * TILE;

            if (r < M && c < N)
                C[r * N + c] = acc[i][j];
        }
    }
}

/* clbench-off:kernel matmul_rank1
 *   dims       M N K
 *   arg        m int = M
 *   arg        n int = N
 *   arg        k int = K
 *   arg        a REAL[M * K] in
 *   arg        b REAL[K * N] in
 *   arg        c REAL[M * N] out
 *   flops      2 * M * N * K
 *   bytes      (M * K + K * N + M * N) * REAL_SIZE
 *   metric     gflops
 *   baseline   matmul_naive
 *   verify     host_matmul
 *   global     round_up(N, WG), ceil(M, RM)
 *   local      WG, 1
 *   local_mem  RM * TK * REAL_SIZE
 *   summary    WG columns x RM rows of C per work-group, RM results per work-item in registers
 *   reproduces 000 matmul ladder's best: only A's tile in shared memory, B streamed through registers, C block in registers (rank-1 updates)
 *   size       cpu 512 gpu 4096 shared 1024
 *   param      WG = 64 in 1..1024 "work-items per work-group = C columns per work-group"
 *   param      RM = 16 in 1..64 "C rows per work-group, held in each work-item's registers"
 *   param      TK = 16 in 1..256 "k-step of A's local tile"
 *   libraries  sgemm_cublas sgemm_openblas
 *   private_mem RM * REAL_SIZE
 *   require    M * K <= 2147483647 && K * N <= 2147483647 && M * N <= 2147483647 "a matrix has 2^31 elements or more: the kernels index with int"
 */
__kernel __attribute__((reqd_work_group_size(WG, 1, 1))) void
matmul_rank1(const int M, const int N, const int K, __global const REAL *restrict A,
             __global const REAL *restrict B, __global REAL *restrict C)
{
    /* A's RM x TK tile, stored k-major so that one k is RM consecutive words that every
     * work-item reads (a broadcast). */
    __local REAL As[TK][RM];
    const int lx = get_local_id(0);
    const int col = get_global_id(0), row0 = get_group_id(1) * RM;
    const int in_n = col < N;
    REAL acc[RM];

    for (int i = 0; i < RM; i++)
        acc[i] = 0;
    for (int k0 = 0; k0 < K; k0 += TK) {
        for (int e = lx; e < RM * TK; e += WG) {
            const int r = e / TK, k = e % TK; /* consecutive work-items read along k */

            As[k][r] = row0 + r < M && k0 + k < K ? A[(row0 + r) * K + k0 + k] : 0;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TK; k++) {
            /* The column of B streams through one register: a rank-1 update per k. */
            const REAL b = in_n && k0 + k < K ? B[(k0 + k) * N + col] : 0;

            for (int i = 0; i < RM; i++)
                acc[i] += As[k][i] * b;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (in_n)
        for (int i = 0; i < RM && row0 + i < M; i++)
            C[(row0 + i) * N + col] = acc[i];
}

/* matmul_fast's shape, derived. */
#define RTSM (TSM / WPTM)             /* work-items along m (dimension 1) */
#define RTSN (TSN / WPTN)             /* work-items along n (dimension 0) */
#define THREADS (RTSM * RTSN)         /* work-group size */
#define LDA (TSM + PAD)               /* row length of the transposed A tile, As[k][m] */
#define LDB (TSN + PAD)               /* row length of the B tile, Bs[k][n] */
#define LPTA (TSM * TSK / 4 / THREADS) /* REAL4 loads of the A tile per work-item */
#define LPTB (TSN * TSK / 4 / THREADS) /* REAL4 loads of the B tile per work-item */
/* Split-K's workspace: elements from one slice's start to the next's (M*N rounded up to a
 * multiple of 4, as host/kernels/matmul.c allocates it). */
#define WSTRIDE(M, N) (((long)(M) * (N) + 3) / 4 * 4)

/* Copies W consecutive local words into a private array with one vector load: the cast lets
 * the compiler use a single wide local load (the host keeps the offsets multiples of W).  The
 * private array is indexed with constants only, so it stays in registers. */
#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
#define REAL4 CAT(REAL, 4) /* matmul_fast's tile loads: four elements along k or n */
#define LOAD_VEC_1(dst, src) (*(dst) = *(src))
#define LOAD_VEC_W(W, dst, src) VSTOREU(W, __private, *(__local const CAT(REAL, W) *)(src), 0, dst)
#define LOAD_VEC_2(dst, src) LOAD_VEC_W(2, dst, src)
#define LOAD_VEC_4(dst, src) LOAD_VEC_W(4, dst, src)
#define LOAD_VEC_8(dst, src) LOAD_VEC_W(8, dst, src)
#define LOAD_VEC_16(dst, src) LOAD_VEC_W(16, dst, src)
#define LOAD_VEC(W, dst, src) CAT(LOAD_VEC_, W)(dst, src)
/* Unaligned whole vectors: VLOADU(W, space, j, p) is the W-vector j of floats from p on, as
 * vloadW(j, p), and VSTOREU(W, space, v, j, p) stores one, as vstoreW(v, j, p); space is the
 * pointer's address space.  On x86 they go through a pointer to a vector type aligned as one
 * float, not through a call: without AVX-512 clang reports every call that takes or returns
 * a float16 as an ABI change (-Wpsabi, "AVX vector return of type 'float16' without 'avx512f'
 * enabled changes the ABI"), a warning per call in every build at a width of 16, though the
 * calls are inlined.  Elsewhere (NVIDIA, SPIR-V for Rusticl) the builtins. */
#if defined(__x86_64__) || defined(__i386__)
typedef CAT(REAL, 2) __attribute__((aligned(sizeof(REAL)))) CAT(REAL, 2_u);
typedef CAT(REAL, 4) __attribute__((aligned(sizeof(REAL)))) CAT(REAL, 4_u);
typedef CAT(REAL, 8) __attribute__((aligned(sizeof(REAL)))) CAT(REAL, 8_u);
typedef CAT(REAL, 16) __attribute__((aligned(sizeof(REAL)))) CAT(REAL, 16_u);
#define VTYPEU(W) CAT(CAT(REAL, W), _u)
#define VLOADU(W, space, j, p) (((space const VTYPEU(W) *)(p))[j])
#define VSTOREU(W, space, v, j, p) (((space VTYPEU(W) *)(p))[j] = (v))
#else
#define VLOADU(W, space, j, p) CAT(vload, W)(j, p)
#define VSTOREU(W, space, v, j, p) CAT(vstore, W)(v, j, p)
#endif
/* Stores a W-wide value to W consecutive words (only word alignment needed). */
#define STORE_VEC_1(space, v, dst) (*(dst) = (v))
#define STORE_VEC_2(space, v, dst) VSTOREU(2, space, v, 0, dst)
#define STORE_VEC_4(space, v, dst) VSTOREU(4, space, v, 0, dst)
#define STORE_VEC_8(space, v, dst) VSTOREU(8, space, v, 0, dst)
#define STORE_VEC_16(space, v, dst) VSTOREU(16, space, v, 0, dst)
#define STORE_VEC(W, space, v, dst) CAT(STORE_VEC_, W)(space, v, dst)
#if VWN == 1
#define realN REAL
#else
#define realN CAT(REAL, VWN)
#endif

/* Edges.  EDGE=0: a work-group whose tiles lie inside the matrices loads them with unguarded
 * float4s, an edge group every element under a test, zero-filled outside.  EDGE=1: no tests
 * but along k: a row of A past M only feeds a row of C past M, and a column of B past N only a
 * column of C past N, neither of which is stored, so the loads clamp those indices onto the
 * matrix and every group runs the same vector loads; only the last k-step reads zeros past
 * K.  EDGE=1 pays where few tiles make the edge groups set the time, but the clamped addresses
 * slow the big tiles of large shapes: a choice per shape, the tuner's (results/README.md,
 * "Shape-aware code: edges, tiles, transposes").  The loads take K, A's row length, and KE, the
 * end of the k range they read (K, or a split-K slice's end): elements from KE on are zeros. */
#if EDGE

/* Loads the A tile (rows m0.., columns k0..) of one k-step into registers: work-item t reads
 * float4 e = t + l*THREADS, which lies in row e / (TSK/4), columns 4*(e % (TSK/4)).. */
static inline void fast_load_a(REAL4 ra[LPTA], const int M, const int K, const int KE,
                               __global const REAL *A, const int m0, const int k0, const int t)
{
    const int tail = k0 + TSK > KE;

    for (int l = 0; l < LPTA; l++) {
        const int e = t + l * THREADS;
        const int m = min(m0 + e / (TSK / 4), M - 1), k = k0 + 4 * (e % (TSK / 4));
        __global const REAL *a = &A[m * K + k];

        if (tail)
            ra[l] = (REAL4)(k < KE ? a[0] : 0, k + 1 < KE ? a[1] : 0, k + 2 < KE ? a[2] : 0,
                            k + 3 < KE ? a[3] : 0);
        else if (K % 4 == 0)
            ra[l] = *(__global const REAL4 *)a;
        else
            ra[l] = vload4(0, a); /* not 4-element aligned */
    }
}

/* Loads the B tile (rows k0.., columns n0..) into registers: float4 e lies in row
 * e / (TSN/4), columns 4*(e % (TSN/4)).. */
static inline void fast_load_b(REAL4 rb[LPTB], const int N, const int KE, __global const REAL *B,
                               const int n0, const int k0, const int t)
{
    const int tail = k0 + TSK > KE;

    for (int l = 0; l < LPTB; l++) {
        const int e = t + l * THREADS;
        const int k = k0 + e / (TSN / 4), n = n0 + 4 * (e % (TSN / 4));

        if (tail && k >= KE) {
            rb[l] = 0;
        } else if (N % 4 == 0) { /* past N the whole float4 is: the row's last one stands in */
            rb[l] = *(__global const REAL4 *)&B[k * N + min(n, N - 4)];
        } else {
            __global const REAL *b = &B[k * N];

            rb[l] = (REAL4)(b[min(n, N - 1)], b[min(n + 1, N - 1)], b[min(n + 2, N - 1)],
                            b[min(n + 3, N - 1)]);
        }
    }
}

#else

/* Loads the A tile (rows m0.., columns k0..) of one k-step into registers: work-item t reads
 * float4 e = t + l*THREADS, which lies in row e / (TSK/4), columns 4*(e % (TSK/4)).. */
static inline void fast_load_a(REAL4 ra[LPTA], const int M, const int K, const int KE,
                               __global const REAL *A, const int m0, const int k0, const int t)
{
    const int inside = m0 + TSM <= M && k0 + TSK <= KE;

    for (int l = 0; l < LPTA; l++) {
        const int e = t + l * THREADS;
        const int m = m0 + e / (TSK / 4), k = k0 + 4 * (e % (TSK / 4));

        if (inside && K % 4 == 0) {
            ra[l] = *(__global const REAL4 *)&A[m * K + k];
        } else if (inside) {
            ra[l] = vload4(0, &A[m * K + k]); /* inside but not 4-element aligned: no checks */
        } else {
            const int in_m = m < M;

            ra[l] = (REAL4)(in_m && k < KE ? A[m * K + k] : 0,
                            in_m && k + 1 < KE ? A[m * K + k + 1] : 0,
                            in_m && k + 2 < KE ? A[m * K + k + 2] : 0,
                            in_m && k + 3 < KE ? A[m * K + k + 3] : 0);
        }
    }
}

/* Loads the B tile (rows k0.., columns n0..) into registers: float4 e lies in row
 * e / (TSN/4), columns 4*(e % (TSN/4)).. */
static inline void fast_load_b(REAL4 rb[LPTB], const int N, const int KE, __global const REAL *B,
                               const int n0, const int k0, const int t)
{
    const int inside = n0 + TSN <= N && k0 + TSK <= KE;

    for (int l = 0; l < LPTB; l++) {
        const int e = t + l * THREADS;
        const int k = k0 + e / (TSN / 4), n = n0 + 4 * (e % (TSN / 4));

        if (inside && N % 4 == 0) {
            rb[l] = *(__global const REAL4 *)&B[k * N + n];
        } else if (inside) {
            rb[l] = vload4(0, &B[k * N + n]);
        } else {
            const int in_k = k < KE;

            rb[l] = (REAL4)(in_k && n < N ? B[k * N + n] : 0, in_k && n + 1 < N ? B[k * N + n + 1] : 0,
                            in_k && n + 2 < N ? B[k * N + n + 2] : 0,
                            in_k && n + 3 < N ? B[k * N + n + 3] : 0);
        }
    }
}

#endif

/* Stores the registers into local memory: A transposed (As[k][m]), B as it is (Bs[k][n]). */
static inline void fast_store(__local REAL *As, __local REAL *Bs, const REAL4 ra[LPTA],
                              const REAL4 rb[LPTB], const int t)
{
    for (int l = 0; l < LPTA; l++) {
        const int e = t + l * THREADS;
        const int m = e / (TSK / 4), k = 4 * (e % (TSK / 4));

        As[(k + 0) * LDA + m] = ra[l].x;
        As[(k + 1) * LDA + m] = ra[l].y;
        As[(k + 2) * LDA + m] = ra[l].z;
        As[(k + 3) * LDA + m] = ra[l].w;
    }
    for (int l = 0; l < LPTB; l++) {
        const int e = t + l * THREADS;
        const int k = e / (TSN / 4), n = 4 * (e % (TSN / 4));

        vstore4(rb[l], 0, &Bs[k * LDB + n]);
    }
}

static inline void fast_store_a(__local REAL *As, const REAL4 ra[LPTA], const int t)
{
#if EXP_ASTORE == 1
    return;
#elif EXP_ASTORE == 2
    for (int l = 0; l < LPTA; l++) {
        const int e = t + l * THREADS;
        const int k = e / (TSM / 4), m = 4 * (e % (TSM / 4));

        vstore4(ra[l], 0, &As[k * LDA + m]);
    }
    return;
#endif
    for (int l = 0; l < LPTA; l++) {
        const int e = t + l * THREADS;
        const int m = e / (TSK / 4), k = 4 * (e % (TSK / 4));

        As[(k + 0) * LDA + m] = ra[l].x;
        As[(k + 1) * LDA + m] = ra[l].y;
        As[(k + 2) * LDA + m] = ra[l].z;
        As[(k + 3) * LDA + m] = ra[l].w;
    }
}
static inline void fast_store_b(__local REAL *Bs, const REAL4 rb[LPTB], const int t)
{
#if EXP_BSTORE == 1
    return;
#endif
    for (int l = 0; l < LPTB; l++) {
        const int e = t + l * THREADS;
        const int k = e / (TSN / 4), n = 4 * (e % (TSN / 4));

        vstore4(rb[l], 0, &Bs[k * LDB + n]);
    }
}


/* EXP_COAL: each REAL4 of the staging registers as two REAL2 halves from half-chunks h and
 * h + THREADS: in each load instruction the work-group's neighbours read neighbouring 16
 * bytes (double2).  Whole tiles only (the experiment runs multiples of the tiles). */
static inline void coal_load_a(REAL4 ra[LPTA], const int K, const int KE, __global const REAL *A,
                               const int m0, const int k0, const int t)
{
    for (int l = 0; l < LPTA; l++)
        for (int h2 = 0; h2 < 2; h2++) {
            const int h = t + (2 * l + h2) * THREADS;
            const int m = m0 + h / (TSK / 2), k = k0 + 2 * (h % (TSK / 2));
            const CAT(REAL, 2) v = k0 + TSK <= KE ? vload2(0, &A[m * K + k]) : (CAT(REAL, 2))0;

            if (h2 == 0)
                ra[l].xy = v;
            else
                ra[l].zw = v;
        }
}
static inline void coal_load_b(REAL4 rb[LPTB], const int N, const int KE, __global const REAL *B,
                               const int n0, const int k0, const int t)
{
    for (int l = 0; l < LPTB; l++)
        for (int h2 = 0; h2 < 2; h2++) {
            const int h = t + (2 * l + h2) * THREADS;
            const int k = k0 + h / (TSN / 2), n = n0 + 2 * (h % (TSN / 2));
            const CAT(REAL, 2) v = k0 + TSK <= KE ? vload2(0, &B[k * N + n]) : (CAT(REAL, 2))0;

            if (h2 == 0)
                rb[l].xy = v;
            else
                rb[l].zw = v;
        }
}
static inline void coal_store(__local REAL *As, __local REAL *Bs, const REAL4 ra[LPTA],
                              const REAL4 rb[LPTB], const int t)
{
    for (int l = 0; l < LPTA; l++)
        for (int h2 = 0; h2 < 2; h2++) {
            const int h = t + (2 * l + h2) * THREADS;
            const int m = h / (TSK / 2), k = 2 * (h % (TSK / 2));
            const CAT(REAL, 2) v = h2 == 0 ? ra[l].xy : ra[l].zw;

            As[k * LDA + m] = v.x;
            As[(k + 1) * LDA + m] = v.y;
        }
    for (int l = 0; l < LPTB; l++)
        for (int h2 = 0; h2 < 2; h2++) {
            const int h = t + (2 * l + h2) * THREADS;
            const int k = h / (TSN / 2), n = 2 * (h % (TSN / 2));

            vstore2(h2 == 0 ? rb[l].xy : rb[l].zw, 0, &Bs[k * LDB + n]);
        }
}

/* SCHED=1: reads step k's fragments of the work-item's rows (fa) and columns (fb) from the
 * local tiles, with the vector loads of the SCHED=0 loop. */
static inline void fast_fragments(REAL fa[WPTM], REAL fb[WPTN], __local const REAL *As,
                                  __local const REAL *Bs, const int k, const int tx, const int ty)
{
    for (int i = 0; i < WPTM / VWM; i++)
        LOAD_VEC(VWM, &fa[i * VWM], &As[k * LDA + (i * RTSM + ty) * VWM]);
    for (int j = 0; j < WPTN / VWN; j++)
        LOAD_VEC(VWN, &fb[j * VWN], &Bs[k * LDB + (j * RTSN + tx) * VWN]);
}

/* clbench:kernel dgemm_exp
 *   dims       M N K
 *   arg        m int = M
 *   arg        n int = N
 *   arg        k int = K
 *   arg        a REAL[M * K] in
 *   arg        b REAL[K * N] in
 *   arg        c REAL[M * N] out
 *   flops      2 * M * N * K
 *   bytes      (M * K + K * N + M * N) * REAL_SIZE
 *   metric     gflops
 *   summary    TSM x TSN per work-group, WPTM x WPTN per work-item, double-buffered float4 tiles
 *   global     ceil(N, TSN) * (TSN / WPTN), ceil(M, TSM) * (TSM / WPTM)
 *   local      TSN / WPTN, TSM / WPTM
 *   reproduces beyond the seeds: 001's register blocking + 000's transposed, padded tile, double-buffered, vector loads (CLBlast Xgemm / myGEMM design)
 *   size       cpu 512 gpu 8192 shared 1024
 *   # GPU defaults chosen on an NVIDIA GPU, the CPU set on CPUs through PoCL (results/README.md,
 *   # "Against the libraries a user would pick").  The CPU set is 16 work-items, each an 8 x 32
 *   # block held in float16 accumulators, which PoCL's compiler turns into AVX-512 FMAs.  PAD is
 *   # 0: the vector reads of local memory are conflict-free unpadded, and padded rows cost more
 *   # than the transposed store's conflicts once per k-step.
 *   param      TSM = 128 cpu 32 in 4..512 "C rows per work-group"
 *   # A CPU driver with less than 64 KiB of local memory (Rusticl: 32) cannot hold the CPU set's
 *   # B tiles at 128 columns.
 *   param      TSN = 128 device (is_cpu && local_mem_bytes < 65536 ? 64 : 128) in 4..512 "C columns per work-group"
 *   # Other types keep float's bytes: the k-step so that the double-buffered tiles take the
 *   # same local memory (TSK 8 in double: 32 KiB on a GPU, under the 48 KiB that NVIDIA's OpenCL
 *   # allows a work-group, where 16 would need 64), and vector widths so that a local read is
 *   # 16 bytes on GPUs (float4, double2: the widest one load instruction moves) and a C
 *   # accumulator one 64-byte vector on CPUs (float16, double8).
 *   param      TSK = 16 device (64 / REAL_SIZE) in 4..128 "k-step (multiple of 4)"
 *   param      WPTM = 8 in 1..32 "C rows per work-item"
 *   param      WPTN = 8 cpu 32 in 1..32 "C columns per work-item"
 *   param      VWM = 4 cpu 1 device (is_cpu ? 1 : 16 / REAL_SIZE) in 1,2,4,8,16 "vector width of local reads of A"
 *   param      VWN = 4 cpu 16 device (is_cpu ? min(16, 64 / REAL_SIZE) : 16 / REAL_SIZE) in 1,2,4,8,16 "vector width of B reads and C accumulators"
 *   param      PAD = 0 in 0..32 "floats of padding per local row (multiple of VWM, VWN)"
 *   param      EDGE = 0 in 0,1 "edge work-groups: 0 guards each load, 1 clamps rows and columns (one path for all groups)"
 *   # Split-K (KSPLIT > 1): the standard remedy of CUTLASS and cuBLAS for shapes with fewer tiles of
 *   # C than the GPU has SMs while K is long (4096x256x4096 is 64 tiles of 128x128 for the
 *   # H100's 132 SMs).  A parameter, not a kernel of its own: the slices run this kernel's code
 *   # unchanged but for their k range, the tuner weighs KSPLIT against the tiles in one space, and
 *   # KSPLIT=1 builds exactly the single launch it always was, and is the default on CPUs and
 *   # where C has tiles enough.  On GPUs: slices for about two 128x128 groups per compute unit,
 *   # each slice at least 1024 of K (so squares do not split), at most 8 (the sum reads them all);
 *   # how close that comes to the best slice count: results/README.md, "Split-K on the H100".
 *   param      KSPLIT = 1 device (is_gpu ? max(1, min(8, min(K / 1024, 2 * compute_units / (ceil(M, 128) * ceil(N, 128))))) : 1) in 1..32 "slices of K (split-K): KSPLIT partial C in a workspace, summed by matmul_fast_sum"
 *   # SCHED=1 is CUTLASS's SIMT inner loop: scalar accumulators, FMAs n-major with m serpentine,
 *   # the next k-step's fragments read from local memory before this one's FMAs.  NVIDIA's
 *   # compiler schedules it better in double and SCHED=0 better in float (results/README.md,
 *   # "What the DGEMM was short of").  CPUs want the vector accumulators of SCHED=0.
 *   param      SCHED = 0 device (is_gpu && REAL_SIZE == 8 ? 1 : 0) in 0,1 "inner loop: vector accumulators m-major (0) or CUTLASS's scalar serpentine order with fragments read ahead (1)"
 *   # No twin: matmul_cpu lays the same register blocking out as a CPU wants it, a different work
 *   # shape, so that a pair would judge the layout and not local memory; compare the two rows' times.
 *   # Private arrays: acc[WPTM][WPTN / VWN] of VWN-vectors, the float4 loads ra[LPTA] and
 *   # rb[LPTB] (LPTA = TSM*TSK/4/THREADS, THREADS = (TSM/WPTM)*(TSN/WPTN)), a[WPTM], c[VWN].
 *   # SCHED=1 adds two fragments fa[2][WPTM], fb[2][WPTN] (its accumulators replace acc).
 *   private_mem WPTM * WPTN * REAL_SIZE + (TSM * TSK / 4 / ((TSM / WPTM) * (TSN / WPTN)) + TSN * TSK / 4 / ((TSM / WPTM) * (TSN / WPTN))) * 4 * REAL_SIZE + (WPTM + VWN) * REAL_SIZE + SCHED * 2 * (WPTM + WPTN) * REAL_SIZE
 *   require    M * K <= 2147483647 && K * N <= 2147483647 && M * N <= 2147483647 "a matrix has 2^31 elements or more: the kernels index with int"
 */
__kernel __attribute__((reqd_work_group_size(RTSN, RTSM, 1))) void
dgemm_exp(const int M, const int N, const int K, __global const REAL *restrict A,
            __global const REAL *restrict B, __global REAL *restrict C)
{
#if KSPLIT > 1
    /* Split-K: work-group z computes slice z of the k-steps (ceil(K/TSK) of them, shared out
     * evenly, so that no slice is empty: the host allows KSPLIT up to their number) into
     * slice z of the workspace C, KSPLIT matrices of M x N each WSTRIDE elements apart;
     * matmul_fast_sum adds them up. */
    const long steps = ((long)K + TSK - 1) / TSK;
    const int z = get_group_id(2);
    const int kbeg = (int)(z * steps / KSPLIT) * TSK;
    const int kend = (int)min((long)K, (z + 1) * steps / KSPLIT * TSK);

    C += z * WSTRIDE(M, N);
#else
    const int kbeg = 0, kend = K;
#endif
    /* Two buffers of each tile: one is read while the next k-step's is written.  Aligned for
     * the widest vector read (float16); every offset read is a multiple of its width. */
    __local REAL As[2][TSK * LDA] __attribute__((aligned(64)));
    __local REAL Bs[2][TSK * LDB] __attribute__((aligned(64)));
    const int tx = get_local_id(0), ty = get_local_id(1);
    const int t = ty * RTSN + tx;
    const int m0 = get_group_id(1) * TSM, n0 = get_group_id(0) * TSN;
    REAL4 ra[LPTA], rb[LPTB];
    /* Accumulators are VWN-wide vectors: explicit SIMD for CPU compilers, which vectorize a
     * work-item's own arithmetic but not across work-items with loops inside; a GPU splits
     * them into the same scalar FMAs. */
    realN acc[WPTM][WPTN / VWN];

    fast_load_a(ra, M, K, kend, A, m0, kbeg, t);
    fast_load_b(rb, N, kend, B, n0, kbeg, t);
    fast_store(As[0], Bs[0], ra, rb, t);
    barrier(CLK_LOCAL_MEM_FENCE);
#if SCHED
    /* CUTLASS's SIMT order.  Step k+1's fragments are read before step k's FMAs; at the last
     * step the next tile is stored and the barrier passed first, so that the last FMAs cover
     * the next tile's first reads.  The other buffer was last read before the previous
     * barrier, as below.  The FMAs run n-major with m serpentine (each shares an operand with
     * the one before it).  In this order NVIDIA's compiler spreads the local reads among the
     * FMAs, one or two at a time, where the vector loop's SASS reads a step's fragments in one
     * burst and waits for them.  The last tile too loads and stores a next one (past the k
     * range the loads read zeros, into the buffer no one reads again): one path through the
     * loop, which NVIDIA's compiler schedules better than a branch at the last tile
     * (results/README.md, "What the DGEMM was short of"). */
    REAL fa[2][WPTM], fb[2][WPTN], accs[WPTM][WPTN];

    for (int i = 0; i < WPTM; i++)
        for (int j = 0; j < WPTN; j++)
            accs[i][j] = 0;
    fast_fragments(fa[0], fb[0], As[0], Bs[0], 0, tx, ty);
#if EXP_JOINT || EXP_PTR
    const int interior = m0 + TSM <= M && n0 + TSN <= N && K % 4 == 0 && N % 4 == 0;
#endif
#if EXP_PTR
    /* the next tile's first float4 of each matrix, at k0 = 0 (LPTA = LPTB = 1 only) */
    __global const REAL *pa = A + (m0 + t / (TSK / 4)) * K + TSK + 4 * (t % (TSK / 4));
    __global const REAL *pb = B + (TSK + t / (TSN / 4)) * N + n0 + 4 * (t % (TSN / 4));
#endif
#if EXP_UNROLL4
#pragma unroll 4
#elif EXP_UNROLL2
#pragma unroll 2
#endif
    for (int k0 = kbeg, buf = 0; k0 < kend; k0 += TSK, buf ^= 1) {
#if EXP_FIXK
        fast_load_a(ra, M, K, kend, A, m0, kbeg + TSK, t);
        fast_load_b(rb, N, kend, B, n0, kbeg + TSK, t);
#elif EXP_NOLDG
        for (int l = 0; l < LPTA; l++)
            ra[l] = (REAL4)(k0 + t);
        for (int l = 0; l < LPTB; l++)
            rb[l] = (REAL4)(k0 - t);
#elif EXP_PTR
        /* pointers computed once, outside the loop; one branch for both tiles */
        if (interior && k0 + 2 * TSK <= kend) {
            ra[0] = *(__global const REAL4 *)(pa + k0);
            rb[0] = *(__global const REAL4 *)(pb + (long)k0 * N);
        } else {
            fast_load_a(ra, M, K, kend, A, m0, k0 + TSK, t);
            fast_load_b(rb, N, kend, B, n0, k0 + TSK, t);
        }
#elif EXP_JOINT
        /* one branch for both tiles: whole vector tiles, or the guarded loads */
        if (interior && k0 + 2 * TSK <= kend) {
            for (int l = 0; l < LPTA; l++) {
                const int e = t + l * THREADS;

                ra[l] = *(__global const REAL4 *)&A[(m0 + e / (TSK / 4)) * K + k0 + TSK +
                                                    4 * (e % (TSK / 4))];
            }
            for (int l = 0; l < LPTB; l++) {
                const int e = t + l * THREADS;

                rb[l] = *(__global const REAL4 *)&B[(k0 + TSK + e / (TSN / 4)) * N + n0 +
                                                    4 * (e % (TSN / 4))];
            }
        } else {
            fast_load_a(ra, M, K, kend, A, m0, k0 + TSK, t);
            fast_load_b(rb, N, kend, B, n0, k0 + TSK, t);
        }
#elif EXP_COAL
        coal_load_a(ra, K, kend, A, m0, k0 + TSK, t);
        coal_load_b(rb, N, kend, B, n0, k0 + TSK, t);
#else
        if (EXP_ASYNC != 1)
            fast_load_a(ra, M, K, kend, A, m0, k0 + TSK, t);
        if (EXP_LDB < 0 && !EXP_ASYNC)
            fast_load_b(rb, N, kend, B, n0, k0 + TSK, t);
#endif
#if EXP_ASYNC
        event_t ev = (event_t)0;
        const int more = k0 + TSK < kend;

        if (more) {
            for (int k = 0; k < TSK; k++)
                ev = async_work_group_copy(&Bs[buf ^ 1][k * LDB], &B[(k0 + TSK + k) * N + n0], TSN, ev);
#if EXP_ASYNC == 1
            for (int k = 0; k < TSK; k++)
                ev = async_work_group_strided_copy(&As[buf ^ 1][k * LDA], &A[m0 * K + k0 + TSK + k], TSM, K, ev);
#endif
        }
#endif
#if EXP_PREFETCH
        if (k0 + 3 * TSK <= kend) {
            prefetch(&A[(m0 + t / 2) * K + k0 + 2 * TSK + 4 * (t % 2)], 4);
            prefetch(&B[(k0 + 2 * TSK + t / 32) * N + n0 + 4 * (t % 32)], 4);
        }
#endif
#pragma unroll
        for (int k = 0; k < TSK; k++) {
            if (k == EXP_LDB)
                fast_load_b(rb, N, kend, B, n0, k0 + TSK, t);
            if (k < TSK - 1) {
                fast_fragments(fa[(k + 1) % 2], fb[(k + 1) % 2], As[buf], Bs[buf], k + 1, tx, ty);
                if (k == EXP_STA)
                    fast_store_a(As[buf ^ 1], ra, t);
                if (k == EXP_STB)
                    fast_store_b(Bs[buf ^ 1], rb, t);
            } else {
#if EXP_COAL
                coal_store(As[buf ^ 1], Bs[buf ^ 1], ra, rb, t);
#elif !EXP_NOSTS
                if (EXP_STA == TSK - 1 && EXP_ASYNC != 1)
                    fast_store_a(As[buf ^ 1], ra, t);
                if (EXP_STB == TSK - 1 && !EXP_ASYNC)
                    fast_store_b(Bs[buf ^ 1], rb, t);
#endif
#if EXP_ASYNC
                if (more)
                    wait_group_events(1, &ev);
#endif
#if !EXP_NOBAR
                barrier(CLK_LOCAL_MEM_FENCE);
#endif
                fast_fragments(fa[(k + 1) % 2], fb[(k + 1) % 2], As[buf ^ 1], Bs[buf ^ 1], 0, tx,
                               ty);
            }
            for (int j = 0; j < WPTN; j++)
                for (int i0 = 0; i0 < WPTM; i0++) {
                    const int i = j % 2 ? WPTM - 1 - i0 : i0;

                    accs[i][j] = fma(fa[k % 2][i], fb[k % 2][j], accs[i][j]);
                }
        }
    }
    for (int i = 0; i < WPTM; i++)
        for (int j = 0; j < WPTN / VWN; j++)
#if VWN == 1
            acc[i][j] = accs[i][j];
#else
            acc[i][j] = VLOADU(VWN, __private, 0, &accs[i][j * VWN]);
#endif
#else
    for (int i = 0; i < WPTM; i++)
        for (int j = 0; j < WPTN / VWN; j++)
            acc[i][j] = 0;
    /* Declared outside the loop that holds the barriers, as every private array of cl/ is
     * (matmul_regblock says why). */
    REAL a[WPTM];
    realN b[WPTN / VWN];

    for (int k0 = kbeg, buf = 0; k0 < kend; k0 += TSK, buf ^= 1) {
        const int more = k0 + TSK < kend;

        /* The next k-step's global loads are issued before this one's arithmetic, so that
         * their latency hides behind it. */
        if (more) {
            fast_load_a(ra, M, K, kend, A, m0, k0 + TSK, t);
            fast_load_b(rb, N, kend, B, n0, k0 + TSK, t);
        }
#pragma unroll
        for (int k = 0; k < TSK; k++) {
            /* Work-item (tx, ty) owns rows (i*RTSM + ty)*VWM + v and columns
             * (j*RTSN + tx)*VWN + v: contiguous vectors, strided by the work-group. */
            for (int i = 0; i < WPTM / VWM; i++)
                LOAD_VEC(VWM, &a[i * VWM], &As[buf][k * LDA + (i * RTSM + ty) * VWM]);
            for (int j = 0; j < WPTN / VWN; j++)
                b[j] = *(__local const realN *)&Bs[buf][k * LDB + (j * RTSN + tx) * VWN];
            for (int i = 0; i < WPTM; i++)
                for (int j = 0; j < WPTN / VWN; j++)
                    acc[i][j] += (realN)a[i] * b[j]; /* contracted into an FMA; fma() is a
                                                      * call (VLOADU) */
        }
        /* The other buffer was last read before the previous barrier: no second barrier. */
        if (more)
            fast_store(As[buf ^ 1], Bs[buf ^ 1], ra, rb, t);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
#endif
    for (int i = 0; i < WPTM; i++) {
        const int m = m0 + ((i / VWM) * RTSM + ty) * VWM + i % VWM;

        for (int j = 0; j < WPTN / VWN && m < M; j++) {
            const int n = n0 + (j * RTSN + tx) * VWN;

            if (n + VWN <= N) {
                STORE_VEC(VWN, __global, acc[i][j], &C[m * N + n]);
            } else {
                REAL c[VWN];

                STORE_VEC(VWN, __private, acc[i][j], c);
                for (int w = 0; w < VWN && n + w < N; w++)
                    C[m * N + n + w] = c[w];
            }
        }
    }
}

/* matmul_fast_sum: the second launch of matmul_fast with KSPLIT > 1 (its manifest's `then`),
 * C = the sum of the KSPLIT slices of the workspace W, in slice order (deterministic: OpenCL
 * 1.2 has no float atomics, and this keeps each element's rounding the same from run to run).
 * C and each slice are read and written as one vector of M*N elements, four consecutive
 * elements per work-item (work-groups of 64, fewer where the device allows fewer: the host's
 * plan), so that the accesses are coalesced and
 * vectorized; WSTRIDE keeps every slice's start a multiple of four elements, so that the
 * vectors are aligned.  The last work-item takes the M*N % 4 elements past the last vector. */
__kernel void
matmul_fast_sum(const int M, const int N, __global const REAL *restrict W,
                __global REAL *restrict C)
{
    const long mn = (long)M * N, i = 4 * (long)get_global_id(0);

    if (i + 4 <= mn) {
        REAL4 acc = *(__global const REAL4 *)&W[i];

        for (int z = 1; z < KSPLIT; z++)
            acc += *(__global const REAL4 *)&W[z * WSTRIDE(M, N) + i];
        *(__global REAL4 *)&C[i] = acc;
    } else {
        for (long e = i; e < mn; e++) {
            REAL acc = W[e];

            for (int z = 1; z < KSPLIT; z++)
                acc += W[z * WSTRIDE(M, N) + e];
            C[e] = acc;
        }
    }
}

/* matmul_cpu: the matmul a CPU wants under PoCL, which runs a work-group as a loop over its
 * work-items on one core: local memory there is an ordinary cached buffer, and each barrier
 * splits that loop.  So no local memory and no barriers.  Each work-item owns RB blocks of
 * MR x (NV*VN) elements of C, one under the other, and keeps the block it works on in MR*NV
 * explicit vector accumulators (registers, FMAs), A's MR rows broadcast one element at a
 * time.  With KB > 0 it walks k in KB-deep slices: for each slice it first copies the
 * KB x (NV*VN) panel of B it needs into a private array, contiguous, so that the panel stays
 * in L1 while the RB blocks run over it (B's own rows are N floats apart, and at
 * power-of-two N they fall into a few cache sets and evict each other); between slices a
 * block's partial sums wait in C.  With KB = 0 each block runs over all of k at once,
 * reading B's rows in place.  A vector of columns that would cross C's right edge takes the
 * row's last VN columns instead (MATMUL_CPU_COL), so that the work-items at the edge run the
 * interior's code; rows past C's bottom edge run it block by block without the panel
 * (matmul_cpu_edge), and a work-item of fewer than VN columns computes the row's last VN
 * (matmul_cpu_narrow).
 * matmul_fast's counterpart on CPUs (004's finding, constructive side; not a registered twin:
 * its work shape differs).  Of its parameters the panel's reuse RB is what counts
 * (results/README.md, "Against the libraries a user would pick"); all of them, with defaults
 * and help, are in its manifest below.
 */
#ifndef MR
#define MR 8
#endif
#ifndef VN
#define VN 16
#endif
#ifndef NV
#define NV 2
#endif
#ifndef RB
#define RB 16
#endif
#ifndef KB
#define KB 256
#endif
#ifndef WGM
#define WGM 4
#endif
#define VREAL CAT(REAL, VN)
#define VLOAD(j, p) VLOADU(VN, __global, j, p)
#define VSTORE(v, j, p) VSTOREU(VN, __global, v, j, p)
#define LANES_LOAD(l) VLOADU(VN, __private, 0, l)
#define LANES_STORE(v, l) VSTOREU(VN, __private, v, 0, l)
#if KB > 0
#define SLICE KB
#define B_ROW(k, j) panel[k][j]
#else
#define SLICE K
#define B_ROW(k, j) VLOAD(0, B + (k0 + (k)) * N + col[j])
#endif

/* The first column of the work-item's vector j: n0 + j * VN, or where that vector would cross
 * C's right edge (or lie past it), the row's last VN columns.  Its lanes before the edge then
 * repeat columns of the vector before it: the same sums in the same order, so storing them
 * again changes nothing, and all of them are this work-item's.  Only where the work-item has
 * VN columns inside C (n0 + VN <= N). */
#define MATMUL_CPU_COL(j) min(n0 + VN * (j), N - VN)

/* Rows m0..m0+rows-1 (those inside C) of a work-item with VN columns or more inside C, in blocks
 * of MR rows as the interior runs them (a block's rows past M read row M-1 and are not stored),
 * its vectors at MATMUL_CPU_COL.  By blocks, not a row at a time, because of Mesa's llvmpipe
 * (Rusticl's CPU device): it ends every loop of a work-item silently once all its loops together
 * have iterated 65535 times (gallivm's LP_MAX_TGSI_LOOP_ITERATIONS), so the edge must not loop
 * more than the interior, (RB + 1) * K times: a row at a time it looped RB * MR * K times
 * (128 000 at 1000^3), and the rows after the 65535th iteration kept their poison. */
static void matmul_cpu_edge(const int M, const int N, const int K, __global const REAL *A,
                            __global const REAL *B, __global REAL *C, const int m0, const int rows,
                            const int n0)
{
    const int m_end = min(m0 + rows, M);

    for (int mb = m0; mb < m_end; mb += MR) {
        VREAL acc[MR][NV];

#pragma unroll
        for (int i = 0; i < MR; i++)
#pragma unroll
            for (int j = 0; j < NV; j++)
                acc[i][j] = (VREAL)0;
        for (int k = 0; k < K; k++) {
            VREAL b[NV];

#pragma unroll
            for (int j = 0; j < NV; j++)
                b[j] = VLOAD(0, B + k * N + MATMUL_CPU_COL(j));
#pragma unroll
            for (int i = 0; i < MR; i++) {
                const VREAL a = (VREAL)(A[min(mb + i, M - 1) * K + k]);

#pragma unroll
                for (int j = 0; j < NV; j++)
                    acc[i][j] += a * b[j]; /* contracted into an FMA: fma() is a call (VLOADU) */
            }
        }
#pragma unroll
        for (int i = 0; i < MR && mb + i < m_end; i++)
#pragma unroll
            for (int j = 0; j < NV; j++)
                VSTORE(acc[i][j], 0, C + (mb + i) * N + MATMUL_CPU_COL(j));
    }
}

/* Rows m0..m0+rows-1 of a work-item with fewer than VN columns inside C (n0 + VN > N), in
 * blocks of MR rows as above.  It computes one vector, the row's last VN columns where N has
 * that many (the columns before n0 are its neighbour's: computed again, not stored), so that
 * its loads are the interior's vector loads; only where N < VN, lanes zero-filled past N.  Lane
 * tests at every k-step would make this strip, one work-item of few at small or odd N, several
 * times slower than the others, and the launch would wait for it. */
static void matmul_cpu_narrow(const int M, const int N, const int K, __global const REAL *A,
                              __global const REAL *B, __global REAL *C, const int m0,
                              const int rows, const int n0)
{
    const int m_end = min(m0 + rows, M);
    const int col = max(N - VN, 0);

    for (int mb = m0; mb < m_end; mb += MR) {
        VREAL acc[MR];

#pragma unroll
        for (int i = 0; i < MR; i++)
            acc[i] = (VREAL)0;
        for (int k = 0; k < K; k++) {
            VREAL b;

            if (N >= VN) {
                b = VLOAD(0, B + k * N + col);
            } else {
                REAL lanes[VN];

#pragma unroll
                for (int v = 0; v < VN; v++)
                    lanes[v] = v < N ? B[k * N + v] : 0;
                b = LANES_LOAD(lanes);
            }
#pragma unroll
            for (int i = 0; i < MR; i++)
                acc[i] += (VREAL)(A[min(mb + i, M - 1) * K + k]) * b; /* an FMA, as above */
        }
#pragma unroll
        for (int i = 0; i < MR; i++) {
            REAL lanes[VN];

            LANES_STORE(acc[i], lanes);
            for (int v = max(n0 - col, 0); v < VN && mb + i < m_end && col + v < N; v++)
                C[(mb + i) * N + col + v] = lanes[v];
        }
    }
}

/* clbench-off:kernel matmul_cpu
 *   dims       M N K
 *   arg        m int = M
 *   arg        n int = N
 *   arg        k int = K
 *   arg        a REAL[M * K] in
 *   arg        b REAL[K * N] in
 *   arg        c REAL[M * N] out
 *   flops      2 * M * N * K
 *   bytes      (M * K + K * N + M * N) * REAL_SIZE
 *   metric     gflops
 *   baseline   matmul_naive
 *   verify     host_matmul
 *   # B's private panel is the work-item's stack, bounded
 *   require    KB * NV * VN * REAL_SIZE <= 65536 "KB*NV*VN floats of B's private panel exceed 64 KiB: lower KB or NV"
 *   # 1 x WGM work-items per group, each RB blocks of MR rows x NV*VN columns of C
 *   global     ceil(N, VN * NV), ceil(M, MR * RB * WGM) * WGM
 *   local      1, WGM
 *   summary    RB blocks of MR x NV*VN of C per work-item in vector accumulators over a private panel of B; no local memory or barriers
 *   reproduces 004 CPU finding, constructive side: matmul_fast's register blocking as a CPU wants it, without local memory or barriers
 *   size       cpu 1024 gpu 1024
 *   # A CPU's kernel: on a GPU it runs only beside the others at the shared size, not as a
 *   # 4096^3 row of its own (a slow launch for nothing the GPU rows lack).
 *   # The defaults fit AVX-512 (PoCL's native float width 16): sixteen float16 accumulators in
 *   # 32 zmm registers.  On other CPUs (AVX2: width 8, 16 ymm registers; Rusticl says 1) that
 *   # block spills, so there the device default is 4 x 2 float8, eight ymm accumulators, with
 *   # twice the blocks per work-item and one work-item per group (results/README.md, "Defaults
 *   # from the device on an AVX2 CPU").
 *   # The same register bytes in every type: VN elements of a vector fill one register (32
 *   # bytes on AVX2, 64 on AVX-512), so a double block is MR x NV double4 or double8 and keeps
 *   # the float block's registers and rows (a double8 on AVX2, two ymm each, spills).
 *   # MR's values include the heights between powers of two that register blocks use (BLIS's
 *   # AVX2 block is 6 x 16: twelve ymm accumulators of sixteen), so that the tuner tries them.
 *   param      MR = 8 device (is_cpu && native_vector_width_float < 16 ? 4 : 8) in 1,2,3,4,6,8,12,16,24,32 "C rows per block (rows of accumulators)"
 *   param      VN = 16 device (min(16, (is_cpu && native_vector_width_float < 16 ? 32 : 64) / REAL_SIZE)) in 2,4,8,16 "vector width of the accumulators and of B's loads"
 *   param      NV = 2 in 1..8 "vectors per accumulator row (NV*VN columns per work-item)"
 *   param      RB = 16 device (is_cpu && native_vector_width_float < 16 ? 32 : 16) in 1..64 "blocks of MR rows per work-item (reuses of B's panel)"
 *   param      KB = 256 in 0..4096 "depth of a k slice: rows of B's private panel (0: none)"
 *   param      WGM = 4 device (is_cpu && native_vector_width_float < 16 ? 1 : 4) in 1..1024 "work-items per work-group, down the rows of C"
 *   # Private arrays: B's panel[KB][NV] (the edge's b[NV] at KB = 0) and acc[MR][NV] of
 *   # VN-vectors, lanes[VN].
 *   private_mem (max(KB, 1) + MR) * NV * VN * REAL_SIZE + VN * REAL_SIZE
 *   # Loop iterations of a work-item, at most (llvmpipe ends them at 65535): k of RB blocks and
 *   # of the panel, the slices' loops, and per edge block its k loop and stores.
 *   loops       (RB + 1) * K + (KB > 0 ? ceil(K, KB) : 1) * (RB + 1) + RB * (MR * NV * VN + 1)
 *   libraries  sgemm_cublas sgemm_openblas
 *   require    M * K <= 2147483647 && K * N <= 2147483647 && M * N <= 2147483647 "a matrix has 2^31 elements or more: the kernels index with int"
 */
__kernel __attribute__((reqd_work_group_size(1, WGM, 1))) void
matmul_cpu(const int M, const int N, const int K, __global const REAL *restrict A,
           __global const REAL *restrict B, __global REAL *restrict C)
{
    const int n0 = get_global_id(0) * (NV * VN);
    const int m0 = get_global_id(1) * (RB * MR);
    const int full = clamp((M - m0) / MR, 0, RB); /* blocks entirely inside C */
#if KB > 0
    VREAL panel[KB][NV];
#endif

    int col[NV];

    if (m0 >= M || n0 >= N)
        return;
    if (n0 + VN > N) {
        matmul_cpu_narrow(M, N, K, A, B, C, m0, RB * MR, n0);
        return;
    }
#pragma unroll
    for (int j = 0; j < NV; j++)
        col[j] = MATMUL_CPU_COL(j);
    if (full < RB)
        matmul_cpu_edge(M, N, K, A, B, C, m0 + full * MR, (RB - full) * MR, n0);
    for (int k0 = 0; k0 < K; k0 += SLICE) {
        const int kb = min(SLICE, K - k0);

#if KB > 0
        for (int k = 0; k < kb; k++)
#pragma unroll
            for (int j = 0; j < NV; j++)
                panel[k][j] = VLOAD(0, B + (k0 + k) * N + col[j]);
#endif
        for (int r = 0; r < full; r++) {
            __global const REAL *a = A + (m0 + r * MR) * K + k0;
            __global REAL *c = C + (m0 + r * MR) * N;
            VREAL acc[MR][NV];

#pragma unroll
            for (int i = 0; i < MR; i++)
#pragma unroll
                for (int j = 0; j < NV; j++)
                    acc[i][j] = k0 == 0 ? (VREAL)0 : VLOAD(0, c + i * N + col[j]);
            for (int k = 0; k < kb; k++) {
#pragma unroll
                for (int i = 0; i < MR; i++) {
                    const VREAL ai = (VREAL)(a[i * K + k]);

#pragma unroll
                    for (int j = 0; j < NV; j++)
                        acc[i][j] += ai * B_ROW(k, j); /* contracted into an FMA */
                }
            }
#pragma unroll
            for (int i = 0; i < MR; i++)
#pragma unroll
                for (int j = 0; j < NV; j++)
                    VSTORE(acc[i][j], 0, c + i * N + col[j]);
        }
    }
}
