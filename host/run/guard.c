/* Guarded output buffers; see guard.h. */
#include "clbench/guard.h"

#include "clbench/check.h"
#include "clbench/kernel.h"

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
    const size_t total = front + bytes + CB_GUARD_BYTES;
    cl_int err;

    g->whole = clCreateBuffer(d->context, CL_MEM_READ_WRITE, total, NULL, &err);
    CB_CHECK_ERR(err, "clCreateBuffer");
    CB_CHECK(clEnqueueFillBuffer(d->queue, g->whole, &guard_canary, sizeof guard_canary, 0, total,
                                 0, NULL, NULL));
    g->inner =
        clCreateSubBuffer(g->whole, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &region, &err);
    CB_CHECK_ERR(err, "clCreateSubBuffer");
    CB_CHECK(clEnqueueFillBuffer(d->queue, g->inner, poison, poison_size, 0, bytes, 0, NULL, NULL));
    return CL_SUCCESS;
}

void cb_guarded_release(struct cb_guarded *g)
{
    if (g->inner != NULL)
        clReleaseMemObject(g->inner);
    if (g->whole != NULL)
        clReleaseMemObject(g->whole);
    g->inner = g->whole = NULL;
}

cl_int cb_guarded_check(const struct cb_device *d, const struct cb_guarded *g, size_t front,
                        size_t bytes, cl_uint *scratch, struct cb_guard_damage *damage)
{
    const size_t head = front / sizeof(cl_uint), tail = CB_GUARD_BYTES / sizeof(cl_uint);

    *damage = (struct cb_guard_damage){0, 0, 0};
    CB_CHECK(clEnqueueReadBuffer(d->queue, g->whole, CL_FALSE, 0, front, scratch, 0, NULL, NULL));
    CB_CHECK(clEnqueueReadBuffer(d->queue, g->whole, CL_TRUE, front + bytes, CB_GUARD_BYTES,
                                 scratch + head, 0, NULL, NULL));
    for (size_t i = 0; i < head; i++)
        if (scratch[i] != guard_canary) {
            damage->nearest = (long long)i - (long long)head;
            damage->written++;
            damage->before++;
        }
    for (size_t i = tail; i-- > 0;)
        if (scratch[head + i] != guard_canary) {
            if (damage->before == 0)
                damage->nearest = (long long)(bytes / sizeof(cl_uint) + i);
            damage->written++;
        }
    return CL_SUCCESS;
}
