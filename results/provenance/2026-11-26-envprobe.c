/* Does the ICD loader change the process's environment?  Prints OCL_ICD_FILENAMES before and
 * after clGetPlatformIDs, and the platforms found.  Built on Debian 12:
 *   cc -O1 -o envprobe 2026-11-26-envprobe.c -lOpenCL */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    const char *before = getenv("OCL_ICD_FILENAMES");
    char copy[4096];
    cl_uint n = 0;
    cl_platform_id p[16];

    snprintf(copy, sizeof copy, "%s", before != NULL ? before : "(unset)");
    clGetPlatformIDs(16, p, &n);
    printf("OCL_ICD_FILENAMES before: %s\n", copy);
    printf("OCL_ICD_FILENAMES after:  %s\n", getenv("OCL_ICD_FILENAMES") ? getenv("OCL_ICD_FILENAMES") : "(unset)");
    for (cl_uint i = 0; i < n && i < 16; i++) {
        char name[256] = "";
        clGetPlatformInfo(p[i], CL_PLATFORM_NAME, sizeof name, name, NULL);
        printf("platform %u: %s\n", i, name);
    }
    return 0;
}
