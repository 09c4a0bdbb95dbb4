/* Error names and messages; see include/base/clbench/check.h. */
#include "clbench/check.h"

#include <stdarg.h>
#include <stdio.h>
#include <unistd.h>
#include <string.h>

/* Every error code of the OpenCL 1.2 headers, once. */
#define CB_CL_ERRORS(X)                                                                            \
    X(CL_SUCCESS)                                                                                  \
    X(CL_DEVICE_NOT_FOUND)                                                                         \
    X(CL_DEVICE_NOT_AVAILABLE)                                                                     \
    X(CL_COMPILER_NOT_AVAILABLE)                                                                   \
    X(CL_MEM_OBJECT_ALLOCATION_FAILURE)                                                            \
    X(CL_OUT_OF_RESOURCES)                                                                         \
    X(CL_OUT_OF_HOST_MEMORY)                                                                       \
    X(CL_PROFILING_INFO_NOT_AVAILABLE)                                                             \
    X(CL_MEM_COPY_OVERLAP)                                                                         \
    X(CL_IMAGE_FORMAT_MISMATCH)                                                                    \
    X(CL_IMAGE_FORMAT_NOT_SUPPORTED)                                                               \
    X(CL_BUILD_PROGRAM_FAILURE)                                                                    \
    X(CL_MAP_FAILURE)                                                                              \
    X(CL_MISALIGNED_SUB_BUFFER_OFFSET)                                                             \
    X(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)                                                \
    X(CL_COMPILE_PROGRAM_FAILURE)                                                                  \
    X(CL_LINKER_NOT_AVAILABLE)                                                                     \
    X(CL_LINK_PROGRAM_FAILURE)                                                                     \
    X(CL_DEVICE_PARTITION_FAILED)                                                                  \
    X(CL_KERNEL_ARG_INFO_NOT_AVAILABLE)                                                            \
    X(CL_INVALID_VALUE)                                                                            \
    X(CL_INVALID_DEVICE_TYPE)                                                                      \
    X(CL_INVALID_PLATFORM)                                                                         \
    X(CL_INVALID_DEVICE)                                                                           \
    X(CL_INVALID_CONTEXT)                                                                          \
    X(CL_INVALID_QUEUE_PROPERTIES)                                                                 \
    X(CL_INVALID_COMMAND_QUEUE)                                                                    \
    X(CL_INVALID_HOST_PTR)                                                                         \
    X(CL_INVALID_MEM_OBJECT)                                                                       \
    X(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR)                                                          \
    X(CL_INVALID_IMAGE_SIZE)                                                                       \
    X(CL_INVALID_SAMPLER)                                                                          \
    X(CL_INVALID_BINARY)                                                                           \
    X(CL_INVALID_BUILD_OPTIONS)                                                                    \
    X(CL_INVALID_PROGRAM)                                                                          \
    X(CL_INVALID_PROGRAM_EXECUTABLE)                                                               \
    X(CL_INVALID_KERNEL_NAME)                                                                      \
    X(CL_INVALID_KERNEL_DEFINITION)                                                                \
    X(CL_INVALID_KERNEL)                                                                           \
    X(CL_INVALID_ARG_INDEX)                                                                        \
    X(CL_INVALID_ARG_VALUE)                                                                        \
    X(CL_INVALID_ARG_SIZE)                                                                         \
    X(CL_INVALID_KERNEL_ARGS)                                                                      \
    X(CL_INVALID_WORK_DIMENSION)                                                                   \
    X(CL_INVALID_WORK_GROUP_SIZE)                                                                  \
    X(CL_INVALID_WORK_ITEM_SIZE)                                                                   \
    X(CL_INVALID_GLOBAL_OFFSET)                                                                    \
    X(CL_INVALID_EVENT_WAIT_LIST)                                                                  \
    X(CL_INVALID_EVENT)                                                                            \
    X(CL_INVALID_OPERATION)                                                                        \
    X(CL_INVALID_GL_OBJECT)                                                                        \
    X(CL_INVALID_BUFFER_SIZE)                                                                      \
    X(CL_INVALID_MIP_LEVEL)                                                                        \
    X(CL_INVALID_GLOBAL_WORK_SIZE)                                                                 \
    X(CL_INVALID_PROPERTY)                                                                         \
    X(CL_INVALID_IMAGE_DESCRIPTOR)                                                                 \
    X(CL_INVALID_COMPILER_OPTIONS)                                                                 \
    X(CL_INVALID_LINKER_OPTIONS)                                                                   \
    X(CL_INVALID_DEVICE_PARTITION_COUNT)

const char *cb_cl_errname(cl_int err)
{
    switch (err) {
#define CB_CASE(name)                                                                              \
    case name:                                                                                     \
        return #name;
        CB_CL_ERRORS(CB_CASE)
#undef CB_CASE
    case -1001: /* from the ICD loader (cl_khr_icd), not in cl.h */
        return "CL_PLATFORM_NOT_FOUND_KHR";
    default:
        return "unknown OpenCL error";
    }
}

static void vreport(const char *level, const char *fmt, va_list ap)
{
    /* On a terminal the line may hold a progress line (this process's or, in a worker, its
     * supervisor's): the message replaces it rather than running on from it. */
    if (isatty(STDERR_FILENO))
        fputs("\r\033[K", stderr);
    fprintf(stderr, "clbench: %s: ", level);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

static int warnings_quiet;

int cb_error(const char *fmt, ...)
{
    va_list ap;

    if (warnings_quiet)
        return -1;
    va_start(ap, fmt);
    vreport("error", fmt, ap);
    va_end(ap);
    return -1;
}

void cb_warnings_quiet(int on)
{
    warnings_quiet = on;
}

void cb_warn(const char *fmt, ...)
{
    va_list ap;

    if (warnings_quiet)
        return;
    va_start(ap, fmt);
    vreport("warning", fmt, ap);
    va_end(ap);
}

const char *cb_cl_advice(cl_int err)
{
    switch (err) {
    case CL_OUT_OF_HOST_MEMORY:
        return "the driver ran out of host memory: choose a smaller --size, or free memory";
    case CL_MEM_OBJECT_ALLOCATION_FAILURE:
    case CL_OUT_OF_RESOURCES:
    case CL_INVALID_BUFFER_SIZE:
        return "the device ran out of memory or resources: choose a smaller --size or smaller "
               "parameters";
    case CL_DEVICE_NOT_AVAILABLE:
        return "the device is not available: another program may hold it, or its driver failed";
    case CL_COMPILER_NOT_AVAILABLE:
        return "the driver has no OpenCL compiler: install its compiler package";
    default:
        return "the driver refused the call: if it happens again, report it with this line";
    }
}

cl_int cb_cl_fail(cl_int err, const char *call, const char *file, int line)
{
    /* The source path from host/ on: the build folder says nothing to the reader. */
    const char *where = strstr(file, "host/");

    cb_error("%s failed: %s (%d): %s (at %s:%d)", call, cb_cl_errname(err), (int)err,
             cb_cl_advice(err), where != NULL ? where : file, line);
    return err;
}
