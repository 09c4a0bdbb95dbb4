/* A plain C loop of AVX2 FMAs, the yardstick of issue 17: how many GFLOP/s the host's cores
 * reach with no OpenCL in between.  Build and run (both cores, best of 5 passes):
 *   cc -O3 -march=native -pthread results/native/fma_loop.c -o /tmp/fma_loop && /tmp/fma_loop 2
 * Each thread runs 12 independent chains of 8-float FMAs (12 > latency 4 x 2 FMA pipes, so
 * the pipes never wait on a result); the compiler keeps them in registers. */
#include <immintrin.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { CHAINS = 12, ITERS = 50 * 1000 * 1000 };

static double now(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void *work(void *arg)
{
    __m256 x[CHAINS];
    const __m256 a = _mm256_set1_ps(0.999999f), b = _mm256_set1_ps(1e-7f);
    float *sink = arg;

    for (int c = 0; c < CHAINS; c++)
        x[c] = _mm256_set1_ps((float)c);
    for (long i = 0; i < ITERS; i++)
        for (int c = 0; c < CHAINS; c++)
            x[c] = _mm256_fmadd_ps(x[c], a, b);
    for (int c = 1; c < CHAINS; c++)
        x[0] = _mm256_add_ps(x[0], x[c]);
    *sink = _mm256_cvtss_f32(x[0]);
    return NULL;
}

int main(int argc, char **argv)
{
    const int threads = argc > 1 ? atoi(argv[1]) : 1;
    pthread_t tid[64];
    float sink[64];
    double best = 0;

    if (threads < 1 || threads > 64)
        return 2;
    for (int pass = 0; pass < 5; pass++) {
        const double t0 = now();
        double gflops;

        for (int t = 0; t < threads; t++)
            pthread_create(&tid[t], NULL, work, &sink[t]);
        for (int t = 0; t < threads; t++)
            pthread_join(tid[t], NULL);
        gflops = 2.0 * 8 * CHAINS * (double)ITERS * threads / (now() - t0) * 1e-9;
        printf("pass %d: %.1f GFLOP/s\n", pass, gflops);
        if (gflops > best)
            best = gflops;
    }
    printf("best: %.1f GFLOP/s on %d threads\n", best, threads);
    return 0;
}
