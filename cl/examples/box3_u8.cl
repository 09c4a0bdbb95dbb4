/* An 8-bit image filter: the 3 x 3 box blur of a W x H grey image of uchar pixels, edges
 * clamped, each output pixel the rounded mean (sum + 4) / 9 in integers, so that every
 * implementation must agree exactly (integer outputs are compared bit for bit).  box3_u8_local
 * stages a tile and its one-pixel halo in local memory; box3_u8 reads the nine neighbours from
 * global memory and is its reference.  `random` fills uchar with every value 0..255.
 *
 * Run: clbench --kernel-file cl/examples/box3_u8.cl -n 1920x1080
 */

#ifndef TS
#define TS 16
#endif

/* clbench:kernel box3_u8
 *   contract   generic
 *   summary    3x3 box blur of an 8-bit image, nine global reads per pixel (the reference)
 *   dims       W H
 *   size       cpu 1024 gpu 8192
 *   arg        w   int = W
 *   arg        h   int = H
 *   arg        in  uchar[W * H] in random
 *   arg        out uchar[W * H] out
 *   global     W, H
 *   bytes      2 * W * H
 */
__kernel void box3_u8(const int w, const int h, __global const uchar *in, __global uchar *out)
{
    const int x = get_global_id(0), y = get_global_id(1);
    uint sum = 0;

    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            sum += in[clamp(y + dy, 0, h - 1) * w + clamp(x + dx, 0, w - 1)];
    out[y * w + x] = (uchar)((sum + 4) / 9);
}

/* clbench:kernel box3_u8_local
 *   contract   generic
 *   summary    3x3 box blur of an 8-bit image through a local tile with its halo
 *   reproduces beyond the seeds: an 8-bit image filter, checked exactly
 *   dims       W H
 *   param      TS = 16 in 8,16,32 "tile edge; the work-group is TS x TS"
 *   size       cpu 1024 gpu 8192
 *   arg        w   int = W
 *   arg        h   int = H
 *   arg        in  uchar[W * H] in random
 *   arg        out uchar[W * H] out
 *   global     round_up(W, TS), round_up(H, TS)
 *   local      TS, TS
 *   local_mem  (TS + 2) * (TS + 2)
 *   bytes      2 * W * H
 *   twin       box3_u8
 *   verify     box3_u8
 */
__kernel __attribute__((reqd_work_group_size(TS, TS, 1))) void
box3_u8_local(const int w, const int h, __global const uchar *in, __global uchar *out)
{
    __local uchar tile[TS + 2][TS + 2];
    const int lx = get_local_id(0), ly = get_local_id(1);
    const int x0 = get_group_id(0) * TS - 1, y0 = get_group_id(1) * TS - 1;
    const int x = get_global_id(0), y = get_global_id(1);

    /* (TS + 2)^2 pixels loaded by TS^2 work-items, clamped at the image's edges. */
    for (int i = ly * TS + lx; i < (TS + 2) * (TS + 2); i += TS * TS) {
        const int ty = i / (TS + 2), tx = i % (TS + 2);

        tile[ty][tx] = in[clamp(y0 + ty, 0, h - 1) * w + clamp(x0 + tx, 0, w - 1)];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (x < w && y < h) {
        uint sum = 0;

        for (int dy = 0; dy < 3; dy++)
            for (int dx = 0; dx < 3; dx++)
                sum += tile[ly + dy][lx + dx];
        out[y * w + x] = (uchar)((sum + 4) / 9);
    }
}
