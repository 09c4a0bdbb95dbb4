/* A deliberately wrong stencil: the tile is loaded without its halo (taken as zero), a classic
 * first attempt.  Every element on the edge of a tile comes out wrong, and the check against
 * stencil_ref from stencil.cl catches it: the row ends verify_failed and the run exits 1.
 *
 * Run: clbench --kernel-file cl/examples/wrong_stencil.cl
 */

#ifndef TS
#define TS 16
#endif

/* clbench:kernel wrong_stencil
 *   contract   generic
 *   summary    5-point stencil whose tile lacks the halo: verification catches it
 *   dims       W H
 *   param      TS = 16 in 8,16,32 "tile edge: work-groups of TS x TS"
 *   size       cpu 256x256 gpu 1024x1024
 *   arg        width  int = W
 *   arg        height int = H
 *   arg        in     float[W * H] in random
 *   arg        out    float[W * H] out
 *   global     round_up(W, TS), round_up(H, TS)
 *   local      TS, TS
 *   local_mem  (TS + 2) * (TS + 2) * 4
 *   verify     stencil_ref in stencil.cl rtol 1e-6 atol 1e-6
 */
__kernel __attribute__((reqd_work_group_size(TS, TS, 1))) void
wrong_stencil(const int width, const int height, __global const float *in, __global float *out)
{
    __local float tile[TS + 2][TS + 2];
    const int lx = get_local_id(0), ly = get_local_id(1);
    const int x = get_global_id(0), y = get_global_id(1);

    for (int ty = ly; ty < TS + 2; ty += TS)
        for (int tx = lx; tx < TS + 2; tx += TS)
            tile[ty][tx] = 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (x < width && y < height)
        tile[ly + 1][lx + 1] = in[y * width + x]; /* the bug: no halo */
    barrier(CLK_LOCAL_MEM_FENCE);
    if (x < width && y < height)
        out[y * width + x] = 0.5f * tile[ly + 1][lx + 1] +
                             0.125f * (tile[ly][lx + 1] + tile[ly + 2][lx + 1] +
                                       tile[ly + 1][lx] + tile[ly + 1][lx + 2]);
}
