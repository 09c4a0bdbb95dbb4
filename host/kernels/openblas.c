/* The sgemm_openblas baseline row: OpenBLAS's cblas_sgemm on the host, for CPU devices, on the
 * row's inputs, with as many threads as the device has compute units.  Compiled to nothing
 * without OpenBLAS but the core-type table (unit-tested); the row then carries .requires
 * instead (host/kernels/registry.c). */
#define _POSIX_C_SOURCE 200809L
#include "clbench/families.h"

#include <stddef.h>
#include <strings.h>

/* OpenBLAS's core types (openblas_get_corename(), OPENBLAS_CORETYPE) whose kernels use each
 * ISA; a core not listed is older than AVX (Prescott, Nehalem, Core2, Atom, ...). */
static const struct {
    const char *core;
    int level;
} cores[] = {
    {"SkylakeX", CB_ISA_AVX512}, {"Cooperlake", CB_ISA_AVX512}, {"SapphireRapids", CB_ISA_AVX512},
    {"Haswell", CB_ISA_AVX2},    {"Zen", CB_ISA_AVX2},          {"Excavator", CB_ISA_AVX2},
    {"Sandybridge", CB_ISA_AVX}, {"Bulldozer", CB_ISA_AVX},     {"Piledriver", CB_ISA_AVX},
    {"Steamroller", CB_ISA_AVX},
};

static const char *const isa_names[] = {"no AVX", "AVX", "AVX2", "AVX-512"};

int cb_cpu_isa_level(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    /* SkylakeX's kernels use AVX-512 F, BW, DQ and VL. */
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl"))
        return CB_ISA_AVX512;
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
        return CB_ISA_AVX2;
    if (__builtin_cpu_supports("avx"))
        return CB_ISA_AVX;
#endif
    return CB_ISA_OLD;
}

const char *cb_openblas_better_core(const char *core, int cpu_level)
{
    static const char *const best[] = {NULL, "Sandybridge", "Haswell", "SkylakeX"};
    int level = CB_ISA_OLD;

    for (size_t i = 0; i < sizeof cores / sizeof cores[0]; i++)
        if (strcasecmp(core, cores[i].core) == 0)
            level = cores[i].level;
    return level < cpu_level ? best[cpu_level] : NULL;
}

#ifndef CLBENCH_HAVE_OPENBLAS
void cb_openblas_choose_core(char *const argv[])
{
    (void)argv;
}
#else
#include "clbench/check.h"
#include "clbench/device_info.h"
#include "clbench/timer.h"

#include <cblas.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Set in the environment of the run clbench starts again: the core OpenBLAS had picked. */
#define PICKED_VAR "CLBENCH_OPENBLAS_PICKED"

void cb_openblas_choose_core(char *const argv[])
{
    const char *better = cb_openblas_better_core(openblas_get_corename(), cb_cpu_isa_level());

    if (better == NULL || getenv("OPENBLAS_CORETYPE") != NULL || getenv(PICKED_VAR) != NULL)
        return;
    if (setenv(PICKED_VAR, openblas_get_corename(), 1) != 0 ||
        setenv("OPENBLAS_CORETYPE", better, 1) != 0)
        return;
    execv("/proc/self/exe", argv);
    /* No /proc (not Linux): the rows say which core ran, and the fix. */
    unsetenv("OPENBLAS_CORETYPE");
}

void cb_describe_openblas(const struct cb_device *d, struct cb_library_info *info)
{
    const char *config = openblas_get_config(), *core = openblas_get_corename();
    const char *forced = getenv("OPENBLAS_CORETYPE"), *picked = getenv(PICKED_VAR);
    const char *better = cb_openblas_better_core(core, cb_cpu_isa_level());

    (void)d;
    snprintf(info->name, sizeof info->name, "OpenBLAS");
    /* The configuration starts "OpenBLAS 0.3.21 ...". */
    if (sscanf(config, "OpenBLAS %31s", info->version) != 1)
        snprintf(info->version, sizeof info->version, "unknown");
    snprintf(info->config, sizeof info->config, "%s", config);
    snprintf(info->core, sizeof info->core, "%s", core);
    if (forced != NULL && picked != NULL)
        snprintf(info->core_from, sizeof info->core_from,
                 "OPENBLAS_CORETYPE=%s set by clbench (OpenBLAS picked %s)", forced, picked);
    else if (forced != NULL)
        snprintf(info->core_from, sizeof info->core_from, "OPENBLAS_CORETYPE=%s", forced);
    else
        snprintf(info->core_from, sizeof info->core_from, "OpenBLAS's CPU detection");
    info->threads = openblas_get_num_threads();
    if (better != NULL)
        snprintf(info->warning, sizeof info->warning,
                 "OpenBLAS runs its %s kernels (%s) on a CPU with %s: sgemm_openblas is a slow "
                 "baseline; run with OPENBLAS_CORETYPE=%s",
                 core, info->core_from, isa_names[cb_cpu_isa_level()], better);
}

static const char *openblas_refuses(const struct cb_device *d)
{
    return (d->type & CL_DEVICE_TYPE_CPU) != 0
               ? NULL
               : "OpenBLAS runs on the host: sgemm_openblas and dgemm_openblas are the "
                 "baselines of CPU devices only";
}

/* The state is the host result, stored into the OpenCL output before each verification. */
static int openblas_open(struct cb_library_call *call, char *why, size_t why_len)
{
    call->state = malloc(call->problem->output_elems * cb_real_size(call->problem));
    if (call->state == NULL) {
        snprintf(why, why_len, "no host memory for %s's result", call->problem->kernel->name);
        return CB_LIBRARY_FAILED;
    }
    /* The device's compute units are the cores PoCL runs work-groups on: the same cores. */
    openblas_set_num_threads((int)call->device->compute_units);
    return 0;
}

/* C = A * B, row-major, timed on the host around the call alone: cblas_sgemm for float rows
 * (sgemm_openblas), cblas_dgemm for double (dgemm_openblas). */
static int openblas_launch(struct cb_library_call *call, double *ms, char *why, size_t why_len)
{
    const struct cb_problem *p = call->problem;
    const blasint m = (blasint)p->size[0], n = (blasint)p->size[1], k = (blasint)p->size[2];
    const double t0 = cb_wall_ms();

    (void)why;
    (void)why_len;
    if (p->real == CB_ELEM_DOUBLE)
        cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0, call->host_in[0], k,
                    call->host_in[1], n, 0.0, call->state, n);
    else
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0f, call->host_in[0], k,
                    call->host_in[1], n, 0.0f, call->state, n);
    *ms = cb_wall_ms() - t0;
    return 0;
}

static int openblas_store(struct cb_library_call *call, cl_command_queue queue, cl_mem out,
                          char *why, size_t why_len)
{
    const cl_int err = clEnqueueWriteBuffer(
        queue, out, CL_TRUE, 0, call->problem->output_elems * cb_real_size(call->problem),
        call->state, 0, NULL, NULL);

    if (err == CL_SUCCESS)
        return 0;
    snprintf(why, why_len, "clEnqueueWriteBuffer of the result: %s", cb_cl_errname(err));
    return CB_LIBRARY_FAILED;
}

static void openblas_close(struct cb_library_call *call)
{
    free(call->state);
    call->state = NULL;
}

const struct cb_library cb_library_openblas = {
    .timer = "host",
    .refuses = openblas_refuses,
    .open = openblas_open,
    .launch = openblas_launch,
    .store = openblas_store,
    .close = openblas_close,
};
#endif
