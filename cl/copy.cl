/* cl/copy.cl -- out = in, each work-item copying ILP words of VEC floats.
 *
 * Reproduces seed 002 (Volkov, "Better performance at lower occupancy", GTC 2010), its memory
 * copy: 1, 2, 4, 8 floats per thread, then float2 and float4 words; 8 float4 per thread
 * reached 87% of pin bandwidth at 8% occupancy.  Latency is hidden by the ILP independent
 * loads each work-item has in flight as well as by more work-items.
 *
 * Coalescing (seed 000): word j of work-item l of group g is word g*WGS*ILP + j*WGS + l, so at
 * each j the work-items of a group touch WGS consecutive words.  All ILP loads are issued
 * before the first store.
 *
 * Occupancy (002's method): with OCC_KIB > 0 the kernel takes a trailing __local argument that
 * the host sizes to OCC_KIB KiB.  The runtime reserves that much local memory per work-group at
 * launch whatever the kernel does with it (the compiler cannot shrink an argument's
 * allocation), so the kernel leaves it untouched; fewer work-groups then fit on a compute unit.
 *
 * Any n: full VEC-wide words are copied as above; the last n % VEC floats, by work-item 0.
 * Indices are uint: the host keeps n below 2^31, so rounded-up word indices fit.
 *
 * Build parameters: each kernel's manifest below declares its -D parameters once (name,
 * default, allowed values, help; `clbench --list-kernels` prints them), REAL comes from
 * --type (real.h); the #ifndef defaults under this banner let the file build alone and equal
 * the manifests' (a unit test checks).
 */
#include "real.h" /* REAL (default float) and the fp64/fp16 extensions */
#ifndef ILP
#define ILP 4
#endif
#ifndef VEC
#define VEC 4
#endif
#ifndef WGS
#define WGS 256
#endif
#ifndef OCC_KIB
#define OCC_KIB 0
#endif
#ifndef NT
#define NT 0
#endif

#define CAT(a, b) a##b
#define XCAT(a, b) CAT(a, b)
#if VEC == 1
#define WORD REAL
#else
#define WORD XCAT(REAL, VEC)
#endif

/* NT 1: non-temporal stores, clang's __builtin_nontemporal_store (PoCL compiles with clang).
 * A CPU then writes whole cache lines to memory without first reading them in for ownership,
 * so a copy moves two bytes per byte copied instead of three; it pays with whole-line words
 * (VEC 16).  A compiler that is not clang refuses the build. */
#if NT
#ifndef __clang__
#error "NT=1 needs clang's __builtin_nontemporal_store"
#endif
#define STORE(p, v) __builtin_nontemporal_store((v), (p))
#else
#define STORE(p, v) (*(p) = (v))
#endif

#if OCC_KIB > 0
#define OCC_ARG , __local REAL *occupancy_ballast
#else
#define OCC_ARG
#endif

/* clbench:kernel copy_ilp
 *   dims       N
 *   arg        n int = N
 *   arg        in REAL[N] in
 *   arg        out REAL[N] out
 *   bytes      2 * N * REAL_SIZE
 *   metric     gbs
 *   baseline   copy_ilp
 *   verify     host_copy
 *   # at least one group, which also copies the N % VEC elements past the last whole word
 *   global     max(ceil(N / VEC, WGS * ILP), 1) * WGS
 *   local      WGS
 *   dynamic_local OCC_KIB * 1024
 *   summary    out = in, ILP words of VEC floats per work-item, OCC_KIB local ballast
 *   reproduces 002 Volkov memory copy: ILP words per thread, occupancy forced down by dynamic shared memory
 *   # 1 GiB per buffer on a GPU, so that tail effects do not count (results/README.md, "What the
 *   # code's thresholds rest on").
 *   size       cpu 32M gpu 256M shared 32M
 *   # shared: the side-by-side size (several devices, no --size), the CPU's own: 256 MB.
 *   # On CPUs whole-line words written around the caches, which beat float4 words with plain
 *   # stores (results/README.md, "What the code's thresholds rest on").
 *   param      ILP = 4 cpu 8 in 1,2,4,8 "VEC-wide words per work-item, all loaded before stored"
 *   # A word of the same bytes in every type: 16 on GPUs (float4; a 32-byte double4 word copies
 *   # slower than double2), 64 on CPUs (a cache line, what the non-temporal stores write whole).
 *   param      VEC = 4 cpu 16 device (is_cpu ? min(16, 64 / REAL_SIZE) : 16 / REAL_SIZE) in 1,2,4,8,16 "elements per word (REAL .. REAL16)"
 *   param      WGS = 256 in 1..1024 "work-group size"
 *   param      OCC_KIB = 0 in 0..65536 "extra local memory per work-group, KiB, to lower occupancy"
 *   param      NT = 0 cpu 1 in 0,1 "1: non-temporal stores (clang's builtin; pays on CPUs)"
 *   private_mem ILP * VEC * REAL_SIZE
 *   finding    curve ILP and occupancy: copy throughput by ILP, VEC and occupancy (seed 002)
 *   require    N >= 1 && N <= 2147483647 "n must be 1 to 2^31-1 (the kernel's index range)"
 */
__kernel __attribute__((reqd_work_group_size(WGS, 1, 1))) void
copy_ilp(const int n, __global const REAL *restrict in, __global REAL *restrict out OCC_ARG)
{
    /* clCreateBuffer aligns buffers to the widest vector type, so the casts are aligned. */
    __global const WORD *restrict src = (__global const WORD *)in;
    __global WORD *restrict dst = (__global WORD *)out;
    const uint words = (uint)n / VEC;
    const uint base = (uint)get_group_id(0) * (WGS * ILP) + (uint)get_local_id(0);
    WORD v[ILP];

    if (base + (ILP - 1) * WGS < words) {
        /* Whole group in range: no guards between the loads. */
#pragma unroll
        for (int j = 0; j < ILP; j++)
            v[j] = src[base + j * WGS];
#pragma unroll
        for (int j = 0; j < ILP; j++)
            STORE(&dst[base + j * WGS], v[j]);
    } else {
#pragma unroll
        for (int j = 0; j < ILP; j++)
            if (base + j * WGS < words)
                v[j] = src[base + j * WGS];
#pragma unroll
        for (int j = 0; j < ILP; j++)
            if (base + j * WGS < words)
                STORE(&dst[base + j * WGS], v[j]);
    }
    if (get_global_id(0) == 0)
        for (uint t = words * VEC; t < (uint)n; t++)
            out[t] = in[t];
}
