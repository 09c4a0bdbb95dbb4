/* The private memory of a work-group against a CPU driver's thread stack; see private_limit.h.
 *
 * PoCL (3.1, its CPU "pthread" device) compiles a kernel into a work-group function that loops
 * over the work-items, and gives every private array that survives optimisation a context
 * array of one copy per work-item, allocated on the stack of that function
 * (lib/llvmopencl/WorkitemLoops.cc: "Allocas (private arrays) should be privatized always").
 * The function runs on the device's worker threads, created with default attributes
 * (lib/CL/devices/pthread/pthread_scheduler.c), so a work-group's private arrays must fit in a
 * default thread stack.  The rest of the stack (PoCL's frames, the guard page, the thread's
 * TLS) takes a fixed amount whatever the stack's size, found by bisection on matmul_cpu's
 * panels (docs/kernels.md, "Private memory on CPU drivers", has the figures); the limit keeps
 * 128 KiB for it, above what it was seen to take. */
#define _GNU_SOURCE
#include "clbench/private_limit.h"

#include <pthread.h>
#include <string.h>
#include <sys/resource.h>

enum { STACK_HEADROOM = 128 * 1024, GLIBC_UNLIMITED_STACK = 2 * 1024 * 1024 };

size_t cb_default_thread_stack(void)
{
    struct rlimit rl;
#ifdef __GLIBC__
    pthread_attr_t attr;
    size_t size = 0;

    if (pthread_getattr_default_np(&attr) == 0) {
        const int err = pthread_attr_getstacksize(&attr, &size);

        pthread_attr_destroy(&attr);
        if (err == 0 && size > 0)
            return size;
    }
#endif
    if (getrlimit(RLIMIT_STACK, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY)
        return GLIBC_UNLIMITED_STACK;
    return (size_t)rl.rlim_cur;
}

struct cb_private_limit cb_private_limit_for(const char *platform_name, cl_device_type type,
                                             size_t thread_stack)
{
    struct cb_private_limit limit = {0, 0, NULL};

    if ((type & CL_DEVICE_TYPE_CPU) == 0 || platform_name == NULL)
        return limit;
    if (strstr(platform_name, "Portable Computing Language") != NULL) {
        limit.driver = "PoCL";
        limit.stack_bytes = thread_stack;
        limit.bytes = thread_stack > STACK_HEADROOM ? thread_stack - STACK_HEADROOM : 0;
    }
    return limit;
}

int cb_private_limit_exceeded(const struct cb_private_limit *limit, size_t items, size_t per_item)
{
    if (limit->driver == NULL || per_item == 0)
        return 0;
    /* Divided rather than multiplied, so that no product overflows. */
    return items > limit->bytes / per_item;
}
