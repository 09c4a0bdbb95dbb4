/* The native probe of the host; see native_peak.h.
 *
 * Each ISA level has its own FMA and copy functions, compiled for that level with a target
 * attribute, so that one binary built for baseline x86-64 runs the widest code the CPU has
 * (chosen with __builtin_cpu_supports at run time) and still runs on any x86-64.  Elsewhere
 * one plain C version, compiled for whatever the build targets. */
#define _POSIX_C_SOURCE 200809L
#include "clbench/native_peak.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(__x86_64__) || defined(__i386__)
#define CB_X86 1
#include <immintrin.h>
#endif

enum { PASSES = 7, MAX_THREADS = 1024 };

/* The chains' loops are unrolled so that every chain lives in a register at any -O level
 * (-O2 keeps an array of them in memory otherwise: a store and a load per FMA). */

/* Floating-point work per thread per pass: about 20 ms on a core that does 100 GFLOP/s. */
#define FLOPS_PER_PASS 2e9

/* x = x * A + B converges to B / (1 - A) = 0.1 without denormals or infinities. */
#define FMA_A 0.999999f
#define FMA_B 1e-7f

typedef float (*fma_fn)(long steps);
typedef double (*fma64_fn)(long steps);
typedef void (*copy_fn)(float *dst, const float *src, size_t n);

struct isa {
    const char *name;
    fma_fn fma;
    fma64_fn fma64; /* the same chains in double: as many registers, half the lanes */
    copy_fn copy;
    double flops_per_step; /* chains x lanes x 2, in float; half that in double */
};

#ifdef CB_X86
/* One probe: CHAINS independent chains of LANES lanes of T in vectors V, each step
 * x = MADD(x, a, b), their sum returned (a sink the compiler cannot drop).  Float and double
 * at each ISA level are the same code with other intrinsics. */
#define FMA_PROBE(NAME, TARGET, T, V, CHAINS, LANES, SET1, MADD, ADD, STOREU)                      \
    TARGET static T NAME(long steps)                                                               \
    {                                                                                              \
        V x[CHAINS];                                                                               \
        const V a = SET1(FMA_A), b = SET1(FMA_B);                                                  \
        T lanes[LANES], sum = 0;                                                                   \
                                                                                                   \
        for (int c = 0; c < CHAINS; c++)                                                           \
            x[c] = SET1((T)c);                                                                     \
        for (long i = 0; i < steps; i++)                                                           \
            _Pragma("GCC unroll 16") for (int c = 0; c < CHAINS; c++) x[c] = MADD(x[c], a, b);     \
        for (int c = 1; c < CHAINS; c++)                                                           \
            x[0] = ADD(x[0], x[c]);                                                                \
        STOREU(lanes, x[0]);                                                                       \
        for (int l = 0; l < LANES; l++)                                                            \
            sum += lanes[l];                                                                       \
        return sum;                                                                                \
    }

/* 16 chains of 16 lanes: the FMA latency (4) times two pipes needs 8 in flight; 16 hide more
 * and fit the 32 zmm registers.  In double the same chains have half the lanes. */
#define AVX512 __attribute__((target("avx512f")))
FMA_PROBE(fma_avx512, AVX512, float, __m512, 16, 16, _mm512_set1_ps, _mm512_fmadd_ps, _mm512_add_ps,
          _mm512_storeu_ps)
FMA_PROBE(fma64_avx512, AVX512, double, __m512d, 16, 8, _mm512_set1_pd, _mm512_fmadd_pd,
          _mm512_add_pd, _mm512_storeu_pd)

/* Non-temporal stores: a copy that streams through the caches, as the OpenCL probes' NT=1. */
AVX512 static void copy_avx512(float *dst, const float *src, size_t n)
{
    for (size_t i = 0; i < n; i += 16)
        _mm512_stream_ps(dst + i, _mm512_load_ps(src + i));
    _mm_sfence();
}

/* 12 chains of 8 lanes: 14 of the 16 ymm registers with the two constants. */
#define AVX2 __attribute__((target("avx2,fma")))
FMA_PROBE(fma_avx2, AVX2, float, __m256, 12, 8, _mm256_set1_ps, _mm256_fmadd_ps, _mm256_add_ps,
          _mm256_storeu_ps)
FMA_PROBE(fma64_avx2, AVX2, double, __m256d, 12, 4, _mm256_set1_pd, _mm256_fmadd_pd, _mm256_add_pd,
          _mm256_storeu_pd)

__attribute__((target("avx2"))) static void copy_avx2(float *dst, const float *src, size_t n)
{
    for (size_t i = 0; i < n; i += 8)
        _mm256_stream_ps(dst + i, _mm256_load_ps(src + i));
    _mm_sfence();
}

/* Baseline x86-64 has no FMA: a multiply and an add, 2 FLOP per lane like one FMA; 12 chains
 * of 4 lanes in 14 of the 16 xmm registers. */
#define MUL_ADD_PS(x, a, b) _mm_add_ps(_mm_mul_ps(x, a), b)
#define MUL_ADD_PD(x, a, b) _mm_add_pd(_mm_mul_pd(x, a), b)
FMA_PROBE(fma_sse2, , float, __m128, 12, 4, _mm_set1_ps, MUL_ADD_PS, _mm_add_ps, _mm_storeu_ps)
FMA_PROBE(fma64_sse2, , double, __m128d, 12, 2, _mm_set1_pd, MUL_ADD_PD, _mm_add_pd, _mm_storeu_pd)

static void copy_sse2(float *dst, const float *src, size_t n)
{
    for (size_t i = 0; i < n; i += 4)
        _mm_stream_ps(dst + i, _mm_load_ps(src + i));
    _mm_sfence();
}

static struct isa pick_isa(void)
{
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f"))
        return (struct isa){"avx512f", fma_avx512, fma64_avx512, copy_avx512, 16 * 16 * 2};
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
        return (struct isa){"avx2", fma_avx2, fma64_avx2, copy_avx2, 12 * 8 * 2};
    return (struct isa){"sse2", fma_sse2, fma64_sse2, copy_sse2, 12 * 4 * 2};
}
#else
/* 16 independent chains the compiler may vectorise for the build's own ISA. */
static float fma_generic(long steps)
{
    float x[16], sum = 0.0f;

    for (int c = 0; c < 16; c++)
        x[c] = (float)c;
    for (long i = 0; i < steps; i++)
#pragma GCC unroll 16
        for (int c = 0; c < 16; c++)
            x[c] = x[c] * FMA_A + FMA_B;
    for (int c = 0; c < 16; c++)
        sum += x[c];
    return sum;
}

static double fma64_generic(long steps)
{
    double x[16], sum = 0.0;

    for (int c = 0; c < 16; c++)
        x[c] = (double)c;
    for (long i = 0; i < steps; i++)
#pragma GCC unroll 16
        for (int c = 0; c < 16; c++)
            x[c] = x[c] * FMA_A + FMA_B;
    for (int c = 0; c < 16; c++)
        sum += x[c];
    return sum;
}

static void copy_generic(float *dst, const float *src, size_t n)
{
    memcpy(dst, src, n * sizeof *dst);
}

static struct isa pick_isa(void)
{
    return (struct isa){"generic", fma_generic, fma64_generic, copy_generic, 16 * 2};
}
#endif

const char *cb_native_isa(void)
{
    return pick_isa().name;
}

/* Threads start only when every one of them exists (go = 1), or leave at once when one could
 * not be created (go = -1): the barriers count every thread. */
struct gate {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    int go;
};

struct worker {
    const struct isa *isa;
    struct gate *gate;
    pthread_barrier_t *start, *done;
    long steps;
    float *dst;
    const float *src;
    size_t n;
    enum { FMA32, FMA64, COPY } probe; /* what a pass runs */
    double cpu_s, wall_s;              /* this thread's CPU and wall time over every pass */
    double begin[PASSES], end[PASSES]; /* CLOCK_MONOTONIC around each pass's work */
    volatile double sink;
};

static double seconds(clockid_t clock)
{
    struct timespec t;

    clock_gettime(clock, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Every pass starts when every thread (and the main thread) reaches the start barrier and ends
 * when all reach the done barrier.  The workers time themselves: the main thread is one thread
 * more than there are cores, so its clock reads can come late, after a pass has run. */
static void *work(void *arg)
{
    struct worker *w = arg;
    int go;

    pthread_mutex_lock(&w->gate->lock);
    while (w->gate->go == 0)
        pthread_cond_wait(&w->gate->changed, &w->gate->lock);
    go = w->gate->go;
    pthread_mutex_unlock(&w->gate->lock);
    for (int p = 0; p < PASSES && go > 0; p++) {
        double cpu0;

        pthread_barrier_wait(w->start);
        cpu0 = seconds(CLOCK_THREAD_CPUTIME_ID);
        w->begin[p] = seconds(CLOCK_MONOTONIC);
        if (w->probe == COPY)
            w->isa->copy(w->dst, w->src, w->n);
        else if (w->probe == FMA64)
            w->sink = w->isa->fma64(w->steps / 2);
        else
            w->sink = w->isa->fma(w->steps);
        w->cpu_s += seconds(CLOCK_THREAD_CPUTIME_ID) - cpu0;
        w->end[p] = seconds(CLOCK_MONOTONIC);
        w->wall_s += w->end[p] - w->begin[p];
        pthread_barrier_wait(w->done);
    }
    return NULL;
}

static int by_value(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

static void open_gate(struct gate *g, int go)
{
    pthread_mutex_lock(&g->lock);
    g->go = go;
    pthread_cond_broadcast(&g->changed);
    pthread_mutex_unlock(&g->lock);
}

/* Runs PASSES passes of one probe on every worker: the best rate (work_per_thread units per
 * nanosecond over all threads) and its noise.  -1 when the threads could not be started. */
static int run_passes(struct worker *w, unsigned threads, double work_per_thread, double *best,
                      double *noise)
{
    pthread_t tid[MAX_THREADS];
    pthread_barrier_t start, done;
    struct gate gate = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0};
    double rate[PASSES];
    unsigned started = 0;

    pthread_barrier_init(&start, NULL, threads + 1);
    pthread_barrier_init(&done, NULL, threads + 1);
    for (unsigned t = 0; t < threads; t++) {
        w[t].gate = &gate;
        w[t].start = &start;
        w[t].done = &done;
    }
    while (started < threads && pthread_create(&tid[started], NULL, work, &w[started]) == 0)
        started++;
    open_gate(&gate, started == threads ? 1 : -1);
    for (int p = 0; p < PASSES && started == threads; p++) {
        pthread_barrier_wait(&start);
        pthread_barrier_wait(&done);
    }
    for (unsigned t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    /* A pass lasts from its first thread's start to its last thread's end. */
    for (int p = 0; p < PASSES && started == threads; p++) {
        double first = w[0].begin[p], last = w[0].end[p];

        for (unsigned t = 1; t < threads; t++) {
            first = w[t].begin[p] < first ? w[t].begin[p] : first;
            last = w[t].end[p] > last ? w[t].end[p] : last;
        }
        rate[p] = work_per_thread * threads / (last - first) * 1e-9;
    }
    pthread_barrier_destroy(&start);
    pthread_barrier_destroy(&done);
    pthread_mutex_destroy(&gate.lock);
    pthread_cond_destroy(&gate.changed);
    if (started < threads)
        return -1;
    qsort(rate, PASSES, sizeof rate[0], by_value);
    *best = rate[PASSES - 1];
    *noise = (rate[PASSES - 1] - rate[PASSES / 2]) / rate[PASSES - 1];
    return 0;
}

int cb_native_peak_measure(unsigned threads, size_t copy_elems, struct cb_native_peak *out,
                           char *why, size_t why_len)
{
    const struct isa isa = pick_isa();
    const size_t grain = 16 * (size_t)threads; /* whole 64-byte lines per thread */
    const size_t n = threads > 0 ? copy_elems / grain * grain : 0;
    struct worker *w;
    float *src = NULL, *dst = NULL;
    double cpu = 0.0, wall = 0.0;
    int status = 0;

    memset(out, 0, sizeof *out);
    if (threads == 0 || threads > MAX_THREADS || n == 0) {
        snprintf(why, why_len, "%u threads over %zu floats is no probe", threads, copy_elems);
        return -1;
    }
    w = calloc(threads, sizeof *w);
    src = aligned_alloc(64, n * sizeof *src);
    dst = aligned_alloc(64, n * sizeof *dst);
    if (w == NULL || src == NULL || dst == NULL) {
        snprintf(why, why_len, "no host memory for two buffers of %zu MiB", n * sizeof *src >> 20);
        status = -1;
        goto done;
    }
    /* Fault the pages in before any pass is timed. */
    for (size_t i = 0; i < n; i++)
        src[i] = (float)(i & 1023);
    memset(dst, 0, n * sizeof *dst);
    for (unsigned t = 0; t < threads; t++) {
        w[t].isa = &isa;
        w[t].steps = (long)(FLOPS_PER_PASS / isa.flops_per_step);
        w[t].n = n / threads;
        w[t].src = src + t * w[t].n;
        w[t].dst = dst + t * w[t].n;
    }
    if (run_passes(w, threads, FLOPS_PER_PASS, &out->gflops, &out->gflops_noise) != 0) {
        snprintf(why, why_len, "could not start %u threads", threads);
        status = -1;
        goto done;
    }
    for (unsigned t = 0; t < threads; t++) {
        cpu += w[t].cpu_s;
        wall += w[t].wall_s;
        w[t].probe = FMA64;
    }
    /* Half the steps of half the lanes: a quarter of the float pass's FLOP, about half its time. */
    if (run_passes(w, threads, FLOPS_PER_PASS / 4, &out->gflops_fp64, &out->gflops_fp64_noise) !=
        0) {
        snprintf(why, why_len, "could not start %u threads", threads);
        status = -1;
        goto done;
    }
    for (unsigned t = 0; t < threads; t++)
        w[t].probe = COPY;
    if (run_passes(w, threads, 8.0 * (double)(n / threads), &out->copy_gbs, &out->copy_noise) !=
        0) {
        snprintf(why, why_len, "could not start %u threads", threads);
        status = -1;
        goto done;
    }
    out->isa = isa.name;
    out->threads = threads;
    out->cpu_share = wall > 0 ? cpu / wall : 0.0;
done:
    free(dst);
    free(src);
    free(w);
    return status;
}
