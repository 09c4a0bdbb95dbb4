/* The sgemm_cublas baseline row: cuBLAS SGEMM (FP32, TF32 off) on the NVIDIA device behind an
 * OpenCL device, on the row's inputs, timed with CUDA events.  CUDA's libraries are loaded with
 * dlopen when the row first runs, so that the binary has no CUDA dependency: where they are
 * missing the row is unavailable with the reason.  Built only with the CUDA headers
 * (CLBENCH_WITH_CUBLAS); cb_gemm_rowmajor, the operand swap, is always built (unit-tested). */
#include "clbench/libraries.h"

/* cuBLAS is column-major.  A row-major matrix read column-major is its transpose, so the
 * row-major C = A B (M x N) is the column-major C^T = B^T A^T (N x M): swap the operands and
 * M with N, and every leading dimension stays the row length. */
struct cb_gemm_colmajor cb_gemm_rowmajor(size_t m, size_t n, size_t k)
{
    const struct cb_gemm_colmajor g = {
        .m = n, .n = m, .k = k, .first = 1, .ld_first = n, .ld_second = k, .ldc = n};

    return g;
}

#ifdef CLBENCH_HAVE_CUBLAS
#include "clbench/check.h"
#include "clbench/device_info.h"

#include <cublas_v2.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CB_STR_(x)       #x
#define CB_STR(x)        CB_STR_(x)
#define CUDA_SONAME(lib) "lib" lib ".so." CB_STR(CLBENCH_CUDA_MAJOR)

/* The CUDA runtime and cuBLAS functions the row calls, resolved once per process.  The
 * libraries stay loaded: unloading the CUDA runtime under a live context is not supported. */
static struct {
    cudaError_t (*SetDevice)(int);
    cudaError_t (*DeviceGetByPCIBusId)(int *, const char *);
    cudaError_t (*Malloc)(void **, size_t);
    cudaError_t (*Free)(void *);
    cudaError_t (*Memcpy)(void *, const void *, size_t, enum cudaMemcpyKind);
    cudaError_t (*EventCreate)(cudaEvent_t *);
    cudaError_t (*EventDestroy)(cudaEvent_t);
    cudaError_t (*EventRecord)(cudaEvent_t, cudaStream_t);
    cudaError_t (*EventSynchronize)(cudaEvent_t);
    cudaError_t (*EventElapsedTime)(float *, cudaEvent_t, cudaEvent_t);
    const char *(*GetErrorName)(cudaError_t);
    cublasStatus_t (*Create)(cublasHandle_t *);
    cublasStatus_t (*Destroy)(cublasHandle_t);
    cublasStatus_t (*SetMathMode)(cublasHandle_t, cublasMath_t);
    cublasStatus_t (*Sgemm)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int,
                            const float *, const float *, int, const float *, int, const float *,
                            float *, int);
    cublasStatus_t (*Dgemm)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int,
                            const double *, const double *, int, const double *, int,
                            const double *, double *, int);
    const char *(*GetStatusName)(cublasStatus_t);
    cublasStatus_t (*GetProperty)(libraryPropertyType, int *);
    int loaded;
} cuda;

struct symbol {
    int from_cublas;
    const char *name;
    void **slot;
};

/* Function pointers are assigned through void ** (POSIX guarantees dlsym's object pointers
 * convert to function pointers). */
static int load_cuda(char *why, size_t why_len)
{
    static const char *const sonames[2] = {CUDA_SONAME("cudart"), CUDA_SONAME("cublas")};
    const struct symbol symbols[] = {
        {0, "cudaSetDevice", (void **)&cuda.SetDevice},
        {0, "cudaDeviceGetByPCIBusId", (void **)&cuda.DeviceGetByPCIBusId},
        {0, "cudaMalloc", (void **)&cuda.Malloc},
        {0, "cudaFree", (void **)&cuda.Free},
        {0, "cudaMemcpy", (void **)&cuda.Memcpy},
        {0, "cudaEventCreate", (void **)&cuda.EventCreate},
        {0, "cudaEventDestroy", (void **)&cuda.EventDestroy},
        {0, "cudaEventRecord", (void **)&cuda.EventRecord},
        {0, "cudaEventSynchronize", (void **)&cuda.EventSynchronize},
        {0, "cudaEventElapsedTime", (void **)&cuda.EventElapsedTime},
        {0, "cudaGetErrorName", (void **)&cuda.GetErrorName},
        {1, "cublasCreate_v2", (void **)&cuda.Create},
        {1, "cublasDestroy_v2", (void **)&cuda.Destroy},
        {1, "cublasSetMathMode", (void **)&cuda.SetMathMode},
        {1, "cublasSgemm_v2", (void **)&cuda.Sgemm},
        {1, "cublasDgemm_v2", (void **)&cuda.Dgemm},
        {1, "cublasGetStatusName", (void **)&cuda.GetStatusName},
        {1, "cublasGetProperty", (void **)&cuda.GetProperty},
    };
    void *lib[2];

    if (cuda.loaded)
        return 0;
    for (int i = 0; i < 2; i++) {
        lib[i] = dlopen(sonames[i], RTLD_NOW | RTLD_GLOBAL);
        if (lib[i] == NULL) {
            snprintf(why, why_len,
                     "%s could not be loaded (%s): sgemm_cublas and dgemm_cublas need the CUDA %d "
                     "runtime and "
                     "cuBLAS; put their folder (e.g. /usr/local/cuda/lib64) on LD_LIBRARY_PATH",
                     sonames[i], dlerror(), CLBENCH_CUDA_MAJOR);
            return CB_LIBRARY_UNAVAILABLE;
        }
    }
    for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; i++) {
        *symbols[i].slot = dlsym(lib[symbols[i].from_cublas], symbols[i].name);
        if (*symbols[i].slot == NULL) {
            snprintf(why, why_len, "%s has no %s: not the CUDA %d library clbench was built for",
                     sonames[symbols[i].from_cublas], symbols[i].name, CLBENCH_CUDA_MAJOR);
            return CB_LIBRARY_UNAVAILABLE;
        }
    }
    cuda.loaded = 1;
    return 0;
}

/* The math mode every handle gets (cublas_open_state says why), as the rows record it. */
#define CUBLAS_MATH_MODE CUBLAS_DEFAULT_MATH

struct cublas_state {
    cublasHandle_t handle;
    /* device memory per buffer set (struct cb_library_call), of the row's type */
    void *a[CB_MAX_BUFFER_SETS], *b[CB_MAX_BUFFER_SETS], *c[CB_MAX_BUFFER_SETS];
    void *host_c; /* the last result, on its way to the OpenCL output */
    cudaEvent_t start, stop;
};

#define CUDA_TRY(call)                                                                             \
    do {                                                                                           \
        const cudaError_t e_ = (call);                                                             \
        if (e_ != cudaSuccess) {                                                                   \
            snprintf(why, why_len, "%s: %s", #call, cuda.GetErrorName(e_));                        \
            return CB_LIBRARY_FAILED;                                                              \
        }                                                                                          \
    } while (0)

#define CUBLAS_TRY(call)                                                                           \
    do {                                                                                           \
        const cublasStatus_t s_ = (call);                                                          \
        if (s_ != CUBLAS_STATUS_SUCCESS) {                                                         \
            snprintf(why, why_len, "%s: %s", #call, cuda.GetStatusName(s_));                       \
            return CB_LIBRARY_FAILED;                                                              \
        }                                                                                          \
    } while (0)

static int cublas_refuses(const struct cb_device *d, const char *kernel, char *why, size_t why_len)
{
    (void)kernel;
    if (strstr(d->vendor, "NVIDIA") != NULL)
        return 0;
    snprintf(why, why_len,
             "cuBLAS (sgemm_cublas, dgemm_cublas) runs on NVIDIA devices only (the "
             "OpenCL device's vendor is not NVIDIA)");
    return 1;
}

/* The CUDA device behind the OpenCL device: the same PCI address, read through
 * cl_nv_device_attribute_query where the driver has it.  -1 when unknown. */
static int cuda_device_of(const struct cb_device *d)
{
    char address[32];
    int device = -1;

    for (int reading = 0; reading < 2; reading++)
        if (cb_device_pci_address(d, reading, address, sizeof address) == 0 &&
            cuda.DeviceGetByPCIBusId(&device, address) == cudaSuccess)
            return device;
    return -1;
}

static int cublas_open_state(struct cb_library_call *call, struct cublas_state *s, char *why,
                             size_t why_len)
{
    const struct cb_problem *p = call->problem;
    const size_t a_bytes = p->input_elems[0] * cb_real_size(p);
    const size_t b_bytes = p->input_elems[1] * cb_real_size(p);
    const size_t c_bytes = p->output_elems * cb_real_size(p);
    int device = cuda_device_of(call->device);

    if (device < 0) {
        device = 0;
        snprintf(why, why_len, "the OpenCL device's PCI address is unknown: ran on CUDA device 0");
    }
    CUDA_TRY(cuda.SetDevice(device));
    s->host_c = malloc(c_bytes);
    if (s->host_c == NULL) {
        snprintf(why, why_len, "no host memory for %s's result", p->kernel->name);
        return CB_LIBRARY_FAILED;
    }
    CUBLAS_TRY(cuda.Create(&s->handle));
    /* FP32 as a user gets it by default: CUBLAS_DEFAULT_MATH never uses TF32 for SGEMM
     * (that takes CUBLAS_TF32_TENSOR_OP_MATH), and unlike CUBLAS_PEDANTIC_MATH it does not
     * trade speed for bitwise-standard arithmetic. */
    CUBLAS_TRY(cuda.SetMathMode(s->handle, CUBLAS_MATH_MODE));
    for (unsigned set = 0; set < call->sets; set++) {
        CUDA_TRY(cuda.Malloc((void **)&s->a[set], a_bytes));
        CUDA_TRY(cuda.Malloc((void **)&s->b[set], b_bytes));
        CUDA_TRY(cuda.Malloc((void **)&s->c[set], c_bytes));
        CUDA_TRY(cuda.Memcpy(s->a[set], call->host_in[0], a_bytes, cudaMemcpyHostToDevice));
        CUDA_TRY(cuda.Memcpy(s->b[set], call->host_in[1], b_bytes, cudaMemcpyHostToDevice));
    }
    CUDA_TRY(cuda.EventCreate(&s->start));
    CUDA_TRY(cuda.EventCreate(&s->stop));
    return 0;
}

static int cublas_open(struct cb_library_call *call, char *why, size_t why_len)
{
    const int loaded = load_cuda(why, why_len);

    if (loaded != 0)
        return loaded;
    call->state = calloc(1, sizeof(struct cublas_state));
    if (call->state == NULL) {
        snprintf(why, why_len, "no host memory for %s", call->problem->kernel->name);
        return CB_LIBRARY_FAILED;
    }
    return cublas_open_state(call, call->state, why, why_len);
}

static int cublas_launch(struct cb_library_call *call, double *ms, char *why, size_t why_len)
{
    const struct cublas_state *s = call->state;
    const struct cb_problem *p = call->problem;
    const struct cb_gemm_colmajor g = cb_gemm_rowmajor(p->size[0], p->size[1], p->size[2]);
    const float one = 1.0f, zero = 0.0f;
    const double one_d = 1.0, zero_d = 0.0;
    void *a = s->a[call->set], *b = s->b[call->set], *c = s->c[call->set];
    void *first = g.first == 1 ? b : a, *second = g.first == 1 ? a : b;
    float elapsed = 0.0f;

    CUDA_TRY(cuda.EventRecord(s->start, NULL));
    /* cublasDgemm for double rows (dgemm_cublas): FP64, on Hopper its FP64 tensor cores. */
    if (p->real == CB_ELEM_DOUBLE)
        CUBLAS_TRY(cuda.Dgemm(s->handle, CUBLAS_OP_N, CUBLAS_OP_N, (int)g.m, (int)g.n, (int)g.k,
                              &one_d, first, (int)g.ld_first, second, (int)g.ld_second, &zero_d,
                              (double *)c, (int)g.ldc));
    else
        CUBLAS_TRY(cuda.Sgemm(s->handle, CUBLAS_OP_N, CUBLAS_OP_N, (int)g.m, (int)g.n, (int)g.k,
                              &one, first, (int)g.ld_first, second, (int)g.ld_second, &zero, c,
                              (int)g.ldc));
    CUDA_TRY(cuda.EventRecord(s->stop, NULL));
    CUDA_TRY(cuda.EventSynchronize(s->stop));
    CUDA_TRY(cuda.EventElapsedTime(&elapsed, s->start, s->stop));
    *ms = elapsed;
    return 0;
}

static int cublas_store(struct cb_library_call *call, cl_command_queue queue, cl_mem out, char *why,
                        size_t why_len)
{
    const struct cublas_state *s = call->state;
    const size_t bytes = call->problem->output_elems * cb_real_size(call->problem);
    cl_int err;

    CUDA_TRY(cuda.Memcpy(s->host_c, s->c[call->set], bytes, cudaMemcpyDeviceToHost));
    err = clEnqueueWriteBuffer(queue, out, CL_TRUE, 0, bytes, s->host_c, 0, NULL, NULL);
    if (err == CL_SUCCESS)
        return 0;
    snprintf(why, why_len, "clEnqueueWriteBuffer of the result: %s", cb_cl_errname(err));
    return CB_LIBRARY_FAILED;
}

/* Releases whatever open created, after a failure at any point too. */
static void cublas_close(struct cb_library_call *call)
{
    struct cublas_state *s = call->state;

    if (s == NULL)
        return;
    if (s->start != NULL)
        cuda.EventDestroy(s->start);
    if (s->stop != NULL)
        cuda.EventDestroy(s->stop);
    for (unsigned set = 0; set < CB_MAX_BUFFER_SETS; set++) {
        if (s->a[set] != NULL)
            cuda.Free(s->a[set]);
        if (s->b[set] != NULL)
            cuda.Free(s->b[set]);
        if (s->c[set] != NULL)
            cuda.Free(s->c[set]);
    }
    if (s->handle != NULL)
        cuda.Destroy(s->handle);
    free(s->host_c);
    free(s);
    call->state = NULL;
}

/* The version of the cuBLAS loaded (not of the headers), and the math mode clbench set. */
static void cublas_describe(const struct cb_device *d, struct cb_library_info *info)
{
    int v[3] = {0, 0, 0};

    (void)d;
    snprintf(info->name, sizeof info->name, "cuBLAS");
    if (cuda.loaded && cuda.GetProperty(MAJOR_VERSION, &v[0]) == CUBLAS_STATUS_SUCCESS &&
        cuda.GetProperty(MINOR_VERSION, &v[1]) == CUBLAS_STATUS_SUCCESS &&
        cuda.GetProperty(PATCH_LEVEL, &v[2]) == CUBLAS_STATUS_SUCCESS)
        snprintf(info->version, sizeof info->version, "%d.%d.%d", v[0], v[1], v[2]);
    else
        snprintf(info->version, sizeof info->version, "unknown");
    snprintf(info->config, sizeof info->config,
             "math mode %s (SGEMM in FP32 without TF32, DGEMM in FP64); built against the "
             "CUDA %d headers",
             CB_STR(CUBLAS_MATH_MODE), CLBENCH_CUDA_MAJOR);
}

const struct cb_library cb_library_cublas = {
    .timer = "cuda-event",
    .refuses = cublas_refuses,
    .open = cublas_open,
    .launch = cublas_launch,
    .store = cublas_store,
    .close = cublas_close,
    .describe = cublas_describe,
};
#endif
