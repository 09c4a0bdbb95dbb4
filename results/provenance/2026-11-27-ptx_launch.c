/* Launches an OpenCL kernel's PTX (NVIDIA's OpenCL compiler output, from clbench's program
 * cache) through the CUDA driver API, so that Nsight Compute, which does not profile OpenCL,
 * can: dgemm_exp's matmul at N^3 in double, grid (N/128, N/128) of 16x16 work-items. */
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>

#define CK(x)                                                                                     \
    do {                                                                                          \
        CUresult r_ = (x);                                                                        \
        if (r_ != CUDA_SUCCESS) {                                                                 \
            const char *s_ = "?";                                                                 \
            cuGetErrorName(r_, &s_);                                                              \
            fprintf(stderr, "%s: %s (line %d)\n", #x, s_, __LINE__);                              \
            exit(1);                                                                              \
        }                                                                                         \
    } while (0)

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: ptx_launch FILE.ptx N REPS\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f)
        return perror(argv[1]), 1;
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    rewind(f);
    char *ptx = calloc(1, len + 1);
    if (fread(ptx, 1, len, f) != (size_t)len)
        return 1;
    fclose(f);
    int n = atoi(argv[2]), reps = atoi(argv[3]);
    CUdevice dev;
    CUcontext ctx;
    CUmodule mod;
    CUfunction fn;
    char log[8192] = "";
    CUjit_option opt[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void *val[] = {log, (void *)(size_t)sizeof log};

    CK(cuInit(0));
    CK(cuDeviceGet(&dev, 0));
    CK(cuDevicePrimaryCtxRetain(&ctx, dev));
    CK(cuCtxSetCurrent(ctx));
    if (cuModuleLoadDataEx(&mod, ptx, 2, opt, val) != CUDA_SUCCESS) {
        fprintf(stderr, "module load failed: %s\n", log);
        return 1;
    }
    CK(cuModuleGetFunction(&fn, mod, "dgemm_exp"));
    CUdeviceptr a, b, c;
    size_t bytes = (size_t)n * n * 8;
    CK(cuMemAlloc(&a, bytes));
    CK(cuMemAlloc(&b, bytes));
    CK(cuMemAlloc(&c, bytes));
    CK(cuMemsetD32(a, 0x3ff00000, bytes / 4)); /* not 1.0 everywhere, but finite: timing only */
    CK(cuMemsetD32(b, 0x3ff00000, bytes / 4));
    void *args[] = {&n, &n, &n, &a, &b, &c};
    CUevent e0, e1;
    CK(cuEventCreate(&e0, 0));
    CK(cuEventCreate(&e1, 0));
    for (int i = 0; i < reps; i++) {
        CK(cuEventRecord(e0, 0));
        CK(cuLaunchKernel(fn, n / 128, n / 128, 1, 16, 16, 1, 0, 0, args, NULL));
        CK(cuEventRecord(e1, 0));
        CK(cuEventSynchronize(e1));
        float ms;
        CK(cuEventElapsedTime(&ms, e0, e1));
        printf("%s launch %d: %.3f ms, %.0f GFLOP/s\n", argv[1], i, ms, 2.0 * n * n * n / ms / 1e6);
    }
    return 0;
}
