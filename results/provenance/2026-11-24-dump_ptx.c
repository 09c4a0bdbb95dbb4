/* Builds FILE with OPTIONS on NVIDIA's OpenCL and writes its binary (PTX) to OUT. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char **argv)
{
    if (argc != 4)
        return 2;
    FILE *f = fopen(argv[1], "rb");
    static char src[1 << 20];
    size_t n = fread(src, 1, sizeof src - 1, f);
    src[n] = 0;
    fclose(f);
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
        const char *s = src;
        cl_program pr = clCreateProgramWithSource(ctx, 1, &s, NULL, NULL);
        cl_int e = clBuildProgram(pr, 1, &d, argv[2], NULL, NULL);
        if (e != CL_SUCCESS) {
            char log[65536];
            clGetProgramBuildInfo(pr, d, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
            fprintf(stderr, "build %d: %s\n", e, log);
            return 1;
        }
        size_t sz;
        clGetProgramInfo(pr, CL_PROGRAM_BINARY_SIZES, sizeof sz, &sz, NULL);
        unsigned char *bin = malloc(sz);
        clGetProgramInfo(pr, CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL);
        FILE *o = fopen(argv[3], "wb");
        fwrite(bin, 1, sz, o);
        fclose(o);
        return 0;
    }
    return 1;
}
