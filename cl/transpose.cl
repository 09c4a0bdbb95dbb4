/* cl/transpose.cl -- the matrix transpose ladder: out (W rows x H columns) = in^T, where in
 * has H rows of W floats.
 *
 * Reproduces seed 000 ("GPU hardware performance", Filipovic 2009), its transpose ladder
 * measured at 4000x4000 on a GTX 280:
 *   transpose_naive     naive: coalesced reads, writes strided by H (000: 5.3 GB/s).  It keeps
 *                       the tiled kernels' work-group shape and per-item loop but no local
 *                       memory, so it is their twin for the local-memory verdict.
 *   transpose_copy      the same tiles staged through local memory, written back without
 *                       transposing: the ceiling a tiled transpose can reach (000: 94.9).
 *   transpose_tiled     tile in local memory, both global sides coalesced; the column read of
 *                       the tile hits one bank TILE times over (000: 75.1).
 *   transpose_padded    the tile's rows padded to TILE+1 floats: a column read spreads over
 *                       all banks (000: higher, but drops at sizes divisible by 512).
 *   transpose_diagonal  padded, with work-groups walking the tiles diagonally so that
 *                       concurrent groups write to different memory partitions (000: ~80,
 *                       no drop at the bad sizes).
 *   transpose_aligned   beyond 000: padded, with every tile row written from a SECTOR-float
 *                       boundary of the output, so that no two work-groups share a sector
 *                       (the partition camping of today, see below).
 *
 * A work-group of TILE x BLOCK_ROWS work-items moves one TILE x TILE tile; each work-item
 * moves TILE/BLOCK_ROWS elements, BLOCK_ROWS rows apart (000's 32x32 tile, 32x8 block).  Any
 * width and height: the host rounds the NDRange up to whole tiles and the edge tiles guard
 * every access.  Indices are int: the host refuses W*H beyond 2^31-1.
 *
 * What changed since 000 on today's GPUs: sizes divisible by 512 no longer lose (no partition
 * camping; the diagonal mapping costs a little everywhere), but row pitches that are not a
 * multiple of 8 floats do: at 4097 every tile row starts and ends in a partly written 32-byte
 * sector, and even transpose_copy loses against 4096 or 4104 (results/README.md, "The
 * ladders").  transpose_aligned is the answer to that.
 *
 * Build parameters: each kernel's manifest below declares its -D parameters once (name,
 * default, allowed values, help; `clbench --list-kernels` prints them), REAL comes from
 * --type (real.h); the #ifndef defaults under this banner let the file build alone and equal
 * the manifests' (a unit test checks).
 */
#include "real.h" /* REAL (default float) and the fp64/fp16 extensions */
#ifndef TILE
#define TILE 32
#endif
#ifndef BLOCK_ROWS
#define BLOCK_ROWS 8
#endif
#ifndef SECTOR
#define SECTOR 8
#endif
#if TILE % BLOCK_ROWS != 0
#error "BLOCK_ROWS must divide TILE"
#endif
#if TILE % SECTOR != 0 || (SECTOR & (SECTOR - 1)) != 0
#error "SECTOR must be a power of two that divides TILE"
#endif

/* Moves the tile at tile coordinates (bx, by) of `in` through `tile` (rows of `pitch` floats).
 * transpose == 0 writes it back in place (transpose_copy), otherwise to tile (by, bx) of
 * `out`, transposed.  Only the local reads differ: row-wise for a copy, column-wise for a
 * transpose, which is where bank conflicts come from. */
static inline void move_tile(const int width, const int height, const int bx, const int by,
                             __global const REAL *restrict in, __global REAL *restrict out,
                             __local REAL *tile, const int pitch, const int transpose)
{
    const int tx = get_local_id(0), ty = get_local_id(1);
    const int x_in = bx * TILE + tx, y_in = by * TILE + ty;

    for (int j = 0; j < TILE; j += BLOCK_ROWS)
        if (x_in < width && y_in + j < height)
            tile[(ty + j) * pitch + tx] = in[(y_in + j) * width + x_in];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (transpose) {
        const int x_out = by * TILE + tx, y_out = bx * TILE + ty;

        for (int j = 0; j < TILE; j += BLOCK_ROWS)
            if (x_out < height && y_out + j < width)
                out[(y_out + j) * height + x_out] = tile[tx * pitch + ty + j];
    } else {
        for (int j = 0; j < TILE; j += BLOCK_ROWS)
            if (x_in < width && y_in + j < height)
                out[(y_in + j) * width + x_in] = tile[(ty + j) * pitch + tx];
    }
}

/* clbench:kernel transpose_naive
 *   dims       W H
 *   arg        width int = W
 *   arg        height int = H
 *   arg        in REAL[W * H] in
 *   arg        out REAL[W * H] out
 *   bytes      2 * W * H * REAL_SIZE
 *   metric     gbs
 *   baseline   transpose_naive
 *   verify     host_transpose
 *   require    TILE % BLOCK_ROWS == 0 "BLOCK_ROWS must divide TILE (each work-item moves TILE/BLOCK_ROWS elements)"
 *   global     round_up(W, TILE), ceil(H, TILE) * BLOCK_ROWS
 *   local      TILE, BLOCK_ROWS
 *   summary    out = in^T straight from global memory, writes strided by H
 *   reproduces 000 transpose ladder: naive, coalesced reads and strided writes
 *   size       cpu 2048 gpu 8192 shared 4096
 *   # shared: the side-by-side size (several devices, no --size): 64 MB per matrix.  CPU sizes
 *   # rely on the runner's buffer rotation to get past the last-level cache.
 *   param      TILE = 32 in 8,16,32,64 "tile edge and work-group width"
 *   param      BLOCK_ROWS = 8 in 1..64 "work-group height; divides TILE"
 *   require    W * H >= 1 && W * H <= 2147483647 "width x height must be 1 to 2^31-1 elements (the kernel's int index range)"
 */
__kernel __attribute__((reqd_work_group_size(TILE, BLOCK_ROWS, 1))) void
transpose_naive(const int width, const int height, __global const REAL *restrict in,
                __global REAL *restrict out)
{
    const int x = get_group_id(0) * TILE + get_local_id(0);
    const int y = get_group_id(1) * TILE + get_local_id(1);

    for (int j = 0; j < TILE; j += BLOCK_ROWS)
        if (x < width && y + j < height)
            out[x * height + y + j] = in[(y + j) * width + x];
}

/* clbench:kernel transpose_copy
 *   dims       W H
 *   arg        width int = W
 *   arg        height int = H
 *   arg        in REAL[W * H] in
 *   arg        out REAL[W * H] out
 *   bytes      2 * W * H * REAL_SIZE
 *   metric     gbs
 *   baseline   transpose_naive
 *   require    TILE % BLOCK_ROWS == 0 "BLOCK_ROWS must divide TILE (each work-item moves TILE/BLOCK_ROWS elements)"
 *   global     round_up(W, TILE), ceil(H, TILE) * BLOCK_ROWS
 *   local      TILE, BLOCK_ROWS
 *   local_mem  TILE * TILE * REAL_SIZE
 *   # not transposed: its output is its input
 *   verify     host_copy
 *   summary    out = in through the tiled kernels' local tiles, not transposed
 *   reproduces 000 transpose ladder: same tiles, copy only (the ceiling)
 *   size       cpu 2048 gpu 8192 shared 4096
 *   param      TILE = 32 in 8,16,32,64 "tile edge and work-group width"
 *   param      BLOCK_ROWS = 8 in 1..64 "work-group height; divides TILE"
 *   finding    ladder Transpose ladder: each variant against the plain copy of the same size (seed 000)
 *   require    W * H >= 1 && W * H <= 2147483647 "width x height must be 1 to 2^31-1 elements (the kernel's int index range)"
 */
__kernel __attribute__((reqd_work_group_size(TILE, BLOCK_ROWS, 1))) void
transpose_copy(const int width, const int height, __global const REAL *restrict in,
               __global REAL *restrict out)
{
    __local REAL tile[TILE * TILE];

    move_tile(width, height, get_group_id(0), get_group_id(1), in, out, tile, TILE, 0);
}

/* clbench:kernel transpose_tiled
 *   dims       W H
 *   arg        width int = W
 *   arg        height int = H
 *   arg        in REAL[W * H] in
 *   arg        out REAL[W * H] out
 *   bytes      2 * W * H * REAL_SIZE
 *   metric     gbs
 *   baseline   transpose_naive
 *   verify     host_transpose
 *   require    TILE % BLOCK_ROWS == 0 "BLOCK_ROWS must divide TILE (each work-item moves TILE/BLOCK_ROWS elements)"
 *   global     round_up(W, TILE), ceil(H, TILE) * BLOCK_ROWS
 *   local      TILE, BLOCK_ROWS
 *   local_mem  TILE * TILE * REAL_SIZE
 *   summary    out = in^T through a TILE x TILE local tile, both sides coalesced
 *   reproduces 000 transpose ladder: tiled through shared memory, tile 32x32, block 32x8
 *   size       cpu 2048 gpu 8192 shared 4096
 *   param      TILE = 32 in 8,16,32,64 "tile edge and work-group width"
 *   param      BLOCK_ROWS = 8 in 1..64 "work-group height; divides TILE"
 *   twin       transpose_naive
 *   require    W * H >= 1 && W * H <= 2147483647 "width x height must be 1 to 2^31-1 elements (the kernel's int index range)"
 */
__kernel __attribute__((reqd_work_group_size(TILE, BLOCK_ROWS, 1))) void
transpose_tiled(const int width, const int height, __global const REAL *restrict in,
                __global REAL *restrict out)
{
    __local REAL tile[TILE * TILE];

    move_tile(width, height, get_group_id(0), get_group_id(1), in, out, tile, TILE, 1);
}

/* clbench:kernel transpose_padded
 *   dims       W H
 *   arg        width int = W
 *   arg        height int = H
 *   arg        in REAL[W * H] in
 *   arg        out REAL[W * H] out
 *   bytes      2 * W * H * REAL_SIZE
 *   metric     gbs
 *   baseline   transpose_naive
 *   verify     host_transpose
 *   require    TILE % BLOCK_ROWS == 0 "BLOCK_ROWS must divide TILE (each work-item moves TILE/BLOCK_ROWS elements)"
 *   global     round_up(W, TILE), ceil(H, TILE) * BLOCK_ROWS
 *   local      TILE, BLOCK_ROWS
 *   local_mem  TILE * (TILE + 1) * REAL_SIZE
 *   summary    transpose_tiled with TILE+1 floats per local row
 *   reproduces 000 transpose ladder: + padding [32][33], no bank conflicts
 *   size       cpu 2048 gpu 8192 shared 4096
 *   param      TILE = 32 in 8,16,32,64 "tile edge and work-group width"
 *   param      BLOCK_ROWS = 8 in 1..64 "work-group height; divides TILE"
 *   twin       transpose_naive
 *   require    W * H >= 1 && W * H <= 2147483647 "width x height must be 1 to 2^31-1 elements (the kernel's int index range)"
 */
__kernel __attribute__((reqd_work_group_size(TILE, BLOCK_ROWS, 1))) void
transpose_padded(const int width, const int height, __global const REAL *restrict in,
                 __global REAL *restrict out)
{
    __local REAL tile[TILE * (TILE + 1)];

    move_tile(width, height, get_group_id(0), get_group_id(1), in, out, tile, TILE + 1, 1);
}

/* 000's diagonal mapping bx = (bx + by) % gridDim.x, generalised to grids that are not
 * square: the linear group id is re-read column-major, then shifted along the diagonal.  It
 * is a bijection on any gx x gy grid, and 000's formula when gx == gy. */
/* clbench:kernel transpose_diagonal
 *   dims       W H
 *   arg        width int = W
 *   arg        height int = H
 *   arg        in REAL[W * H] in
 *   arg        out REAL[W * H] out
 *   bytes      2 * W * H * REAL_SIZE
 *   metric     gbs
 *   baseline   transpose_naive
 *   verify     host_transpose
 *   require    TILE % BLOCK_ROWS == 0 "BLOCK_ROWS must divide TILE (each work-item moves TILE/BLOCK_ROWS elements)"
 *   global     round_up(W, TILE), ceil(H, TILE) * BLOCK_ROWS
 *   local      TILE, BLOCK_ROWS
 *   local_mem  TILE * (TILE + 1) * REAL_SIZE
 *   summary    transpose_padded with work-groups walking the tiles diagonally
 *   reproduces 000 transpose ladder: + diagonal block mapping against partition camping
 *   size       cpu 2048 gpu 8192 shared 4096
 *   param      TILE = 32 in 8,16,32,64 "tile edge and work-group width"
 *   param      BLOCK_ROWS = 8 in 1..64 "work-group height; divides TILE"
 *   require    W * H >= 1 && W * H <= 2147483647 "width x height must be 1 to 2^31-1 elements (the kernel's int index range)"
 */
__kernel __attribute__((reqd_work_group_size(TILE, BLOCK_ROWS, 1))) void
transpose_diagonal(const int width, const int height, __global const REAL *restrict in,
                   __global REAL *restrict out)
{
    __local REAL tile[TILE * (TILE + 1)];
    const int gx = get_num_groups(0), gy = get_num_groups(1);
    const int linear = get_group_id(1) * gx + get_group_id(0);
    const int by = linear % gy;
    const int bx = (linear / gy + by) % gx;

    move_tile(width, height, bx, by, in, out, tile, TILE + 1, 1);
}

/* Output row x starts s(x) = (x * height) % SECTOR floats past a sector boundary.  Its tiles are
 * shifted back by s(x): tile by holds columns [by * TILE - s(x), (by + 1) * TILE - s(x)), so
 * each tile row written starts on a sector and whole sectors belong to one work-group (only a
 * row's first and last sectors are shared, with the neighbouring rows).  The shifts are
 * multiples of g, the largest power of two that divides height (at most SECTOR), up to
 * SECTOR - g: a work-group loads that many input rows above its tile, and the grid has as many
 * more tile rows to cover (none when rows start on sectors: then this is transpose_padded;
 * the host computes the same extra).  Reads stay unaligned: read sectors shared by two
 * work-groups cost an L2 hit, written ones a partial-sector write. */
/* clbench:kernel transpose_aligned
 *   dims       W H
 *   arg        width int = W
 *   arg        height int = H
 *   arg        in REAL[W * H] in
 *   arg        out REAL[W * H] out
 *   bytes      2 * W * H * REAL_SIZE
 *   metric     gbs
 *   baseline   transpose_naive
 *   verify     host_transpose
 *   require    TILE % SECTOR == 0 "SECTOR must divide TILE (tile rows are written from sector boundaries)"
 *   require    TILE % BLOCK_ROWS == 0 "BLOCK_ROWS must divide TILE (each work-item moves TILE/BLOCK_ROWS elements)"
 *   # H's lowest set bit is the rows' shift step: below SECTOR, up to SECTOR minus it more rows of tiles
 *   global     round_up(W, TILE), ceil(H + (SECTOR divides H ? 0 : SECTOR - (16 divides H ? 16 : 8 divides H ? 8 : 4 divides H ? 4 : 2 divides H ? 2 : 1)), TILE) * BLOCK_ROWS
 *   local      TILE, BLOCK_ROWS
 *   local_mem  (TILE + SECTOR) * (TILE + 1) * REAL_SIZE
 *   summary    transpose_padded with output tiles shifted per row onto SECTOR boundaries
 *   reproduces beyond 000: padded, each tile row written from a 32-byte sector boundary (today's camping: row pitches that are not a multiple of 8 floats)
 *   size       cpu 2048 gpu 8192 shared 4096
 *   # GPUs: 64 x 8 work-items, TILE/BLOCK_ROWS = 8 unguarded loads in flight each, closer to
 *   # copy_ilp of the same bytes at odd shapes than 32 x 8 (results/README.md, "What the code's
 *   # thresholds rest on").
 *   param      TILE = 32 device (is_gpu && max_work_group_size >= 512 ? 64 : 32) in 8,16,32,64 "tile edge and work-group width"
 *   param      BLOCK_ROWS = 8 in 1..64 "work-group height; divides TILE"
 *   # A sector is 32 bytes in every type: 8 floats, 4 doubles, 16 halves.  The tiles stay
 *   # TILE x TILE elements (64 x 68 doubles: 35 KiB of local memory, under NVIDIA's 48).
 *   param      SECTOR = 8 device (32 / REAL_SIZE) in 1,2,4,8,16,32 "elements per 32-byte memory sector; divides TILE"
 *   twin       transpose_naive
 *   require    W * H >= 1 && W * H <= 2147483647 "width x height must be 1 to 2^31-1 elements (the kernel's int index range)"
 */
__kernel __attribute__((reqd_work_group_size(TILE, BLOCK_ROWS, 1))) void
transpose_aligned(const int width, const int height, __global const REAL *restrict in,
                  __global REAL *restrict out)
{
    __local REAL tile[(TILE + SECTOR) * (TILE + 1)];
    const int tx = get_local_id(0), ty = get_local_id(1);
    const int bx = get_group_id(0), by = get_group_id(1);
    const int x_in = bx * TILE + tx;
    const int g = min(height & -height, SECTOR);
    const int extra = SECTOR - g;
    const int y_first = by * TILE - extra; /* input row of tile row 0 */
    /* Every access of this work-group is inside both matrices (the shifts and extra rows are
     * under SECTOR): its loops run without guards, TILE/BLOCK_ROWS loads each known to the
     * compiler, which can issue them together.  The same for the whole group: a uniform
     * branch, so the barriers under it are reached by every work-item. */
    const int interior =
        (bx + 1) * TILE <= width && by * TILE >= SECTOR && (by + 1) * TILE <= height;

    if (interior) {
        for (int j = ty; j < TILE; j += BLOCK_ROWS)
            tile[j * (TILE + 1) + tx] = in[(y_first + j) * width + x_in];
        for (int j = TILE + ty; j < TILE + extra; j += BLOCK_ROWS)
            tile[j * (TILE + 1) + tx] = in[(y_first + j) * width + x_in];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int j = ty; j < TILE; j += BLOCK_ROWS) {
            const int x_out = bx * TILE + j;
            const int shift = (int)(((uint)x_out * (uint)height) % SECTOR);

            out[x_out * height + by * TILE - shift + tx] =
                tile[(tx + extra - shift) * (TILE + 1) + j];
        }
        return;
    }
    for (int j = ty; j < TILE + extra; j += BLOCK_ROWS)
        if (x_in < width && y_first + j >= 0 && y_first + j < height)
            tile[j * (TILE + 1) + tx] = in[(y_first + j) * width + x_in];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int j = ty; j < TILE; j += BLOCK_ROWS) {
        const int x_out = bx * TILE + j;
        /* uint: x_out * height may pass 2^31 in the edge tile; the low bits stay right. */
        const int shift = (int)(((uint)x_out * (uint)height) % SECTOR);
        const int y_out = by * TILE - shift + tx;

        if (x_out < width && y_out >= 0 && y_out < height)
            out[x_out * height + y_out] = tile[(tx + extra - shift) * (TILE + 1) + j];
    }
}
