/* The library baselines (host/kernels/<library>.c): OpenBLAS, cuBLAS and CLBlast, each a
 * struct cb_library that a row of host/kernels/registry.c names, and what their rows share. */
#ifndef CLBENCH_LIBRARIES_H
#define CLBENCH_LIBRARIES_H

#include "clbench/kernel.h"

/* The GEMM rows' plan (host/kernels/matmul.c): C = A B's buffers, M, N and K as leading
 * arguments, the work model, and the C grid for the "global" of the run file. */
int cb_plan_matmul_library(struct cb_problem *p, char *why, size_t len);
/* host/kernels/cublas.c: a row-major C = A B (M x N x K) as one column-major GEMM call of
 * m x n x k whose first operand is B (first == 1) or A, with the leading dimensions given. */
struct cb_gemm_colmajor {
    size_t m, n, k;
    int first; /* 1: the first operand is B and the second A; 0: A then B */
    size_t ld_first, ld_second, ldc;
};
struct cb_gemm_colmajor cb_gemm_rowmajor(size_t m, size_t n, size_t k);
/* host/kernels/openblas.c: OpenBLAS's core types by ISA.  The core type a CPU of this ISA level
 * should run where OpenBLAS's own choice `core` is older, else NULL; levels are
 * CB_ISA_* (cb_cpu_isa_level() is this CPU's). */
enum { CB_ISA_OLD, CB_ISA_AVX, CB_ISA_AVX2, CB_ISA_AVX512 };
int cb_cpu_isa_level(void);
const char *cb_openblas_better_core(const char *core, int cpu_level);
/* Called first in main, while clbench has one thread: where OpenBLAS, probed in a child
 * process, picks a core type older than the CPU's ISA and OPENBLAS_CORETYPE is not set, sets
 * it, for the OpenBLAS clbench loads later (OpenBLAS reads it only while it loads). */
void cb_openblas_choose_core(void);
#ifdef CLBENCH_HAVE_OPENBLAS
extern const struct cb_library cb_library_openblas;
#endif
#ifdef CLBENCH_HAVE_CUBLAS
extern const struct cb_library cb_library_cublas;
#endif
#ifdef CLBENCH_HAVE_CLBLAST
/* CLBlastSgemm for float rows, CLBlastDgemm for double, on the row's buffers. */
extern const struct cb_library cb_library_clblast;
#endif

#endif
