/* Does NVIDIA's OpenCL take inline PTX, and the FP64 tensor-core mma.sync in it?
   One warp multiplies an 8x4 by a 4x8 double matrix with mma.sync.m8n8k4; checked on the host. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *fma_src =
    "__kernel void k(__global double *a) {\n"
    "  size_t i = get_global_id(0); double x = a[i], y;\n"
    "  asm volatile(\"fma.rn.f64 %0, %1, %1, %1;\" : \"=d\"(y) : \"d\"(x));\n"
    "  a[i] = y;\n"
    "}\n";

/* A 8x4 row-major, B 4x8 column-major (B[k][n] at n*4+k), D 8x8 row-major. Lane l holds
   A[l/4][l%4], B[l%4][l/4], and D[l/4][2*(l%4)+{0,1}]. */
static const char *mma_src =
    "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
    "__kernel void k(__global const double *A, __global const double *B, __global double *D) {\n"
    "  uint l = get_local_id(0);\n"
    "  double a = A[(l / 4) * 4 + l % 4], b = B[(l / 4) * 4 + l % 4];\n"
    "  double d0 = 0, d1 = 0;\n"
    "  asm volatile(\"mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0,%1}, {%2}, {%3}, {%0,%1};\"\n"
    "               : \"+d\"(d0), \"+d\"(d1) : \"d\"(a), \"d\"(b));\n"
    "  D[(l / 4) * 8 + 2 * (l % 4)] = d0; D[(l / 4) * 8 + 2 * (l % 4) + 1] = d1;\n"
    "}\n";

int main(void)
{
    cl_platform_id ps[8];
    cl_uint np = 0;
    clGetPlatformIDs(8, ps, &np);
    for (cl_uint p = 0; p < np; p++) {
        char name[256];
        clGetPlatformInfo(ps[p], CL_PLATFORM_NAME, sizeof name, name, NULL);
        if (!strstr(name, "NVIDIA"))
            continue;
        cl_device_id d;
        clGetDeviceIDs(ps[p], CL_DEVICE_TYPE_GPU, 1, &d, NULL);
        cl_context ctx = clCreateContext(NULL, 1, &d, NULL, NULL, NULL);
        cl_command_queue q = clCreateCommandQueue(ctx, d, 0, NULL);
        const char *srcs[2] = {fma_src, mma_src};
        for (int s = 0; s < 2; s++) {
            cl_program pr = clCreateProgramWithSource(ctx, 1, &srcs[s], NULL, NULL);
            cl_int e = clBuildProgram(pr, 1, &d, "", NULL, NULL);
            char log[8192] = "";
            clGetProgramBuildInfo(pr, d, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
            printf("source %d (%s): clBuildProgram %d, log: %.1500s\n", s, s ? "mma.sync f64" : "fma.rn.f64",
                   e, log);
            if (e != CL_SUCCESS || s == 0) {
                clReleaseProgram(pr);
                continue;
            }
            double A[32], B[32], D[64], want[64];
            for (int i = 0; i < 32; i++) {
                A[i] = i * 0.25 - 3;
                B[i] = 1.5 - i * 0.125;
            }
            for (int m = 0; m < 8; m++)
                for (int n = 0; n < 8; n++) {
                    want[m * 8 + n] = 0;
                    for (int k = 0; k < 4; k++)
                        want[m * 8 + n] += A[m * 4 + k] * B[n * 4 + k];
                }
            cl_mem ba = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof A, A, &e);
            cl_mem bb = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof B, B, &e);
            cl_mem bd = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, sizeof D, NULL, &e);
            cl_kernel k = clCreateKernel(pr, "k", &e);
            clSetKernelArg(k, 0, sizeof ba, &ba);
            clSetKernelArg(k, 1, sizeof bb, &bb);
            clSetKernelArg(k, 2, sizeof bd, &bd);
            size_t g = 32, l = 32;
            e = clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL);
            printf("enqueue %d\n", e);
            e = clEnqueueReadBuffer(q, bd, CL_TRUE, 0, sizeof D, D, 0, NULL, NULL);
            double worst = 0;
            for (int i = 0; i < 64; i++)
                worst = fmax(worst, fabs(D[i] - want[i]));
            printf("read %d, D[0]=%g want %g, D[63]=%g want %g, max abs diff %g\n", e, D[0], want[0], D[63],
                   want[63], worst);
            size_t bin = 0;
            clGetProgramInfo(pr, CL_PROGRAM_BINARY_SIZES, sizeof bin, &bin, NULL);
            printf("ptx size %zu\n", bin);
        }
    }
    return 0;
}
