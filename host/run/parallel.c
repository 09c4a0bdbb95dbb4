/* Host work over the host's cores; see parallel.h. */
#define _POSIX_C_SOURCE 200809L
#include "clbench/parallel.h"

#include <pthread.h>
#include <string.h>
#include <unistd.h>

struct part {
    cb_part_fn fn;
    void *ctx;
    size_t begin, end;
    unsigned index;
    pthread_t thread;
    int started;
};

static void *run_part(void *arg)
{
    struct part *p = arg;

    p->fn(p->ctx, p->begin, p->end, p->index);
    return NULL;
}

unsigned cb_parallel_for(size_t n, size_t grain, cb_part_fn fn, void *ctx)
{
    struct part parts[CB_PARALLEL_MAX_PARTS];
    const long cores = sysconf(_SC_NPROCESSORS_ONLN);
    size_t count = grain > 0 ? n / grain : n;

    if (cores > 0 && count > (size_t)cores)
        count = (size_t)cores;
    if (count > CB_PARALLEL_MAX_PARTS)
        count = CB_PARALLEL_MAX_PARTS;
    if (count < 1)
        count = 1;
    for (size_t i = 0; i < count; i++) {
        parts[i].fn = fn;
        parts[i].ctx = ctx;
        parts[i].begin = n / count * i;
        parts[i].end = i + 1 == count ? n : n / count * (i + 1);
        parts[i].index = (unsigned)i;
        parts[i].started = 0;
        if (i > 0)
            parts[i].started = pthread_create(&parts[i].thread, NULL, run_part, &parts[i]) == 0;
    }
    run_part(&parts[0]);
    for (size_t i = 1; i < count; i++) {
        if (parts[i].started)
            pthread_join(parts[i].thread, NULL);
        else
            run_part(&parts[i]);
    }
    return (unsigned)count;
}

/* Parts of a copy or fill: large enough that a thread's start is small beside its work. */
enum { BYTES_GRAIN = 1u << 22 };

struct bytes_job {
    unsigned char *dst;
    const unsigned char *src; /* a copy's source, or NULL */
    const unsigned char *pattern;
    size_t size; /* the pattern's */
};

/* Indices are patterns (bytes for a copy), so that no part splits one. */
static void bytes_part(void *ctx, size_t begin, size_t end, unsigned part)
{
    const struct bytes_job *j = ctx;

    (void)part;
    if (j->src != NULL) {
        memcpy(j->dst + begin, j->src + begin, end - begin);
        return;
    }
    for (size_t i = begin; i < end; i++)
        memcpy(j->dst + i * j->size, j->pattern, j->size);
}

void cb_parallel_copy(void *dst, const void *src, size_t bytes)
{
    struct bytes_job j = {dst, src, NULL, 1};

    cb_parallel_for(bytes, BYTES_GRAIN, bytes_part, &j);
}

void cb_parallel_fill(void *dst, size_t bytes, const void *pattern, size_t size)
{
    struct bytes_job j = {dst, NULL, pattern, size};

    cb_parallel_for(bytes / size, BYTES_GRAIN / size, bytes_part, &j);
}
