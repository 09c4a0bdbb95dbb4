// What a non-tensor-core DGEMM reaches on this GPU: CUTLASS's SIMT DGEMMs (the tile shapes its
// profiler generates for sm80+) and cuBLAS with and without pedantic math, at M=N=K, column
// major, beside the FP64 FMA roof clbench measures. Timed with CUDA events, median of REPS.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cublas_v2.h>
#include <cuda_runtime.h>

#include "cutlass/gemm/device/gemm.h"

#define CK(x)                                                                                     \
  do {                                                                                            \
    cudaError_t e_ = (x);                                                                         \
    if (e_ != cudaSuccess) {                                                                      \
      fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_));                                    \
      exit(1);                                                                                    \
    }                                                                                             \
  } while (0)
#define CB(x)                                                                                     \
  do {                                                                                            \
    cublasStatus_t s_ = (x);                                                                      \
    if (s_ != CUBLAS_STATUS_SUCCESS) {                                                            \
      fprintf(stderr, "%s: %d\n", #x, (int)s_);                                                   \
      exit(1);                                                                                    \
    }                                                                                             \
  } while (0)

using Col = cutlass::layout::ColumnMajor;
template <int TM, int TN, int WM, int WN, int Stages>
using SimtDgemm = cutlass::gemm::device::Gemm<
    double, Col, double, Col, double, Col, double, cutlass::arch::OpClassSimt, cutlass::arch::Sm80,
    cutlass::gemm::GemmShape<TM, TN, 8>, cutlass::gemm::GemmShape<WM, WN, 8>,
    cutlass::gemm::GemmShape<1, 1, 1>, cutlass::epilogue::thread::LinearCombination<double, 1, double, double>,
    cutlass::gemm::threadblock::GemmIdentityThreadblockSwizzle<>, Stages, 1, 1>;

static int n, reps;
static double *A, *B, *C, *R;

template <typename F> static double time_ms(F f)
{
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  for (int i = 0; i < 3; i++)
    f();
  std::vector<float> t;
  for (int i = 0; i < reps; i++) {
    CK(cudaEventRecord(a));
    f();
    CK(cudaEventRecord(b));
    CK(cudaEventSynchronize(b));
    float ms;
    CK(cudaEventElapsedTime(&ms, a, b));
    t.push_back(ms);
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

static double max_rel_diff(void)
{
  size_t nn = (size_t)n * n;
  std::vector<double> c(nn), r(nn);
  CK(cudaMemcpy(c.data(), C, nn * 8, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(r.data(), R, nn * 8, cudaMemcpyDeviceToHost));
  double m = 0;
  for (size_t i = 0; i < nn; i++)
    m = std::max(m, fabs(c[i] - r[i]) / std::max(1e-30, fabs(r[i])));
  return m;
}

static void report(const char *name, double ms, double check)
{
  double gf = 2.0 * n * n * (double)n / (ms * 1e6);
  printf("%-34s %9.3f ms %9.0f GFLOP/s  max rel diff to cublasDgemm %.1e\n", name, ms, gf, check);
  fflush(stdout);
}

template <int TM, int TN, int WM, int WN, int S> static void cutlass_row(const char *name)
{
  using G = SimtDgemm<TM, TN, WM, WN, S>;
  G g;
  typename G::Arguments args({n, n, n}, {A, n}, {B, n}, {C, n}, {C, n}, {1.0, 0.0});
  if (g.can_implement(args) != cutlass::Status::kSuccess || g.initialize(args) != cutlass::Status::kSuccess) {
    printf("%-34s cannot run\n", name);
    return;
  }
  double ms = time_ms([&] { g(); });
  CK(cudaDeviceSynchronize());
  report(name, ms, max_rel_diff());
  cudaFuncAttributes fa;
  CK(cudaFuncGetAttributes(&fa, cutlass::Kernel<typename G::GemmKernel>));
  printf("%-34s %d registers, %zu bytes local, %d threads, %zu bytes shared\n", "", fa.numRegs,
         fa.localSizeBytes, (int)G::GemmKernel::kThreadCount, sizeof(typename G::GemmKernel::SharedStorage));
}

int main(int argc, char **argv)
{
  n = argc > 1 ? atoi(argv[1]) : 4096;
  reps = argc > 2 ? atoi(argv[2]) : 50;
  bool cublas_rows = argc <= 3;
  size_t nn = (size_t)n * n;
  std::vector<double> h(nn);
  srand(1);
  for (auto &x : h)
    x = rand() / (double)RAND_MAX - 0.5;
  CK(cudaMalloc(&A, nn * 8));
  CK(cudaMalloc(&B, nn * 8));
  CK(cudaMalloc(&C, nn * 8));
  CK(cudaMalloc(&R, nn * 8));
  CK(cudaMemcpy(A, h.data(), nn * 8, cudaMemcpyHostToDevice));
  std::reverse(h.begin(), h.end());
  CK(cudaMemcpy(B, h.data(), nn * 8, cudaMemcpyHostToDevice));

  cublasHandle_t hd;
  CB(cublasCreate(&hd));
  const double one = 1, zero = 0;
  CB(cublasDgemm(hd, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, A, n, B, n, &zero, R, n));
  if (cublas_rows) {
  double ms = time_ms([&] { CB(cublasDgemm(hd, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, A, n, B, n, &zero, R, n)); });
  CK(cudaDeviceSynchronize());
  report("cublasDgemm (default math)", ms, 0);
  ms = time_ms([&] {
    CB(cublasGemmEx(hd, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, A, CUDA_R_64F, n, B, CUDA_R_64F, n, &zero, C,
                    CUDA_R_64F, n, CUBLAS_COMPUTE_64F_PEDANTIC, CUBLAS_GEMM_DEFAULT));
  });
  CK(cudaDeviceSynchronize());
  report("cublasGemmEx COMPUTE_64F_PEDANTIC", ms, max_rel_diff());
  CB(cublasSetMathMode(hd, CUBLAS_PEDANTIC_MATH));
  ms = time_ms([&] { CB(cublasDgemm(hd, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, A, n, B, n, &zero, C, n)); });
  CK(cudaDeviceSynchronize());
  report("cublasDgemm PEDANTIC_MATH", ms, max_rel_diff());

  }
  cutlass_row<128, 128, 32, 64, 3>("cutlass simt 128x128x8 s3 w32x64");
  cutlass_row<128, 64, 64, 32, 4>("cutlass simt 128x64x8 s4 w64x32");
  cutlass_row<64, 128, 32, 64, 4>("cutlass simt 64x128x8 s4 w32x64");
  cutlass_row<64, 64, 32, 64, 5>("cutlass simt 64x64x8 s5 w32x64");
  cutlass_row<128, 32, 64, 32, 5>("cutlass simt 128x32x8 s5 w64x32");
  cutlass_row<32, 128, 32, 64, 5>("cutlass simt 32x128x8 s5 w32x64");
  cutlass_row<128, 128, 32, 64, 2>("cutlass simt 128x128x8 s2 w32x64");
  CB(cublasDestroy(hd));
  return 0;
}
