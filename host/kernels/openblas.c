/* The sgemm_openblas baseline row: OpenBLAS's cblas_sgemm on the host, for CPU devices, on the
 * row's inputs, with as many threads as the device has compute units.  OpenBLAS is loaded with
 * dlopen when a row first needs it, so that the core it runs can be chosen before it loads
 * without starting clbench again, and the binary runs where OpenBLAS is missing (the rows are
 * then unavailable).  Compiled to nothing with -DCLBENCH_WITH_OPENBLAS=OFF but the core-type
 * table (unit-tested); the row then carries .requires instead (host/kernels/registry.c). */
#define _POSIX_C_SOURCE 200809L
#include "clbench/libraries.h"

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
void cb_openblas_choose_core(void)
{
}
#else
#include "clbench/check.h"
#include "clbench/device_info.h"
#include "clbench/timer.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

/* Set by clbench where it probed OpenBLAS: the core OpenBLAS picks by itself, or "none" where
 * it could not be loaded.  Workers inherit it, so that they neither probe again nor take the
 * OPENBLAS_CORETYPE clbench set for the user's. */
#define PICKED_VAR      "CLBENCH_OPENBLAS_PICKED"
/* The library loaded: a path or a soname for dlopen. */
#define LIBRARY_VAR     "CLBENCH_OPENBLAS"
#define DEFAULT_LIBRARY "libopenblas.so.0"

/* CBLAS's enum values (cblas.h), passed as int as the C ABI passes enums. */
enum { ROW_MAJOR = 101, NO_TRANS = 111 };

/* OpenBLAS's entry points, resolved once per process; the library stays loaded (its threads
 * live as long as it does). */
static struct {
    void (*sgemm)(int, int, int, int, int, int, float, const float *, int, const float *, int,
                  float, float *, int);
    void (*dgemm)(int, int, int, int, int, int, double, const double *, int, const double *, int,
                  double, double *, int);
    char *(*get_config)(void);
    char *(*get_corename)(void);
    void (*set_num_threads)(int);
    int (*get_num_threads)(void);
    int loaded; /* 1 loaded, -1 could not be loaded (why says so) */
    char why[320];
} ob;

static const char *library_name(void)
{
    const char *name = getenv(LIBRARY_VAR);

    return name != NULL && name[0] != '\0' ? name : DEFAULT_LIBRARY;
}

/* Function pointers are assigned through void ** (POSIX guarantees dlsym's object pointers
 * convert to function pointers). */
static int load_openblas(void)
{
    const struct {
        const char *name;
        void **slot;
    } symbols[] = {
        {"cblas_sgemm", (void **)&ob.sgemm},
        {"cblas_dgemm", (void **)&ob.dgemm},
        {"openblas_get_config", (void **)&ob.get_config},
        {"openblas_get_corename", (void **)&ob.get_corename},
        {"openblas_set_num_threads", (void **)&ob.set_num_threads},
        {"openblas_get_num_threads", (void **)&ob.get_num_threads},
    };
    const char *name = library_name();
    void *lib;

    if (ob.loaded != 0)
        return ob.loaded;
    lib = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (lib == NULL) {
        snprintf(ob.why, sizeof ob.why,
                 "OpenBLAS could not be loaded (%s): sgemm_openblas and dgemm_openblas need it; "
                 "install libopenblas0 or name the library in %s",
                 dlerror(), LIBRARY_VAR);
        return ob.loaded = -1;
    }
    for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; i++) {
        *symbols[i].slot = dlsym(lib, symbols[i].name);
        if (*symbols[i].slot == NULL) {
            snprintf(ob.why, sizeof ob.why,
                     "%s has no %s: not an OpenBLAS library; name OpenBLAS's in %s", name,
                     symbols[i].name, LIBRARY_VAR);
            dlclose(lib);
            return ob.loaded = -1;
        }
    }
    return ob.loaded = 1;
}

/* The core OpenBLAS picks by itself, read in a child process that loads it and exits, so that
 * clbench loads it once, after OPENBLAS_CORETYPE is set where needed (OpenBLAS reads it only
 * while it loads).  "" where it could not be loaded. */
static void probe_core(char *core, size_t len)
{
    int fd[2];
    pid_t pid;
    ssize_t got = 0, n;

    core[0] = '\0';
    if (pipe(fd) != 0)
        return;
    pid = fork();
    if (pid == 0) {
        const char *name = "";

        close(fd[0]);
        /* One thread: the child only asks for a name. */
        setenv("OPENBLAS_NUM_THREADS", "1", 1);
        if (load_openblas() == 1)
            name = ob.get_corename();
        if (write(fd[1], name, strlen(name)) < 0)
            _exit(1);
        _exit(0);
    }
    close(fd[1]);
    while (pid > 0 && (size_t)got < len - 1) {
        n = read(fd[0], core + got, len - 1 - (size_t)got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        got += n;
    }
    core[got] = '\0';
    close(fd[0]);
    if (pid > 0)
        while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
            ;
}

void cb_openblas_choose_core(void)
{
    char picked[64];
    const char *better;

    if (getenv("OPENBLAS_CORETYPE") != NULL || getenv(PICKED_VAR) != NULL)
        return;
    probe_core(picked, sizeof picked);
    if (setenv(PICKED_VAR, picked[0] != '\0' ? picked : "none", 1) != 0 || picked[0] == '\0')
        return;
    better = cb_openblas_better_core(picked, cb_cpu_isa_level());
    if (better != NULL)
        setenv("OPENBLAS_CORETYPE", better, 1);
}

static void openblas_describe(const struct cb_device *d, struct cb_library_info *info)
{
    const char *forced = getenv("OPENBLAS_CORETYPE"), *picked = getenv(PICKED_VAR);
    const char *config, *core, *better;

    (void)d;
    snprintf(info->name, sizeof info->name, "OpenBLAS");
    if (load_openblas() != 1) {
        snprintf(info->version, sizeof info->version, "unknown");
        return;
    }
    config = ob.get_config();
    core = ob.get_corename();
    better = cb_openblas_better_core(core, cb_cpu_isa_level());
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
    info->threads = ob.get_num_threads();
    if (better != NULL)
        snprintf(info->warning, sizeof info->warning,
                 "OpenBLAS runs its %s kernels (%s) on a CPU with %s: sgemm_openblas is a slow "
                 "baseline; run with OPENBLAS_CORETYPE=%s",
                 core, info->core_from, isa_names[cb_cpu_isa_level()], better);
}

static int openblas_refuses(const struct cb_device *d, const char *kernel, char *why,
                            size_t why_len)
{
    (void)kernel;
    if ((d->type & CL_DEVICE_TYPE_CPU) != 0)
        return 0;
    snprintf(why, why_len,
             "OpenBLAS runs on the host: sgemm_openblas and dgemm_openblas are the "
             "baselines of CPU devices only");
    return 1;
}

/* The state: per buffer set (struct cb_library_call) copies of the inputs and the result,
 * which store writes into the OpenCL output before each verification.  Set 0 computes on the
 * row's own host inputs. */
struct openblas_state {
    const void *in[CB_MAX_BUFFER_SETS][2];
    void *out[CB_MAX_BUFFER_SETS];
    void *copies[CB_MAX_BUFFER_SETS][2]; /* the inputs of sets 1 on, owned */
};

static void openblas_close(struct cb_library_call *call)
{
    struct openblas_state *s = call->state;

    if (s == NULL)
        return;
    for (unsigned set = 0; set < CB_MAX_BUFFER_SETS; set++) {
        free(s->out[set]);
        free(s->copies[set][0]);
        free(s->copies[set][1]);
    }
    free(s);
    call->state = NULL;
}

static int openblas_open(struct cb_library_call *call, char *why, size_t why_len)
{
    const struct cb_problem *p = call->problem;
    const size_t size = cb_real_size(p);
    struct openblas_state *s;

    if (load_openblas() != 1) {
        snprintf(why, why_len, "%s", ob.why);
        return CB_LIBRARY_UNAVAILABLE;
    }
    call->state = s = calloc(1, sizeof *s);
    for (unsigned set = 0; s != NULL && set < call->sets; set++) {
        /* Written now (all ones: NaN, and no zero fill that a compiler may turn into a calloc
         * of untouched pages), so that no timed call pays for faulting in its pages. */
        s->out[set] = malloc(p->output_elems * size);
        if (s->out[set] != NULL)
            memset(s->out[set], 0xff, p->output_elems * size);
        for (unsigned i = 0; i < 2; i++) {
            if (set == 0) {
                s->in[set][i] = call->host_in[i];
                continue;
            }
            s->copies[set][i] = malloc(p->input_elems[i] * size);
            if (s->copies[set][i] != NULL)
                memcpy(s->copies[set][i], call->host_in[i], p->input_elems[i] * size);
            s->in[set][i] = s->copies[set][i];
        }
        if (s->out[set] == NULL || s->in[set][0] == NULL || s->in[set][1] == NULL) {
            snprintf(why, why_len, "no host memory for %s's %u buffer sets", p->kernel->name,
                     call->sets);
            return CB_LIBRARY_FAILED; /* close frees what there is */
        }
    }
    if (s == NULL) {
        snprintf(why, why_len, "no host memory for %s", p->kernel->name);
        return CB_LIBRARY_FAILED;
    }
    /* The device's compute units are the cores PoCL runs work-groups on: the same cores. */
    ob.set_num_threads((int)call->device->compute_units);
    return 0;
}

/* C = A * B, row-major, timed on the host around the call alone: cblas_sgemm for float rows
 * (sgemm_openblas), cblas_dgemm for double (dgemm_openblas). */
static int openblas_launch(struct cb_library_call *call, double *ms, char *why, size_t why_len)
{
    const struct cb_problem *p = call->problem;
    const struct openblas_state *s = call->state;
    const void *const *in = s->in[call->set];
    const int m = (int)p->size[0], n = (int)p->size[1], k = (int)p->size[2];
    const double t0 = cb_wall_ms();

    (void)why;
    (void)why_len;
    if (p->real == CB_ELEM_DOUBLE)
        ob.dgemm(ROW_MAJOR, NO_TRANS, NO_TRANS, m, n, k, 1.0, in[0], k, in[1], n, 0.0,
                 s->out[call->set], n);
    else
        ob.sgemm(ROW_MAJOR, NO_TRANS, NO_TRANS, m, n, k, 1.0f, in[0], k, in[1], n, 0.0f,
                 s->out[call->set], n);
    *ms = cb_wall_ms() - t0;
    return 0;
}

static int openblas_store(struct cb_library_call *call, cl_command_queue queue, cl_mem out,
                          char *why, size_t why_len)
{
    const struct openblas_state *s = call->state;
    const cl_int err = clEnqueueWriteBuffer(
        queue, out, CL_TRUE, 0, call->problem->output_elems * cb_real_size(call->problem),
        s->out[call->set], 0, NULL, NULL);

    if (err == CL_SUCCESS)
        return 0;
    snprintf(why, why_len, "clEnqueueWriteBuffer of the result: %s", cb_cl_errname(err));
    return CB_LIBRARY_FAILED;
}

const struct cb_library cb_library_openblas = {
    .timer = "host",
    .refuses = openblas_refuses,
    .open = openblas_open,
    .launch = openblas_launch,
    .store = openblas_store,
    .close = openblas_close,
    .describe = openblas_describe,
    .spins_own_threads = 1,
};
#endif
