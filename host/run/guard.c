/* Guarded output buffers; see guard.h. */
#include "clbench/guard.h"

#include "clbench/buffer_pool.h"
#include "clbench/check.h"
#include "clbench/device.h"
#include "clbench/kernel.h"
#include "clbench/parallel.h"

#include <string.h>

/* The canary in the guard regions: a NaN whose payload no arithmetic produces. */
static const cl_uint guard_canary = 0x7fa5c3e1u;

cl_int cb_guard_front(const struct cb_device *d, size_t *front)
{
    cl_uint align_bits = 0;

    CB_CHECK(clGetDeviceInfo(d->id, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof align_bits, &align_bits,
                             NULL));
    *front = cb_round_up(CB_GUARD_BYTES, align_bits >= 8 ? align_bits / 8 : 1);
    return CL_SUCCESS;
}

cl_int cb_guarded_create(const struct cb_device *d, size_t front, size_t bytes, const void *poison,
                         size_t poison_size, struct cb_guarded *g)
{
    const cl_buffer_region region = {front, bytes};
    /* clEnqueueFillBuffer fills whole patterns: a uchar output of odd length still gets them. */
    const size_t total = front + cb_round_up(bytes, sizeof guard_canary) + CB_GUARD_BYTES;
    /* The guard after the output starts in its last word, which the poison then overwrites
     * up to the output's end. */
    const size_t tail = front + bytes / sizeof guard_canary * sizeof guard_canary;
    cl_int err;

    /* Whatever a row before left in a buffer taken from the pool is overwritten below:
     * canary, poison, canary. */
    g->whole = cb_pool_take(d->context, CL_MEM_READ_WRITE, total, &err);
    CB_CHECK_ERR(err, "clCreateBuffer");
    CB_CHECK(clEnqueueFillBuffer(d->queue, g->whole, &guard_canary, sizeof guard_canary, 0, front,
                                 0, NULL, NULL));
    CB_CHECK(clEnqueueFillBuffer(d->queue, g->whole, &guard_canary, sizeof guard_canary, tail,
                                 total - tail, 0, NULL, NULL));
    g->inner =
        clCreateSubBuffer(g->whole, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &region, &err);
    CB_CHECK_ERR(err, "clCreateSubBuffer");
    if (cb_device_host_memory(d)) {
        void *out = clEnqueueMapBuffer(d->queue, g->inner, CL_TRUE, CL_MAP_WRITE_INVALIDATE_REGION,
                                       0, bytes, 0, NULL, NULL, &err);

        CB_CHECK_ERR(err, "clEnqueueMapBuffer");
        cb_parallel_fill(out, bytes, poison, poison_size);
        CB_CHECK(clEnqueueUnmapMemObject(d->queue, g->inner, out, 0, NULL, NULL));
        return CL_SUCCESS;
    }
    CB_CHECK(clEnqueueFillBuffer(d->queue, g->inner, poison, poison_size, 0, bytes, 0, NULL, NULL));
    return CL_SUCCESS;
}

void cb_guarded_release(struct cb_guarded *g)
{
    if (g->inner != NULL)
        clReleaseMemObject(g->inner);
    cb_pool_give(g->whole);
    g->inner = g->whole = NULL;
}

/* Byte `at` of the whole buffer as the canary left it. */
static unsigned char canary_byte(size_t at)
{
    unsigned char bytes[sizeof guard_canary];

    memcpy(bytes, &guard_canary, sizeof bytes);
    return bytes[at % sizeof bytes];
}

cl_int cb_guarded_check(const struct cb_device *d, const struct cb_guarded *g, size_t front,
                        size_t bytes, size_t elem_size, cl_uint *scratch,
                        struct cb_guard_damage *damage)
{
    const unsigned char *seen = (const unsigned char *)scratch;
    const size_t head = front / elem_size, tail = CB_GUARD_BYTES / elem_size;
    const size_t out_elems = bytes / elem_size;

    *damage = (struct cb_guard_damage){0, 0, 0};
    CB_CHECK(clEnqueueReadBuffer(d->queue, g->whole, CL_FALSE, 0, front, scratch, 0, NULL, NULL));
    CB_CHECK(clEnqueueReadBuffer(d->queue, g->whole, CL_TRUE, front + bytes, CB_GUARD_BYTES,
                                 (unsigned char *)scratch + front, 0, NULL, NULL));
    /* Compared byte by byte: after an output of 1- or 2-byte elements the guard starts
     * within a canary word. */
    for (size_t i = 0; i < head; i++)
        for (size_t b = 0; b < elem_size; b++)
            if (seen[i * elem_size + b] != canary_byte(i * elem_size + b)) {
                damage->nearest = (long long)i - (long long)head;
                damage->written++;
                damage->before++;
                break;
            }
    for (size_t i = tail; i-- > 0;)
        for (size_t b = 0; b < elem_size; b++)
            if (seen[front + i * elem_size + b] != canary_byte(front + bytes + i * elem_size + b)) {
                if (damage->before == 0)
                    damage->nearest = (long long)(out_elems + i);
                damage->written++;
                break;
            }
    return CL_SUCCESS;
}
