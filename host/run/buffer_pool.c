/* Device buffers kept between rows; see buffer_pool.h. */
#include "clbench/buffer_pool.h"

#include <pthread.h>
#include <stdlib.h>

struct kept {
    struct kept *next;
    cl_context context;
    cl_mem_flags flags;
    size_t bytes;
    cl_mem mem;
};

static struct kept *pool;
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;

/* Releases the kept buffers of ctx (NULL: all).  Under pool_lock. */
static void drop(cl_context ctx)
{
    struct kept **at = &pool;

    while (*at != NULL) {
        struct kept *k = *at;

        if (ctx != NULL && k->context != ctx) {
            at = &k->next;
            continue;
        }
        *at = k->next;
        clReleaseMemObject(k->mem);
        free(k);
    }
}

cl_mem cb_pool_take(cl_context ctx, cl_mem_flags flags, size_t bytes, cl_int *err)
{
    struct kept **at;

    pthread_mutex_lock(&pool_lock);
    for (at = &pool; *at != NULL; at = &(*at)->next) {
        struct kept *k = *at;

        if (k->context == ctx && k->flags == flags && k->bytes == bytes) {
            cl_mem m = k->mem;

            *at = k->next;
            free(k);
            pthread_mutex_unlock(&pool_lock);
            *err = CL_SUCCESS;
            return m;
        }
    }
    drop(ctx);
    pthread_mutex_unlock(&pool_lock);
    return clCreateBuffer(ctx, flags, bytes, NULL, err);
}

void cb_pool_give(cl_mem m)
{
    struct kept *k;

    if (m == NULL)
        return;
    k = malloc(sizeof *k);
    if (k == NULL ||
        clGetMemObjectInfo(m, CL_MEM_CONTEXT, sizeof k->context, &k->context, NULL) != CL_SUCCESS ||
        clGetMemObjectInfo(m, CL_MEM_FLAGS, sizeof k->flags, &k->flags, NULL) != CL_SUCCESS ||
        clGetMemObjectInfo(m, CL_MEM_SIZE, sizeof k->bytes, &k->bytes, NULL) != CL_SUCCESS) {
        free(k);
        clReleaseMemObject(m);
        return;
    }
    k->mem = m;
    pthread_mutex_lock(&pool_lock);
    k->next = pool;
    pool = k;
    pthread_mutex_unlock(&pool_lock);
}

void cb_pool_drop(cl_context ctx)
{
    pthread_mutex_lock(&pool_lock);
    drop(ctx);
    pthread_mutex_unlock(&pool_lock);
}
