/* Minimal reproducer: PoCL 5.0 (Ubuntu 24.04's 5.0+debian, LLVM 16) now and then compiles
 * matmul_regblock's work-group function wrongly: the same program.bc gives a .so whose stack
 * frame is 4 KiB smaller, and the kernel leaves most of C unwritten.  Each iteration builds a
 * fresh program (run with POCL_KERNEL_CACHE=0 so that PoCL compiles again), runs one launch
 * over C filled with NaN and counts the elements that differ from the host's product.
 *   cc -O1 -o repro 2026-11-26-pocl5-regblock-repro.c -lOpenCL
 *   POCL_KERNEL_CACHE=0 ./repro ITERATIONS [extra build options]      (platform: PoCL)
 * Build option -DNO_B reads B's tile straight from local memory instead of through the private
 * array b[RX]; -DUNROLL_K adds #pragma unroll to the k-step loop.
 * Prints one line per iteration and "N of M builds wrong". */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *source =
    "#define TILE 16\n#define RX 4\n#define RY 4\n"
    "__kernel __attribute__((reqd_work_group_size(TILE, TILE, 1))) void\n"
    "matmul_regblock(const int M, const int N, const int K, __global const float *restrict A,\n"
    "                __global const float *restrict B, __global float *restrict C)\n"
    "{\n"
    "    __local float As[TILE * RY][TILE];\n"
    "    __local float Bs[TILE][TILE * RX];\n"
    "    const int lx = get_local_id(0), ly = get_local_id(1);\n"
    "    const int col0 = get_group_id(0) * TILE * RX, row0 = get_group_id(1) * TILE * RY;\n"
    "    float acc[RY][RX];\n"
    "    for (int i = 0; i < RY; i++)\n"
    "        for (int j = 0; j < RX; j++)\n"
    "            acc[i][j] = 0;\n"
    "    for (int k0 = 0; k0 < K; k0 += TILE) {\n"
    "        for (int i = 0; i < RY; i++) {\n"
    "            const int r = row0 + ly + i * TILE;\n"
    "            As[ly + i * TILE][lx] = r < M && k0 + lx < K ? A[r * K + k0 + lx] : 0;\n"
    "        }\n"
    "        for (int j = 0; j < RX; j++) {\n"
    "            const int c = col0 + lx + j * TILE;\n"
    "            Bs[ly][lx + j * TILE] = k0 + ly < K && c < N ? B[(k0 + ly) * N + c] : 0;\n"
    "        }\n"
    "        barrier(CLK_LOCAL_MEM_FENCE);\n"
    "#ifdef UNROLL_K\n"
    "#pragma unroll\n"
    "#endif\n"
    "        for (int k = 0; k < TILE; k++) {\n"
    "#ifdef NO_B\n"
    "            for (int i = 0; i < RY; i++)\n"
    "                for (int j = 0; j < RX; j++)\n"
    "                    acc[i][j] += As[ly + i * TILE][k] * Bs[k][lx + j * TILE];\n"
    "#else\n"
    "            float b[RX];\n"
    "            for (int j = 0; j < RX; j++)\n"
    "                b[j] = Bs[k][lx + j * TILE];\n"
    "            for (int i = 0; i < RY; i++) {\n"
    "                const float a = As[ly + i * TILE][k];\n"
    "                for (int j = 0; j < RX; j++)\n"
    "                    acc[i][j] += a * b[j];\n"
    "            }\n"
    "#endif\n"
    "        }\n"
    "        barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    }\n"
    "    for (int i = 0; i < RY; i++)\n"
    "        for (int j = 0; j < RX; j++) {\n"
    "            const int r = row0 + ly + i * TILE, c = col0 + lx + j * TILE;\n"
    "            if (r < M && c < N)\n"
    "                C[r * N + c] = acc[i][j];\n"
    "        }\n"
    "}\n";

#define CHECK(x)                                                                                 \
    do {                                                                                         \
        cl_int e_ = (x);                                                                         \
        if (e_ != CL_SUCCESS) {                                                                  \
            fprintf(stderr, "%s -> %d at line %d\n", #x, e_, __LINE__);                          \
            exit(1);                                                                             \
        }                                                                                        \
    } while (0)

int main(int argc, char **argv)
{
    const int n = 256, iterations = argc > 1 ? atoi(argv[1]) : 20;
    const char *options = argc > 2 ? argv[2] : "";
    const size_t bytes = (size_t)n * n * sizeof(float), global[2] = {n / 4, n / 4},
                 local[2] = {16, 16};
    float *a = malloc(bytes), *b = malloc(bytes), *c = malloc(bytes), *want = calloc(1, bytes);
    cl_platform_id platforms[8], pocl = NULL;
    cl_uint np = 0;
    cl_device_id dev;
    cl_int err;
    int wrong_builds = 0;

    for (int i = 0; i < n * n; i++) {
        a[i] = (float)((i * 7) % 13) - 6.0f;
        b[i] = (float)((i * 5) % 11) - 5.0f;
    }
    for (int i = 0; i < n; i++)
        for (int k = 0; k < n; k++)
            for (int j = 0; j < n; j++)
                want[i * n + j] += a[i * n + k] * b[k * n + j];
    CHECK(clGetPlatformIDs(8, platforms, &np));
    for (cl_uint p = 0; p < np; p++) {
        char name[128] = "";
        clGetPlatformInfo(platforms[p], CL_PLATFORM_NAME, sizeof name, name, NULL);
        if (strstr(name, "Portable Computing Language") != NULL)
            pocl = platforms[p];
    }
    if (pocl == NULL) {
        fprintf(stderr, "no PoCL platform\n");
        return 77;
    }
    CHECK(clGetDeviceIDs(pocl, CL_DEVICE_TYPE_ALL, 1, &dev, NULL));
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    CHECK(err);
    cl_command_queue q = clCreateCommandQueue(ctx, dev, 0, &err);
    CHECK(err);
    cl_mem da = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, a, &err);
    CHECK(err);
    cl_mem db = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, b, &err);
    CHECK(err);
    cl_mem dc = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, bytes, NULL, &err);
    CHECK(err);
    for (int it = 0; it < iterations; it++) {
        cl_program prog = clCreateProgramWithSource(ctx, 1, &source, NULL, &err);
        int wrong = 0;

        CHECK(err);
        CHECK(clBuildProgram(prog, 1, &dev, options, NULL, NULL));
        cl_kernel k = clCreateKernel(prog, "matmul_regblock", &err);
        CHECK(err);
        for (int i = 0; i < n * n; i++)
            c[i] = NAN;
        CHECK(clEnqueueWriteBuffer(q, dc, CL_TRUE, 0, bytes, c, 0, NULL, NULL));
        CHECK(clSetKernelArg(k, 0, sizeof n, &n));
        CHECK(clSetKernelArg(k, 1, sizeof n, &n));
        CHECK(clSetKernelArg(k, 2, sizeof n, &n));
        CHECK(clSetKernelArg(k, 3, sizeof da, &da));
        CHECK(clSetKernelArg(k, 4, sizeof db, &db));
        CHECK(clSetKernelArg(k, 5, sizeof dc, &dc));
        CHECK(clEnqueueNDRangeKernel(q, k, 2, NULL, global, local, 0, NULL, NULL));
        CHECK(clEnqueueReadBuffer(q, dc, CL_TRUE, 0, bytes, c, 0, NULL, NULL));
        for (int i = 0; i < n * n; i++)
            wrong += !(c[i] == want[i]);
        printf("build %d: %d of %d elements wrong\n", it, wrong, n * n);
        wrong_builds += wrong != 0;
        clReleaseKernel(k);
        clReleaseProgram(prog);
    }
    printf("%d of %d builds wrong\n", wrong_builds, iterations);
    return wrong_builds != 0;
}
