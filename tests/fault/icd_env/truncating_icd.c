/* An OpenCL "driver" that offers no platform and, while the ICD loader asks it for one, cuts
 * the loader's variable short in the process's own environment, as CUDA 13's libOpenCL.so.1
 * cuts OCL_ICD_FILENAMES (results/README.md, "Where the GPU went").  tests/cli/driver_env.sh
 * registers it beside PoCL in a folder named by OCL_ICD_VENDORS, whose last character it
 * drops: the loader has read the folder by then, and a worker started with the environment as
 * it is after enumeration would look in a folder that does not exist. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <CL/cl_ext.h>
#include <stdlib.h>
#include <string.h>

CL_API_ENTRY cl_int CL_API_CALL clIcdGetPlatformIDsKHR(cl_uint num_entries,
                                                       cl_platform_id *platforms,
                                                       cl_uint *num_platforms)
{
    char *folder = getenv("OCL_ICD_VENDORS");

    (void)num_entries;
    (void)platforms;
    if (folder != NULL && folder[0] != '\0')
        folder[strlen(folder) - 1] = '\0';
    if (num_platforms != NULL)
        *num_platforms = 0;
    return CL_PLATFORM_NOT_FOUND_KHR;
}

/* The loader asks for it before it counts the platforms; there are none to describe. */
CL_API_ENTRY cl_int CL_API_CALL clGetPlatformInfo(cl_platform_id platform,
                                                  cl_platform_info param_name,
                                                  size_t param_value_size, void *param_value,
                                                  size_t *param_value_size_ret)
{
    (void)platform;
    (void)param_name;
    (void)param_value_size;
    (void)param_value;
    (void)param_value_size_ret;
    return CL_INVALID_PLATFORM;
}

CL_API_ENTRY void *CL_API_CALL clGetExtensionFunctionAddress(const char *name)
{
    if (strcmp(name, "clIcdGetPlatformIDsKHR") == 0)
        return (void *)clIcdGetPlatformIDsKHR;
    if (strcmp(name, "clGetPlatformInfo") == 0)
        return (void *)clGetPlatformInfo;
    return NULL;
}
