/* cl/vadd.cl -- vector add c = a + b, with and without local memory.
 *
 * Reproduces seed 004 ("Parallel algorithms with OpenCL", Osnabrück 2013): its vecAdd and
 * vecAddLocal.  vadd_local stages both inputs and the result through local memory with two
 * barriers, as the seed's slides do, although every work-item only ever touches its own
 * element: the pair is the smallest possible "does local memory help on this device?" twin.
 * On a GPU the staging is pure overhead; on a CPU (PoCL) the barriers also split the
 * work-group loop into three loops over the work-items.
 *
 * Any n: the host rounds the global size up to a multiple of WGS, and the surplus work-items
 * take part in the barriers but neither read nor write.
 *
 * Build parameters (-D; the defaults let the file build alone):
 *   REAL  element type                       default float
 *   WGS   work-group size (1-D)              default 256
 */
#ifndef REAL
#define REAL float
#endif
#ifndef WGS
#define WGS 256
#endif

__kernel __attribute__((reqd_work_group_size(WGS, 1, 1))) void
vadd(const int n, __global const REAL *restrict a, __global const REAL *restrict b,
     __global REAL *restrict c)
{
    const int i = get_global_id(0);

    if (i < n)
        c[i] = a[i] + b[i];
}

__kernel __attribute__((reqd_work_group_size(WGS, 1, 1))) void
vadd_local(const int n, __global const REAL *restrict a, __global const REAL *restrict b,
           __global REAL *restrict c)
{
    __local REAL a_local[WGS];
    __local REAL b_local[WGS];
    __local REAL c_local[WGS];
    const int i = get_global_id(0);
    const int li = get_local_id(0); /* the seed's lesson: index local memory locally */

    if (i < n) {
        a_local[li] = a[i];
        b_local[li] = b[i];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    c_local[li] = a_local[li] + b_local[li];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (i < n)
        c[i] = c_local[li];
}
