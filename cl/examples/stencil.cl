/* A 2-D 5-point stencil through the generic contract: out = 0.5 * centre + 0.125 * (the four
 * neighbours), the grid's edge clamped (a neighbour past the edge is the edge element).
 * stencil_local stages a (TS + 2) x (TS + 2) tile with its one-element halo in local memory,
 * so that each input is read from global memory about once instead of five times;
 * stencil_ref reads global memory directly.  stencil_ref is both its reference (same
 * arithmetic in the same order: they agree to the last bit) and its twin for the local-memory
 * verdict of `clbench report --findings`; the twin is checked against stencil_local in turn,
 * so that both sides of the verdict are verified rows.
 *
 * Run: clbench --kernel-file cl/examples/stencil.cl
 */

#define AT(x, y) in[clamp(y, 0, height - 1) * width + clamp(x, 0, width - 1)]

#ifndef TS
#define TS 16
#endif

/* clbench:kernel stencil_local
 *   contract   generic
 *   summary    2-D 5-point stencil from a local-memory tile with a one-element halo
 *   reproduces beyond the seeds: a stencil, local-memory tiling with a halo
 *   dims       W H
 *   param      TS = 16 in 8,16,32 "tile edge: work-groups of TS x TS"
 *   size       cpu 2048x2048 gpu 8192x8192
 *   arg        width  int = W
 *   arg        height int = H
 *   arg        in     float[W * H] in random
 *   arg        out    float[W * H] out
 *   global     round_up(W, TS), round_up(H, TS)
 *   local      TS, TS
 *   local_mem  (TS + 2) * (TS + 2) * 4
 *   flops      6 * W * H
 *   bytes      8 * W * H
 *   twin       stencil_ref
 *   verify     stencil_ref rtol 1e-6 atol 1e-6
 */
__kernel __attribute__((reqd_work_group_size(TS, TS, 1))) void
stencil_local(const int width, const int height, __global const float *in, __global float *out)
{
    __local float tile[TS + 2][TS + 2];
    const int lx = get_local_id(0), ly = get_local_id(1);
    const int x = get_global_id(0), y = get_global_id(1);
    const int x0 = get_group_id(0) * TS - 1, y0 = get_group_id(1) * TS - 1;

    /* (TS + 2)^2 elements, halo included, loaded by the TS * TS work-items together (in 2-D
     * strides rather than i / (TS + 2), i % (TS + 2), which Oclgrind 21.10 cannot follow). */
    for (int ty = ly; ty < TS + 2; ty += TS)
        for (int tx = lx; tx < TS + 2; tx += TS)
            tile[ty][tx] = AT(x0 + tx, y0 + ty);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (x < width && y < height)
        out[y * width + x] = 0.5f * tile[ly + 1][lx + 1] +
                             0.125f * (tile[ly][lx + 1] + tile[ly + 2][lx + 1] +
                                       tile[ly + 1][lx] + tile[ly + 1][lx + 2]);
}

/* clbench:kernel stencil_ref
 *   contract   generic
 *   summary    the same stencil straight from global memory (reference and twin)
 *   dims       W H
 *   size       cpu 2048x2048 gpu 8192x8192
 *   arg        width  int = W
 *   arg        height int = H
 *   arg        in     float[W * H] in random
 *   arg        out    float[W * H] out
 *   global     W, H
 *   flops      6 * W * H
 *   bytes      8 * W * H
 *   verify     stencil_local rtol 1e-6 atol 1e-6
 */
__kernel void stencil_ref(const int width, const int height, __global const float *in,
                          __global float *out)
{
    const int x = get_global_id(0), y = get_global_id(1);

    out[y * width + x] = 0.5f * AT(x, y) +
                         0.125f * (AT(x, y - 1) + AT(x, y + 1) + AT(x - 1, y) + AT(x + 1, y));
}
