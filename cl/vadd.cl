/* cl/vadd.cl -- vector add c = a + b, with and without local memory.
 *
 * Reproduces seed 004 ("Parallel algorithms with OpenCL", Osnabrück 2013): its vecAdd and
 * vecAddLocal.  vadd_local stages both inputs and the result through local memory with two
 * barriers, as the seed's slides do, although every work-item only ever touches its own
 * element: the pair is the smallest possible "does local memory help on this device?" twin.
 * On a GPU the staging is pure overhead; on a CPU (PoCL) the barriers also split the
 * work-group loop into three loops over the work-items.
 *
 * Each work-item adds one word of VEC floats (the seed: VEC 1).  Wider words mean fewer, larger
 * memory requests for the same bytes, which is what it takes for three streams to run at the
 * copy kernel's bandwidth on a GPU.
 *
 * Any n: the host rounds the number of words, ceil(n / VEC), up to a multiple of WGS; the
 * work-item just past the last whole word adds the n % VEC floats left, and the surplus
 * work-items take part in the barriers but neither read, add nor write.
 *
 * Build parameters: each kernel's manifest below declares its -D parameters once (name,
 * default, allowed values, help; `clbench --list-kernels` prints them), REAL comes from
 * --type (real.h); the #ifndef defaults under this banner let the file build alone and equal
 * the manifests' (a unit test checks).
 */
#include "real.h" /* REAL (default float) and the fp64/fp16 extensions */
#ifndef VEC
#define VEC 1
#endif
#ifndef WGS
#define WGS 256
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
 * so c costs one stream instead of two; it pays with whole-line words (VEC 16).  A compiler
 * that is not clang refuses the build. */
#if NT
#ifndef __clang__
#error "NT=1 needs clang's __builtin_nontemporal_store"
#endif
#define STORE(p, v) __builtin_nontemporal_store((v), (p))
#else
#define STORE(p, v) (*(p) = (v))
#endif

/* The n % VEC floats past the last whole word, added by work-item `words`. */
static inline void add_tail(const int n, const int words, __global const REAL *restrict a,
                            __global const REAL *restrict b, __global REAL *restrict c)
{
    if (get_global_id(0) == (size_t)words)
        for (int t = words * VEC; t < n; t++)
            c[t] = a[t] + b[t];
}

/* clCreateBuffer aligns buffers to the widest vector type, so the word casts are aligned. */
/* clbench:kernel vadd
 *   dims       N
 *   arg        n int = N
 *   arg        a REAL[N] in
 *   arg        b REAL[N] in
 *   arg        c REAL[N] out
 *   flops      N
 *   bytes      3 * N * REAL_SIZE
 *   metric     gbs
 *   baseline   vadd
 *   verify     host_vadd
 *   # one work-item per word and one for the floats past the last whole word
 *   global     round_up(ceil(N, VEC), WGS)
 *   local      WGS
 *   summary    c = a + b, VEC floats per work-item (the seed: one; on CPUs a SIMD register)
 *   reproduces 004 vecAdd: one element per work-item, no local memory
 *   size       cpu 16M gpu 64M shared 16M
 *   # shared: the size every device runs side by side (several devices, no --size), past the
 *   # caches of a GPU and a CPU yet under a second a launch: 16M floats, 192 MB moved.
 *   # On CPUs one SIMD register of floats per work-item and stores around the caches, several
 *   # times the seed's one float with plain stores (results/README.md, "What the code's
 *   # thresholds rest on").
 *   # One SIMD register per word in every type (32 bytes on AVX2, 64 on AVX-512: float8 or
 *   # double4, float16 or double8); GPUs one element per work-item, as the seed.
 *   param      VEC = 1 device (is_cpu ? min(16, (native_vector_width_float >= 16 ? 64 : 32) / REAL_SIZE) : 1) in 1,2,4,8,16 "elements per work-item, loaded as one vector word"
 *   param      WGS = 256 in 1..1024 "work-group size"
 *   param      NT = 0 device (is_cpu) in 0,1 "1: non-temporal stores (clang's builtin; pays on CPUs)"
 *   require    N <= 2147483647 "n exceeds the kernel's int index range (2^31-1)"
 */
__kernel __attribute__((reqd_work_group_size(WGS, 1, 1))) void
vadd(const int n, __global const REAL *restrict a, __global const REAL *restrict b,
     __global REAL *restrict c)
{
    const int i = get_global_id(0), words = n / VEC;
    __global const WORD *restrict a_words = (__global const WORD *)a;
    __global const WORD *restrict b_words = (__global const WORD *)b;

    if (i < words)
        STORE((__global WORD *)c + i, a_words[i] + b_words[i]);
    add_tail(n, words, a, b, c);
}

/* clbench:kernel vadd_local
 *   dims       N
 *   arg        n int = N
 *   arg        a REAL[N] in
 *   arg        b REAL[N] in
 *   arg        c REAL[N] out
 *   flops      N
 *   bytes      3 * N * REAL_SIZE
 *   metric     gbs
 *   baseline   vadd
 *   verify     host_vadd
 *   global     round_up(ceil(N, VEC), WGS)
 *   local      WGS
 *   # a, b and c staged: three words per work-item
 *   local_mem  3 * VEC * REAL_SIZE * WGS
 *   summary    c = a + b through local memory (the seed's pointless staging)
 *   reproduces 004 vecAddLocal: the same add staged through local memory with barriers
 *   size       cpu 16M gpu 64M shared 16M
 *   # The same device defaults as vadd, so that the twins compare like with like.
 *   param      VEC = 1 device (is_cpu ? min(16, (native_vector_width_float >= 16 ? 64 : 32) / REAL_SIZE) : 1) in 1,2,4,8,16 "elements per work-item, loaded as one vector word"
 *   param      WGS = 256 in 1..1024 "work-group size"
 *   param      NT = 0 device (is_cpu) in 0,1 "1: non-temporal stores (clang's builtin; pays on CPUs)"
 *   twin       vadd
 *   require    N <= 2147483647 "n exceeds the kernel's int index range (2^31-1)"
 */
__kernel __attribute__((reqd_work_group_size(WGS, 1, 1))) void
vadd_local(const int n, __global const REAL *restrict a, __global const REAL *restrict b,
           __global REAL *restrict c)
{
    __local WORD a_local[WGS];
    __local WORD b_local[WGS];
    __local WORD c_local[WGS];
    const int i = get_global_id(0), words = n / VEC;
    const int li = get_local_id(0); /* the seed's lesson: index local memory locally */

    if (i < words) {
        a_local[li] = ((__global const WORD *)a)[i];
        b_local[li] = ((__global const WORD *)b)[i];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (i < words) /* a surplus work-item's slots were never loaded */
        c_local[li] = a_local[li] + b_local[li];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (i < words)
        STORE((__global WORD *)c + i, c_local[li]);
    add_tail(n, words, a, b, c);
}
