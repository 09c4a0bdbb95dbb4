/* cl/peak.cl -- clbench's own peak probes, run once per device to give "fraction of peak" a
 * measured denominator (host/run/peak.c).  Not registry rows.
 *
 * Bandwidth (seed 003: peak bandwidth is what the memory system gives, not the datasheet):
 * peak_read sums RPT words of VEC floats per work-item and writes one float, peak_write
 * writes words computed from the index, peak_copy copies RPT words.  Consecutive work-items touch
 * consecutive words (coalesced, seed 000).  On CPUs the host asks for whole-line words
 * (VEC 16) and non-temporal stores (NT 1, as in cl/copy.cl): a CPU's memory only gives its
 * bandwidth when written lines are not read in first, and PoCL 5 does not widen float4
 * words across work-items.
 * Arithmetic (seed 002: ILP hides latency as well as threads do): peak_fma runs CHAINS
 * independent multiply-add chains of VEC-float words per work-item: explicit vectors, so that
 * a CPU runtime reaches its SIMD units whether or not it vectorises across work-items (PoCL
 * 5.0 to 6.x do not), and enough independent work for the FMA latency: 4 float8 chains on a
 * GPU, 8 float16 ones on a CPU (two 512-bit FMA pipes of latency 4 want 8 in flight).  x * a + b,
 * which OpenCL C contracts into one FMA, not mad(): PoCL 3.1 compiles mad() to a multiply and
 * an add, half the rate (results/README.md, "What the code's thresholds rest on"); NVIDIA
 * compiles both to one FFMA.  Nor fma(): on x86 without AVX-512 clang
 * reports every call that takes or returns a float16 as an ABI change (-Wpsabi), a warning in
 * every build at VEC 16 though the call is inlined; for that reason too the sum of a word is
 * a macro, not a function of a WORD.
 *
 * Build parameters (-D; the defaults let the file build alone):
 *   WGS     work-group size                          default 256
 *   VEC     floats per word: 4, 8, 16                 default 4
 *   RPT     words read (read) or copied (copy) per work-item   default 16
 *   NT      1: non-temporal stores (write, copy)      default 0
 *   ITERS   multiply-adds per chain (fma)             default 1024
 *   CHAINS  independent chains, 4 or 8 (fma)          default 4
 *   REAL    peak_fma's element type (the FP64 and FP16 roofs: double, half)  default float
 */
#include "real.h" /* REAL (default float) and the fp64/fp16 extensions */
#ifndef WGS
#define WGS 256
#endif
#ifndef RPT
#define RPT 16
#endif
#ifndef ITERS
#define ITERS 1024
#endif
#ifndef VEC
#define VEC 4
#endif
#ifndef NT
#define NT 0
#endif
#ifndef CHAINS
#define CHAINS 4
#endif

/* WORD, and LANES: the word (0, 1, .., VEC-1). */
#if VEC == 4
#define WORD float4
#define LANES (float4)(0.0f, 1.0f, 2.0f, 3.0f)
#elif VEC == 8
#define WORD float8
#define LANES (float8)(0.0f, 1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f, 7.0f)
#elif VEC == 16
#define WORD float16
#define LANES                                                                                  \
    (float16)(0.0f, 1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f, 7.0f, 8.0f, 9.0f, 10.0f, 11.0f, 12.0f,  \
              13.0f, 14.0f, 15.0f)
#else
#error "VEC must be 4, 8 or 16"
#endif

#if NT
#ifndef __clang__
#error "NT=1 needs clang's __builtin_nontemporal_store"
#endif
#define STORE(p, v) __builtin_nontemporal_store((v), (p))
#else
#define STORE(p, v) (*(p) = (v))
#endif

/* The sum of a word's floats, in the order the host's references add them: SUM4 folds the
 * word into a float4 (a macro: see the banner), float4_sum adds its lanes. */
#if VEC == 16
#define SUM4(w) (((w).lo.lo + (w).lo.hi) + ((w).hi.lo + (w).hi.hi))
#elif VEC == 8
#define SUM4(w) ((w).lo + (w).hi)
#else
#define SUM4(w) (w)
#endif
static float float4_sum(const float4 s)
{
    return (s.x + s.y) + (s.z + s.w);
}
#define word_sum(w) float4_sum(SUM4(w))

__kernel __attribute__((reqd_work_group_size(WGS, 1, 1))) void
peak_read(const int n, __global const WORD *restrict in, __global float *restrict out)
{
    const int i = get_global_id(0);
    const int items = n / (VEC * RPT);
    WORD sum = (WORD)(0.0f);

    if (i >= items)
        return;
    for (int j = 0; j < RPT; j++)
        sum += in[i + j * items];
    out[i] = word_sum(sum);
}

__kernel __attribute__((reqd_work_group_size(WGS, 1, 1))) void
peak_write(const int n, __global WORD *restrict out)
{
    const int i = get_global_id(0);
    WORD value = LANES;

    value.s0 = (float)(i & 1023);
    if (i < n / VEC)
        STORE(&out[i], value);
}

/* RPT words per work-item, all loaded before any is stored, as copy_ilp's ILP: with one word
 * per work-item a CPU runtime's work-item loop does not keep enough lines in flight, and
 * copy_ilp beat such a probe (results/README.md, "What the code's thresholds rest on"). */
__kernel __attribute__((reqd_work_group_size(WGS, 1, 1))) void
peak_copy(const int n, __global const WORD *restrict in, __global WORD *restrict out)
{
    const int i = get_global_id(0);
    const int items = n / (VEC * RPT);
    WORD v[RPT];

    if (i >= items)
        return;
    for (int j = 0; j < RPT; j++)
        v[j] = in[i + j * items];
    for (int j = 0; j < RPT; j++)
        STORE(&out[i + j * items], v[j]);
}

/* x <- 0.9 x + 0.1 contracts towards 1, so float and double agree to a few ulps after any
 * number of steps and the host can check the result.  Lane l of chain c starts at
 * in[i] + l / 8 + c.  No early return: every work-item of a group runs the same straight-line
 * loop. */
/* peak_fma's words are of REAL (float by default; double and half give the roofs of those
 * types' rows), its constants floats converted to REAL, as the host's reference takes them. */
#define PCAT_(a, b) a##b
#define PCAT(a, b) PCAT_(a, b)
#define RWORD PCAT(REAL, VEC)
#define R(x) ((REAL)(x))
#define SUM_4(s) (((s).x + (s).y) + ((s).z + (s).w))
/* LANES in REAL, as a literal: convert_double8() would be a call returning a 512-bit vector,
 * which clang on x86 without AVX-512 warns about (-Wpsabi, above). */
#if VEC == 4
#define RLANES (RWORD)(R(0), R(1), R(2), R(3))
#elif VEC == 8
#define RLANES (RWORD)(R(0), R(1), R(2), R(3), R(4), R(5), R(6), R(7))
#else
#define RLANES                                                                                 \
    (RWORD)(R(0), R(1), R(2), R(3), R(4), R(5), R(6), R(7), R(8), R(9), R(10), R(11), R(12),   \
            R(13), R(14), R(15))
#endif

__kernel __attribute__((reqd_work_group_size(WGS, 1, 1))) void
peak_fma(const int n, __global const REAL *restrict in, __global REAL *restrict out)
{
    const int i = get_global_id(0);
    const RWORD x = in[i < n ? i : 0] + RLANES * R(0.125f);
    RWORD x0 = x, x1 = x + R(1.0f), x2 = x + R(2.0f), x3 = x + R(3.0f);
#if CHAINS == 8
    RWORD x4 = x + R(4.0f), x5 = x + R(5.0f), x6 = x + R(6.0f), x7 = x + R(7.0f);
#elif CHAINS != 4
#error "CHAINS must be 4 or 8"
#endif

    for (int k = 0; k < ITERS; k++) {
        x0 = x0 * R(0.9f) + R(0.1f);
        x1 = x1 * R(0.9f) + R(0.1f);
        x2 = x2 * R(0.9f) + R(0.1f);
        x3 = x3 * R(0.9f) + R(0.1f);
#if CHAINS == 8
        x4 = x4 * R(0.9f) + R(0.1f);
        x5 = x5 * R(0.9f) + R(0.1f);
        x6 = x6 * R(0.9f) + R(0.1f);
        x7 = x7 * R(0.9f) + R(0.1f);
#endif
    }
    if (i < n) {
#if CHAINS == 8
        const RWORD s = ((x0 + x1) + (x2 + x3)) + ((x4 + x5) + (x6 + x7));
#else
        const RWORD s = (x0 + x1) + (x2 + x3);
#endif
        out[i] = SUM_4(SUM4(s));
    }
}

/* Launch overhead (as clpeak's kernel latency test): launched over and over as one work-item,
 * so that what is timed is the runtime's and the device's cost of a launch.  The store never
 * happens (n is never negative) but keeps the kernel from being empty to the compiler. */
__kernel void peak_launch(const int n, __global float *restrict out)
{
    if (n < 0)
        out[0] = 0.0f;
}
