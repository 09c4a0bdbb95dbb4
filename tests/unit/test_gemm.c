/* Unit tests of the library baselines' host side: the operand swap that runs a row-major
 * matmul through a column-major BLAS (cb_gemm_rowmajor, host/kernels/cublas.c), with a
 * column-major GEMM written out here; OpenBLAS's core types; the native probe's refusals. */
#include "check.h"
#include "clbench/libraries.h"
#include "clbench/native_peak.h"

#include <string.h>

/* BLAS semantics, no transposes: C(i,j) = sum_l X(i,l) Y(l,j), column-major (element (i,j) of
 * a matrix with leading dimension ld at [i + j*ld]). */
static void gemm_colmajor(size_t m, size_t n, size_t k, const float *x, size_t ldx, const float *y,
                          size_t ldy, float *c, size_t ldc)
{
    for (size_t j = 0; j < n; j++)
        for (size_t i = 0; i < m; i++) {
            float sum = 0.0f;

            for (size_t l = 0; l < k; l++)
                sum += x[i + l * ldx] * y[l + j * ldy];
            c[i + j * ldc] = sum;
        }
}

int test_gemm_rowmajor_operand_swap(void)
{
    enum { M = 3, N = 5, K = 4 };
    float a[M * K], b[K * N], c[M * N];
    const struct cb_gemm_colmajor g = cb_gemm_rowmajor(M, N, K);

    /* Small integers: every sum is exact, so the comparison can be too. */
    for (int i = 0; i < M * K; i++)
        a[i] = (float)(i % 7 - 3);
    for (int i = 0; i < K * N; i++)
        b[i] = (float)(i % 5 - 2);
    gemm_colmajor(g.m, g.n, g.k, g.first == 1 ? b : a, g.ld_first, g.first == 1 ? a : b,
                  g.ld_second, c, g.ldc);
    for (int row = 0; row < M; row++)
        for (int col = 0; col < N; col++) {
            float want = 0.0f;

            for (int l = 0; l < K; l++)
                want += a[row * K + l] * b[l * N + col];
            ASSERT_TRUE(c[row * N + col] == want);
        }
    return 0;
}

/* OpenBLAS's core types against the CPU's ISA (host/kernels/openblas.c): an older core gets
 * the best one of the CPU's level, a core of the level or above none (case as OpenBLAS
 * spells it or not). */
static int names(const char *got, const char *want)
{
    return got != NULL && strcmp(got, want) == 0;
}

int test_openblas_better_core_by_isa(void)
{
    ASSERT_TRUE(names(cb_openblas_better_core("Prescott", CB_ISA_AVX512), "SkylakeX"));
    ASSERT_TRUE(names(cb_openblas_better_core("Haswell", CB_ISA_AVX512), "SkylakeX"));
    ASSERT_TRUE(names(cb_openblas_better_core("Nehalem", CB_ISA_AVX2), "Haswell"));
    ASSERT_TRUE(names(cb_openblas_better_core("Sandybridge", CB_ISA_AVX2), "Haswell"));
    ASSERT_TRUE(names(cb_openblas_better_core("Core2", CB_ISA_AVX), "Sandybridge"));
    ASSERT_TRUE(cb_openblas_better_core("Zen", CB_ISA_AVX2) == NULL);
    ASSERT_TRUE(cb_openblas_better_core("skylakex", CB_ISA_AVX512) == NULL);
    ASSERT_TRUE(cb_openblas_better_core("SkylakeX", CB_ISA_AVX2) == NULL);
    ASSERT_TRUE(cb_openblas_better_core("Prescott", CB_ISA_OLD) == NULL);
    return 0;
}

/* The native probe of the host (host/run/native_peak.c) refuses what is no probe, with the
 * reason, before it starts a thread or allocates; its ISA is one of the fixed names the run
 * file's schema allows.  (The measurement itself runs in tests/cli/cache.sh and runfile.sh.) */
int test_native_peak_refuses_no_threads_and_no_buffer(void)
{
    struct cb_native_peak p;
    char why[128];
    const char *isa = cb_native_isa();

    ASSERT_TRUE(cb_native_peak_measure(0, 1 << 20, &p, why, sizeof why) == -1);
    ASSERT_STR_HAS(why, "0 threads over 1048576 floats is no probe");
    ASSERT_TRUE(cb_native_peak_measure(2, 0, &p, why, sizeof why) == -1);
    ASSERT_STR_HAS(why, "2 threads over 0 floats");
    ASSERT_TRUE(cb_native_peak_measure(100000, 1 << 20, &p, why, sizeof why) == -1);
    ASSERT_TRUE(p.gflops == 0 && p.isa == NULL);
    ASSERT_TRUE(strcmp(isa, "avx512f") == 0 || strcmp(isa, "avx2") == 0 ||
                strcmp(isa, "sse2") == 0 || strcmp(isa, "generic") == 0);
    return 0;
}
