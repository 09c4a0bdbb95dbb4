/* Which build options make NVIDIA's OpenCL print "is a kernel, so overriding noinline". */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <string.h>
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
        const char *srcs[] = {
            "__kernel void k(__global float *a) { a[get_global_id(0)] *= 2.0f; }",
            "static inline float f(float x) { return 2 * x; }\n__kernel void k(__global float *a) { a[get_global_id(0)] = f(a[get_global_id(0)]); }",
            "__kernel __attribute__((reqd_work_group_size(64, 1, 1))) void k(__global float *a) { a[get_global_id(0)] *= 2.0f; }",
        };
        const char *opts[] = {"", "-cl-std=CL1.2", "-cl-nv-verbose", "-I /tmp", "-DREAL=float",
                              "-cl-std=CL1.2 -DREAL=float -cl-nv-verbose -I /tmp", "-cl-std=CL3.0",
                              "-cl-opt-disable", "-cl-nv-opt-level=3"};
        for (unsigned s = 0; s < 3; s++)
            for (unsigned o = 0; o < sizeof opts / sizeof *opts; o++) {
                cl_program pr = clCreateProgramWithSource(ctx, 1, &srcs[s], NULL, NULL);
                cl_int e = clBuildProgram(pr, 1, &d, opts[o], NULL, NULL);
                char log[8192] = "";
                clGetProgramBuildInfo(pr, d, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
                printf("src %u opts '%s': err %d noinline %s | %.200s\n", s, opts[o], e,
                       strstr(log, "noinline") ? "YES" : "no", log);
                clReleaseProgram(pr);
            }
    }
    return 0;
}
